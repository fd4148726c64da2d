/**
 * /acer/admin/orders/{id}: one order with its lines, addresses, totals by tax component, customer, history
 * and audit, and the seller's actions: confirm, ship (carrier and tracking), deliver, release a held order
 * (credit approved), cancel or decline (with a reason), invoice (its environmental handling fee lines
 * filled from the fee table, each editable) and a corrected invoice.
 */

import { formatPostalCode } from '@shop/domain/account-rules';
import {
  type AdminInvoice,
  type AdminInvoiceDraft,
  type AdminInvoiceDraftAnswer,
  type AdminOrderAnswer,
  type AdminOrderChangedAnswer,
  type AdminOrderDetail,
  invoiceSchema,
  type OrderAction,
  type OrderEventInfo,
  orderActionSchema,
} from '@shop/domain/admin';
import type { TaxLineAnswer } from '@shop/domain/api';
import { CARRIERS, trackingUrl } from '@shop/domain/carriers';
import { addDays } from '@shop/domain/days';
import { toAmount, toCents } from '@shop/domain/money';
import { taxLabel } from '@shop/domain/tax';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_BASE, adminApi, attempt, failed, invalid, readBody } from '../api';
import { type AdminPage, type PageArgs, setFlash, useIsOwner, usePageData } from '../routing';
import {
  AuditTrail,
  Checkbox,
  Day,
  Field,
  formatDay,
  Money,
  PageTitle,
  Result,
  Select,
  TextArea,
  useAction,
  useFocusFirstError,
  When,
} from '../ui';
import { conditionWord, statusWord } from '../words';
import { StatusTag } from './Orders';

interface OrderData {
  order: AdminOrderDetail;
  /** The invoice's fee lines from the fee table (null when they could not be read). */
  draft: AdminInvoiceDraft | null;
}

async function loader({ request, params }: PageArgs): Promise<OrderData> {
  const [{ order }, draft] = await Promise.all([
    adminApi<AdminOrderAnswer>(`/admin/orders/${params.orderId}`, { signal: request.signal }),
    adminApi<AdminInvoiceDraftAnswer>(`/admin/orders/${params.orderId}/invoice-draft`, {
      signal: request.signal,
    })
      .then((answer) => answer.draft)
      .catch(() => null),
  ]);
  return { order, draft };
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
    const input = { shipping: body.shipping, lines: body.lines, fees: body.fees, note: body.note };
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

/** The tracking number, linked to the carrier's tracking page when it has one (a new tab). */
function TrackingNumber({ carrier, number }: { carrier: string; number: string }) {
  const url = trackingUrl(carrier, number);
  if (!url) return <>{number}</>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {number}
    </a>
  );
}

