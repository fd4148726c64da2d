/**
 * A customer's tax exemptions: the list with a revoke button each, and the form recording one (from a
 * province's own sales tax by any staff member, from all tax by an owner).
 */
import type { AdminExemption } from '@shop/domain/tax/admin';
import { useRef, useState } from 'react';
import { Day, Field, Result, Select, useAction, useFocusFirstError, When } from '../../ui';

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

export function Exemptions({
  exemptions,
  provincial,
  owner,
}: {
  exemptions: AdminExemption[];
  provincial: Record<string, string[]>;
  owner: boolean;
}) {
  return (
    <>
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
    </>
  );
}
