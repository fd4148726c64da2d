/** /acer/signin[/{session}]: sign in, forgot password (send a code), reset password and the account application. */
import { MSG } from '@shop/domain/core/messages';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { Redirect } from '../../components/Redirect';
import { ApiError, api } from '../../lib/api';
import { t, tm } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/title';
import { ForgetPassword } from './ForgetPassword';
import { Register } from './Register';
import { ResetPassword } from './ResetPassword';
import '../../styles/account.css';

const SESSIONS = ['signin', 'forget', 'reset', 'register'] as const;
type SignInSession = (typeof SESSIONS)[number];

function isSignInSession(value: string): value is SignInSession {
  return (SESSIONS as readonly string[]).includes(value);
}

/** Sign in, Forgot password, Reset password, Register. */
function title(session: SignInSession): string {
  return t(`account:signin.titles.${session}`);
}

export default function SignInPage() {
  const { session: param = 'signin' } = useParams();
  const name: SignInSession = isSignInSession(param) ? param : 'signin';
  usePageTitle(title(name));
  const session = useSession();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const [busy, setBusy] = useState(false);

  if (!isSignInSession(param)) return <Redirect to="/acer/signin" state={location.state} />;
  // Already signed in: straight to the account (a password can still be reset while signed in).
  if (session.loggedIn && !busy && (name === 'signin' || name === 'register'))
    return <Redirect to={from ?? '/acer/account/orders'} />;

  const crumbs =
    name === 'signin'
      ? [{ name: title('signin'), pathname: '/signin' }]
      : [
          { name: title('signin'), pathname: '/signin' },
          { name: title(name), pathname: `/signin/${name}` },
        ];

  return (
    <div className={name === 'register' ? 'signin signin--wide' : 'signin'}>
      <Breadcrumbs items={crumbs} />
      <h1>{title(name)}</h1>
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
      await api('POST /api/user/login', { body: { username: username.trim(), password } });
      session.refresh();
      navigate(from ?? '/acer/account/orders', { replace: true });
    } catch (error) {
      setFailed(true);
      window.alert(error instanceof ApiError ? error.message : tm(MSG.loginFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {failed && (
        <p className="banner banner--error" role="alert">
          {tm(MSG.loginBanner)}
        </p>
      )}
      <form className="form signin__form" onSubmit={submit}>
        <label htmlFor="username">{t('account:field.signInId')}</label>
        <input
          id="username"
          name="username"
          autoComplete="username"
          required
          maxLength={50}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <label htmlFor="password">{t('account:field.password')}</label>
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
          {t('account:signin.submit')}
        </button>
      </form>
      <p className="signin__links">
        <Link to="/acer/signin/forget">{t('account:signin.forgot')}</Link>
        <Link to="/acer/signin/register">{t('account:signin.titles.register')}</Link>
      </p>
      <p className="signin__help">{t('account:signin.help')}</p>
    </>
  );
}
