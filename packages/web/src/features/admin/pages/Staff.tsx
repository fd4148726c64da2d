/**
 * /acer/admin/staff (owners): the people of the shop, their roles, turning them off and on, and mailing a
 * link to set a password. Nobody's password is ever typed by someone else. `j`/`k` move from person to
 * person (list-keys.tsx); a row has nothing to open, its controls are reached with Tab.
 */
import {
  STAFF_ROLES,
  type StaffInfo,
  staffCreateSchema,
  staffUpdateSchema,
} from '@shop/domain/back-office/schemas';
import { useRef } from 'react';
import { api } from '../../../lib/api';
import { attempt, checked, failed, readBody } from '../api';
import { KeysHint, SkipToTable, useListKeys } from '../list-keys';
import { type AdminPage, type PageArgs, useMe, usePageData } from '../routing';
import { Field, PageTitle, Result, Select, useAction, useFocusFirstError, When } from '../ui';

async function loader({ request }: PageArgs) {
  const { staff } = await api('GET /api/admin/staff', { signal: request.signal });
  return staff;
}

async function action({ request }: PageArgs) {
  const body = await readBody(request);
  const params = { staffId: String(body.staff_id ?? '') };
  switch (body.intent) {
    case 'add': {
      const add = checked(staffCreateSchema, { email: body.email, name: body.name, role: body.role });
      if (add.refused) return add.refused;
      return attempt(request, () => api('POST /api/admin/staff', { body: add.input }), 'Added.');
    }
    case 'role':
    case 'active': {
      const change = checked(
        staffUpdateSchema,
        body.intent === 'role' ? { role: body.role } : { active: body.active === 'true' },
      );
      if (change.refused) return change.refused;
      return attempt(
        request,
        () => api('PATCH /api/admin/staff/:staffId', { params, body: change.input }),
        'Saved.',
      );
    }
    case 'link':
      return attempt(request, () => api('POST /api/admin/staff/:staffId/send-link', { params }), 'Sent.');
    default:
      return failed('Unknown action.');
  }
}

function StaffRow({ person, self }: { person: StaffInfo; self: boolean }) {
  const { fetcher, busy, result } = useAction();
  const who = person.name || person.email;
  return (
    <tr data-row tabIndex={-1}>
      <td>{person.name || '—'}</td>
      <td>{person.email}</td>
      <td>
        <fetcher.Form method="post" className="admin-inline">
          <input type="hidden" name="intent" value="role" />
          <input type="hidden" name="staff_id" value={person.staff_id} />
          <Select
            id={`role-${person.staff_id}`}
            name="role"
            label={<span className="visually-hidden">Role of {who}</span>}
            defaultValue={person.role}
            options={STAFF_ROLES}
          />
          <button type="submit" className="admin-btn admin-btn--small" disabled={busy}>
            Change role<span className="visually-hidden"> of {who}</span>
          </button>
        </fetcher.Form>
      </td>
      <td>
        {person.active ? 'Active' : 'Turned off'}
        {!person.has_password && ', no password yet'}
      </td>
      <td>
        <When at={person.created_at} />
      </td>
      <td>
        <div className="admin-actions">
          {!self && (
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="active" />
              <input type="hidden" name="staff_id" value={person.staff_id} />
              <input type="hidden" name="active" value={person.active ? 'false' : 'true'} />
              <button type="submit" className="admin-btn admin-btn--small" disabled={busy}>
                {person.active ? 'Turn off' : 'Turn on'}
                <span className="visually-hidden"> {who}</span>
              </button>
            </fetcher.Form>
          )}
          {person.active && (
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="link" />
              <input type="hidden" name="staff_id" value={person.staff_id} />
              <button type="submit" className="admin-btn admin-btn--small" disabled={busy}>
                Mail a password link<span className="visually-hidden"> to {who}</span>
              </button>
            </fetcher.Form>
          )}
        </div>
        <Result result={result} />
      </td>
    </tr>
  );
}

function Staff() {
  const staff = usePageData<StaffInfo[]>();
  const me = useMe();
  const ref = useRef<HTMLFormElement>(null);
  const { fetcher, busy, result, errors } = useAction(() => ref.current?.reset());
  useFocusFirstError(ref, result);
  const table = useRef<HTMLDivElement>(null);
  // No search field: the whole staff fits on one page.
  useListKeys(table, '');
  return (
    <>
      <PageTitle title="Staff">Staff</PageTitle>
      <SkipToTable target="staff-table">Skip to the staff table</SkipToTable>
      <p>
        Owners do everything; clerks handle orders, messages and products, and read customers and
        applications.
      </p>
      <p className="admin-count" role="status">
        {staff.length === 1 ? '1 person' : `${staff.length} people`} on the staff.
      </p>
      <div className="admin-table-wrap" id="staff-table" ref={table} tabIndex={-1}>
        <table className="admin-table admin-table--rows">
          <caption className="visually-hidden">Staff</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Added</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {staff.map((s) => (
              <StaffRow key={s.staff_id} person={s} self={s.staff_id === me?.staff.staff_id} />
            ))}
          </tbody>
        </table>
      </div>
      <KeysHint search={false} open={false} />
      <section className="admin-card" aria-labelledby="add-staff-heading">
        <h2 id="add-staff-heading">Add a person</h2>
        <p className="admin-note">They are mailed a link to set their password (valid 7 days).</p>
        <Result result={result} />
        <fetcher.Form method="post" ref={ref} className="admin-form admin-grid" noValidate>
          <input type="hidden" name="intent" value="add" />
          <Field
            id="staff-email"
            name="email"
            type="email"
            label="E-mail"
            required
            maxLength={100}
            error={errors.email}
          />
          <Field id="staff-name" name="name" label="Name" maxLength={100} error={errors.name} />
          <Select
            id="staff-role"
            name="role"
            label="Role"
            defaultValue="clerk"
            options={STAFF_ROLES}
            error={errors.role}
          />
          <div className="admin-actions admin-grid__full">
            <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
              Add and mail the link
            </button>
          </div>
        </fetcher.Form>
      </section>
    </>
  );
}

export const staffPage: AdminPage = { path: '/staff', owner: true, loader, action, Component: Staff };
