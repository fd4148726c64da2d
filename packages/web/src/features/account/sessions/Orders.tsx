import { formatMoney, toCents } from '@shop/domain/money';
import { Link } from 'react-router';
import { Loading } from '../../../components/Loading';
import { formatDate } from '../../../lib/dates';
import { useAccountData } from '../data';
import { LoadError } from './LoadError';

/** The orders list: number, date, PO number, total and status; Canceled shows in red. */
export function Orders() {
  const { data, error } = useAccountData('orders');
  if (error) return <LoadError error={error} />;
  if (!data) return <Loading label="Loading orders" />;
  if (data.length === 0) return <p className="acct-empty">You have not placed any orders yet.</p>;
  return (
    <div className="acct-table-wrap">
      <table className="acct-table acct-orders">
        <caption className="visually-hidden">Your orders, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Order #</th>
            <th scope="col">Date</th>
            <th scope="col">PO Number</th>
            <th scope="col" className="acct-num">
              Total
            </th>
            <th scope="col">Status</th>
            <th scope="col">Invoice</th>
          </tr>
        </thead>
        <tbody>
          {data.map((order) => (
            <tr key={order.order_id}>
              <td data-label="Order #">
                <Link to={`/acer/order/${encodeURIComponent(String(order.order_id))}`}>
                  {order.order_number || order.order_id}
                </Link>
              </td>
              <td data-label="Date">{formatDate(order.created_at)}</td>
              <td data-label="PO Number">{order.purchase_order_id ?? ''}</td>
              <td data-label="Total" className="acct-num">
                {formatMoney(toCents(order.total))}
              </td>
              <td data-label="Status">
                <span
                  className={
                    order.status === 'Canceled' ? 'acct-status acct-status--canceled' : 'acct-status'
                  }
                >
                  {order.status}
                </span>
              </td>
              <td data-label="Invoice">
                {order.invoice_id ? (
                  <Link
                    to={`/acer/invoice/${encodeURIComponent(String(order.invoice_id))}`}
                    aria-label={`Invoice for order ${order.order_number || order.order_id}`}
                  >
                    Invoice
                  </Link>
                ) : (
                  <span className="acct-muted">—</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
