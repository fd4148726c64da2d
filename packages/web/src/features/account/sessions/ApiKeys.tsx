/**
 * The company's API keys, for its administrators: make one (its secret is shown once, here), see them with
 * their last use, and revoke one. The keys let the company's own systems read its price list and orders and
 * place orders (/api/v1, see /api/docs).
 */
import type { ApiKeyView, ApiScope } from '@shop/domain/company-api/schemas';
import { useEffect, useRef, useState } from 'react';
import { focusFirstError, TextField } from '../../../components/fields';
import { Loading } from '../../../components/Loading';
import { Moment } from '../../../components/Moment';
import { ApiError, api } from '../../../lib/api';
import { failureMessage, serverFieldErrors } from '../../../lib/failures';
import { t } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { LoadError } from './LoadError';
import './api-keys.css';

/** The permissions a key may have, in the order the form offers them. */
const SCOPES: readonly ApiScope[] = ['prices:read', 'orders:write'];
const NAME_MAX = 60;

function scopeName(scope: ApiScope): string {
  return t(`account:apiKeys.scope.${scope}`);
}

type Created = { apiKey: ApiKeyView; secret: string };

/** The new key's secret, shown once: copy it now, it cannot be shown again. */
function NewSecret({ created, onDone }: { created: Created; onDone: () => void }) {
  const panel = useRef<HTMLElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState('');
  useEffect(() => {
    panel.current?.focus();
  }, []);

  const copy = async () => {
    field.current?.select();
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied(t('account:apiKeys.copied'));
    } catch {
      // No clipboard for this page (an older browser, or permission refused): the text is selected.
      setCopied(t('account:apiKeys.copyByHand'));
    }
  };

  return (
    <section
      ref={panel}
      className="acct-section acct-secret"
      aria-labelledby="new-key-title"
      tabIndex={-1}
      data-testid="new-api-key"
    >
      <h2 id="new-key-title">{t('account:apiKeys.newTitle', { name: created.apiKey.name })}</h2>
      <p id="new-key-warning" className="acct-secret__warning">
        <strong>{t('account:apiKeys.onceWarning')}</strong>
      </p>
      <label htmlFor="new-key-secret">{t('account:apiKeys.secretLabel')}</label>
      <div className="acct-secret__row">
        <input
          ref={field}
          id="new-key-secret"
          className="acct-secret__value"
          readOnly
          spellCheck={false}
          autoComplete="off"
          value={created.secret}
          aria-describedby="new-key-warning new-key-hint"
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="btn btn--primary" onClick={() => void copy()}>
          {t('account:apiKeys.copy')}
        </button>
      </div>
      <p id="new-key-hint" className="field-hint">
        {t('account:apiKeys.copyHint')}
      </p>
      <p className="acct-status-line" role="status">
        {copied}
      </p>
      <button type="button" className="btn" onClick={onDone}>
        {t('account:apiKeys.done')}
      </button>
    </section>
  );
}

function MakeKey({ onMade }: { onMade: (made: Created) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>(['prices:read']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setProblem('');
    const wrong: Record<string, string> = {};
    if (!name.trim()) wrong.name = t('account:apiKeys.nameRequired');
    if (scopes.length === 0) wrong.scopes = t('account:apiKeys.scopesRequired');
    setErrors(wrong);
    if (Object.keys(wrong).length > 0) {
      focusFirstError(form.current);
      return;
    }
    setBusy(true);
    try {
      const answer = await api('POST /api/user/api-keys', { body: { name: name.trim(), scopes } });
      setName('');
      setScopes(['prices:read']);
      onMade({ apiKey: answer.apiKey, secret: answer.secret });
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) {
        setErrors(fields);
        focusFirstError(form.current);
      }
      setProblem(failureMessage(error, t('account:apiKeys.makeFailed')));
    } finally {
      setBusy(false);
    }
  };

  const toggle = (scope: ApiScope, on: boolean) =>
    setScopes((list) => SCOPES.filter((s) => (s === scope ? on : list.includes(s))));

  return (
    <form ref={form} className="form acct-form acct-form--grid" onSubmit={submit} noValidate>
      <h2 className="acct-form__title">{t('account:apiKeys.makeTitle')}</h2>
      <TextField
        id="api-key-name"
        label={t('account:apiKeys.name')}
        required
        maxLength={NAME_MAX}
        autoComplete="off"
        hint={t('account:apiKeys.nameHint')}
        className="acct-form__wide"
        value={name}
        onChange={setName}
        error={errors.name}
      />
      <fieldset
        className="acct-form__wide acct-roles"
        aria-describedby={errors.scopes ? 'api-key-scopes-error' : undefined}
      >
        <legend>{t('account:apiKeys.scopes')}</legend>
        {SCOPES.map((scope) => (
          <label key={scope} className="acct-scope">
            <input
              type="checkbox"
              name="api-key-scope"
              value={scope}
              checked={scopes.includes(scope)}
              aria-invalid={errors.scopes ? true : undefined}
              onChange={(event) => toggle(scope, event.currentTarget.checked)}
            />{' '}
            {scopeName(scope)} <span className="acct-muted">({t(`account:apiKeys.scopeHint.${scope}`)})</span>
          </label>
        ))}
        <p className="field-hint">{t('account:apiKeys.readsHint')}</p>
        {errors.scopes && (
          <p id="api-key-scopes-error" className="field-error">
            {errors.scopes}
          </p>
        )}
      </fieldset>
      <p className="acct-form__wide field-error" role="alert">
        {problem}
      </p>
      <div className="acct-form__wide acct-form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t('account:apiKeys.make')}
        </button>
      </div>
    </form>
  );
}

