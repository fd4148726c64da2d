/** On an order's page: "Return units" once it is delivered, and the order's returns with their state. */
import type { ReturnSummary } from '@shop/domain/after-sale/return-answers';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api';
import { t } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { ReturnsList } from './ReturnsList';

export function OrderReturns({ orderId, delivered }: { orderId: number; delivered: boolean }) {
  const { customerId } = useSession();
  const [returns, setReturns] = useState<ReturnSummary[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    api('GET /api/user/:customerid/returns', {
      params: { customerid: customerId },
      query: { order_id: String(orderId) },
      signal: controller.signal,
    }).then(
      (answer) => setReturns(answer.returns),
      () => {},
    );
    return () => controller.abort();
  }, [customerId, orderId]);
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
