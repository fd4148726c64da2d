/** /acer/signin[/{session}]: sign in, forgot password (send a code), reset password and the account application. */
import { MSG } from '@shop/domain/messages';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useSession } from '../../app/session';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { ApiError, api } from '../../lib/api';
import { usePageTitle } from '../../lib/title';
import { ForgetPassword } from './ForgetPassword';
import { Register } from './Register';
import { ResetPassword } from './ResetPassword';
import '../account/account.css';

const TITLES = {
  signin: 'Sign in',
  forget: 'Forgot password',
  reset: 'Reset password',
  register: 'Register',
} as const;
type SignInSession = keyof typeof TITLES;

function isSignInSession(value: string): value is SignInSession {
  return value in TITLES;
}

export default function SignInPage() {
  const { session: param = 'signin' } = useParams();
  const name: SignInSession = isSignInSession(param) ? param : 'signin';
  usePageTitle(TITLES[name]);
  const session = useSession();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const [busy, setBusy] = useState(false);

  if (!isSignInSession(param)) return <Navigate to="/acer/signin" replace state={location.state} />;
  // Already signed in: straight to the account (a password can still be reset while signed in).
  if (session.loggedIn && !busy && (name === 'signin' || name === 'register'))
    return <Navigate to={from ?? '/acer/account/orders'} replace />;

  const crumbs =
    name === 'signin'
      ? [{ name: 'Sign in', pathname: '/signin' }]
      : [
          { name: 'Sign in', pathname: '/signin' },
          { name: TITLES[name], pathname: `/signin/${name}` },
        ];

  return (
    <div className={name === 'register' ? 'signin signin--wide' : 'signin'}>
      <Breadcrumbs items={crumbs} />
      <h1>{TITLES[name]}</h1>
      {name === 'signin' && <SignInForm from={from} busy={busy} setBusy={setBusy} />}
      {name === 'forget' && <ForgetPassword />}
      {name === 'reset' && <ResetPassword />}
      {name === 'register' && <Register />}
    </div>
  );
}

function SignInForm({
  from,
  busy,
  setBusy,
}: {
  from?: string;
  busy: boolean;
  setBusy: (busy: boolean) => void;
}) {
  const session = useSession();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [failed, setFailed] = useState(false);

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
    <>
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
      <p className="signin__links">
        <Link to="/acer/signin/forget">Forgot your password?</Link>
        <Link to="/acer/signin/register">Register</Link>
      </p>
      <p className="signin__help">
        Business accounts are opened by our sales team: use Register to apply for one. For other questions,
        call us or write to our support team.
      </p>
    </>
  );
}
