/** /acer/admin/signin: staff sign in with their e-mail and password; /acer/admin/signout ends the session. */
import { staffLoginSchema } from '@shop/domain/back-office/schemas';
import { useRef } from 'react';
import { redirect, useSearchParams } from 'react-router';
import { ApiError, api } from '../../../lib/api';
import { ADMIN_BASE, failed, field, invalid } from '../api';
import type { AdminPage, PageArgs } from '../routing';
import { Field, PageTitle, Result, useAction, useFocusFirstError } from '../ui';

/** Only a page of the back office is a place to come back to after signing in. */
function nextOf(request: Request): string {
  const next = new URL(request.url).searchParams.get('next') ?? '';
  return next.startsWith(`${ADMIN_BASE}/`) && !next.startsWith('//') ? next : `${ADMIN_BASE}/orders`;
}

async function loader({ request }: PageArgs) {
  try {
    await api('GET /api/admin/me', { signal: request.signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
  // Signed in already.
  throw redirect(nextOf(request));
}

async function action({ request }: PageArgs) {
  const form = await request.formData();
  const input = { email: field(form, 'email'), password: field(form, 'password') };
  const parsed = staffLoginSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  try {
    await api('POST /api/admin/login', { body: parsed.data });
  } catch (error) {
    // A wrong password is a 401 too: here it is the answer to show, not an ended session.
    if (error instanceof ApiError) return failed(error.message);
    return failed('The shop could not be reached. Check the connection and try again.');
  }
  return redirect(nextOf(request));
}

function SignIn() {
  const { fetcher, busy, result, errors } = useAction();
  const [params] = useSearchParams();
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, result);
  return (
    <div className="admin-narrow">
      <PageTitle title="Sign in">Sign in to the back office</PageTitle>
      {params.get('next') && !result && <p>Please sign in to continue.</p>}
      <Result result={result} />
      <fetcher.Form method="post" ref={form} className="admin-form" noValidate>
        <Field
          id="email"
          name="email"
          type="email"
          label="E-mail"
          autoComplete="username"
          required
          maxLength={100}
          error={errors.email}
        />
        <Field
          id="password"
          name="password"
          type="password"
          label="Password"
          autoComplete="current-password"
          required
          maxLength={200}
          error={errors.password}
        />
        <div className="admin-actions">
          <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </div>
      </fetcher.Form>
      <p className="admin-note">
        Forgot your password? Ask an owner of the shop to send you a new link from the Staff page.
      </p>
    </div>
  );
}

export const signInPage: AdminPage = { path: '/signin', public: true, loader, action, Component: SignIn };

export const signOutPage: AdminPage = {
  path: '/signout',
  public: true,
  loader: async () => {
    throw redirect(`${ADMIN_BASE}/orders`);
  },
  action: async () => {
    try {
      await api('POST /api/admin/logout');
    } catch (error) {
      // Already signed out (401) is what was asked for; anything else is said on the sign-in page.
      if (!(error instanceof ApiError && error.status === 401)) {
        const message = error instanceof ApiError ? error.message : 'The shop could not be reached.';
        return failed(`Signing out failed: ${message}`);
      }
    }
    return redirect(`${ADMIN_BASE}/signin`);
  },
  Component: () => null,
};
