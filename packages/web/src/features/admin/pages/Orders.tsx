/**
 * /acer/admin/orders: every order, newest first, by status and by order number, PO, customer id or company;
 * and the sales-tax journal of a period as a CSV file.
 */
import {
  type AdminOrderRow,
  type AdminOrdersAnswer,
  invoiceJournalQuerySchema,
  ORDER_STATUSES,
  type Page,
} from '@shop/domain/admin';
import { dayIn } from '@shop/domain/tax';
import { useState } from 'react';
import { Form, Link, useSearchParams } from 'react-router';
import { ADMIN_BASE, adminApi, queryOf, zodErrors } from '../api';
import { type AdminPage, type PageArgs, usePageData } from '../routing';
import { Field, Money, Pager, PageTitle, Select, When } from '../ui';

async function loader({ request }: PageArgs) {
  const url = new URL(request.url);
  const query = queryOf({
    q: url.searchParams.get('q'),
    status: url.searchParams.get('status'),
    page: url.searchParams.get('page'),
  });
  const { orders } = await adminApi<AdminOrdersAnswer>(`/admin/orders${query}`, {
    signal: request.signal,
  });
  return orders;
}

export function StatusTag({ status }: { status: string }) {
  return <span className={`admin-status admin-status--${status.toLowerCase()}`}>{status}</span>;
}

export function OrdersTable({ rows, caption }: { rows: AdminOrderRow[]; caption: string }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Placed</th>
            <th scope="col">Customer</th>
            <th scope="col">PO number</th>
            <th scope="col" className="admin-num">
              Total
            </th>
            <th scope="col">Status</th>
            <th scope="col">Invoice</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((o) => (
            <tr key={o.order_id}>
              <td>
                <Link to={`${ADMIN_BASE}/orders/${o.order_id}`}>{o.order_number}</Link>
              </td>
              <td>
                <When at={o.created_at} />
              </td>
              <td>
                {o.customer_id} {o.company}
              </td>
              <td>{o.purchase_order_id}</td>
              <td className="admin-num">
                <Money amount={o.total} />
              </td>
              <td>
                <StatusTag status={o.status} />
              </td>
              <td>{o.invoice_number ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The sales-tax journal: the current invoices made from one day to another (Toronto's days) as a CSV file,
 * a column per tax component and rate, for the accounts and the GST/HST and QST returns.
 */
function TaxJournal() {
  const today = dayIn(new Date(), 'America/Toronto');
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
        The current invoices made in the period (Toronto's days): subtotal, shipping, environmental handling
        fees, other lines, each tax component at each rate (GST, HST, PST, RST, QST), the total and any
        exemption, with a row of sums.
      </p>
    </section>
  );
}

function Orders() {
  const orders = usePage();
  const [params] = useSearchParams();
  return (
    <>
      <PageTitle title="Orders">Orders</PageTitle>
      <Form method="get" className="admin-filters" role="search" aria-label="Find orders">
        <Field
          id="orders-q"
          name="q"
          type="search"
          label="Search"
          hint="Order number, PO number, customer ID or company"
          defaultValue={params.get('q') ?? ''}
          maxLength={100}
        />
        <Select
          id="orders-status"
          name="status"
          label="Status"
          defaultValue={params.get('status') ?? ''}
          options={[{ value: '', label: 'All' }, ...ORDER_STATUSES]}
        />
        <button type="submit" className="admin-btn">
          Show
        </button>
      </Form>
      {orders.items.length === 0 ? (
        <p>No order matches.</p>
      ) : (
        <OrdersTable rows={orders.items} caption="Orders, newest first" />
      )}
      <Pager page={orders.page} pages={orders.pages} total={orders.total} noun="order" />
      <TaxJournal />
    </>
  );
}

const usePage = () => usePageData<Page<AdminOrderRow>>();

export const ordersPage: AdminPage = { path: '/orders', loader, Component: Orders };
