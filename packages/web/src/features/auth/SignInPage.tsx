import { MSG } from '@shop/domain/messages';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../app/session';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { ApiError, api } from '../../lib/api';
import { usePageTitle } from '../../lib/title';
import '../account/account.css';

export default function SignInPage() {
  usePageTitle('Sign in');
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  // Already signed in: straight to the account.
  if (session.loggedIn && !busy) return <Navigate to={from ?? '/acer/account/orders'} replace />;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailed(false);
    try {
      await api('/user/login', { method: 'POST', body: { username: username.trim(), password } });
      session.refresh();
      navigate(from ?? '/acer/account/orders', { replace: true });
    } catch (error) {
      setFailed(true);
      window.alert(error instanceof ApiError ? error.message : MSG.loginFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="signin">
      <Breadcrumbs items={[{ name: 'Sign in', pathname: '/signin' }]} />
      <h1>Sign in</h1>
      {failed && (
        <p className="banner banner--error" role="alert">
          {MSG.loginBanner}
        </p>
      )}
      <form className="form signin__form" onSubmit={submit}>
        <label htmlFor="username">Customer ID</label>
        <input
          id="username"
          name="username"
          autoComplete="username"
          required
          maxLength={50}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <label htmlFor="password">Password</label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={50}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          SIGN IN
        </button>
      </form>
      <p className="signin__help">
        Business accounts are opened by our sales team. Forgot your details? Call us or write to our support
        team.
      </p>
    </div>
  );
}
