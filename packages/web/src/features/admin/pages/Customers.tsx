/** /acer/admin/customers: every customer, by id, company, contact name or e-mail, active or disabled. */
import type { AdminCustomerRow, AdminCustomersAnswer, Page } from '@shop/domain/admin';
import { Form, Link, useSearchParams } from 'react-router';
import { ADMIN_BASE, adminApi, queryOf } from '../api';
import { type AdminPage, type PageArgs, useIsOwner, usePageData } from '../routing';
import { Field, Pager, PageTitle, Select, When } from '../ui';

async function loader({ request }: PageArgs) {
  const url = new URL(request.url);
  const query = queryOf({
    q: url.searchParams.get('q'),
    status: url.searchParams.get('status'),
    page: url.searchParams.get('page'),
  });
  const { customers } = await adminApi<AdminCustomersAnswer>(`/admin/customers${query}`, {
    signal: request.signal,
  });
  return customers;
}

function Customers() {
  const customers = usePageData<Page<AdminCustomerRow>>();
  const owner = useIsOwner();
  const [params] = useSearchParams();
  return (
    <>
      <PageTitle title="Customers">Customers</PageTitle>
      {owner && (
        <p>
          <Link to={`${ADMIN_BASE}/customers/new`} className="admin-btn">
            New customer
          </Link>
        </p>
      )}
      <Form method="get" className="admin-filters" role="search" aria-label="Find customers">
        <Field
          id="customers-q"
          name="q"
          type="search"
          label="Search"
          hint="Customer ID, company, contact name or e-mail"
          defaultValue={params.get('q') ?? ''}
          maxLength={100}
        />
        <Select
          id="customers-status"
          name="status"
          label="Status"
          defaultValue={params.get('status') ?? ''}
          options={[
            { value: '', label: 'All' },
            { value: 'active', label: 'Active' },
            { value: 'disabled', label: 'Disabled' },
          ]}
        />
        <button type="submit" className="admin-btn">
          Show
        </button>
      </Form>
      {customers.items.length === 0 ? (
        <p>No customer matches.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Customers</caption>
            <thead>
              <tr>
                <th scope="col">Customer ID</th>
                <th scope="col">Company</th>
                <th scope="col">Contact</th>
                <th scope="col">E-mail</th>
                <th scope="col" className="admin-num">
                  Percentage
                </th>
                <th scope="col">Status</th>
                <th scope="col">Since</th>
              </tr>
            </thead>
            <tbody>
              {customers.items.map((c) => (
                <tr key={c.customer_id}>
                  <td>
                    <Link to={`${ADMIN_BASE}/customers/${c.customer_id}`}>{c.customer_id}</Link>
                  </td>
                  <td>{c.company}</td>
                  <td>{c.primary_contact?.name}</td>
                  <td>{c.primary_contact?.email}</td>
                  <td className="admin-num">{c.percentage}%</td>
                  <td>{c.disabled ? 'Disabled' : 'Active'}</td>
                  <td>
                    <When at={c.created_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={customers.page} pages={customers.pages} total={customers.total} noun="customer" />
    </>
  );
}

export const customersPage: AdminPage = { path: '/customers', loader, Component: Customers };
