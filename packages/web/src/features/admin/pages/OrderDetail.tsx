/**
 * /acer/admin/orders/{id}: one order with its lines, addresses, totals, customer, history and audit, and the
 * seller's actions: confirm, ship (carrier and tracking), deliver, cancel or decline (with a reason), invoice
 * and a corrected invoice.
 */
import {
  type AdminInvoice,
  type AdminOrderAnswer,
  type AdminOrderChangedAnswer,
  type AdminOrderDetail,
  invoiceSchema,
  type OrderAction,
  type OrderEventInfo,
  orderActionSchema,
} from '@shop/domain/admin';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_BASE, adminApi, attempt, failed, invalid, readBody } from '../api';
import { type AdminPage, type PageArgs, setFlash, usePageData } from '../routing';
import {
  AuditTrail,
  Field,
  Money,
  PageTitle,
  Result,
  TextArea,
  useAction,
  useFocusFirstError,
  When,
} from '../ui';
import { StatusTag } from './Orders';

async function loader({ request, params }: PageArgs) {
  const { order } = await adminApi<AdminOrderAnswer>(`/admin/orders/${params.orderId}`, {
    signal: request.signal,
  });
  return order;
}

async function action({ request, params }: PageArgs) {
  const body = await readBody(request);
  const base = `/admin/orders/${params.orderId}`;
  if (body.intent === 'status') {
    const input = {
      action: body.action,
      carrier: body.carrier ?? '',
      tracking_number: body.tracking_number ?? '',
      reason: body.reason ?? '',
    };
    const parsed = orderActionSchema.safeParse(input);
    if (!parsed.success) return invalid(parsed.error.issues);
    return attempt(
      request,
      () => adminApi<AdminOrderChangedAnswer>(`${base}/status`, { body: input }),
      'Done.',
    );
  }
  if (body.intent === 'invoice' || body.intent === 'correct') {
    const input = { shipping: body.shipping, lines: body.lines, note: body.note };
    const parsed = invoiceSchema.safeParse(input);
    if (!parsed.success) return invalid(parsed.error.issues);
    const path = body.intent === 'correct' ? `${base}/invoice/correct` : `${base}/invoice`;
    const result = await attempt(
      request,
      () => adminApi<AdminOrderChangedAnswer>(path, { body: input }),
      'The invoice has been made.',
    );
    // The form is replaced by the new invoice: its message is shown at the top of the page.
    if (result.ok) setFlash(result.message);
    return result;
  }
  return failed('Unknown action.');
}

const ACTION_LABELS: Record<OrderAction, string> = {
  confirm: 'Confirm order',
  ship: 'Ship order',
  deliver: 'Mark as delivered',
  cancel: 'Cancel order',
  decline: 'Decline order',
  release: 'Release (credit approved)',
};

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

function Address({ title, address }: { title: string; address: Record<string, string> }) {
  const a = address;
  const lines = [
    a.attention,
    a.company,
    a.address_line_1,
    a.address_line_2,
    [a.city, a.province, a.zip].filter(Boolean).join(' '),
    a.country,
    a.phone_number,
  ].filter(Boolean);
  return (
    <div className="admin-card">
      <h3>{title}</h3>
      <address>
        {lines.map((line) => (
          <span key={line} className="admin-line">
            {line}
          </span>
        ))}
      </address>
    </div>
  );
}

