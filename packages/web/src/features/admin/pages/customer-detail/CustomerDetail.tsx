/**
 * /acer/admin/customers/{id}: a customer with its buyers, latest orders, tax and credit, messages and audit.
 * The owner edits the company and percentage, its payment terms and credit limit, disables or enables it,
 * mails a password link and adds or turns off buyers, and records an exemption from all tax; any staff
 * member records an exemption from a province's own sales tax, revokes exemptions and sends it a message.
 */
import {
  contactCreateSchema,
  contactUpdateSchema,
  customerMessageSchema,
  customerUpdateSchema,
} from '@shop/domain/back-office/schemas';
import { creditUpdateSchema, exemptionCreateSchema } from '@shop/domain/tax/admin';
import { isProvincialComponent } from '@shop/domain/tax/rules';
import { Link } from 'react-router';
import { api } from '../../../../lib/api';
import { ADMIN_BASE, attempt, checked, done, failed, readBody } from '../../api';
import { type AdminPage, type PageArgs, useIsOwner, usePageData } from '../../routing';
import { AuditTrail, PageTitle, When } from '../../ui';
import { OrdersTable } from '../Orders';
import { Access, EditCustomer } from './Company';
import { Contacts } from './Contacts';
import type { CustomerData } from './data';
import { Messages } from './Messages';
import { TaxAndCredit } from './TaxAndCredit';

async function loader({ request, params }: PageArgs): Promise<CustomerData> {
  const customerId = { customerId: params.customerId ?? '' };
  const signal = request.signal;
  const [{ customer }, { credit }, { exemptions }, { rates }] = await Promise.all([
    api('GET /api/admin/customers/:customerId', { params: customerId, signal }),
    api('GET /api/admin/customers/:customerId/credit', { params: customerId, signal }),
    api('GET /api/admin/customers/:customerId/exemptions', { params: customerId, signal }),
    api('GET /api/admin/tax-rates', { signal }),
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
  const customer = { customerId: params.customerId ?? '' };
  const contact = { ...customer, contactId: String(body.contact_person_id) };
  switch (body.intent) {
    case 'update': {
      // Only what changed is sent, so the audit names exactly that.
      const input: Record<string, unknown> = {};
      if (body.company !== body.was_company) input.company = body.company;
      if (body.percentage !== body.was_percentage) input.percentage = body.percentage;
      if (body.max_buyers !== body.was_max_buyers) input.max_buyers = body.max_buyers;
      if (Object.keys(input).length === 0) return done('Nothing changed.');
      const update = checked(customerUpdateSchema, input);
      if (update.refused) return update.refused;
      return attempt(
        request,
        () => api('PATCH /api/admin/customers/:customerId', { params: customer, body: update.input }),
        'The customer has been saved.',
      );
    }
    case 'disable':
      return attempt(
        request,
        () => api('POST /api/admin/customers/:customerId/disable', { params: customer }),
        'Done.',
      );
    case 'enable':
      return attempt(
        request,
        () => api('POST /api/admin/customers/:customerId/enable', { params: customer }),
        'Done.',
      );
    case 'password-link':
      return attempt(
        request,
        () =>
          api('POST /api/admin/customers/:customerId/password-link', {
            params: customer,
            body: {
              contact_person_id:
                typeof body.contact_person_id === 'string' ? body.contact_person_id : undefined,
            },
          }),
        'The link has been mailed.',
      );
    case 'add-contact': {
      const add = checked(contactCreateSchema, {
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email,
        phone_number: body.phone_number,
        role: body.role,
      });
      if (add.refused) return add.refused;
      return attempt(
        request,
        () => api('POST /api/admin/customers/:customerId/contacts', { params: customer, body: add.input }),
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
      const update = checked(contactUpdateSchema, input);
      if (update.refused) return update.refused;
      return attempt(
        request,
        () =>
          api('PATCH /api/admin/customers/:customerId/contacts/:contactId', {
            params: contact,
            body: update.input,
          }),
        'The buyer has been saved.',
      );
    }
    case 'contact-active': {
      const on = body.active === 'true';
      return attempt(
        request,
        () =>
          api('PATCH /api/admin/customers/:customerId/contacts/:contactId', {
            params: contact,
            body: { active: on },
          }),
        on ? 'The buyer can sign in again.' : 'The buyer is turned off; their sessions have ended.',
      );
    }
    case 'credit': {
      const credit = checked(creditUpdateSchema, {
        payment_terms: body.payment_terms,
        credit_limit: body.credit_limit,
      });
      if (credit.refused) return credit.refused;
      return attempt(
        request,
        () => api('PUT /api/admin/customers/:customerId/credit', { params: customer, body: credit.input }),
        'Saved.',
      );
    }
    case 'add-exemption': {
      const exemption = checked(exemptionCreateSchema, {
        scope: body.scope,
        province: body.scope === 'all' ? '' : body.province,
        reference: body.reference,
        reason: body.reason,
        expires_on: body.expires_on,
      });
      if (exemption.refused) return exemption.refused;
      return attempt(
        request,
        () =>
          api('POST /api/admin/customers/:customerId/exemptions', {
            params: customer,
            body: exemption.input,
          }),
        'The exemption has been recorded.',
      );
    }
    case 'revoke-exemption':
      return attempt(
        request,
        () =>
          api('POST /api/admin/customers/:customerId/exemptions/:exemptionId/revoke', {
            params: { ...customer, exemptionId: String(body.exemption_id ?? '') },
          }),
        'The exemption has been revoked.',
      );
    case 'message': {
      const message = checked(customerMessageSchema, { body: body.body });
      if (message.refused) return message.refused;
      return attempt(
        request,
        () =>
          api('POST /api/admin/customers/:customerId/messages', { params: customer, body: message.input }),
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
