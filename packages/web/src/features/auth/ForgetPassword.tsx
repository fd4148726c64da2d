import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { TextField } from '../../components/fields';
import { api } from '../../lib/api';
import { failureMessage } from '../../lib/failures';
import { t } from '../../lib/i18n';

export interface ResetState {
  username?: string;
  /** When the last code was sent (ms since the epoch); the 60 s countdown runs from here. */
  sentAt?: number;
  message?: string;
}

/** The message of an empty Customer ID. */
export function customerIdRequired(): string {
  return t('account:reset.customerIdRequired');
}

/** Asks for a verification code by e-mail, then moves to the reset session. */
export function ForgetPassword() {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    if (!name) {
      setError(customerIdRequired());
      document.getElementById('forget-username')?.focus();
      return;
    }
    setError('');
    setBusy(true);
    try {
      const answer = await api('POST /api/user/forget/sendcode', { body: { username: name } });
      const state: ResetState = { username: name, sentAt: Date.now(), message: answer.smessage };
      navigate('/acer/signin/reset', { state });
    } catch (e) {
      const message = failureMessage(e, t('account:reset.sendFailed'));
      setError(message);
      window.alert(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p>{t('account:forget.intro')}</p>
      <form className="form signin__form" onSubmit={submit} noValidate>
        <TextField
          id="forget-username"
          label={t('account:field.signInId')}
          required
          maxLength={50}
          autoComplete="username"
          value={username}
          onChange={setUsername}
          error={error}
        />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t('account:reset.sendCode')}
        </button>
      </form>
      <p className="signin__links">
        <Link to="/acer/signin/reset">{t('account:forget.haveCode')}</Link>
        <Link to="/acer/signin">{t('account:signin.back')}</Link>
      </p>
    </>
  );
}
