/**
 * /acer/admin/orders: every order, newest first, found by a search (order number, PO number, customer id or
 * company) and filters (status, days, customer, buyer, province, SKU, total, PO) kept in the address; bulk
 * actions on the orders ticked (confirm, ship with a carrier and each order's tracking number, invoice by
 * one shipping rule, CSV), each order's result listed; worked by keyboard (see list-keys.tsx); and the
 * sales-tax journal of a period as a CSV file.
 */

import type { SerialSearchAnswer } from '@shop/domain/after-sale/device-schemas';
import {
  type AdminBulkOrdersAnswer,
  type AdminOrderRow,
  BULK_MAX_ORDERS,
  type BulkOrderAction,
  type BulkOrderResult,
  bulkOrderActionSchema,
  invoiceJournalQuerySchema,
  ORDER_FILTER_NAMES,
  ORDER_STATUSES,
  type Page,
} from '@shop/domain/back-office/schemas';
import { todayIn } from '@shop/domain/core/days';
import { CARRIERS } from '@shop/domain/orders/carriers';
import { PROVINCES } from '@shop/domain/tax/rules';
import { useEffect, useRef, useState } from 'react';
import { Form, Link, useSearchParams } from 'react-router';
import { api, queryOf } from '../../../lib/api';
import { shopInfo } from '../../../lib/shop';
import {
  ADMIN_BASE,
  attempt,
  checked,
  EMPTY_PAGE,
  type ListData,
  listOrRefusal,
  readBody,
  zodErrors,
} from '../api';
import { KeysHint, MatchCount, SkipToTable, useListKeys } from '../list-keys';
import { type AdminPage, type PageArgs, usePageData } from '../routing';
import { Field, ListPager, Money, PageTitle, Result, Select, useAction, When } from '../ui';
import { statusWord } from '../words';
import { SerialFields, type SerialLine, serialsOf } from './order-detail/SerialFields';
import { SerialMatches } from './Serials';

type OrdersPage = Page<AdminOrderRow> & { capped: boolean };
/** What the search also found among the serial numbers (three characters or more). */
type SerialHits = { serials?: SerialSearchAnswer['units'] };
const PAGE_SIZES = ['25', '50', '100'];

/** The list's query as the address has it: filters, page and page size. */
function listQuery(params: URLSearchParams) {
  return {
    ...Object.fromEntries(ORDER_FILTER_NAMES.map((name) => [name, params.get(name)])),
    page: params.get('page'),
    page_size: params.get('page_size'),
  };
}

async function loader({ request }: PageArgs): Promise<ListData<OrdersPage> & SerialHits> {
  const url = new URL(request.url);
  // The search box finds serial numbers too: their units are listed above the orders.
  const q = url.searchParams.get('q')?.trim() ?? '';
  const serials =
    q.length >= 3 && q.length <= 40
      ? api('GET /api/admin/serials', { query: { q }, signal: request.signal })
          .then((answer) => answer.units)
          .catch(() => [])
      : Promise.resolve([]);
  const list = await listOrRefusal(
    async () =>
      (await api('GET /api/admin/orders', { query: listQuery(url.searchParams), signal: request.signal }))
        .orders,
    { ...EMPTY_PAGE, items: [], capped: false },
  );
  return { ...list, serials: await serials };
}

/** A bulk action on the orders ticked: the server answers with each order's result. */
async function action({ request }: PageArgs) {
  const body = await readBody(request);
  const bulk = checked(bulkOrderActionSchema, body);
  if (bulk.refused) return bulk.refused;
  return attempt(request, () => api('POST /api/admin/orders/bulk', { body: bulk.input }), 'Done.');
}

/** An order's status as a word ("On hold"), its code kept for the colour. */
export function StatusTag({ status }: { status: string }) {
  return <span className={`admin-status admin-status--${status.toLowerCase()}`}>{statusWord(status)}</span>;
}

