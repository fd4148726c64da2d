/**
 * /acer/admin/customers/{id}: a customer with its buyers, latest orders, tax and credit, messages and audit.
 * The owner edits the company and percentage, its payment terms and credit limit, disables or enables it,
 * mails a password link and adds or turns off buyers, and records an exemption from all tax; any staff
 * member records an exemption from a province's own sales tax, revokes exemptions and sends it a message.
 */
import {
  type AdminCustomerAnswer,
  type AdminCustomerChangedAnswer,
  type AdminMessageAnswer,
  contactCreateSchema,
  contactUpdateSchema,
  customerMessageSchema,
  customerUpdateSchema,
} from '@shop/domain/admin';
import {
  type AdminCreditAnswer,
  type AdminExemptionChangedAnswer,
  type AdminExemptionsAnswer,
  type AdminTaxRatesAnswer,
  creditUpdateSchema,
  exemptionCreateSchema,
} from '@shop/domain/admin-tax';
import { isProvincialComponent } from '@shop/domain/tax';
import { Link } from 'react-router';
import { ADMIN_BASE, adminApi, attempt, done, failed, invalid, readBody } from '../../api';
import { type AdminPage, type PageArgs, useIsOwner, usePageData } from '../../routing';
import { AuditTrail, PageTitle, When } from '../../ui';
import { OrdersTable } from '../Orders';
import { Access, EditCustomer } from './Company';
import { Contacts } from './Contacts';
import type { CustomerData } from './data';
import { Messages } from './Messages';
import { TaxAndCredit } from './TaxAndCredit';

async function loader({ request, params }: PageArgs): Promise<CustomerData> {
  const base = `/admin/customers/${encodeURIComponent(params.customerId ?? '')}`;
  const signal = request.signal;
  const [{ customer }, { credit }, { exemptions }, { rates }] = await Promise.all([
    adminApi<AdminCustomerAnswer>(base, { signal }),
    adminApi<AdminCreditAnswer>(`${base}/credit`, { signal }),
    adminApi<AdminExemptionsAnswer>(`${base}/exemptions`, { signal }),
    adminApi<AdminTaxRatesAnswer>('/admin/tax-rates', { signal }),
  ]);
  const provincial: Record<string, string[]> = {};
  for (const r of rates) {
    if (!isProvincialComponent(r.component) || r.state === 'replaced' || r.rate === 0) continue;
    const list = provincial[r.province] ?? [];
    if (!list.includes(r.component)) provincial[r.province] = [...list, r.component];
  }
  return { customer, credit, exemptions, provincial };
}