function StatusActions({ order }: { order: AdminOrderDetail }) {
  const { fetcher, busy, result, errors } = useAction();
  const ref = useRef<HTMLDivElement>(null);
  useFocusFirstError(ref, result);
  const can = (a: OrderAction) => order.actions.includes(a);
  return (
    <section className="admin-section" aria-labelledby="actions-heading" ref={ref}>
      <h2 id="actions-heading">Actions</h2>
      <Result result={result} />
      {order.actions.length === 0 && <p>No status change is open to a {order.status} order.</p>}
      <div className="admin-cards">
        {can('confirm') && (
          <fetcher.Form method="post" className="admin-card admin-form">
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="action" value="confirm" />
            <p>The customer is mailed that the order is confirmed.</p>
            <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
              {ACTION_LABELS.confirm}
            </button>
          </fetcher.Form>
        )}
        {can('ship') && (
          <fetcher.Form method="post" className="admin-card admin-form" noValidate>
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="action" value="ship" />
            <Field id="ship-carrier" name="carrier" label="Carrier" maxLength={100} error={errors.carrier} />
            <Field
              id="ship-tracking"
              name="tracking_number"
              label="Tracking number"
              maxLength={100}
              error={errors.tracking_number}
              hint="Optional; shown to the customer and in the mail."
            />
            <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
              {ACTION_LABELS.ship}
            </button>
          </fetcher.Form>
        )}
        {can('deliver') && (
          <fetcher.Form method="post" className="admin-card admin-form">
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="action" value="deliver" />
            <p>The customer is mailed that the order was delivered.</p>
            <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
              {ACTION_LABELS.deliver}
            </button>
          </fetcher.Form>
        )}
        {(can('cancel') || can('decline')) && (
          <fetcher.Form method="post" className="admin-card admin-form" noValidate>
            <input type="hidden" name="intent" value="status" />
            <TextArea
              id="stop-reason"
              name="reason"
              label="Reason to cancel or decline"
              required
              rows={3}
              maxLength={1000}
              hint="Put in the customer's mail. The stock goes back."
              error={errors.reason}
            />
            <div className="admin-actions">
              {can('cancel') && (
                <button
                  type="submit"
                  name="action"
                  value="cancel"
                  className="admin-btn admin-btn--danger"
                  disabled={busy}
                >
                  {ACTION_LABELS.cancel}
                </button>
              )}
              {can('decline') && (
                <button
                  type="submit"
                  name="action"
                  value="decline"
                  className="admin-btn admin-btn--danger"
                  disabled={busy}
                >
                  {ACTION_LABELS.decline}
                </button>
              )}
            </div>
          </fetcher.Form>
        )}
      </div>
    </section>
  );
}

interface ExtraLine {
  key: number;
  name: string;
  amount: string;
}

/** The extra lines of an invoice: every line not of the order's products, less the shipping line. */
function extrasOf(invoice: AdminInvoice, shippingMethod: string): ExtraLine[] {
  let shippingSeen = invoice.shipping <= 0;
  return invoice.lines
    .filter((l) => {
      if (l.item_id !== null) return false;
      if (!shippingSeen && l.item_name === `Shipping (${shippingMethod})` && l.rate === invoice.shipping) {
        shippingSeen = true;
        return false;
      }
      return true;
    })
    .map((l, key) => ({ key, name: l.item_name, amount: l.rate.toFixed(2) }));
}

