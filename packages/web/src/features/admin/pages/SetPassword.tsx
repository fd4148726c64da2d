/** /acer/admin/set-password?token=…: a staff member chooses a password through the one-time link mailed to them. */
import { type PasswordLinkInfo, setPasswordSchema } from '@shop/domain/back-office/schemas';
import { useRef } from 'react';
import { Link, redirect } from 'react-router';
import { PASSWORD_RULE } from '../../../components/fields';
import { ApiError, api } from '../../../lib/api';
import { ADMIN_BASE, failed, field, invalid } from '../api';
import { type AdminPage, type PageArgs, setFlash, usePageData } from '../routing';
import { Field, PageTitle, Result, useAction, useFocusFirstError } from '../ui';

interface LinkState {
  token: string;
  link: PasswordLinkInfo | null;
  problem: string;
}

async function loader({ request }: PageArgs): Promise<LinkState> {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  try {
    const { link } = await api('POST /api/password-link/check', { body: { token } });
    return { token, link, problem: '' };
  } catch (error) {
    if (error instanceof ApiError) return { token, link: null, problem: error.message };
    throw error;
  }
}

async function action({ request }: PageArgs) {
  const form = await request.formData();
  const input = {
    token: field(form, 'token'),
    password: field(form, 'password'),
    confirmPassword: field(form, 'confirmPassword'),
  };
  const parsed = setPasswordSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  try {
    const answer = await api('POST /api/password-link/set', { body: input });
    setFlash(answer.smessage);
  } catch (error) {
    return failed(
      error instanceof ApiError ? error.message : 'The shop could not be reached. Please try again.',
    );
  }
  return redirect(`${ADMIN_BASE}/signin`);
}

function SetPassword() {
  const { token, link, problem } = usePageData<LinkState>();
  const { fetcher, busy, result, errors } = useAction();
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, result);
  return (
    <div className="admin-narrow">
      <PageTitle title="Set your password">Set your password</PageTitle>
      {!link ? (
        <>
          <p role="alert" className="banner banner--error">
            {problem}
          </p>
          <p>
            <Link to={`${ADMIN_BASE}/signin`}>Go to the sign-in page</Link>
          </p>
        </>
      ) : (
        <>
          <p>
            Hello {link.name || link.sign_in_with}. You sign in to the back office with{' '}
            <strong>{link.sign_in_with}</strong>.
          </p>
          <Result result={result} />
          <fetcher.Form method="post" ref={form} className="admin-form" noValidate>
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="username" autoComplete="username" value={link.sign_in_with} />
            <Field
              id="password"
              name="password"
              type="password"
              label="New password"
              autoComplete="new-password"
              required
              maxLength={50}
              hint={PASSWORD_RULE}
              error={errors.password}
            />
            <Field
              id="confirmPassword"
              name="confirmPassword"
              type="password"
              label="Confirm password"
              autoComplete="new-password"
              required
              maxLength={50}
              error={errors.confirmPassword}
            />
            <div className="admin-actions">
              <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
                Set password
              </button>
            </div>
          </fetcher.Form>
        </>
      )}
    </div>
  );
}

export const setPasswordPage: AdminPage = {
  path: '/set-password',
  public: true,
  loader,
  action,
  Component: SetPassword,
};
