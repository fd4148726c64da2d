import { formatMoney, toCents } from '@shop/domain/money';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../app/session';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { Loading } from '../../components/Loading';
import { SignInFirst } from '../../components/SignInFirst';
import { formatDateTime } from '../../lib/dates';
import { useRead } from '../../lib/reads';
import { usePageTitle } from '../../lib/title';
import '../cart/cart.css';
import { type OrderInfo, useOrderReads } from './loader';
import { OrderPeople, OrderTools } from './OrderTools';

const money = (amount: number) => formatMoney(toCents(amount));

function AddressBlock({ title, a }: { title: string; a: Record<string, string> }) {
  return (
    <section className="order__address">
      <h2>{title}</h2>
      <address>
        {a.attention}
        {a.company && (
          <>
            <br />
            {a.company}
          </>
        )}
        <br />
        {a.address_line_1}
        {a.address_line_2 && `, ${a.address_line_2}`}
        <br />
        {a.city}, {a.province} {a.zip}
        <br />
        {a.country}
        {a.phone_number && (
          <>
            <br />
            {a.phone_number}
          </>
        )}
      </address>
    </section>
  );
}

/** An order, or an invoice shown with the same view (SPEC §2 Order pages). */
export default function OrderPage({ kind = 'order' }: { kind?: 'order' | 'invoice' }) {
  const { loggedIn } = useSession();
  const location = useLocation();
  const { data, error } = useRead(useOrderReads().order);
  const info: OrderInfo | undefined = data?.orderInfo;
  const title = info
    ? kind === 'invoice'
      ? `Invoice ${info.order.invoice_number}`
      : `Order ${info.order.order_number}`
    : kind === 'invoice'
      ? 'Invoice'
      : 'Order';
  usePageTitle(title);
  if (!loggedIn) return <SignInFirst />;
  if (error) {
    return (
      <div className="order">
        <h1>{title}</h1>
        <p role="alert">{error.message}</p>
        <Link to="/acer/account/orders">Back to your orders</Link>
      </div>
    );
  }
  if (!info) return <Loading fill />;
  const o = info.order;
  // External lines that are not among the order's own lines show as extra rows.
  const own = new Set(o.line_items.map((l) => `${l.item_id}|${l.item_condition}`));
  const extra = o.zoho_line_items.filter((l) => !l.item_id || !own.has(`${l.item_id}|${l.item_condition}`));
  return (
    <div className="order">
      <Breadcrumbs
        items={[
          { name: 'Orders', pathname: '/account/orders' },
          { name: title, pathname: location.pathname.replace(/^\/acer/, '') },
        ]}
      />
      <h1>{title}</h1>
      <OrderTools key={o.order_id} order={o} kind={kind} />
      <dl className="order__facts">
        <dt>Order number</dt>
        <dd>{o.order_number}</dd>
        {o.invoice_number && (
          <>
            <dt>Invoice</dt>
            <dd>
              {kind === 'invoice' ? (
                o.invoice_number
              ) : (
                <Link to={`/acer/invoice/${o.invoice_id}`}>{o.invoice_number}</Link>
              )}
            </dd>
          </>
        )}
        <dt>Purchase order</dt>
        <dd>{o.purchase_order_id}</dd>
        <dt>Placed</dt>
        <dd>
          <time dateTime={o.created_at}>{formatDateTime(o.created_at)}</time>
        </dd>
        <dt>Status</dt>
        <dd className={o.status === 'Canceled' ? 'status--canceled' : undefined}>{o.status}</dd>
        <dt>Shipping method</dt>
        <dd>{o.shipping_method}</dd>
      </dl>
      <OrderPeople order={o} />
      <div className="order__addresses">
        <AddressBlock title="Shipping address" a={info.shippingAddress} />
        <AddressBlock title="Billing address" a={info.billingAddress} />
      </div>
      <table className="order__lines">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">SKU</th>
            <th scope="col">Condition</th>
            <th scope="col">Quantity</th>
            <th scope="col">Rate</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {o.line_items.map((l) => (
            <tr key={`${l.item_id}|${l.item_condition}`}>
              <td>{l.item_name}</td>
              <td>{l.sku}</td>
              <td>{l.item_condition}</td>
              <td>{l.quantity}</td>
              <td>{money(l.item_rate)}</td>
              <td>{formatMoney(toCents(l.item_rate) * l.quantity)}</td>
              <td className={l.status === 'Canceled' ? 'status--canceled' : undefined}>{l.status}</td>
            </tr>
          ))}
          {extra.map((l, i) => (
            <tr key={`extra-${l.zoho_item_name}-${i}`} className="order__extra">
              <td>{l.zoho_item_name}</td>
              <td>{l.sku}</td>
              <td>{l.item_condition}</td>
              <td>{l.quantity}</td>
              <td>{money(l.item_rate)}</td>
              <td>{formatMoney(toCents(l.item_rate) * l.quantity)}</td>
              <td className={l.status === 'Canceled' ? 'status--canceled' : undefined}>{l.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="order__totals">
        <dt>Subtotal</dt>
        <dd>{money(o.subtotal)}</dd>
        <dt>Tax ({o.tax_rate}%)</dt>
        <dd>{money(o.items_tax)}</dd>
        {kind === 'invoice' && (
          <>
            <dt>Shipping and other charges tax</dt>
            <dd>{money(o.shipping_tax)}</dd>
          </>
        )}
        <dt>Total</dt>
        <dd>{money(o.total)}</dd>
      </dl>
    </div>
  );
}
