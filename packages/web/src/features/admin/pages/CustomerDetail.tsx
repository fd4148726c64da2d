/**
 * /acer/admin/customers/{id}: a customer with its buyers, latest orders, tax and credit, messages and audit.
 * The owner edits the company and percentage, its payment terms and credit limit, disables or enables it,
 * mails a password link and adds or turns off buyers, and records an exemption from all tax; any staff
 * member records an exemption from a province's own sales tax, revokes exemptions and sends it a message.
 */
import {
  type AdminContact,
  type AdminCustomerAnswer,
  type AdminCustomerChangedAnswer,
  type AdminCustomerDetail,
  type AdminMessageAnswer,
  CONTACT_ROLES,
  contactCreateSchema,
  contactUpdateSchema,
  customerMessageSchema,
  customerUpdateSchema,
} from '@shop/domain/admin';
import {
  type AdminCredit,
  type AdminCreditAnswer,
  type AdminExemption,
  type AdminExemptionChangedAnswer,
  type AdminExemptionsAnswer,
  type AdminTaxRatesAnswer,
  creditUpdateSchema,
  exemptionCreateSchema,
  PAYMENT_TERM_NAMES,
  PAYMENT_TERMS,
} from '@shop/domain/admin-tax';
import { isProvincialComponent } from '@shop/domain/tax';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_BASE, adminApi, attempt, done, failed, invalid, readBody } from '../api';
import { type AdminPage, type PageArgs, useIsOwner, usePageData } from '../routing';
import {
  AuditTrail,
  Day,
  Field,
  Money,
  PageTitle,
  Result,
  Select,
  TextArea,
  useAction,
  useFocusFirstError,
  When,
} from '../ui';
import { OrdersTable } from './Orders';

interface CustomerData {
  customer: AdminCustomerDetail;
  credit: AdminCredit;
  exemptions: AdminExemption[];
  /** The provinces with a sales tax of their own, with its components (PST, RST, QST): what an exemption can be from. */
  provincial: Record<string, string[]>;
}

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

