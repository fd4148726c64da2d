import { fieldErrors } from '@shop/domain/account/contact';
import { toCents } from '@shop/domain/core/money';
import { ORDER_STATUSES, ordersQuerySchema } from '@shop/domain/orders/schemas';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { focusFirstError, SelectField, TextField } from '../../../components/fields';
import { Loading } from '../../../components/Loading';
import { Moment } from '../../../components/Moment';
import { Pager } from '../../../components/Pager';
import { money, t, tm } from '../../../lib/i18n';
import { useOrderList } from '../data';
import { MyApprovals } from './Approvals';
import { LoadError } from './LoadError';

/** A key's text, or the value itself when it has none (a status the catalogue does not know). */
function keyed(key: string, fallback: string): string {
  const text = t(key);
  return text === key ? fallback : text;
}

const statusName = (status: string) => keyed(`orders:status.${status}`, status);

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
      const found = Object.fromEntries(
        Object.entries(fieldErrors(parsed.error)).map(([field, message]) => [field, tm(message)]),
      );
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
      aria-label={t('orders:list.find')}
      onSubmit={submit}
      noValidate
    >
      <TextField
        id="orders-q"
        label={t('orders:list.search')}
        type="search"
        maxLength={50}
        autoComplete="off"
        value={values.q}
        onChange={set('q')}
        error={errors.q}
      />
      <SelectField
        id="orders-status"
        label={t('orders:list.status')}
        placeholder={t('orders:list.anyStatus')}
        options={ORDER_STATUSES}
        optionLabel={statusName}
        value={values.status}
        onChange={set('status')}
        error={errors.status}
      />
      <TextField
        id="orders-from"
        label={t('orders:list.from')}
        type="date"
        value={values.from}
        onChange={set('from')}
        error={errors.from}
      />
      <TextField
        id="orders-to"
        label={t('orders:list.to')}
        type="date"
        value={values.to}
        onChange={set('to')}
        error={errors.to}
      />
      <div className="acct-filters__actions">
        <button type="submit" className="btn btn--primary">
          {t('orders:list.show')}
        </button>
        {filtered && (
          <button
            type="button"
            className="btn"
            onClick={() => apply({ q: '', status: '', from: '', to: '' })}
          >
            {t('orders:list.clear')}
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
  if (!data) return <Loading label={t('orders:list.loading')} />;
  const { orders, ordersPage } = data;
  if (ordersPage.total === 0 && !filtered)
    return (
      <>
        <MyApprovals />
        <p className="acct-empty">{t('orders:list.empty')}</p>
      </>
    );
  return (
    <>
      <MyApprovals />
      {filters}
      <p className="acct-filters__count" role="status">
        {orders.length === 0
          ? t('orders:list.noMatch')
          : t('orders:list.count', {
              total: ordersPage.total,
              page: ordersPage.page,
              pages: ordersPage.pages,
            })}
      </p>
      {orders.length > 0 && (
        <div className="acct-table-wrap" aria-busy={loading}>
          <table className="acct-table acct-orders">
            <caption className="visually-hidden">{t('orders:list.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('orders:list.colNumber')}</th>
                <th scope="col">{t('orders:list.colDate')}</th>
                <th scope="col">{t('orders:list.colPo')}</th>
                <th scope="col" className="acct-num">
                  {t('orders:list.colTotal')}
                </th>
                <th scope="col">{t('orders:list.colStatus')}</th>
                <th scope="col">{t('orders:list.invoice')}</th>
                <th scope="col" className="acct-num">
                  {t('orders:list.invoiceTotal')}
                </th>
                <th scope="col">{t('orders:list.placedBy')}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.order_id}>
                  <td data-label={t('orders:list.colNumber')}>
                    <Link to={`/acer/order/${encodeURIComponent(String(order.order_id))}`}>
                      {order.order_number || order.order_id}
                    </Link>
                  </td>
                  <td data-label={t('orders:list.colDate')}>
                    <Moment at={order.created_at} />
                  </td>
                  <td data-label={t('orders:list.colPo')}>{order.purchase_order_id ?? ''}</td>
                  <td data-label={t('orders:list.colTotal')} className="acct-num">
                    {money(toCents(order.total))}
                  </td>
                  <td data-label={t('orders:list.colStatus')}>
                    <span
                      className={
                        order.status === 'Canceled' ? 'acct-status acct-status--canceled' : 'acct-status'
                      }
                    >
                      {statusName(order.status)}
                    </span>
                  </td>
                  <td data-label={t('orders:list.invoice')}>
                    {order.invoice_id ? (
                      <Link
                        to={`/acer/invoice/${encodeURIComponent(String(order.invoice_id))}`}
                        aria-label={t('orders:list.invoiceFor', {
                          order: order.order_number || String(order.order_id),
                        })}
                      >
                        {t('orders:list.invoice')}
                      </Link>
                    ) : (
                      <span className="acct-muted">—</span>
                    )}
                  </td>
                  <td data-label={t('orders:list.invoiceTotal')} className="acct-num">
                    {order.invoice_total === null ? (
                      <span className="acct-muted">—</span>
                    ) : (
                      money(toCents(order.invoice_total))
                    )}
                  </td>
                  <td data-label={t('orders:list.placedBy')}>{order.placed_by}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {ordersPage.pages > 1 && (
        <Pager label={t('orders:list.pages')} page={ordersPage.page} pages={ordersPage.pages} go={go} />
      )}
    </>
  );
}
