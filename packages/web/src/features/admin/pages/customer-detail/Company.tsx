/** The owner's cards at the top of a customer: its company and prices, and its sign-in (disable, password link). */
import type { AdminCustomerDetail } from '@shop/domain/back-office/schemas';
import { useRef } from 'react';
import { Field, Result, Select, useAction, useFocusFirstError } from '../../ui';

export function EditCustomer({ customer }: { customer: AdminCustomerDetail }) {
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

export function Access({ customer }: { customer: AdminCustomerDetail }) {
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