function KeyState({ apiKey }: { apiKey: ApiKeyView }) {
  if (!apiKey.revoked_at) return <>{t('account:apiKeys.active')}</>;
  return (
    <span className="acct-state--off">
      {t('account:apiKeys.revokedOn')} <Moment at={apiKey.revoked_at} />
      {apiKey.revoked_by ? ` (${apiKey.revoked_by})` : ''}
    </span>
  );
}

/** The account's API keys section (company administrators only; the server refuses others with 403). */
export function ApiKeys() {
  const { customer } = useSession();
  const [keys, setKeys] = useState<ApiKeyView[] | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [created, setCreated] = useState<Created | null>(null);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const notAdmin = customer?.role === 'buyer';

  useEffect(() => {
    if (notAdmin) return;
    let live = true;
    api('GET /api/user/api-keys').then(
      (answer) => live && setKeys(answer.apiKeys),
      (error: unknown) => live && setLoadError(error),
    );
    return () => {
      live = false;
    };
  }, [notAdmin]);

  if (notAdmin || (loadError instanceof ApiError && loadError.status === 403))
    return <p className="acct-note">{t('account:apiKeys.adminsOnly')}</p>;
  if (loadError) return <LoadError error={loadError} />;
  if (!keys) return <Loading label={t('account:apiKeys.loading')} />;

  const revoke = async (apiKey: ApiKeyView) => {
    if (!window.confirm(t('account:apiKeys.confirmRevoke', { name: apiKey.name }))) return;
    setBusy(apiKey.key_id);
    setStatus('');
    setProblem('');
    try {
      const answer = await api('POST /api/user/api-keys/:keyId/revoke', { params: { keyId: apiKey.key_id } });
      setKeys((list) => (list ?? []).map((k) => (k.key_id === apiKey.key_id ? answer.apiKey : k)));
      setStatus(answer.smessage);
    } catch (error) {
      setProblem(failureMessage(error, t('account:apiKeys.revokeFailed')));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <p>
        {t('account:apiKeys.intro')}{' '}
        <a href="/api/docs/" target="_blank" rel="noreferrer">
          {t('account:apiKeys.docs')}
        </a>
      </p>
      {created && <NewSecret created={created} onDone={() => setCreated(null)} />}
      <p className="acct-status-line" role="status">
        {status}
      </p>
      <p className="field-error" role="alert">
        {problem}
      </p>
      {keys.length === 0 ? (
        <p className="acct-empty">{t('account:apiKeys.none')}</p>
      ) : (
        <div className="acct-table-wrap">
          <table className="acct-table acct-api-keys">
            <caption className="visually-hidden">{t('account:apiKeys.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('account:apiKeys.name')}</th>
                <th scope="col">{t('account:apiKeys.key')}</th>
                <th scope="col">{t('account:apiKeys.scopes')}</th>
                <th scope="col">{t('account:apiKeys.created')}</th>
                <th scope="col">{t('account:apiKeys.lastUsed')}</th>
                <th scope="col">{t('account:apiKeys.state')}</th>
                <th scope="col">{t('account:apiKeys.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {keys.map((apiKey) => (
                <tr key={apiKey.key_id}>
                  <td data-label={t('account:apiKeys.name')}>{apiKey.name}</td>
                  <td data-label={t('account:apiKeys.key')}>
                    <code>{apiKey.prefix}_…</code>
                  </td>
                  <td data-label={t('account:apiKeys.scopes')}>{apiKey.scopes.map(scopeName).join(', ')}</td>
                  <td data-label={t('account:apiKeys.created')}>
                    <Moment at={apiKey.created_at} />
                    {apiKey.created_by ? ` (${apiKey.created_by})` : ''}
                  </td>
                  <td data-label={t('account:apiKeys.lastUsed')}>
                    {apiKey.last_used_at ? (
                      <Moment at={apiKey.last_used_at} time />
                    ) : (
                      t('account:apiKeys.never')
                    )}
                  </td>
                  <td data-label={t('account:apiKeys.state')}>
                    <KeyState apiKey={apiKey} />
                  </td>
                  <td data-label={t('account:apiKeys.actions')}>
                    {apiKey.revoked_at ? (
                      <span className="acct-muted">—</span>
                    ) : (
                      <button
                        type="button"
                        className="btn acct-btn--danger"
                        disabled={busy === apiKey.key_id}
                        aria-label={t('account:apiKeys.revokeOne', { name: apiKey.name })}
                        onClick={() => void revoke(apiKey)}
                      >
                        {t('account:apiKeys.revoke')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <MakeKey
        onMade={(made) => {
          setStatus('');
          setProblem('');
          setCreated(made);
          setKeys((list) => [made.apiKey, ...(list ?? [])]);
        }}
      />
    </>
  );
}
