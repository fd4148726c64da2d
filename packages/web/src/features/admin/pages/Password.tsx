/** /acer/admin/password: a staff member changes their own password; their other sessions end. */
import { changeOwnPasswordSchema } from '@shop/domain/back-office/schemas';
import { useRef } from 'react';
import { PASSWORD_RULE } from '../../../components/fields';
import { ApiError, api } from '../../../lib/api';
import { checked, done, failed, failureOf, readBody } from '../api';
import type { AdminPage, PageArgs } from '../routing';
import { Field, PageTitle, Result, useAction, useFocusFirstError } from '../ui';

async function action({ request }: PageArgs) {
  const body = await readBody(request);
  const change = checked(changeOwnPasswordSchema, {
    password: body.password,
    newPassword: body.newPassword,
    confirmPassword: body.confirmPassword,
  });
  if (change.refused) return change.refused;
  try {
    const answer = await api('POST /api/admin/me/password', { body: change.input });
    return done(answer.smessage);
  } catch (error) {
    // A wrong current password is not an ended session.
    if (error instanceof ApiError && error.status === 401 && error.body.errors)
      return failed(error.message, error.body.errors as Record<string, string>);
    return failureOf(error, request);
  }
}

function Password() {
  const ref = useRef<HTMLFormElement>(null);
  const { fetcher, busy, result, errors } = useAction(() => ref.current?.reset());
  useFocusFirstError(ref, result);
  return (
    <div className="admin-narrow">
      <PageTitle title="My password">My password</PageTitle>
      <p>Changing it signs you out everywhere else.</p>
      <Result result={result} />
      <fetcher.Form method="post" ref={ref} className="admin-form" noValidate>
        <Field
          id="current-password"
          name="password"
          type="password"
          label="Current password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <Field
          id="new-password"
          name="newPassword"
          type="password"
          label="New password"
          autoComplete="new-password"
          required
          maxLength={50}
          hint={PASSWORD_RULE}
          error={errors.newPassword}
        />
        <Field
          id="confirm-password"
          name="confirmPassword"
          type="password"
          label="Confirm new password"
          autoComplete="new-password"
          required
          maxLength={50}
          error={errors.confirmPassword}
        />
        <div className="admin-actions">
          <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
            Change password
          </button>
        </div>
      </fetcher.Form>
    </div>
  );
}

export const passwordPage: AdminPage = { path: '/password', action, Component: Password };