function InvoiceForm({ order, correcting }: { order: AdminOrderDetail; correcting: AdminInvoice | null }) {
  const uid = useId();
  const prefix = correcting ? 'correct' : 'invoice';
  const [shipping, setShipping] = useState(correcting ? correcting.shipping.toFixed(2) : '');
  const [lines, setLines] = useState<ExtraLine[]>(() =>
    correcting ? extrasOf(correcting, order.shipping_method) : [],
  );
  const [note, setNote] = useState('');
  const nextKey = useRef(lines.length + 1);
  const ref = useRef<HTMLFormElement>(null);
  const { fetcher, busy, result, errors } = useAction(() => {
    if (!correcting) setLines([]);
    setNote('');
  });
  useFocusFirstError(ref, result);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    void fetcher.submit(
      {
        intent: correcting ? 'correct' : 'invoice',
        shipping: shipping.trim() === '' ? 0 : shipping,
        lines: lines.map((l) => ({ name: l.name, amount: l.amount })),
        note,
      },
      { method: 'post', encType: 'application/json' },
    );
  };
  const update = (key: number, change: Partial<ExtraLine>) =>
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...change } : l)));

  return (
    <form
      ref={ref}
      className="admin-form admin-card"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${uid}-title`}
    >
      <h3 id={`${uid}-title`}>
        {correcting ? `Correct invoice ${correcting.invoice_number}` : 'Make the invoice'}
      </h3>
      <Result result={result?.ok ? null : result} />
      <Field
        id={`${prefix}-shipping`}
        label="Shipping (dollars)"
        inputMode="decimal"
        value={shipping}
        onChange={(e) => setShipping(e.target.value)}
        error={errors.shipping}
        hint="Tax on shipping follows the shipping address's province."
      />
      <fieldset className="admin-fieldset">
        <legend>Extra lines</legend>
        {lines.length === 0 && <p className="admin-note">None. A recycling fee or a credit goes here.</p>}
        {lines.map((l, i) => (
          <div key={l.key} className="admin-row">
            <Field
              id={`${prefix}-line-${l.key}-name`}
              label={`Line ${i + 1} name`}
              value={l.name}
              maxLength={100}
              onChange={(e) => update(l.key, { name: e.target.value })}
            />
            <Field
              id={`${prefix}-line-${l.key}-amount`}
              label={`Line ${i + 1} amount (dollars)`}
              inputMode="decimal"
              value={l.amount}
              onChange={(e) => update(l.key, { amount: e.target.value })}
              hint={correcting ? 'Negative for a credit.' : undefined}
            />
            <button
              type="button"
              className="admin-btn admin-btn--small"
              onClick={() => setLines((all) => all.filter((x) => x.key !== l.key))}
            >
              Remove line {i + 1}
            </button>
          </div>
        ))}
        {errors.lines && (
          <p className="field-error" role="alert">
            {errors.lines}
          </p>
        )}
        <button
          type="button"
          className="admin-btn admin-btn--small"
          onClick={() => setLines((all) => [...all, { key: nextKey.current++, name: '', amount: '' }])}
        >
          Add a line
        </button>
      </fieldset>
      <TextArea
        id={`${prefix}-note`}
        label="Note"
        rows={2}
        maxLength={1000}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        error={errors.note}
        hint={correcting ? 'Why the invoice is corrected (kept with it).' : undefined}
      />
      <div className="admin-actions">
        <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
          {correcting ? 'Make the corrected invoice' : 'Make the invoice'}
        </button>
      </div>
    </form>
  );
}

function InvoiceView({
  invoice,
  current,
  itemsTax,
}: {
  invoice: AdminInvoice;
  current: boolean;
  itemsTax: number;
}) {
  return (
    <div className="admin-card">
      <h3>
        Invoice {invoice.invoice_number} {current ? '(current)' : '(replaced)'}
      </h3>
      <p className="admin-note">
        Made <When at={invoice.created_at} />
        {invoice.replaced_at && (
          <>
            ; replaced <When at={invoice.replaced_at} />
          </>
        )}
        {invoice.note && <>. Note: {invoice.note}</>}
      </p>
      <table className="admin-table admin-table--compact">
        <caption className="visually-hidden">Lines of invoice {invoice.invoice_number}</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col" className="admin-num">
              Qty
            </th>
            <th scope="col" className="admin-num">
              Rate
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((l, i) => (
            <tr key={i}>
              <td>
                {l.item_name}
                {l.sku ? ` (${l.sku})` : ''}
              </td>
              <td className="admin-num">{l.quantity}</td>
              <td className="admin-num">
                <Money amount={l.rate} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Tax on items
            </th>
            <td className="admin-num">
              <Money amount={itemsTax} />
            </td>
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              Tax on shipping and extra lines
            </th>
            <td className="admin-num">
              <Money amount={invoice.shipping_tax} />
            </td>
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              Total
            </th>
            <td className="admin-num">
              <Money amount={invoice.total} />
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function OrderDetail() {
  const order = usePageData<AdminOrderDetail>();
  const current = order.invoices.find((i) => i.replaced_at === null) ?? null;
  return (
    <>
      <p className="admin-crumbs">
        <Link to={`${ADMIN_BASE}/orders`}>Orders</Link>
      </p>
      <PageTitle title={`Order ${order.order_number}`}>
        Order {order.order_number} <StatusTag status={order.status} />
      </PageTitle>
      <dl className="admin-facts">
        <dt>Status</dt>
        <dd>{order.status}</dd>
        <dt>Placed</dt>
        <dd>
          <When at={order.created_at} />
        </dd>
        <dt>Customer</dt>
        <dd>
          <Link to={`${ADMIN_BASE}/customers/${order.customer_id}`}>
            {order.customer_id} {order.company}
          </Link>
        </dd>
        <dt>Placed by</dt>
        <dd>
          {order.placed_by.name} {order.placed_by.email && `<${order.placed_by.email}>`}
        </dd>
        <dt>PO number</dt>
        <dd>{order.purchase_order_id}</dd>
        <dt>Shipping method</dt>
        <dd>{order.shipping_method}</dd>
        {(order.carrier || order.tracking_number) && (
          <>
            <dt>Carrier and tracking</dt>
            <dd>
              {order.carrier} {order.tracking_number}
            </dd>
          </>
        )}
        <dt>Invoice</dt>
        <dd>{order.invoice_number ?? 'None yet'}</dd>
      </dl>

      <StatusActions order={order} />

      <section className="admin-section" aria-labelledby="lines-heading">
        <h2 id="lines-heading">Lines</h2>
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">SKU</th>
                <th scope="col">Condition</th>
                <th scope="col" className="admin-num">
                  Qty
                </th>
                <th scope="col" className="admin-num">
                  Unit price
                </th>
                <th scope="col" className="admin-num">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((l) => (
                <tr key={`${l.item_id}-${l.item_condition}`}>
                  <td>
                    <Link to={`${ADMIN_BASE}/products/${l.item_id}`}>{l.item_name}</Link>
                  </td>
                  <td>{l.sku}</td>
                  <td>{l.item_condition}</td>
                  <td className="admin-num">{l.quantity}</td>
                  <td className="admin-num">
                    <Money amount={l.item_rate} />
                  </td>
                  <td className="admin-num">
                    <Money amount={Math.round(l.item_rate * 100 * l.quantity) / 100} />
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={5}>
                  Subtotal
                </th>
                <td className="admin-num">
                  <Money amount={order.subtotal} />
                </td>
              </tr>
              <tr>
                <th scope="row" colSpan={5}>
                  Tax ({order.tax_rate}%)
                </th>
                <td className="admin-num">
                  <Money amount={order.items_tax} />
                </td>
              </tr>
              <tr>
                <th scope="row" colSpan={5}>
                  Total
                </th>
                <td className="admin-num">
                  <Money amount={order.total} />
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      </section>

      <section className="admin-section" aria-labelledby="addresses-heading">
        <h2 id="addresses-heading">Addresses</h2>
        <div className="admin-cards">
          <Address title="Shipping address" address={order.shipping_address} />
          <Address title="Billing address" address={order.billing_address} />
        </div>
      </section>

      <section className="admin-section" aria-labelledby="invoice-heading">
        <h2 id="invoice-heading">Invoice</h2>
        <div className="admin-cards">
          {order.can_invoice && <InvoiceForm key="new" order={order} correcting={null} />}
          {current && <InvoiceView invoice={current} current itemsTax={order.items_tax} />}
          {current && order.status !== 'Canceled' && order.status !== 'Declined' && (
            <InvoiceForm key={`correct-${current.invoice_id}`} order={order} correcting={current} />
          )}
          {!order.can_invoice && !current && <p>This order cannot be invoiced.</p>}
        </div>
        {order.invoices
          .filter((i) => i !== current)
          .map((i) => (
            <InvoiceView key={i.invoice_id} invoice={i} current={false} itemsTax={order.items_tax} />
          ))}
      </section>

      <section className="admin-section" aria-labelledby="history-heading">
        <h2 id="history-heading">History</h2>
        <ol className="admin-history">
          {order.history.map((e, i) => (
            <li key={i}>
              <When at={e.at} /> — <strong>{EVENT_LABELS[e.kind] ?? e.kind}</strong> by {e.actor}
              {e.carrier && `; carrier ${e.carrier}`}
              {e.tracking_number && `; tracking ${e.tracking_number}`}
              {e.reason && `; reason: ${e.reason}`}
            </li>
          ))}
        </ol>
      </section>

      <AuditTrail entries={order.audit} />
    </>
  );
}

export const orderPage: AdminPage = { path: '/orders/:orderId', loader, action, Component: OrderDetail };
