import { fieldErrors } from '@shop/domain/account/contact';
import { accountApplicationSchema } from '@shop/domain/account/schemas';
import { PROVINCES } from '@shop/domain/tax/rules';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { focusFirstError, SelectField, TextAreaField, TextField } from '../../components/fields';
import { api } from '../../lib/api';
import { failureMessage, serverFieldErrors, translatedErrors } from '../../lib/failures';
import { t } from '../../lib/i18n';
import { provinceName } from '../../lib/labels';

const EMPTY = { company: '', contactName: '', email: '', phoneNumber: '', province: '', message: '' };

/** The account application: stored for the sales team, who open the account. */
export function Register() {
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState('');

  const set = (name: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [name]: value }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSent('');
    const parsed = accountApplicationSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(translatedErrors(fieldErrors(parsed.error)));
      focusFirstError(formRef.current);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await api('POST /api/user/register', { body: parsed.data });
      const message = answer.smessage ?? t('account:register.received');
      setSent(message);
      setForm(EMPTY);
      window.alert(message);
    } catch (e) {
      const fields = serverFieldErrors(e);
      if (fields) {
        setErrors(fields);
        focusFirstError(formRef.current);
      }
      window.alert(failureMessage(e, t('account:register.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p>
        {t('account:register.intro')} <Link to="/acer/signin">{t('account:signin.titles.signin')}</Link>
        {t('account:register.introAfter')}
      </p>
      {sent && (
        <p className="banner banner--ok" role="status">
          {sent}
        </p>
      )}
      <form ref={formRef} className="form acct-form acct-form--grid" onSubmit={submit} noValidate>
        <p className="field-hint acct-form__wide">{t('account:form.required')}</p>
        <TextField
          id="register-company"
          label={t('account:field.company')}
          required
          maxLength={50}
          autoComplete="organization"
          value={form.company}
          onChange={set('company')}
          error={errors.company}
        />
        <TextField
          id="register-contactName"
          label={t('account:field.contactName')}
          required
          maxLength={50}
          autoComplete="name"
          value={form.contactName}
          onChange={set('contactName')}
          error={errors.contactName}
        />
        <TextField
          id="register-email"
          label={t('account:field.email')}
          type="email"
          required
          maxLength={50}
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          error={errors.email}
        />
        <TextField
          id="register-phoneNumber"
          label={t('account:field.phone')}
          type="tel"
          inputMode="numeric"
          required
          maxLength={10}
          autoComplete="tel-national"
          hint={t('account:field.phoneHint')}
          value={form.phoneNumber}
          onChange={set('phoneNumber')}
          error={errors.phoneNumber}
        />
        <SelectField
          id="register-province"
          label={t('account:field.province')}
          required
          placeholder={t('account:field.provincePlaceholder')}
          options={PROVINCES}
          optionLabel={provinceName}
          value={form.province}
          onChange={set('province')}
          error={errors.province}
        />
        <TextAreaField
          id="register-message"
          label={t('account:register.message')}
          className="acct-form__wide"
          maxLength={2000}
          hint={t('account:register.messageHint')}
          value={form.message}
          onChange={set('message')}
          error={errors.message}
        />
        <div className="acct-form__actions acct-form__wide">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t('account:register.submit')}
          </button>
        </div>
      </form>
    </>
  );
}
