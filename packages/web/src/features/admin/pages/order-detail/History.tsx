/** The order's history: each event, who made it, and its carrier, tracking number or reason. */
import type { AdminOrderDetail, OrderEventInfo } from '@shop/domain/back-office/schemas';
import { When } from '../../ui';

const EVENT_LABELS: Record<OrderEventInfo['kind'], string> = {
  placed: 'Placed',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  canceled: 'Canceled',
  declined: 'Declined',
  released: 'Released from credit review',
  held: 'Held for credit review',
  invoiced: 'Invoiced',
  invoice_corrected: 'Invoice corrected',
  payment: 'Payment recorded',
  payment_reversed: 'Payment reversed',
};

export function History({ order }: { order: AdminOrderDetail }) {
  return (
    <section className="admin-section" aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      <ol className="admin-history">
        {order.history.map((e, i) => (
          <li key={i}>
            <When at={e.at} /> — <strong>{EVENT_LABELS[e.kind] ?? e.kind}</strong> by {e.actor_name}
            {e.carrier && `; carrier ${e.carrier}`}
            {e.tracking_number && `; tracking ${e.tracking_number}`}
            {e.reason && `; reason: ${e.reason}`}
          </li>
        ))}
      </ol>
    </section>
  );
}
