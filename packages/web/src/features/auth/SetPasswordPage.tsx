/**
 * /acer/set-password?token=…: a new customer (welcome mail), a new buyer, or a customer the seller sent a
 * reset link chooses a password through the one-time link, then goes to sign in.
 */

import {
  type PasswordLinkInfo,
  type SetPasswordInput,
  setPasswordSchema,
} from '@shop/domain/back-office/schemas';
import { useRef, useState } from 'react';
import { Link, type LoaderFunctionArgs, useFetcher, useLoaderData, useNavigate } from 'react-router';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { focusFirstError, TextField } from '../../components/fields';
import { ApiError, api } from '../../lib/api';
import { t, tm } from '../../lib/i18n';
import { useOncePer } from '../../lib/once';
import { usePageTitle } from '../../lib/title';
import '../../styles/account.css';

interface LinkState {
  token: string;
  link: PasswordLinkInfo | null;
  problem: string;
}

type Answer = { ok: true; message: string } | { ok: false; message: string; errors: Record<string, string> };

/** When setting the password failed without a message of the server's. */
const failed = () => t('account:setPassword.failed');

export async function loader({ request }: LoaderFunctionArgs): Promise<LinkState> {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  try {
    const { link } = await api('POST /api/password-link/check', { body: { token }, signal: request.signal });
    return { token, link, problem: '' };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { token, link: null, problem: error.message };
    throw error;
  }
}

export async function action({ request }: LoaderFunctionArgs): Promise<Answer> {
  const input = (await request.json()) as SetPasswordInput;
  const parsed = setPasswordSchema.safeParse(input);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= tm(issue.message);
    return { ok: false, message: Object.values(errors)[0] ?? failed(), errors };
  }
  try {
    const answer = await api('POST /api/password-link/set', { body: input });
    return { ok: true, message: answer.smessage };
  } catch (error) {
    const message = error instanceof ApiError ? error.message : failed();
    const errors =
      error instanceof ApiError ? (error.body.errors as Record<string, string> | undefined) : undefined;
    return { ok: false, message, errors: errors ?? {} };
  }
}

export function Component() {
  usePageTitle(t('account:setPassword.title'));
  const { token, link, problem } = useLoaderData() as LinkState;
  const fetcher = useFetcher<Answer>();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const errors = answer && !answer.ok ? answer.errors : {};

  useOncePer(answer, (answered) => {
    if (answered.ok) {
      window.alert(answered.message);
      navigate('/acer/signin', { replace: true });
    } else if (Object.keys(answered.errors).length > 0) {
      focusFirstError(form.current);
    }
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    void fetcher.submit(
      { token, password, confirmPassword: confirm },
      { method: 'post', encType: 'application/json' },
    );
  };

  return (
    <div className="signin">
      <Breadcrumbs items={[{ name: t('account:setPassword.title'), pathname: '/set-password' }]} />
      <h1>{t('account:setPassword.title')}</h1>
      {!link ? (
        <>
          <p className="banner banner--error" role="alert">
            {problem}
          </p>
          <p className="signin__links">
            <Link to="/acer/signin">{t('account:signin.titles.signin')}</Link>
            <Link to="/acer/signin/forget">{t('account:signin.forgot')}</Link>
          </p>
        </>
      ) : (
        <>
          <p>
            {t('account:setPassword.hello', { name: link.name })} <strong>{link.sign_in_with}</strong>
            {t('account:setPassword.helloAfter')}
          </p>
          {answer && !answer.ok && Object.keys(answer.errors).length === 0 && (
            <p className="banner banner--error" role="alert">
              {answer.message}
            </p>
          )}
          <form ref={form} className="form signin__form" onSubmit={submit} noValidate>
            <TextField
              id="password"
              label={t('account:field.newPassword')}
              type="password"
              required
              maxLength={50}
              autoComplete="new-password"
              hint={t('account:passwordRule')}
              value={password}
              onChange={setPassword}
              error={errors.password}
            />
            <TextField
              id="confirmPassword"
              label={t('account:field.confirmPassword')}
              type="password"
              required
              maxLength={50}
              autoComplete="new-password"
              value={confirm}
              onChange={setConfirm}
              error={errors.confirmPassword}
            />
            {(errors.password || errors.confirmPassword) && (
              <p className="visually-hidden" role="alert">
                {errors.password ?? errors.confirmPassword}
              </p>
            )}
            <button type="submit" className="btn btn--primary" disabled={fetcher.state !== 'idle'}>
              {t('account:setPassword.submit')}
            </button>
          </form>
        </>
      )}
    </div>
  );
}
