/**
 * /acer/admin/customers/new[?application=N]: a new customer; approving an application opens this form filled
 * in from it. Saving mails the contact the Customer ID and a link to set the password (7 days).
 */
import {
  type AdminApplication,
  type CustomerCreateInput,
  customerCreateSchema,
} from '@shop/domain/back-office/schemas';
import { DEFAULT_PERCENTAGE } from '@shop/domain/catalog/rules';
import { useRef } from 'react';
import { Link, redirect } from 'react-router';
import { api } from '../../../lib/api';
import { ADMIN_BASE, checked, failureOf, readBody } from '../api';
import { type AdminPage, type PageArgs, setFlash, usePageData } from '../routing';
import { Field, PageTitle, Result, useAction, useFocusFirstError, When } from '../ui';

interface NewCustomerData {
  application: AdminApplication | null;
  form: CustomerCreateInput;
}

async function loader({ request }: PageArgs): Promise<NewCustomerData> {
  const id = new URL(request.url).searchParams.get('application');
  if (!id) {
    return {
      application: null,
      form: {
        company: '',
        first_name: '',
        last_name: '',
        email: '',
        phone_number: '',
        percentage: DEFAULT_PERCENTAGE,
      },
    };
  }
  const { application } = await api('GET /api/admin/applications/:applicationId', {
    params: { applicationId: id },
    signal: request.signal,
  });
  return { application, form: application.customer_form };
}

async function action({ request }: PageArgs) {
  const body = await readBody(request);
  const input: Record<string, unknown> = {
    company: body.company,
    first_name: body.first_name,
    last_name: body.last_name,
    email: body.email,
    phone_number: body.phone_number,
    percentage: body.percentage,
  };
  if (typeof body.customer_id === 'string' && body.customer_id.trim() !== '')
    input.customer_id = body.customer_id;
  if (typeof body.application_id === 'string' && body.application_id !== '')
    input.application_id = body.application_id;
  const customer = checked(customerCreateSchema, input);
  if (customer.refused) return customer.refused;
  try {
    const answer = await api('POST /api/admin/customers', { body: customer.input });
    setFlash(answer.smessage);
    return redirect(`${ADMIN_BASE}/customers/${answer.customer.customer_id}`);
  } catch (error) {
    return failureOf(error, request);
  }
}

function CustomerNew() {
  const { application, form } = usePageData<NewCustomerData>();
  const { fetcher, busy, result, errors } = useAction();
  const ref = useRef<HTMLFormElement>(null);
  useFocusFirstError(ref, result);
  const title = application ? `Approve application #${application.application_id}` : 'New customer';
  return (
    <>
      <p className="admin-crumbs">
        <Link to={application ? `${ADMIN_BASE}/applications` : `${ADMIN_BASE}/customers`}>
          {application ? 'Applications' : 'Customers'}
        </Link>
      </p>
      <PageTitle title={title}>{title}</PageTitle>
      {application && (
        <section className="admin-card" aria-labelledby="application-heading">
          <h2 id="application-heading">The application</h2>
          <dl className="admin-facts">
            <dt>Received</dt>
            <dd>
              <When at={application.created_at} />
            </dd>
            <dt>Company</dt>
            <dd>{application.company}</dd>
            <dt>Contact</dt>
            <dd>{application.contact_name}</dd>
            <dt>E-mail</dt>
            <dd>{application.email}</dd>
            <dt>Phone</dt>
            <dd>{application.phone_number || '—'}</dd>
            <dt>Province</dt>
            <dd>{application.province || '—'}</dd>
            <dt>Message</dt>
            <dd className="admin-pre">{application.message || '—'}</dd>
          </dl>
          {application.status !== 'New' && (
            <p role="alert" className="banner banner--error">
              This application is {application.status} already.
            </p>
          )}
        </section>
      )}
      <p>Saving mails the contact their Customer ID and a link to set a password, valid 7 days.</p>
      <Result result={result} />
      <fetcher.Form method="post" ref={ref} className="admin-form admin-grid" noValidate>
        {application && <input type="hidden" name="application_id" value={application.application_id} />}
        <Field
          id="customer_id"
          name="customer_id"
          label="Customer ID"
          maxLength={50}
          hint="Leave empty for the next free number (C…)."
          error={errors.customer_id}
        />
        <Field
          id="company"
          name="company"
          label="Company"
          required
          maxLength={50}
          defaultValue={form.company}
          error={errors.company}
        />
        <Field
          id="first_name"
          name="first_name"
          label="Contact first name"
          required
          maxLength={50}
          defaultValue={form.first_name}
          error={errors.first_name}
        />
        <Field
          id="last_name"
          name="last_name"
          label="Contact last name"
          required
          maxLength={50}
          defaultValue={form.last_name}
          error={errors.last_name}
        />
        <Field
          id="email"
          name="email"
          type="email"
          label="E-mail"
          required
          maxLength={50}
          defaultValue={form.email}
          error={errors.email}
        />
        <Field
          id="phone_number"
          name="phone_number"
          type="tel"
          label="Phone"
          inputMode="numeric"
          maxLength={10}
          hint="10 digits"
          defaultValue={form.phone_number ?? ''}
          error={errors.phone_number}
        />
        <Field
          id="percentage"
          name="percentage"
          label="Price percentage"
          inputMode="numeric"
          required
          maxLength={3}
          hint="Markup over the base prices, 0 to 100."
          defaultValue={String(form.percentage ?? DEFAULT_PERCENTAGE)}
          error={errors.percentage}
        />
        <div className="admin-actions admin-grid__full">
          <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
            {application ? 'Approve and create the customer' : 'Create the customer'}
          </button>
        </div>
      </fetcher.Form>
    </>
  );
}

export const customerNewPage: AdminPage = {
  path: '/customers/new',
  owner: true,
  loader,
  action,
  Component: CustomerNew,
};