async function action({ request, params }: PageArgs) {
  const body = await readBody(request);
  const base = `/admin/customers/${encodeURIComponent(params.customerId ?? '')}`;
  switch (body.intent) {
    case 'update': {
      // Only what changed is sent, so the audit names exactly that.
      const input: Record<string, unknown> = {};
      if (body.company !== body.was_company) input.company = body.company;
      if (body.percentage !== body.was_percentage) input.percentage = body.percentage;
      if (body.max_buyers !== body.was_max_buyers) input.max_buyers = body.max_buyers;
      if (Object.keys(input).length === 0) return done('Nothing changed.');
      const parsed = customerUpdateSchema.safeParse(input);
      if (!parsed.success) return invalid(parsed.error.issues);
      return attempt(
        request,
        () => adminApi<AdminCustomerAnswer>(base, { method: 'PATCH', body: input }),
        'The customer has been saved.',
      );
    }
    case 'disable':
    case 'enable':
      return attempt(
        request,
        () => adminApi<AdminCustomerChangedAnswer>(`${base}/${body.intent}`, { method: 'POST' }),
        'Done.',
      );
    case 'password-link':
      return attempt(
        request,
        () =>
          adminApi<AdminMessageAnswer>(`${base}/password-link`, {
            body: { contact_person_id: body.contact_person_id },
          }),
        'The link has been mailed.',
      );
    case 'add-contact': {
      const input = {
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email,
        phone_number: body.phone_number,
        role: body.role,
      };
      const parsed = contactCreateSchema.safeParse(input);
      if (!parsed.success) return invalid(parsed.error.issues);
      return attempt(
        request,
        () => adminApi<AdminCustomerChangedAnswer>(`${base}/contacts`, { body: input }),
        'The buyer has been added.',
      );
    }
    case 'edit-contact': {
      // Only what changed is sent: the audit then names it, and an unchanged e-mail is not checked again.
      const input: Record<string, unknown> = {};
      for (const key of ['first_name', 'last_name', 'email', 'phone_number', 'role']) {
        if (body[key] !== undefined && body[key] !== body[`was_${key}`]) input[key] = body[key];
      }
      if (Object.keys(input).length === 0) return done('Nothing changed.');
      const parsed = contactUpdateSchema.safeParse(input);
      if (!parsed.success) return invalid(parsed.error.issues);
      return attempt(
        request,
        () =>
          adminApi<AdminCustomerAnswer>(
            `${base}/contacts/${encodeURIComponent(String(body.contact_person_id))}`,
            {
              method: 'PATCH',
              body: input,
            },
          ),
        'The buyer has been saved.',
      );
    }
    case 'contact-active': {
      const on = body.active === 'true';
      return attempt(
        request,
        () =>
          adminApi<AdminCustomerAnswer>(
            `${base}/contacts/${encodeURIComponent(String(body.contact_person_id))}`,
            {
              method: 'PATCH',
              body: { active: on },
            },
          ),
        on ? 'The buyer can sign in again.' : 'The buyer is turned off; their sessions have ended.',
      );
    }
    case 'credit': {
      const input = { payment_terms: body.payment_terms, credit_limit: body.credit_limit };
      const parsed = creditUpdateSchema.safeParse(input);
      if (!parsed.success) return invalid(parsed.error.issues);
      return attempt(
        request,
        () => adminApi<AdminCreditAnswer>(`${base}/credit`, { method: 'PUT', body: input }),
        'Saved.',
      );
    }
    case 'add-exemption': {
      const input = {
        scope: body.scope,
        province: body.scope === 'all' ? '' : body.province,
        reference: body.reference,
        reason: body.reason,
        expires_on: body.expires_on,
      };
      const parsed = exemptionCreateSchema.safeParse(input);
      if (!parsed.success) return invalid(parsed.error.issues);
      return attempt(
        request,
        () => adminApi<AdminExemptionChangedAnswer>(`${base}/exemptions`, { body: input }),
        'The exemption has been recorded.',
      );
    }
    case 'revoke-exemption':
      return attempt(
        request,
        () =>
          adminApi<AdminExemptionChangedAnswer>(
            `${base}/exemptions/${encodeURIComponent(String(body.exemption_id ?? ''))}/revoke`,
            { method: 'POST' },
          ),
        'The exemption has been revoked.',
      );
    case 'message': {
      const parsed = customerMessageSchema.safeParse({ body: body.body });
      if (!parsed.success) return invalid(parsed.error.issues);
      return attempt(
        request,
        () => adminApi<AdminCustomerChangedAnswer>(`${base}/messages`, { body: { body: body.body } }),
        'Sent.',
      );
    }
    default:
      return failed('Unknown action.');
  }
}
function CustomerDetail() {
  const data = usePageData<CustomerData>();
  const { customer } = data;
  const owner = useIsOwner();
  return (
    <>
      <p className="admin-crumbs">
        <Link to={`${ADMIN_BASE}/customers`}>Customers</Link>
      </p>
      <PageTitle title={`${customer.customer_id} ${customer.company}`}>
        {customer.company} ({customer.customer_id}){customer.disabled && ' — disabled'}
      </PageTitle>
      <dl className="admin-facts">
        <dt>Customer ID</dt>
        <dd>{customer.customer_id}</dd>
        <dt>Price percentage</dt>
        <dd>{customer.percentage}%</dd>
        <dt>Sign-ins</dt>
        <dd>
          {customer.contacts.length} of {customer.max_buyers} allowed
        </dd>
        <dt>Primary contact</dt>
        <dd>
          {customer.primary_contact
            ? `${customer.primary_contact.name} <${customer.primary_contact.email}> ${customer.primary_contact.phone_number}`
            : '—'}
        </dd>
        <dt>Status</dt>
        <dd>{customer.disabled ? 'Disabled' : 'Active'}</dd>
        <dt>Customer since</dt>
        <dd>
          <When at={customer.created_at} />
        </dd>
      </dl>
      {owner && (
        <div className="admin-cards">
          <EditCustomer customer={customer} />
          <Access customer={customer} />
        </div>
      )}
      <Contacts customer={customer} owner={owner} />
      <section className="admin-section" aria-labelledby="orders-heading">
        <h2 id="orders-heading">Latest orders</h2>
        {customer.orders.length === 0 ? (
          <p>No orders yet.</p>
        ) : (
          <OrdersTable rows={customer.orders} caption={`Latest orders of ${customer.customer_id}`} />
        )}
        <p>
          <Link to={`${ADMIN_BASE}/orders?q=${encodeURIComponent(customer.customer_id)}`}>
            All orders of {customer.customer_id}
          </Link>
        </p>
      </section>
      <TaxAndCredit data={data} owner={owner} />
      <Messages customer={customer} />
      <AuditTrail entries={customer.audit} />
    </>
  );
}

export const customerPage: AdminPage = {
  path: '/customers/:customerId',
  loader,
  action,
  Component: CustomerDetail,
};
