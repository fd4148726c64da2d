/**
 * /acer/admin/customers: every customer, by id, company, contact name or e-mail, active or disabled, a
 * percentage and the day of the last order (or never ordered), by id, company or latest order; the filters
 * live in the address. Worked by keyboard (list-keys.tsx).
 */
import type { AdminCustomerRow, Page } from '@shop/domain/back-office/schemas';
import { useRef } from 'react';
import { Form, Link, useSearchParams } from 'react-router';
import { api } from '../../../lib/api';
import { ADMIN_BASE, EMPTY_PAGE, type ListData, listOrRefusal } from '../api';
import { KeysHint, MatchCount, SkipToTable, useListKeys } from '../list-keys';
import { type AdminPage, type PageArgs, useIsOwner, usePageData } from '../routing';
import { Checkbox, Field, ListPager, PageTitle, Select, When } from '../ui';

const FILTERS = [
  'q',
  'status',
  'percentage',
  'last_order_from',
  'last_order_to',
  'never_ordered',
  'sort',
  'page',
  'page_size',
] as const;

async function loader({ request }: PageArgs) {
  const url = new URL(request.url);
  const query = Object.fromEntries(FILTERS.map((name) => [name, url.searchParams.get(name)]));
  return listOrRefusal(
    async () => (await api('GET /api/admin/customers', { query, signal: request.signal })).customers,
    { ...EMPTY_PAGE, items: [] as AdminCustomerRow[] },
  );
}

function Customers() {
  const customers = usePageData<ListData<Page<AdminCustomerRow>>>();
  const owner = useIsOwner();
  const [params] = useSearchParams();
  const table = useRef<HTMLDivElement>(null);
  useListKeys(table, 'customers-q');
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
      <SkipToTable target="customers-table">Skip to the customers table</SkipToTable>
      <Form
        method="get"
        className="admin-filters admin-filters--wide"
        role="search"
        aria-label="Find customers"
      >
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
        <Field
          id="customers-percentage"
          name="percentage"
          label="Percentage"
          inputMode="numeric"
          defaultValue={params.get('percentage') ?? ''}
          maxLength={3}
        />
        <Field
          id="customers-last-from"
          name="last_order_from"
          type="date"
          label="Last order from"
          defaultValue={params.get('last_order_from') ?? ''}
        />
        <Field
          id="customers-last-to"
          name="last_order_to"
          type="date"
          label="Last order to"
          defaultValue={params.get('last_order_to') ?? ''}
        />
        <Checkbox
          id="customers-never"
          name="never_ordered"
          value="true"
          label="Never ordered"
          defaultChecked={params.get('never_ordered') === 'true'}
        />
        <Select
          id="customers-sort"
          name="sort"
          label="Order by"
          defaultValue={params.get('sort') ?? 'id'}
          options={[
            { value: 'id', label: 'Customer ID' },
            { value: 'company', label: 'Company' },
            { value: 'last_order', label: 'Latest order first' },
          ]}
        />
        <button type="submit" className="admin-btn">
          Show
        </button>
      </Form>
      <MatchCount
        total={customers.total}
        one="customer matches"
        many="customers match"
        refusal={customers.refusal}
      />
      {customers.items.length === 0 ? (
        <p id="customers-table" tabIndex={-1}>
          {customers.total > 0
            ? `Page ${customers.page} is past the last page (${customers.pages}).`
            : 'No customer matches.'}
        </p>
      ) : (
        <div className="admin-table-wrap" id="customers-table" ref={table} tabIndex={-1}>
          <table className="admin-table admin-table--rows">
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
                <th scope="col">Last order</th>
              </tr>
            </thead>
            <tbody>
              {customers.items.map((c) => (
                <tr key={c.customer_id} data-href={`${ADMIN_BASE}/customers/${c.customer_id}`} tabIndex={-1}>
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
                  <td>{c.last_order_at ? <When at={c.last_order_at} /> : 'Never'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <KeysHint />
      <ListPager page={customers.page} pages={customers.pages} total={customers.total} noun="customer" />
    </>
  );
}

export const customersPage: AdminPage = { path: '/customers', loader, Component: Customers };
