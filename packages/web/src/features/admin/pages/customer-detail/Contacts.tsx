/** A customer's buyers: the list, and for an owner each buyer's edit form, turning one off and adding one. */
import { type AdminContact, type AdminCustomerDetail, CONTACT_ROLES } from '@shop/domain/back-office/schemas';
import { useRef, useState } from 'react';
import { Field, Result, Select, useAction, useFocusFirstError } from '../../ui';

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

export function Contacts({ customer, owner }: { customer: AdminCustomerDetail; owner: boolean }) {
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
