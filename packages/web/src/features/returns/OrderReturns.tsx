/** On an order's page: "Return units" once it is delivered, and the order's returns with their state. */
import type { ReturnSummary } from '@shop/domain/after-sale/return-answers';
import { Link } from 'react-router';
import { t } from '../../lib/i18n';
import { ReturnsList } from './ReturnsList';

export function OrderReturns({
  orderId,
  delivered,
  returns,
}: {
  orderId: number;
  delivered: boolean;
  /** The order's returns, read with the page (orders/loader.ts). */
  returns: ReturnSummary[];
}) {
  if (!delivered && returns.length === 0) return null;
  return (
    <section className="order__returns" aria-labelledby="order-returns">
      <h2 id="order-returns">{t('returns:order.title')}</h2>
      {delivered && (
        <p>
          <Link className="btn" to={`/acer/order/${orderId}/return`}>
            {t('returns:order.start')}
          </Link>
        </p>
      )}
      {returns.length > 0 && <ReturnsList returns={returns} caption={t('returns:order.title')} />}
    </section>
  );
}