interface Selection {
  chosen: ReadonlySet<number>;
  toggle: (orderId: number) => void;
  setAll: (on: boolean) => void;
  /** Shipping: each ticked order's tracking number field. */
  tracking: Record<number, string> | null;
  setTracking: (orderId: number, value: string) => void;
}

export function OrdersTable({
  rows,
  caption,
  selection,
  id,
}: {
  rows: AdminOrderRow[];
  caption: string;
  selection?: Selection;
  id?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const allOn =
    selection !== undefined && rows.length > 0 && rows.every((o) => selection.chosen.has(o.order_id));
  return (
    <div className="admin-table-wrap" id={id} ref={ref} tabIndex={id ? -1 : undefined}>
      <table className="admin-table admin-table--rows">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {selection && (
              <th scope="col" className="admin-pick">
                <input
                  type="checkbox"
                  aria-label="Tick every order of this page"
                  checked={allOn}
                  onChange={(e) => selection.setAll(e.target.checked)}
                />
              </th>
            )}
            <th scope="col">Order</th>
            <th scope="col">Placed</th>
            <th scope="col">Customer</th>
            <th scope="col">Buyer</th>
            <th scope="col">PO number</th>
            <th scope="col">Province</th>
            <th scope="col" className="admin-num">
              Total
            </th>
            <th scope="col">Status</th>
            <th scope="col">Invoice</th>
            {selection?.tracking && <th scope="col">Tracking number</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((o) => {
            const href = `${ADMIN_BASE}/orders/${o.order_id}`;
            const chosen = selection?.chosen.has(o.order_id) ?? false;
            return (
              <tr
                key={o.order_id}
                data-href={href}
                tabIndex={-1}
                aria-selected={selection ? chosen : undefined}
              >
                {selection && (
                  <td className="admin-pick">
                    <input
                      type="checkbox"
                      aria-label={`Tick order ${o.order_number}`}
                      checked={chosen}
                      onChange={() => selection.toggle(o.order_id)}
                    />
                  </td>
                )}
                <td>
                  <Link to={href}>{o.order_number}</Link>
                </td>
                <td>
                  <When at={o.created_at} />
                </td>
                <td>
                  {o.customer_id} {o.company}
                </td>
                <td>{o.buyer}</td>
                <td>{o.purchase_order_id}</td>
                <td>{o.province}</td>
                <td className="admin-num">
                  <Money amount={o.total} />
                </td>
                <td>
                  <StatusTag status={o.status} />
                </td>
                <td>{o.invoice_number ?? '—'}</td>
                {selection?.tracking && (
                  <td>
                    {chosen && (
                      <input
                        type="text"
                        className="admin-inline-input"
                        aria-label={`Tracking number of ${o.order_number}`}
                        maxLength={100}
                        value={selection.tracking[o.order_id] ?? ''}
                        onChange={(e) => selection.setTracking(o.order_id, e.target.value)}
                      />
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The sales-tax journal: the current invoices made from one day to another (the shop's days) as a CSV file,
 * a column per tax component and rate, for the accounts and the GST/HST and QST returns.
 */
function TaxJournal() {
  const today = todayIn(shopInfo().timeZone);
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    const parsed = invoiceJournalQuerySchema.safeParse({ from, to });
    if (parsed.success) {
      setErrors({});
      return;
    }
    event.preventDefault();
    const found = zodErrors(parsed.error.issues);
    setErrors(found);
    document.getElementById(found.from ? 'journal-from' : 'journal-to')?.focus();
  };
  return (
    <section className="admin-section" aria-labelledby="journal-heading">
      <h2 id="journal-heading">Sales-tax journal</h2>
      <form
        method="get"
        action="/api/admin/invoices.csv"
        className="admin-filters"
        onSubmit={submit}
        noValidate
        aria-describedby="journal-hint"
      >
        <Field
          id="journal-from"
          name="from"
          type="date"
          label="First day"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          error={errors.from}
        />
        <Field
          id="journal-to"
          name="to"
          type="date"
          label="Last day"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={errors.to}
        />
        <button type="submit" className="admin-btn">
          Download the CSV
        </button>
      </form>
      <p id="journal-hint" className="admin-note">
        The current invoices made in the period (the shop's days): subtotal, shipping, environmental handling
        fees, other lines, each tax component at each rate (GST, HST, PST, RST, QST), the total and any
        exemption, with a row of sums.
      </p>
    </section>
  );
}

/** The filters typed as text, in the order of the form. */
const TEXT_FILTERS: { name: string; label: string; max: number; hint?: string; decimal?: boolean }[] = [
  { name: 'customer', label: 'Customer ID', max: 50 },
  { name: 'buyer', label: 'Buyer', hint: 'E-mail or contact id', max: 100 },
  { name: 'sku', label: 'SKU', max: 40 },
  { name: 'total_min', label: 'Total from ($)', max: 15, decimal: true },
  { name: 'total_max', label: 'Total to ($)', max: 15, decimal: true },
  { name: 'po', label: 'PO number', hint: 'Any part of it', max: 50 },
];

/** The search and filters, sent as the address's query so a view can be bookmarked. */
function Filters() {
  const [params] = useSearchParams();
  const value = (name: string) => params.get(name) ?? '';
  return (
    <Form method="get" className="admin-filters admin-filters--wide" role="search" aria-label="Find orders">
      <Field
        id="orders-q"
        name="q"
        type="search"
        label="Search"
        hint="Order number, PO number, customer ID, company or serial number"
        defaultValue={value('q')}
        maxLength={100}
      />
      <Select
        id="orders-status"
        name="status"
        label="Status"
        defaultValue={value('status')}
        options={[
          { value: '', label: 'All' },
          ...ORDER_STATUSES.map((s) => ({ value: s, label: statusWord(s) })),
        ]}
      />
      <Select
        id="orders-province"
        name="province"
        label="Province"
        defaultValue={value('province')}
        options={[{ value: '', label: 'All' }, ...PROVINCES]}
      />
      <Field id="orders-from" name="from" type="date" label="Placed from" defaultValue={value('from')} />
      <Field id="orders-to" name="to" type="date" label="Placed to" defaultValue={value('to')} />
      {TEXT_FILTERS.map((f) => (
        <Field
          key={f.name}
          id={`orders-${f.name.replace('_', '-')}`}
          name={f.name}
          label={f.label}
          hint={f.hint}
          inputMode={f.decimal ? 'decimal' : undefined}
          defaultValue={value(f.name)}
          maxLength={f.max}
        />
      ))}
      <Select
        id="orders-page-size"
        name="page_size"
        label="Rows a page"
        defaultValue={value('page_size') || '25'}
        options={PAGE_SIZES}
      />
      <button type="submit" className="admin-btn">
        Show
      </button>
      {params.size > 0 && (
        <Link to={`${ADMIN_BASE}/orders`} className="admin-link-btn">
          Clear filters
        </Link>
      )}
    </Form>
  );
}

const ACTION_LABELS: Record<BulkOrderAction | 'export', string> = {
  confirm: 'Confirm',
  ship: 'Mark shipped',
  invoice: 'Make invoices',
  export: 'Export as CSV',
};

/** What the last bulk action did to each order. */
function BulkResults({ results }: { results: BulkOrderResult[] }) {
  return (
    <table className="admin-table admin-bulk-results">
      <caption>What was done to each order</caption>
      <thead>
        <tr>
          <th scope="col">Order</th>
          <th scope="col">Result</th>
          <th scope="col">Status now</th>
          <th scope="col">Details</th>
        </tr>
      </thead>
      <tbody>
        {results.map((r) => (
          <tr key={r.order_id}>
            <td>
              {r.order_number ? (
                <Link to={`${ADMIN_BASE}/orders/${r.order_id}`}>{r.order_number}</Link>
              ) : (
                `#${r.order_id}`
              )}
            </td>
            <td>{r.ok ? 'Done' : 'Not done'}</td>
            <td>{r.status ? <StatusTag status={r.status} /> : '—'}</td>
            <td>{r.message}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Orders() {
  const orders = usePageData<ListData<OrdersPage> & SerialHits>();
  const [params] = useSearchParams();
  const table = useRef<HTMLDivElement>(null);
  useListKeys(table, 'orders-q');
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [bulk, setBulk] = useState<BulkOrderAction | 'export'>('confirm');
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState<Record<number, string>>({});
  const [perOrder, setPerOrder] = useState('');
  // Shipping: each ticked order's lines, for its serialised units' serial fields.
  const [linesOf, setLinesOf] = useState<Record<number, SerialLine[]>>({});
  const [perUnit, setPerUnit] = useState('');
  const { fetcher, busy, result, errors } = useAction((answer) => {
    // The orders done leave the selection; the refused stay ticked to be looked at.
    const results = (answer.data as AdminBulkOrdersAnswer | undefined)?.results ?? [];
    const doneIds = new Set(results.filter((r) => r.ok).map((r) => r.order_id));
    setChosen((before) => new Set([...before].filter((id) => !doneIds.has(id))));
  });
  const results = result?.ok ? ((result.data as AdminBulkOrdersAnswer | undefined)?.results ?? []) : [];
  const onPage = new Set(orders.items.map((o) => o.order_id));
  const ticked = [...chosen].filter((id) => onPage.has(id));
  const selection: Selection = {
    chosen,
    toggle: (id) =>
      setChosen((before) => {
        const next = new Set(before);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    setAll: (on) => setChosen(on ? new Set(orders.items.map((o) => o.order_id)) : new Set()),
    tracking: bulk === 'ship' ? tracking : null,
    setTracking: (id, text) => setTracking((before) => ({ ...before, [id]: text })),
  };
  const tickedKey = ticked.join(',');
  useEffect(() => {
    if (bulk !== 'ship') return;
    const missing = tickedKey
      .split(',')
      .filter(Boolean)
      .map(Number)
      .filter((id) => !(id in linesOf));
    if (missing.length === 0) return;
    let live = true;
    Promise.all(
      missing.map((id) =>
        api('GET /api/admin/orders/:orderId', { params: { orderId: String(id) } })
          .then((answer) => [id, answer.order.lines] as const)
          .catch(() => [id, []] as const),
      ),
    ).then((found) => {
      if (live) setLinesOf((before) => ({ ...before, ...Object.fromEntries(found) }));
    });
    return () => {
      live = false;
    };
  }, [bulk, tickedKey, linesOf]);
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (bulk === 'export' || ticked.length === 0) return;
    const fields = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, unknown>;
    const body = {
      action: bulk,
      orders: ticked.map((order_id) => ({
        order_id,
        ...(bulk === 'ship'
          ? {
              tracking_number: tracking[order_id] ?? '',
              serials: serialsOf(fields, `bulk-serial-${order_id}`),
            }
          : {}),
      })),
      ...(bulk === 'ship' ? { carrier } : {}),
      ...(bulk === 'invoice'
        ? { shipping_per_order: perOrder.trim() || 0, shipping_per_unit: perUnit.trim() || 0 }
        : {}),
    };
    const parsed = bulkOrderActionSchema.safeParse(body);
    if (!parsed.success) {
      const found = zodErrors(parsed.error.issues);
      document.getElementById(found.carrier ? 'bulk-carrier' : 'bulk-action')?.focus();
    }
    fetcher.submit(body, { method: 'post', encType: 'application/json' });
  };
  const exportAll = `/api/admin/orders.csv${queryOf(Object.fromEntries(ORDER_FILTER_NAMES.map((n) => [n, params.get(n)])))}`;
  return (
    <>
      <PageTitle title="Orders">Orders</PageTitle>
      <SkipToTable target="orders-table">Skip to the orders table</SkipToTable>
      <Filters />
      {orders.serials && orders.serials.length > 0 && (
        <SerialMatches units={orders.serials} q={params.get('q')?.trim() ?? ''} />
      )}
      <MatchCount
        total={orders.total}
        one="order matches"
        many="orders match"
        capped={orders.capped}
        refusal={orders.refusal}
      />
      <fetcher.Form
        method="post"
        className="admin-bulk"
        aria-label="Work on the ticked orders"
        onSubmit={submit}
        noValidate
      >
        <p className="admin-bulk__count">
          {ticked.length === 0
            ? 'Tick orders to act on several at once.'
            : `${ticked.length} ${ticked.length === 1 ? 'order' : 'orders'} ticked.`}
        </p>
        <Select
          id="bulk-action"
          label="Action"
          value={bulk}
          onChange={(e) => setBulk(e.target.value as BulkOrderAction | 'export')}
          options={Object.entries(ACTION_LABELS).map(([value, label]) => ({ value, label }))}
        />
        {bulk === 'ship' && (
          <Select
            id="bulk-carrier"
            label="Carrier"
            value={carrier}
            onChange={(e) => setCarrier(e.target.value)}
            options={[{ value: '', label: 'Choose…' }, ...CARRIERS]}
            error={errors.carrier}
            hint="Each order's tracking number goes in its row."
          />
        )}
        {bulk === 'ship' &&
          ticked.map((id) => {
            const number = orders.items.find((o) => o.order_id === id)?.order_number ?? String(id);
            return (
              <SerialFields
                key={id}
                lines={linesOf[id] ?? []}
                prefix={`bulk-serial-${id}`}
                idPrefix={`bulk-serial-${id}`}
                label={(position) => `${number} line ${position}`}
              />
            );
          })}
        {bulk === 'invoice' && (
          <>
            <Field
              id="bulk-per-order"
              label="Shipping per order ($)"
              inputMode="decimal"
              value={perOrder}
              onChange={(e) => setPerOrder(e.target.value)}
              error={errors.shipping_per_order}
            />
            <Field
              id="bulk-per-unit"
              label="Shipping per unit ($)"
              inputMode="decimal"
              value={perUnit}
              onChange={(e) => setPerUnit(e.target.value)}
              error={errors.shipping_per_unit}
              hint="Fee lines come from the fee table."
            />
          </>
        )}
        {bulk === 'export' ? (
          <p className="admin-bulk__links">
            {ticked.length > 0 && (
              <a className="admin-btn" href={`/api/admin/orders.csv?ids=${ticked.join(',')}`} download>
                Download the {ticked.length} ticked as CSV
              </a>
            )}{' '}
            <a className="admin-link-btn" href={exportAll} download>
              Download every matching order as CSV
            </a>
          </p>
        ) : (
          <button type="submit" className="admin-btn" disabled={busy || ticked.length === 0}>
            {busy ? 'Working…' : `${ACTION_LABELS[bulk]} ${ticked.length || ''}`.trim()}
          </button>
        )}
        {ticked.length > BULK_MAX_ORDERS && (
          <p className="admin-note">A bulk action takes at most {BULK_MAX_ORDERS} orders.</p>
        )}
      </fetcher.Form>
      <Result result={result} />
      {results.length > 0 && <BulkResults results={results} />}
      {orders.items.length === 0 ? (
        <p id="orders-table" tabIndex={-1}>
          {orders.total > 0
            ? `Page ${orders.page} is past the last page (${orders.pages}).`
            : 'No order matches.'}
        </p>
      ) : (
        <div ref={table}>
          <OrdersTable
            id="orders-table"
            rows={orders.items}
            caption="Orders, newest first"
            selection={selection}
          />
        </div>
      )}
      <KeysHint select />
      <ListPager
        page={orders.page}
        pages={orders.pages}
        total={orders.total}
        noun="order"
        capped={orders.capped}
      />
      <TaxJournal />
    </>
  );
}

export const ordersPage: AdminPage = { path: '/orders', loader, action, Component: Orders };
