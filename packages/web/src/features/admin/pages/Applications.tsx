/**
 * /acer/admin/applications: the Register applications. The owner approves one (the new-customer form, filled
 * in from it) or rejects it with a reason that is mailed to the applicant. An application that looks like
 * another one, or whose e-mail already signs in for a customer, says so. `j`/`k` move from application to
 * application (list-keys.tsx); Enter opens the approval form of a new one (owners) or the customer an
 * approved one became; a rejected one has nothing to open.
 */
import {
  type AdminApplication,
  APPLICATION_STATUSES,
  applicationRejectSchema,
  type Page,
} from '@shop/domain/back-office/schemas';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../../lib/api';
import { ADMIN_BASE, attempt, checked, failed, readBody } from '../api';
import { KeysHint, SkipToTable, useListKeys } from '../list-keys';
import { type AdminPage, type PageArgs, useIsOwner, usePageData } from '../routing';
import { ListPager, PageTitle, Result, TextArea, useAction, useFocusFirstError, When } from '../ui';

async function loader({ request }: PageArgs) {
  const url = new URL(request.url);
  const query = { status: url.searchParams.get('status'), page: url.searchParams.get('page') };
  const { applications } = await api('GET /api/admin/applications', { query, signal: request.signal });
  return applications;
}

async function action({ request }: PageArgs) {
  const body = await readBody(request);
  if (body.intent !== 'reject') return failed('Unknown action.');
  const reject = checked(applicationRejectSchema, { reason: body.reason });
  if (reject.refused) return reject.refused;
  return attempt(
    request,
    () =>
      api('POST /api/admin/applications/:applicationId/reject', {
        params: { applicationId: String(body.application_id) },
        body: reject.input,
      }),
    'The application has been rejected.',
  );
}

function Reject({ application }: { application: AdminApplication }) {
  const { fetcher, busy, result, errors } = useAction();
  const ref = useRef<HTMLFormElement>(null);
  useFocusFirstError(ref, result);
  const id = `reject-${application.application_id}`;
  return (
    <fetcher.Form method="post" ref={ref} className="admin-form" noValidate>
      <input type="hidden" name="intent" value="reject" />
      <input type="hidden" name="application_id" value={application.application_id} />
      <Result result={result} />
      <TextArea
        id={`${id}-reason`}
        name="reason"
        label={`Reason to reject ${application.company}`}
        required
        rows={2}
        maxLength={1000}
        hint="Mailed to the applicant."
        error={errors.reason}
      />
      <button type="submit" className="admin-btn admin-btn--danger" disabled={busy}>
        Reject application #{application.application_id}
      </button>
    </fetcher.Form>
  );
}

/**
 * What the seller should see before deciding: the same company applied before (same e-mail or company
 * name), or the e-mail already signs in for a customer.
 */
function Flags({ application: a }: { application: AdminApplication }) {
  if (a.duplicates.length === 0 && !a.email_customer_id) return null;
  return (
    <ul className="admin-problems" aria-label={`Warnings about application #${a.application_id}`}>
      {a.duplicates.length > 0 && <li>Also applied as {a.duplicates.map((id) => `#${id}`).join(', ')}</li>}
      {a.email_customer_id && (
        <li>
          E-mail already signs in for{' '}
          <Link to={`${ADMIN_BASE}/customers/${a.email_customer_id}`}>{a.email_customer_id}</Link>
        </li>
      )}
    </ul>
  );
}

function ApplicationCard({ application, owner }: { application: AdminApplication; owner: boolean }) {
  const a = application;
  const approve = `${ADMIN_BASE}/customers/new?application=${a.application_id}`;
  const opens =
    a.status === 'New' && owner
      ? approve
      : a.customer_id
        ? `${ADMIN_BASE}/customers/${a.customer_id}`
        : undefined;
  return (
    <article
      className="admin-card"
      aria-labelledby={`application-${a.application_id}`}
      data-row
      data-href={opens}
      tabIndex={-1}
    >
      <h2 id={`application-${a.application_id}`}>
        #{a.application_id} {a.company}
      </h2>
      <Flags application={a} />
      <dl className="admin-facts">
        <dt>Received</dt>
        <dd>
          <When at={a.created_at} />
        </dd>
        <dt>Contact</dt>
        <dd>{a.contact_name}</dd>
        <dt>E-mail</dt>
        <dd>{a.email}</dd>
        <dt>Phone</dt>
        <dd>{a.phone_number || '—'}</dd>
        <dt>Province</dt>
        <dd>{a.province || '—'}</dd>
        <dt>Message</dt>
        <dd className="admin-pre">{a.message || '—'}</dd>
        {a.status !== 'New' && (
          <>
            <dt>Decision</dt>
            <dd>
              {a.status} by {a.decided_by ?? '—'} <When at={a.decided_at} />
              {a.customer_id && (
                <>
                  {' '}
                  as <Link to={`${ADMIN_BASE}/customers/${a.customer_id}`}>{a.customer_id}</Link>
                </>
              )}
              {a.decision_reason && <>: {a.decision_reason}</>}
            </dd>
          </>
        )}
      </dl>
      {a.status === 'New' && owner && (
        <div className="admin-cards">
          <p>
            <Link className="admin-btn admin-btn--primary" to={approve}>
              Approve application #{a.application_id}
            </Link>
          </p>
          <Reject application={a} />
        </div>
      )}
    </article>
  );
}

function Applications() {
  const applications = usePageData<Page<AdminApplication>>();
  const owner = useIsOwner();
  const [params] = useSearchParams();
  const status = params.get('status') ?? 'New';
  const list = useRef<HTMLDivElement>(null);
  // No search field: the tabs sort the applications by status.
  useListKeys(list, '');
  const total = applications.total;
  return (
    <>
      <PageTitle title="Applications">Applications</PageTitle>
      <SkipToTable target="applications-list">Skip to the applications</SkipToTable>
      <nav aria-label="Application status" className="admin-tabs">
        <ul>
          {APPLICATION_STATUSES.map((s) => (
            <li key={s}>
              <Link
                to={s === 'New' ? `${ADMIN_BASE}/applications` : `${ADMIN_BASE}/applications?status=${s}`}
                aria-current={s === status ? 'page' : undefined}
              >
                {s}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {!owner && <p className="admin-note">Only an owner approves or rejects applications.</p>}
      <p className="admin-count" role="status">
        {total.toLocaleString('en-CA')} {status.toLowerCase()}{' '}
        {total === 1 ? 'application.' : 'applications.'}
      </p>
      {applications.items.length === 0 ? (
        <p id="applications-list" tabIndex={-1}>
          No {status.toLowerCase()} applications.
        </p>
      ) : (
        <div id="applications-list" ref={list} tabIndex={-1}>
          {applications.items.map((a) => (
            <ApplicationCard key={a.application_id} application={a} owner={owner} />
          ))}
        </div>
      )}
      <KeysHint search={false} />
      <ListPager
        page={applications.page}
        pages={applications.pages}
        total={applications.total}
        noun="application"
      />
    </>
  );
}

export const applicationsPage: AdminPage = {
  path: '/applications',
  loader,
  action,
  Component: Applications,
};
