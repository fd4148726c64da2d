import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { TextField } from '../../components/fields';
import { api } from '../../lib/api';
import { failureMessage } from '../account/data';

export interface ResetState {
  username?: string;
  /** When the last code was sent (ms since the epoch); the 60 s countdown runs from here. */
  sentAt?: number;
  message?: string;
}

export const CUSTOMER_ID_REQUIRED = 'Please enter your Customer ID.';

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
      setError(CUSTOMER_ID_REQUIRED);
      document.getElementById('forget-username')?.focus();
      return;
    }
    setError('');
    setBusy(true);
    try {
      const answer = await api<{ smessage?: string }>('/user/forget/sendcode', {
        method: 'POST',
        body: { username: name },
      });
      const state: ResetState = { username: name, sentAt: Date.now(), message: answer.smessage };
      navigate('/acer/signin/reset', { state });
    } catch (e) {
      const message = failureMessage(e, 'The code could not be sent, please try again.');
      setError(message);
      window.alert(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p>
        Enter your Customer ID. We will send a 6-digit verification code to the e-mail address of your
        account; you then choose a new password with it.
      </p>
      <form className="form signin__form" onSubmit={submit} noValidate>
        <TextField
          id="forget-username"
          label="Customer ID"
          required
          maxLength={50}
          autoComplete="username"
          value={username}
          onChange={setUsername}
          error={error}
        />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          SEND CODE
        </button>
      </form>
      <p className="signin__links">
        <Link to="/acer/signin/reset">I already have a code</Link>
        <Link to="/acer/signin">Back to sign in</Link>
      </p>
    </>
  );
}
