import { fieldErrors } from '@shop/domain/account/contact';
import { ACCOUNT_MSG, type AccountUpdateInput, accountUpdateSchema } from '@shop/domain/account/schemas';
import type { CustomerInfo } from '@shop/domain/core/api';
import { useRef, useState } from 'react';
import { focusFirstError, TextField } from '../../../components/fields';
import { Loading } from '../../../components/Loading';
import { ApiError, api } from '../../../lib/api';
import { serverFieldErrors, translatedErrors } from '../../../lib/failures';
import { t, tm } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useAccountData, useRefreshAccount } from '../data';
import { LoadError } from './LoadError';

const PASSWORD_FIELDS = ['password', 'newPassword', 'confirmPassword'] as const;
const EMPTY = { password: '', newPassword: '', confirmPassword: '' };

/** Account details (read-only) and the password change form. */
export function AccountSettings() {
  const session = useSession();
  const { data, error } = useAccountData('accountSettings');
  if (error) return <LoadError error={error} />;
  if (!data && !session.customer) return <Loading label={t('account:settings.loading')} />;
  const customer = data?.[0] ?? session.customer;
  if (!customer) return <Loading label={t('account:settings.loading')} />;
  return (
    <>
      <section className="acct-section" aria-labelledby="acct-details-title">
        <h2 id="acct-details-title">{t('account:settings.details')}</h2>
        <dl className="acct-details">
          <dt>{t('account:field.customerId')}</dt>
          <dd>{customer.customer_id}</dd>
          <dt>{t('account:field.company')}</dt>
          <dd>{customer.company || '—'}</dd>
          <dt>{t('account:field.firstName')}</dt>
          <dd>{customer.first_name || '—'}</dd>
          <dt>{t('account:field.lastName')}</dt>
          <dd>{customer.last_name || '—'}</dd>
          <dt>{t('account:field.email')}</dt>
          <dd>{customer.email || '—'}</dd>
          <dt>{t('account:field.phone')}</dt>
          <dd>{customer.phone_number || '—'}</dd>
        </dl>
        <p className="acct-note">{t('account:settings.changeNote')}</p>
      </section>
      <PasswordForm customer={customer} />
    </>
  );
}

function PasswordForm({ customer }: { customer: CustomerInfo }) {
  const refreshAccount = useRefreshAccount();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [other, setOther] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');

  const set = (name: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [name]: value }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setStatus('');
    // The details as they are (support changes them) and the password change; the customer id must be theirs.
    const customerInfo: AccountUpdateInput & { customer_id: string } = {
      customer_id: customer.customer_id,
      first_name: customer.first_name,
      last_name: customer.last_name,
      email: customer.email,
      company: customer.company,
      phone_number: customer.phone_number,
      password: form.password,
      newPassword: form.newPassword || null,
      confirmPassword: form.confirmPassword,
    };
    const parsed = accountUpdateSchema.safeParse(customerInfo);
    const found = parsed.success ? {} : translatedErrors(fieldErrors(parsed.error));
    // This form exists to change the password, so a new one is needed.
    if (!form.newPassword) found.newPassword = tm(ACCOUNT_MSG.newPassword);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setOther(
        Object.entries(found)
          .filter(([key]) => !(PASSWORD_FIELDS as readonly string[]).includes(key))
          .map(([, message]) => message),
      );
      focusFirstError(formRef.current);
      return;
    }
    setErrors({});
    setOther([]);
    setBusy(true);
    try {
      await api('POST /api/user/information/update', { body: { customerInfo } });
      setForm(EMPTY);
      setStatus(tm(ACCOUNT_MSG.updated));
      window.alert(tm(ACCOUNT_MSG.updated));
      await refreshAccount();
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) {
        setErrors({ password: tm(ACCOUNT_MSG.currentWrong) });
        focusFirstError(formRef.current);
        window.alert(e.message);
      } else {
        const fields = serverFieldErrors(e);
        if (fields) {
          setErrors(fields);
          focusFirstError(formRef.current);
        }
        window.alert(tm(ACCOUNT_MSG.updateFailed));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="acct-section" aria-labelledby="acct-password-title">
      <h2 id="acct-password-title">{t('account:settings.changePassword')}</h2>
      {other.length > 0 && (
        <ul className="banner banner--error" role="alert">
          {other.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      <form ref={formRef} className="form acct-form" onSubmit={submit} noValidate>
        {/* Password managers pair the new password with this account. */}
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={customer.username || customer.customer_id}
          readOnly
          hidden
        />
        <TextField
          id="settings-password"
          label={t('account:field.currentPassword')}
          type="password"
          required
          maxLength={50}
          autoComplete="current-password"
          value={form.password}
          onChange={set('password')}
          error={errors.password}
        />
        <TextField
          id="settings-newPassword"
          label={t('account:field.newPassword')}
          type="password"
          required
          maxLength={50}
          autoComplete="new-password"
          hint={t('account:passwordRule')}
          value={form.newPassword}
          onChange={set('newPassword')}
          error={errors.newPassword}
        />
        <TextField
          id="settings-confirmPassword"
          label={t('account:field.confirmNewPassword')}
          type="password"
          required
          maxLength={50}
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
        />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t('account:settings.updatePassword')}
        </button>
      </form>
      <p className="acct-status-line" role="status">
        {status}
      </p>
    </section>
  );
}
