import { fieldErrors } from '@shop/domain/contact';
import { formatMoney, toCents } from '@shop/domain/money';
import { ORDER_STATUSES, ordersQuerySchema } from '@shop/domain/orders';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { focusFirstError, SelectField, TextField } from '../../../components/fields';
import { Loading } from '../../../components/Loading';
import { Pager } from '../../../components/Pager';
import { formatDate } from '../../../lib/dates';
import { useOrderList } from '../data';
import { LoadError } from './LoadError';

const TEXT = {
  find: 'Find an order',
  search: 'Order or PO number',
  status: 'Status',
  anyStatus: 'Any status',
  from: 'Placed from',
  to: 'Placed to',
  show: 'FIND ORDERS',
  clear: 'Clear the search',
  count: (total: number, page: number, pages: number) =>
    `${total} order${total === 1 ? '' : 's'}${pages > 1 ? `, page ${page} of ${pages}` : ''}`,
  noMatch: 'No order matches your search.',
  caption: 'Your orders, newest first',
  invoice: 'Invoice',
  invoiceFor: (order: string) => `Invoice for order ${order}`,
  invoiceTotal: 'Invoice total',
  placedBy: 'Placed by',
  pages: 'Pages of orders',
  loading: 'Loading orders',
} as const;

type Filters = { q: string; status: string; from: string; to: string };
const FILTER_KEYS = ['q', 'status', 'from', 'to'] as const;

function filtersOf(params: URLSearchParams): Filters {
  return {
    q: params.get('q') ?? '',
    status: params.get('status') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
}

/** Search by order or PO number, status and the days placed; kept in the address, so back and forward work. */
function OrderFilters({ start, apply }: { start: Filters; apply: (filters: Filters) => void }) {
  const [values, setValues] = useState(start);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  const set = (key: keyof Filters) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const filtered = FILTER_KEYS.some((key) => start[key] !== '');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ordersQuerySchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      // The range's own rule has no field: it is shown under the end date.
      if (found._) found.to ??= found._;
      setErrors(found);
      focusFirstError(form.current);
      return;
    }
    setErrors({});
    apply({ ...values, q: values.q.trim() });
  };

  return (
    <form
      ref={form}
      className="form acct-filters"
      role="search"
      aria-label={TEXT.find}
      onSubmit={submit}
      noValidate
    >
      <TextField
        id="orders-q"
        label={TEXT.search}
        type="search"
        maxLength={50}
        autoComplete="off"
        value={values.q}
        onChange={set('q')}
        error={errors.q}
      />
      <SelectField
        id="orders-status"
        label={TEXT.status}
        placeholder={TEXT.anyStatus}
        options={ORDER_STATUSES}
        value={values.status}
        onChange={set('status')}
        error={errors.status}
      />
      <TextField
        id="orders-from"
        label={TEXT.from}
        type="date"
        value={values.from}
        onChange={set('from')}
        error={errors.from}
      />
      <TextField
        id="orders-to"
        label={TEXT.to}
        type="date"
        value={values.to}
        onChange={set('to')}
        error={errors.to}
      />
      <div className="acct-filters__actions">
        <button type="submit" className="btn btn--primary">
          {TEXT.show}
        </button>
        {filtered && (
          <button
            type="button"
            className="btn"
            onClick={() => apply({ q: '', status: '', from: '', to: '' })}
          >
            {TEXT.clear}
          </button>
        )}
      </div>
    </form>
  );
}

/** The orders list: searched, filtered and paged; number, date, PO number, total, status, invoice, placed by. */
export function Orders() {
  const [params, setParams] = useSearchParams();
  const { data, error, loading } = useOrderList();
  const start = filtersOf(params);
  const filtered = FILTER_KEYS.some((key) => start[key] !== '');

  const apply = (filters: Filters) => {
    const next = new URLSearchParams();
    for (const key of FILTER_KEYS) if (filters[key]) next.set(key, filters[key]);
    setParams(next);
  };
  const go = (page: number) => {
    const next = new URLSearchParams(params);
    if (page > 1) next.set('page', String(page));
    else next.delete('page');
    setParams(next);
  };

  const filters = (
    // A new address (back, forward, a new search) starts the form over from it.
    <OrderFilters key={params.toString()} start={start} apply={apply} />
  );
  if (error)
    return (
      <>
        {filters}
        <LoadError error={error} />
      </>
    );
  if (!data) return <Loading label={TEXT.loading} />;
  const { orders, ordersPage } = data;
  if (ordersPage.total === 0 && !filtered)
    return <p className="acct-empty">You have not placed any orders yet.</p>;
  return (
    <>
      {filters}
      <p className="acct-filters__count" role="status">
        {orders.length === 0 ? TEXT.noMatch : TEXT.count(ordersPage.total, ordersPage.page, ordersPage.pages)}
      </p>
      {orders.length > 0 && (
        <div className="acct-table-wrap" aria-busy={loading}>
          <table className="acct-table acct-orders">
            <caption className="visually-hidden">{TEXT.caption}</caption>
            <thead>
              <tr>
                <th scope="col">Order #</th>
                <th scope="col">Date</th>
                <th scope="col">PO Number</th>
                <th scope="col" className="acct-num">
                  Total
                </th>
                <th scope="col">Status</th>
                <th scope="col">{TEXT.invoice}</th>
                <th scope="col" className="acct-num">
                  {TEXT.invoiceTotal}
                </th>
                <th scope="col">{TEXT.placedBy}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
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
                  <td data-label={TEXT.invoice}>
                    {order.invoice_id ? (
                      <Link
                        to={`/acer/invoice/${encodeURIComponent(String(order.invoice_id))}`}
                        aria-label={TEXT.invoiceFor(order.order_number || String(order.order_id))}
                      >
                        {TEXT.invoice}
                      </Link>
                    ) : (
                      <span className="acct-muted">—</span>
                    )}
                  </td>
                  <td data-label={TEXT.invoiceTotal} className="acct-num">
                    {order.invoice_total === null ? (
                      <span className="acct-muted">—</span>
                    ) : (
                      formatMoney(toCents(order.invoice_total))
                    )}
                  </td>
                  <td data-label={TEXT.placedBy}>{order.placed_by}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {ordersPage.pages > 1 && (
        <Pager label={TEXT.pages} page={ordersPage.page} pages={ordersPage.pages} go={go} />
      )}
    </>
  );
}