function Address({ title, address }: { title: string; address: Record<string, string> }) {
  const a = address;
  const lines = [
    a.attention,
    a.company,
    a.address_line_1,
    a.address_line_2,
    [[a.city, a.province].filter(Boolean).join(', '), formatPostalCode(a.zip ?? '')]
      .filter(Boolean)
      .join(' '),
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
  // Releasing overrides the credit limit, which only owners set.
  const owner = useIsOwner();
  return (
    <section className="admin-section" aria-labelledby="actions-heading" ref={ref}>
      <h2 id="actions-heading">Actions</h2>
      <Result result={result} />
      {order.actions.length === 0 && (
        <p>No status change is open to this order: it is {statusWord(order.status).toLowerCase()}.</p>
      )}
      <div className="admin-cards">
        {can('release') && !owner && (
          <p className="admin-card">
            On hold for a credit review: with this order the company's open balance would pass its credit
            limit. An owner releases it; you may decline it (below), which puts the stock back.
          </p>
        )}
        {can('release') && owner && (
          <fetcher.Form method="post" className="admin-card admin-form">
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="action" value="release" />
            <p>
              On hold for a credit review: with this order the company's open balance would pass its credit
              limit. Releasing it makes it Pending and mails the customer; declining it (below) puts the stock
              back.
            </p>
            <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
              {ACTION_LABELS.release}
            </button>
          </fetcher.Form>
        )}
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
            <Select
              id="ship-carrier"
              name="carrier"
              label="Carrier"
              defaultValue=""
              options={[{ value: '', label: 'Choose a carrier' }, ...CARRIERS]}
              error={errors.carrier}
              hint="The customer gets a link to the carrier's tracking page (none for Other)."
            />
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

/** "GST 5 %", or "QST 9.975 %: exempt (Reseller, no. 1234567890TQ0001, until 2026-12-31)". */
function taxName(tax: TaxLineAnswer): string {
  const label = taxLabel(tax.component, Math.round(tax.rate * 1000));
  const e = tax.exemption;
  if (!e) return label;
  if (!e.expires_on) return `${label}: exempt (${e.reason}, no. ${e.reference})`;
  // Its last day: the day before it stops applying.
  return `${label}: exempt (${e.reason}, no. ${e.reference}, until ${formatDay(addDays(e.expires_on, -1))})`;
}

/** Rows of a table's foot: one per tax component. */
function TaxRows({ taxes, span }: { taxes: TaxLineAnswer[]; span: number }) {
  return (
    <>
      {taxes.map((tax) => (
        <tr key={tax.component}>
          <th scope="row" colSpan={span}>
            {taxName(tax)}
          </th>
          <td className="admin-num">
            <Money amount={tax.amount} />
          </td>
        </tr>
      ))}
    </>
  );
}

const TERMS: Record<string, string> = {
  due_on_receipt: 'Due on receipt',
  net15: 'Net 15',
  net30: 'Net 30',
  net45: 'Net 45',
  net60: 'Net 60',
};

interface ExtraLine {
  key: number;
  name: string;
  amount: string;
}

interface FeeLine {
  key: number;
  name: string;
  quantity: string;
  /** Per unit. */
  amount: string;
  provincialTax: boolean;
  /** A demo value of the fee table. */
  demo: boolean;
}

/** The other lines of an invoice: every line the seller added that is not shipping or a fee. */
function extrasOf(invoice: AdminInvoice): ExtraLine[] {
  return invoice.lines
    .filter((l) => l.item_id === null && l.kind !== 'shipping' && l.kind !== 'fee')
    .map((l, key) => ({ key, name: l.item_name, amount: l.rate.toFixed(2) }));
}

/** The fee lines of an invoice, or of the fee table's draft. */
function feesOf(invoice: AdminInvoice | null, draft: AdminInvoiceDraft | null): FeeLine[] {
  if (invoice)
    return invoice.lines
      .filter((l) => l.item_id === null && l.kind === 'fee')
      .map((l, key) => ({
        key: 1000 + key,
        name: l.item_name,
        quantity: String(l.quantity),
        amount: l.rate.toFixed(2),
        provincialTax: l.provincial_tax,
        demo: false,
      }));
  return (draft?.fees ?? []).map((f, key) => ({
    key: 1000 + key,
    name: f.name,
    quantity: String(f.quantity),
    amount: f.amount.toFixed(2),
    provincialTax: f.provincial_tax,
    demo: f.demo,
  }));
}

function InvoiceForm({
  order,
  correcting,
  draft,
}: {
  order: AdminOrderDetail;
  correcting: AdminInvoice | null;
  draft: AdminInvoiceDraft | null;
}) {
  const uid = useId();
  const prefix = correcting ? 'correct' : 'invoice';
  const [shipping, setShipping] = useState(correcting ? correcting.shipping.toFixed(2) : '');
  const [lines, setLines] = useState<ExtraLine[]>(() => (correcting ? extrasOf(correcting) : []));
  const [fees, setFees] = useState<FeeLine[]>(() => feesOf(correcting, draft));
  const [note, setNote] = useState('');
  const nextKey = useRef(2000);
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
        lines: [
          ...fees.map((f) => ({
            name: f.name,
            amount: f.amount,
            quantity: f.quantity,
            kind: 'fee',
            provincial_tax: f.provincialTax,
          })),
          ...lines.map((l) => ({ name: l.name, amount: l.amount })),
        ],
        // The fee lines as shown, none included: the seller has seen and may have changed them.
        fees: 'given',
        note,
      },
      { method: 'post', encType: 'application/json' },
    );
  };
  const update = (key: number, change: Partial<ExtraLine>) =>
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...change } : l)));
  const updateFee = (key: number, change: Partial<FeeLine>) =>
    setFees((all) => all.map((f) => (f.key === key ? { ...f, ...change, demo: false } : f)));
  const province = draft?.province ?? order.shipping_address.province;

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
        <legend>Environmental handling fees ({province})</legend>
        {fees.length === 0 ? (
          <p className="admin-note">None: no product of this order is in a fee category of {province}.</p>
        ) : (
          <p className="admin-note">
            From the fee table for the order's day in {province}, per unit; GST or HST always applies, the
            province's own sales tax where ticked.
            {fees.some((f) => f.demo) && (
              <strong> Demo values: check them against the program's fees before invoicing.</strong>
            )}
          </p>
        )}
        {fees.map((f, i) => (
          <div key={f.key} className="admin-row">
            <Field
              id={`${prefix}-fee-${f.key}-name`}
              label={`Fee ${i + 1} name`}
              value={f.name}
              maxLength={100}
              onChange={(e) => updateFee(f.key, { name: e.target.value })}
            />
            <Field
              id={`${prefix}-fee-${f.key}-quantity`}
              label={`Fee ${i + 1} quantity`}
              inputMode="numeric"
              value={f.quantity}
              onChange={(e) => updateFee(f.key, { quantity: e.target.value })}
            />
            <Field
              id={`${prefix}-fee-${f.key}-amount`}
              label={`Fee ${i + 1} per unit (dollars)${f.demo ? ' (demo)' : ''}`}
              inputMode="decimal"
              value={f.amount}
              onChange={(e) => updateFee(f.key, { amount: e.target.value })}
            />
            <Checkbox
              id={`${prefix}-fee-${f.key}-provincial`}
              label={`Fee ${i + 1}: provincial sales tax applies`}
              checked={f.provincialTax}
              onChange={(e) => updateFee(f.key, { provincialTax: e.target.checked })}
            />
            <button
              type="button"
              className="admin-btn admin-btn--small"
              onClick={() => setFees((all) => all.filter((x) => x.key !== f.key))}
            >
              Remove fee {i + 1}
            </button>
          </div>
        ))}
        <div className="admin-actions">
          <button
            type="button"
            className="admin-btn admin-btn--small"
            onClick={() =>
              setFees((all) => [
                ...all,
                {
                  key: nextKey.current++,
                  name: '',
                  quantity: '1',
                  amount: '',
                  provincialTax: true,
                  demo: false,
                },
              ])
            }
          >
            Add a fee line
          </button>
          {draft && (
            <button
              type="button"
              className="admin-btn admin-btn--small"
              onClick={() => setFees(feesOf(null, draft))}
            >
              Use the fee table's lines
            </button>
          )}
        </div>
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend>Extra lines</legend>
        {lines.length === 0 && <p className="admin-note">None. A charge or a credit goes here.</p>}
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
  subtotal,
}: {
  invoice: AdminInvoice;
  current: boolean;
  subtotal: number;
}) {
  const added = (kind: string) =>
    invoice.lines
      .filter((l) => l.item_id === null && l.kind === kind)
      .reduce((n, l) => n + toCents(l.rate) * l.quantity, 0) / 100;
  const charges = (
    [
      ['Shipping', added('shipping')],
      ['Environmental handling fees', added('fee')],
      ['Other lines', added('other')],
    ] as [string, number][]
  ).filter(([, amount]) => amount !== 0);
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
      <dl className="admin-facts">
        <dt>Terms</dt>
        <dd>{TERMS[invoice.terms] ?? invoice.terms}</dd>
        <dt>Due</dt>
        <dd>
          <Day day={invoice.due_on} />
        </dd>
        <dt>Paid</dt>
        <dd>
          <Money amount={invoice.paid} />
        </dd>
        <dt>Balance</dt>
        <dd>
          <Money amount={invoice.balance} />
        </dd>
      </dl>
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
                {l.kind === 'fee' && !l.provincial_tax ? ' (no provincial tax)' : ''}
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
              Subtotal
            </th>
            <td className="admin-num">
              <Money amount={subtotal} />
            </td>
          </tr>
          {charges.map(([label, amount]) => (
            <tr key={label}>
              <th scope="row" colSpan={2}>
                {label}
              </th>
              <td className="admin-num">
                <Money amount={amount} />
              </td>
            </tr>
          ))}
          <TaxRows taxes={invoice.taxes} span={2} />
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
  const { order, draft } = usePageData<OrderData>();
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
        <dd>{statusWord(order.status)}</dd>
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
        {order.approval && (
          <>
            <dt>Approval</dt>
            <dd>
              Approved by {order.approval.approved_by} from request {order.approval.number}
            </dd>
          </>
        )}
        <dt>PO number</dt>
        <dd>{order.purchase_order_id}</dd>
        {order.quote_number && (
          <>
            <dt>Quote</dt>
            <dd>
              <Link to={`${ADMIN_BASE}/quotes/${Number(order.quote_number.slice(2))}`}>
                From quote {order.quote_number}
              </Link>
            </dd>
          </>
        )}
        <dt>Shipping method</dt>
        <dd>{order.shipping_method}</dd>
        {(order.carrier || order.tracking_number) && (
          <>
            <dt>Carrier and tracking</dt>
            <dd>
              {order.carrier} <TrackingNumber carrier={order.carrier} number={order.tracking_number} />
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
                  <td>{conditionWord(l.item_condition)}</td>
                  <td className="admin-num">{l.quantity}</td>
                  <td className="admin-num">
                    <Money amount={l.item_rate} />
                  </td>
                  <td className="admin-num">
                    <Money amount={toAmount(toCents(l.item_rate) * l.quantity)} />
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
              <TaxRows taxes={order.taxes} span={5} />
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
          {order.can_invoice && <InvoiceForm key="new" order={order} correcting={null} draft={draft} />}
          {current && <InvoiceView invoice={current} current subtotal={order.subtotal} />}
          {current && order.status !== 'Canceled' && order.status !== 'Declined' && (
            <InvoiceForm
              key={`correct-${current.invoice_id}`}
              order={order}
              correcting={current}
              draft={draft}
            />
          )}
          {!order.can_invoice && !current && <p>This order cannot be invoiced.</p>}
        </div>
        {order.invoices
          .filter((i) => i !== current)
          .map((i) => (
            <InvoiceView key={i.invoice_id} invoice={i} current={false} subtotal={order.subtotal} />
          ))}
      </section>

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

      <AuditTrail entries={order.audit} />
    </>
  );
}

export const orderPage: AdminPage = { path: '/orders/:orderId', loader, action, Component: OrderDetail };
