/**
 * Punchout, for the company's administrators: turn it on, list the procurement system's origins allowed to
 * frame the shop, and read what the procurement system is set up with (identity, addresses). The shared
 * secret is shown once, when it is made (the first save, or "make a new one").
 */
import type { PunchoutSettings } from '@shop/domain/punchout/schemas';
import { useEffect, useRef, useState } from 'react';
import { Loading } from '../../../components/Loading';
import { ApiError, api } from '../../../lib/api';
import { failureMessage, serverFieldErrors } from '../../../lib/failures';
import { t } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { LoadError } from './LoadError';
import './api-keys.css';

function NewSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.focus();
  }, []);
  return (
    <section
      ref={panel}
      className="acct-section acct-secret"
      aria-labelledby="punchout-secret-title"
      tabIndex={-1}
      data-testid="punchout-secret"
    >
      <h2 id="punchout-secret-title">{t('account:punchout.newSecretTitle')}</h2>
      <p id="punchout-secret-warning" className="acct-secret__warning">
        <strong>{t('account:punchout.onceWarning')}</strong>
      </p>
      <label htmlFor="punchout-secret-value">{t('account:punchout.secret')}</label>
      <div className="acct-secret__row">
        <input
          id="punchout-secret-value"
          className="acct-secret__value"
          readOnly
          spellCheck={false}
          autoComplete="off"
          value={secret}
          aria-describedby="punchout-secret-warning"
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <button type="button" className="btn" onClick={onDone}>
        {t('account:punchout.done')}
      </button>
    </section>
  );
}

export function Punchout() {
  const { customer } = useSession();
  const [settings, setSettings] = useState<PunchoutSettings | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [enabled, setEnabled] = useState(false);
  const [origins, setOrigins] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const notAdmin = customer?.role === 'buyer';

  const show = (next: PunchoutSettings) => {
    setSettings(next);
    setEnabled(next.has_secret ? next.enabled : true);
    setOrigins(next.frame_origins.join('\n'));
  };

  useEffect(() => {
    if (notAdmin) return;
    let live = true;
    api('GET /api/user/punchout').then(
      (answer) => live && show(answer.punchout),
      (error: unknown) => live && setLoadError(error),
    );
    return () => {
      live = false;
    };
  }, [notAdmin]);

  if (notAdmin || (loadError instanceof ApiError && loadError.status === 403))
    return <p className="acct-note">{t('account:punchout.adminsOnly')}</p>;
  if (loadError) return <LoadError error={loadError} />;
  if (!settings) return <Loading label={t('account:punchout.loading')} />;

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setStatus('');
    setProblem('');
    try {
      const frame_origins = origins
        .split(/\s+/)
        .map((o) => o.trim())
        .filter(Boolean);
      const answer = await api('PUT /api/user/punchout', { body: { enabled, frame_origins } });
      show(answer.punchout);
      setSecret(answer.secret);
      setStatus(answer.smessage ?? '');
    } catch (error) {
      const fields = serverFieldErrors(error);
      setProblem(
        fields ? Object.values(fields).join('\n') : failureMessage(error, t('account:punchout.saveFailed')),
      );
    } finally {
      setBusy(false);
    }
  };

  const remake = async () => {
    if (!window.confirm(t('account:punchout.confirmNewSecret'))) return;
    setBusy(true);
    setProblem('');
    try {
      const answer = await api('POST /api/user/punchout/secret');
      show(answer.punchout);
      setSecret(answer.secret);
      setStatus(answer.smessage ?? '');
    } catch (error) {
      setProblem(failureMessage(error, t('account:punchout.secretFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p>{t('account:punchout.intro')}</p>
      {secret && <NewSecret secret={secret} onDone={() => setSecret(null)} />}
      <p className="acct-status-line" role="status">
        {status}
      </p>
      <p className="field-error" role="alert">
        {problem}
      </p>
      <form className="form acct-form" onSubmit={save} noValidate>
        <label className="acct-scope">
          <input
            type="checkbox"
            name="punchout-enabled"
            checked={enabled}
            onChange={(event) => setEnabled(event.currentTarget.checked)}
          />{' '}
          {t('account:punchout.enabled')}
        </label>
        <label htmlFor="punchout-origins">{t('account:punchout.origins')}</label>
        <textarea
          id="punchout-origins"
          rows={3}
          spellCheck={false}
          value={origins}
          aria-describedby="punchout-origins-hint"
          onChange={(event) => setOrigins(event.currentTarget.value)}
        />
        <p id="punchout-origins-hint" className="field-hint">
          {t('account:punchout.originsHint')}
        </p>
        <div className="acct-form__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t('account:punchout.save')}
          </button>
        </div>
      </form>
      <dl className="acct-details">
        <dt>{t('account:punchout.identity')}</dt>
        <dd>
          <code data-testid="punchout-identity">{settings.identity}</code>
        </dd>
        <dt>{t('account:punchout.secret')}</dt>
        <dd>{settings.has_secret ? t('account:punchout.secretSet') : t('account:punchout.secretNone')}</dd>
        <dt>{t('account:punchout.cxmlUrl')}</dt>
        <dd>
          <code>{settings.cxml_url}</code>
        </dd>
        <dt>{t('account:punchout.ociUrl')}</dt>
        <dd>
          <code>{settings.oci_url}</code>
        </dd>
      </dl>
      {settings.has_secret && (
        <button type="button" className="btn" disabled={busy} onClick={() => void remake()}>
          {t('account:punchout.newSecret')}
        </button>
      )}
    </>
  );
}
