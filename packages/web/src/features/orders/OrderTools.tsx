/**
 * What a business does with an order beyond reading it: who placed it and how it travels, reorder it,
 * print the invoice or file it as a PDF. Kept apart from the order view's own markup.
 */

import type { OrderDetail, ReorderAnswer } from '@shop/domain/core/api';
import { carrierNamed, trackingUrl } from '@shop/domain/orders/carriers';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { LineResults } from '../../components/LineResults';
import { ApiError, api } from '../../lib/api';
import { pageLang, t } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import './order-tools.css';

type Order = OrderDetail;

/** The carrier's name as the buyer reads it: Other in their language, a carrier's own name as it is. */
function carrierName(carrier: string): string {
  return carrierNamed(carrier) === 'Other' ? t('orders:carrier.Other') : carrier;
}

/**
 * The tracking number, linked to the carrier's tracking page (in a new tab, in the page's language when the
 * carrier has the page in it) when the carrier has one.
 */
function TrackingNumber({ carrier, number }: { carrier: string; number: string }) {
  const url = trackingUrl(carrier, number, pageLang());
  if (!url) return <>{number}</>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('orders:fact.trackingLink', { number })}
    >
      {number}
    </a>
  );
}

/**
 * Who placed the order and, once shipped, the carrier and tracking number (a link to the carrier's
 * tracking page; a carrier not on the list, as older orders may hold, shows as written).
 */
export function OrderPeople({ order }: { order: Order }) {
  if (!order.placed_by && !order.shipping_carrier && !order.tracking_number) return null;
  return (
    <dl className="order__facts order__more">
      {order.placed_by && (
        <>
          <dt>{t('orders:fact.placedBy')}</dt>
          <dd>{order.placed_by}</dd>
        </>
      )}
      {order.shipping_carrier && (
        <>
          <dt>{t('orders:fact.carrier')}</dt>
          <dd>{carrierName(order.shipping_carrier)}</dd>
        </>
      )}
      {order.tracking_number && (
        <>
          <dt>{t('orders:fact.tracking')}</dt>
          <dd>
            <TrackingNumber carrier={order.shipping_carrier} number={order.tracking_number} />
          </dd>
        </>
      )}
    </dl>
  );
}

/** The invoice's PDF, as the server makes it (a download, for the invoice's own customer only). */
function PdfLink({ order }: { order: Order }) {
  const { customerId } = useSession();
  if (!order.invoice_id || !order.invoice_number) return null;
  return (
    <a
      className="btn"
      href={`/api/user/${encodeURIComponent(customerId)}/invoices/${order.invoice_id}/pdf`}
      download={`${order.invoice_number}.pdf`}
      aria-label={t('orders:tools.pdfName', { invoice: order.invoice_number })}
    >
      {t('orders:tools.pdf')}
    </a>
  );
}

/** REORDER on the order page; Print and the PDF on the invoice (the PDF on the order too, once invoiced). */
export function OrderTools({ order, kind }: { order: Order; kind: 'order' | 'invoice' }) {
  const { customerId, updateHeader } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [answer, setAnswer] = useState<ReorderAnswer | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const reorder = async () => {
    setBusy(true);
    setError('');
    try {
      const result = await api('POST /api/user/:customerid/orders/:orderid/reorder', {
        params: { customerid: customerId, orderid: order.order_id },
      });
      // Drawn at once, so the results' heading is there to take the focus.
      flushSync(() => {
        updateHeader((header) => ({ ...header, cartItems: result.cartItems }));
        setAnswer(result);
      });
      heading.current?.focus();
    } catch (e) {
      setError(e instanceof ApiError && e.status < 500 ? e.message : t('orders:tools.reorderFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="order-tools">
      <div className="order-tools__buttons">
        {kind === 'order' && (
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy}
            aria-describedby="reorder-hint"
            onClick={() => void reorder()}
          >
            {t('orders:tools.reorder')}
          </button>
        )}
        {kind === 'invoice' && (
          <button type="button" className="btn" onClick={() => window.print()}>
            {t('orders:tools.print')}
          </button>
        )}
        <PdfLink order={order} />
      </div>
      {kind === 'order' && (
        <p id="reorder-hint" className="field-hint">
          {t('orders:tools.reorderHint')}
        </p>
      )}
      <p className="order-tools__status" role="status">
        {busy ? t('orders:tools.reordering') : ''}
      </p>
      <p className="field-error" role="alert">
        {error}
      </p>
      {answer && (
        <LineResults
          ref={heading}
          title={t('orders:tools.reorderTitle')}
          summary={answer.smessage}
          results={answer.results}
        />
      )}
    </div>
  );
}