function EditCustomer({ customer }: { customer: AdminCustomerDetail }) {
  const { fetcher, busy, result, errors } = useAction();
  const ref = useRef<HTMLFormElement>(null);
  useFocusFirstError(ref, result);
  return (
    <section className="admin-card" aria-labelledby="edit-heading">
      <h2 id="edit-heading">Company and prices</h2>
      <Result result={result} />
      <fetcher.Form method="post" ref={ref} className="admin-form" noValidate>
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="was_company" value={customer.company} />
        <input type="hidden" name="was_percentage" value={String(customer.percentage)} />
        <input type="hidden" name="was_max_buyers" value={String(customer.max_buyers)} />
        <Field
          id="edit-company"
          name="company"
          label="Company"
          required
          maxLength={50}
          defaultValue={customer.company}
          key={`company-${customer.company}`}
          error={errors.company}
        />
        <Field
          id="edit-percentage"
          name="percentage"
          label="Price percentage"
          inputMode="numeric"
          required
          maxLength={3}
          hint="Markup over the base prices, 0 to 100; the customer's next page shows the new prices."
          defaultValue={String(customer.percentage)}
          key={`percentage-${customer.percentage}`}
          error={errors.percentage}
        />
        <Field
          id="edit-max-buyers"
          name="max_buyers"
          label="Sign-ins allowed"
          inputMode="numeric"
          required
          maxLength={4}
          hint={`How many people may sign in for the company (it has ${customer.contacts.length}); its administrators cannot add more.`}
          defaultValue={String(customer.max_buyers)}
          key={`max-buyers-${customer.max_buyers}`}
          error={errors.max_buyers}
        />
        <div className="admin-actions">
          <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
            Save
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}

function Access({ customer }: { customer: AdminCustomerDetail }) {
  const { fetcher, busy, result } = useAction();
  const active = customer.contacts.filter((c) => c.active);
  return (
    <section className="admin-card" aria-labelledby="access-heading">
      <h2 id="access-heading">Sign-in</h2>
      <Result result={result} />
      <p>
        {customer.disabled
          ? 'This customer is disabled: nobody of the company can sign in.'
          : 'Disabling ends every session of the company and stops its sign-ins.'}
      </p>
      <fetcher.Form method="post" className="admin-form">
        <input type="hidden" name="intent" value={customer.disabled ? 'enable' : 'disable'} />
        <button
          type="submit"
          className={customer.disabled ? 'admin-btn' : 'admin-btn admin-btn--danger'}
          disabled={busy}
        >
          {customer.disabled ? 'Enable customer' : 'Disable customer'}
        </button>
      </fetcher.Form>
      {!customer.disabled && active.length > 0 && (
        <fetcher.Form method="post" className="admin-form">
          <input type="hidden" name="intent" value="password-link" />
          <Select
            id="link-contact"
            name="contact_person_id"
            label="Mail a link to set a new password to"
            options={active.map((c) => ({
              value: c.contact_person_id,
              label: `${c.first_name} ${c.last_name} <${c.email}>`,
            }))}
          />
          <button type="submit" className="admin-btn" disabled={busy}>
            Send password link
          </button>
        </fetcher.Form>
      )}
    </section>
  );
}

function EditContact({ contact }: { contact: AdminContact }) {
  const ref = useRef<HTMLFormElement>(null);
  const { fetcher, busy, result, errors } = useAction();
  useFocusFirstError(ref, result);
  const id = `contact-${contact.contact_person_id}`;
  const name = `${contact.first_name} ${contact.last_name}`.trim();
  return (
    <fetcher.Form
      method="post"
      ref={ref}
      className="admin-form admin-grid"
      noValidate
      aria-label={`Edit ${name}`}
    >
      <input type="hidden" name="intent" value="edit-contact" />
      <input type="hidden" name="contact_person_id" value={contact.contact_person_id} />
      {(['first_name', 'last_name', 'email', 'phone_number', 'role'] as const).map((key) => (
        <input key={key} type="hidden" name={`was_${key}`} value={contact[key]} />
      ))}
      <div className="admin-grid__full">
        <Result result={result} />
      </div>
      <Field
        id={`${id}-first`}
        name="first_name"
        label="First name"
        required
        maxLength={50}
        defaultValue={contact.first_name}
        error={errors.first_name}
      />
      <Field
        id={`${id}-last`}
        name="last_name"
        label="Last name"
        required
        maxLength={50}
        defaultValue={contact.last_name}
        error={errors.last_name}
      />
      <Field
        id={`${id}-email`}
        name="email"
        type="email"
        label="E-mail"
        required
        maxLength={50}
        defaultValue={contact.email}
        error={errors.email}
        hint={contact.is_primary ? undefined : 'They sign in with it.'}
      />
      <Field
        id={`${id}-phone`}
        name="phone_number"
        type="tel"
        label="Phone"
        inputMode="numeric"
        maxLength={10}
        hint="10 digits"
        defaultValue={contact.phone_number}
        error={errors.phone_number}
      />
      {!contact.is_primary && (
        <Select
          id={`${id}-role`}
          name="role"
          label="Role"
          defaultValue={contact.role}
          options={CONTACT_ROLES}
          error={errors.role}
        />
      )}
      <div className="admin-actions admin-grid__full">
        <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
          Save {name}
        </button>
      </div>
    </fetcher.Form>
  );
}

function ContactRow({ contact, owner }: { contact: AdminContact; owner: boolean }) {
  const { fetcher, busy, result } = useAction();
  const [editing, setEditing] = useState(false);
  const name = `${contact.first_name} ${contact.last_name}`.trim();
  const editorId = `edit-${contact.contact_person_id}`;
  return (
    <>
      <tr>
        <td>
          {name}
          {contact.is_primary && ' (primary contact)'}
        </td>
        <td>{contact.email}</td>
        <td>{contact.phone_number || '—'}</td>
        <td>{contact.username}</td>
        <td>{contact.role}</td>
        <td>
          {contact.active ? 'Active' : 'Turned off'}
          {!contact.has_password && ', no password yet'}
        </td>
        {owner && (
          <td>
            <div className="admin-actions">
              <button
                type="button"
                className="admin-btn admin-btn--small"
                aria-expanded={editing}
                aria-controls={editorId}
                onClick={() => setEditing((open) => !open)}
              >
                Edit {name}
              </button>
              {!contact.is_primary && (
                <fetcher.Form method="post">
                  <input type="hidden" name="intent" value="contact-active" />
                  <input type="hidden" name="contact_person_id" value={contact.contact_person_id} />
                  <input type="hidden" name="active" value={contact.active ? 'false' : 'true'} />
                  <button type="submit" className="admin-btn admin-btn--small" disabled={busy}>
                    {contact.active ? `Turn off ${name}` : `Turn on ${name}`}
                  </button>
                </fetcher.Form>
              )}
            </div>
            <Result result={result?.ok ? null : result} />
          </td>
        )}
      </tr>
      {owner && editing && (
        <tr id={editorId}>
          <td colSpan={7}>
            <EditContact contact={contact} />
          </td>
        </tr>
      )}
    </>
  );
}

function Contacts({ customer, owner }: { customer: AdminCustomerDetail; owner: boolean }) {
  const ref = useRef<HTMLFormElement>(null);
  const { fetcher, busy, result, errors } = useAction(() => ref.current?.reset());
  useFocusFirstError(ref, result);
  return (
    <section className="admin-section" aria-labelledby="contacts-heading">
      <h2 id="contacts-heading">Buyers</h2>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Phone</th>
              <th scope="col">Signs in with</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              {owner && <th scope="col">Change</th>}
            </tr>
          </thead>
          <tbody>
            {customer.contacts.map((c) => (
              <ContactRow key={c.contact_person_id} contact={c} owner={owner} />
            ))}
          </tbody>
        </table>
      </div>
      {owner && (
        <div className="admin-card">
          <h3 id="add-contact-heading">Add a buyer</h3>
          <p className="admin-note">
            They sign in with their e-mail and are mailed a link to set a password.
          </p>
          <Result result={result} />
          <fetcher.Form
            method="post"
            ref={ref}
            className="admin-form admin-grid"
            noValidate
            aria-labelledby="add-contact-heading"
          >
            <input type="hidden" name="intent" value="add-contact" />
            <Field
              id="contact-first"
              name="first_name"
              label="First name"
              required
              maxLength={50}
              error={errors.first_name}
            />
            <Field
              id="contact-last"
              name="last_name"
              label="Last name"
              required
              maxLength={50}
              error={errors.last_name}
            />
            <Field
              id="contact-email"
              name="email"
              type="email"
              label="E-mail"
              required
              maxLength={50}
              error={errors.email}
            />
            <Field
              id="contact-phone"
              name="phone_number"
              type="tel"
              label="Phone"
              inputMode="numeric"
              maxLength={10}
              hint="10 digits"
              error={errors.phone_number}
            />
            <Select
              id="contact-role"
              name="role"
              label="Role"
              defaultValue="buyer"
              hint="An admin manages the company's buyers."
              options={CONTACT_ROLES}
              error={errors.role}
            />
            <div className="admin-actions admin-grid__full">
              <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
                Add buyer
              </button>
            </div>
          </fetcher.Form>
        </div>
      )}
    </section>
  );
}

function CreditForm({ credit }: { credit: AdminCredit }) {
  const ref = useRef<HTMLFormElement>(null);
  const { fetcher, busy, result, errors } = useAction();
  useFocusFirstError(ref, result);
  return (
    <fetcher.Form
      method="post"
      ref={ref}
      className="admin-form"
      noValidate
      aria-label="Payment terms and credit limit"
    >
      <input type="hidden" name="intent" value="credit" />
      <Result result={result} />
      <Select
        id="credit-terms"
        name="payment_terms"
        label="Payment terms"
        defaultValue={credit.payment_terms}
        key={`terms-${credit.payment_terms}`}
        options={PAYMENT_TERMS.map((t) => ({ value: t, label: PAYMENT_TERM_NAMES[t] }))}
        hint="For invoices made from now on."
        error={errors.payment_terms}
      />
      <Field
        id="credit-limit"
        name="credit_limit"
        label="Credit limit (dollars)"
        inputMode="decimal"
        maxLength={14}
        defaultValue={credit.credit_limit === null ? '' : credit.credit_limit.toFixed(2)}
        key={`limit-${credit.credit_limit}`}
        hint="Empty for no limit. An order that would take the open balance past it is placed on hold for a credit review."
        error={errors.credit_limit}
      />
      <div className="admin-actions">
        <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
          Save terms and limit
        </button>
      </div>
    </fetcher.Form>
  );
}

function exemptFrom(e: AdminExemption, provincial: Record<string, string[]>): string {
  if (e.scope === 'all') return 'All tax';
  const components = provincial[e.province ?? '']?.join(', ');
  return `${components ? `${components} of ` : 'Provincial tax of '}${e.province}`;
}

const EXEMPTION_STATE: Record<AdminExemption['state'], { label: string; className: string }> = {
  active: { label: 'Applies', className: 'admin-status admin-status--delivered' },
  expired: { label: 'Expired', className: 'admin-status admin-status--declined' },
  revoked: { label: 'Revoked', className: 'admin-status admin-status--canceled' },
};

function ExemptionRow({
  exemption,
  provincial,
}: {
  exemption: AdminExemption;
  provincial: Record<string, string[]>;
}) {
  const { fetcher, busy, result } = useAction();
  const e = exemption;
  const state = EXEMPTION_STATE[e.state];
  return (
    <tr data-exemption={e.exemption_id}>
      <td>{exemptFrom(e, provincial)}</td>
      <td>{e.reference}</td>
      <td>{e.reason}</td>
      <td>{e.expires_on ? <Day day={e.expires_on} /> : 'No expiry'}</td>
      <td>
        <span className={state.className}>{state.label}</span>
        {e.revoked_at && (
          <span className="admin-note">
            {' '}
            by {e.revoked_by}, <When at={e.revoked_at} />
          </span>
        )}
      </td>
      <td>
        {e.created_by}, <When at={e.created_at} />
      </td>
      <td>
        {e.state !== 'revoked' && (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="revoke-exemption" />
            <input type="hidden" name="exemption_id" value={e.exemption_id} />
            <button type="submit" className="admin-btn admin-btn--small admin-btn--danger" disabled={busy}>
              Revoke<span className="visually-hidden"> exemption {e.reference}</span>
            </button>
          </fetcher.Form>
        )}
        <Result result={result?.ok ? null : result} />
      </td>
    </tr>
  );
}

function AddExemption({ provincial, owner }: { provincial: Record<string, string[]>; owner: boolean }) {
  const ref = useRef<HTMLFormElement>(null);
  const [scope, setScope] = useState('provincial');
  const { fetcher, busy, result, errors } = useAction(() => {
    ref.current?.reset();
    setScope('provincial');
  });
  useFocusFirstError(ref, result);
  return (
    <div className="admin-card">
      <h3 id="add-exemption-heading">Record an exemption</h3>
      <p className="admin-note">
        Checkout and invoices leave the exempt tax out and name the exemption. It stops applying on its expiry
        date; orders placed before keep their tax.
      </p>
      <Result result={result} />
      <fetcher.Form
        method="post"
        ref={ref}
        className="admin-form admin-grid"
        noValidate
        aria-labelledby="add-exemption-heading"
      >
        <input type="hidden" name="intent" value="add-exemption" />
        <Select
          id="exemption-scope"
          name="scope"
          label="Exempt from"
          value={scope}
          onChange={(event) => setScope(event.target.value)}
          options={[
            { value: 'provincial', label: "A province's own sales tax (e.g. a reseller's PST or QST)" },
            // The tax not charged is the seller's liability: an owner's to decide.
            ...(owner ? [{ value: 'all', label: 'All tax (e.g. a status-exempt buyer)' }] : []),
          ]}
          hint={owner ? undefined : 'Only an owner records an exemption from all tax.'}
          error={errors.scope}
        />
        {scope === 'provincial' && (
          <Select
            id="exemption-province"
            name="province"
            label="Province"
            required
            options={Object.entries(provincial).map(([p, components]) => ({
              value: p,
              label: `${p} (${components.join(', ')})`,
            }))}
            error={errors.province}
          />
        )}
        <Field
          id="exemption-reference"
          name="reference"
          label={scope === 'all' ? 'Reference of the document' : 'Exemption number (PST, RST or QST number)'}
          required
          maxLength={50}
          error={errors.reference}
        />
        <Field
          id="exemption-reason"
          name="reason"
          label="Reason"
          required
          maxLength={100}
          hint="Shown at checkout and on invoices, such as Reseller."
          error={errors.reason}
        />
        <Field
          id="exemption-expires"
          name="expires_on"
          type="date"
          label="Expiry date"
          required={scope === 'provincial'}
          hint={
            scope === 'provincial'
              ? 'The first day it no longer applies.'
              : 'Optional: the first day it no longer applies.'
          }
          error={errors.expires_on}
        />
        <div className="admin-actions admin-grid__full">
          <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
            Record exemption
          </button>
        </div>
      </fetcher.Form>
    </div>
  );
}

function TaxAndCredit({ data, owner }: { data: CustomerData; owner: boolean }) {
  const { customer, credit, exemptions, provincial } = data;
  return (
    <section className="admin-section" aria-labelledby="tax-credit-heading">
      <h2 id="tax-credit-heading">Tax and credit</h2>
      <dl className="admin-facts">
        <dt>Payment terms</dt>
        <dd>{PAYMENT_TERM_NAMES[credit.payment_terms]}</dd>
        <dt>Credit limit</dt>
        <dd>{credit.credit_limit === null ? 'None' : <Money amount={credit.credit_limit} />}</dd>
        <dt>Open balance</dt>
        <dd>
          <Money amount={credit.open_balance} />{' '}
          <span className="admin-note">
            (unpaid invoices and orders not yet invoiced, held ones included)
          </span>
        </dd>
        <dt>On hold for credit review</dt>
        <dd>
          {credit.held_orders === 0 ? (
            'No orders'
          ) : (
            <Link to={`${ADMIN_BASE}/orders?status=OnHold&q=${encodeURIComponent(customer.customer_id)}`}>
              {credit.held_orders} {credit.held_orders === 1 ? 'order' : 'orders'}
            </Link>
          )}
        </dd>
      </dl>
      {owner && (
        <div className="admin-card">
          <h3>Payment terms and credit limit</h3>
          <CreditForm credit={credit} />
        </div>
      )}
      <h3 id="exemptions-heading">Tax exemptions</h3>
      {exemptions.length === 0 ? (
        <p>No exemptions: the company pays every tax of the province it ships to.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table" aria-labelledby="exemptions-heading">
            <thead>
              <tr>
                <th scope="col">Exempt from</th>
                <th scope="col">Number or reference</th>
                <th scope="col">Reason</th>
                <th scope="col">Expires</th>
                <th scope="col">Status</th>
                <th scope="col">Recorded</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {exemptions.map((e) => (
                <ExemptionRow key={e.exemption_id} exemption={e} provincial={provincial} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AddExemption provincial={provincial} owner={owner} />
    </section>
  );
}

function Messages({ customer }: { customer: AdminCustomerDetail }) {
  const ref = useRef<HTMLFormElement>(null);
  const { fetcher, busy, result, errors } = useAction(() => ref.current?.reset());
  useFocusFirstError(ref, result);
  return (
    <section className="admin-section" aria-labelledby="messages-heading">
      <h2 id="messages-heading">Messages</h2>
      <Result result={result} />
      <fetcher.Form method="post" ref={ref} className="admin-form" noValidate>
        <input type="hidden" name="intent" value="message" />
        <TextArea
          id="message-body"
          name="body"
          label="Send a message"
          required
          maxLength={5000}
          hint="Shown in the customer's Messages and mailed to the primary contact."
          error={errors.body}
        />
        <div className="admin-actions">
          <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
            Send message
          </button>
        </div>
      </fetcher.Form>
      {customer.messages.length > 0 && (
        <p>
          <Link to={`${ADMIN_BASE}/messages?status=all&q=${encodeURIComponent(customer.customer_id)}`}>
            The threads with {customer.customer_id}, with the buyers' replies
          </Link>
        </p>
      )}
      {customer.messages.length === 0 ? (
        <p>No messages yet.</p>
      ) : (
        <ul className="admin-messages">
          {customer.messages.map((m) => (
            <li key={m.message_id}>
              <p className="admin-note">
                <When at={m.created_at} /> — {m.is_read ? 'read' : 'not read yet'}
              </p>
              <p className="admin-pre">{m.body}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
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
