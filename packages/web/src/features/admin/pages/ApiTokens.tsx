/**
 * /acer/admin/api-tokens (owners): the back office's API tokens for the seller's own systems (warehouse,
 * ERP, accounting). Making one shows its secret this once; the list shows each token's scopes and last use,
 * and revokes it at once.
 */
import {
  STAFF_SCOPES,
  type StaffScope,
  type StaffTokenCreatedAnswer,
  StaffTokenCreateRequest,
  type StaffTokenView,
} from '@shop/domain/back-office/staff-tokens';
import { useRef } from 'react';
import { api } from '../../../lib/api';
import { attempt, checked, failed, readBody } from '../api';
import { type AdminPage, type PageArgs, usePageData } from '../routing';
import { Checkbox, Field, PageTitle, Result, useAction, useFocusFirstError, When } from '../ui';

/** What each scope lets a token do, as the owner reads it. */
const SCOPE_WORDS: Record<StaffScope, string> = {
  'orders:read': 'Read orders',
  'customers:read': 'Read customers',
  'invoices:read': 'Read invoices, credit notes and receivables',
  'orders:write': 'Change orders’ states and ship them (carrier, tracking, serials)',
  'catalog:write': 'Set products’ stock and prices',
  accounting: 'Accounting exports and ids',
};

async function loader({ request }: PageArgs) {
  const { tokens } = await api('GET /api/admin/staff-tokens', { signal: request.signal });
  return tokens;
}

async function action({ request }: PageArgs) {
  const body = await readBody(request);
  switch (body.intent) {
    case 'add': {
      const scopes = STAFF_SCOPES.filter((s) => body[`scope_${s}`] === 'on');
      const add = checked(StaffTokenCreateRequest, { name: body.name, scopes });
      if (add.refused) return add.refused;
      return attempt(request, () => api('POST /api/admin/staff-tokens', { body: add.input }), 'Made.');
    }
    case 'revoke':
      return attempt(
        request,
        () =>
          api('POST /api/admin/staff-tokens/:tokenId/revoke', {
            params: { tokenId: String(body.token_id ?? '') },
          }),
        'Revoked.',
      );
    default:
      return failed('Unknown action.');
  }
}

function TokenRow({ token }: { token: StaffTokenView }) {
  const { fetcher, busy, result } = useAction();
  return (
    <tr data-token={token.prefix}>
      <td>{token.name}</td>
      <td>
        <code>{token.prefix}…</code>
      </td>
      <td>{token.scopes.join(', ')}</td>
      <td>
        <When at={token.created_at} /> by {token.created_by}
      </td>
      <td>{token.last_used_at ? <When at={token.last_used_at} /> : 'Never'}</td>
      <td>
        {token.revoked_at ? (
          <>
            Revoked <When at={token.revoked_at} />
          </>
        ) : (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="revoke" />
            <input type="hidden" name="token_id" value={token.token_id} />
            <button type="submit" className="admin-btn admin-btn--small" disabled={busy}>
              Revoke<span className="visually-hidden"> {token.name}</span>
            </button>
          </fetcher.Form>
        )}
        <Result result={result} />
      </td>
    </tr>
  );
}

function ApiTokens() {
  const tokens = usePageData<StaffTokenView[]>();
  const ref = useRef<HTMLFormElement>(null);
  const { fetcher, busy, result, errors } = useAction(() => ref.current?.reset());
  useFocusFirstError(ref, result);
  const made = result?.ok ? (result.data as StaffTokenCreatedAnswer | undefined) : undefined;
  return (
    <>
      <PageTitle title="API tokens">API tokens</PageTitle>
      <p>
        A token lets one of your own systems call the back office’s API (see /api/docs) with{' '}
        <code>Authorization: Bearer &lt;token&gt;</code>, only for what its scopes allow. Every use is in the
        audit trail.
      </p>
      <div className="admin-table-wrap">
        <table className="admin-table admin-table--rows">
          <caption className="visually-hidden">API tokens</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Starts with</th>
              <th scope="col">Scopes</th>
              <th scope="col">Made</th>
              <th scope="col">Last used</th>
              <th scope="col">Revoke</th>
            </tr>
          </thead>
          <tbody>
            {tokens.length === 0 && (
              <tr>
                <td colSpan={6}>No tokens yet.</td>
              </tr>
            )}
            {tokens.map((t) => (
              <TokenRow key={t.token_id} token={t} />
            ))}
          </tbody>
        </table>
      </div>
      <section className="admin-card" aria-labelledby="add-token-heading">
        <h2 id="add-token-heading">Make a token</h2>
        <Result result={result} />
        {made?.secret && (
          <p className="admin-note">
            Secret of {made.token.name} (shown this once):{' '}
            <code data-testid="token-secret">{made.secret}</code>
          </p>
        )}
        <fetcher.Form method="post" ref={ref} className="admin-form admin-grid" noValidate>
          <input type="hidden" name="intent" value="add" />
          <Field id="token-name" name="name" label="Name" required maxLength={60} error={errors.name} />
          <fieldset className="admin-grid__full">
            <legend>Scopes</legend>
            {STAFF_SCOPES.map((s) => (
              <Checkbox
                key={s}
                id={`token-scope-${s}`}
                name={`scope_${s}`}
                label={`${s}: ${SCOPE_WORDS[s]}`}
              />
            ))}
            {errors.scopes && <p className="field-error">{errors.scopes}</p>}
          </fieldset>
          <div className="admin-actions admin-grid__full">
            <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
              Make the token
            </button>
          </div>
        </fetcher.Form>
      </section>
    </>
  );
}

export const apiTokensPage: AdminPage = {
  path: '/api-tokens',
  owner: true,
  loader,
  action,
  Component: ApiTokens,
};
