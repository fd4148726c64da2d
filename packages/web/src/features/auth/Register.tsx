import { accountApplicationSchema } from '@shop/domain/account';
import { fieldErrors } from '@shop/domain/contact';
import { PROVINCES } from '@shop/domain/tax';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { focusFirstError, SelectField, TextAreaField, TextField } from '../../components/fields';
import { api } from '../../lib/api';
import { failureMessage, serverFieldErrors } from '../account/data';

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
      setErrors(fieldErrors(parsed.error));
      focusFirstError(formRef.current);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await api<{ smessage?: string }>('/user/register', {
        method: 'POST',
        body: parsed.data,
      });
      const message = answer.smessage ?? 'Thank you, your application has been received.';
      setSent(message);
      setForm(EMPTY);
      window.alert(message);
    } catch (e) {
      const fields = serverFieldErrors(e);
      if (fields) {
        setErrors(fields);
        focusFirstError(formRef.current);
      }
      window.alert(failureMessage(e, 'The application could not be sent, please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p>
        Our shop sells to business customers in Canada. Tell us about your company and our sales team will
        open an account for you and send your Customer ID. Already a customer?{' '}
        <Link to="/acer/signin">Sign in</Link>.
      </p>
      {sent && (
        <p className="banner banner--ok" role="status">
          {sent}
        </p>
      )}
      <form ref={formRef} className="form acct-form acct-form--grid" onSubmit={submit} noValidate>
        <p className="field-hint acct-form__wide">Fields marked * are required.</p>
        <TextField
          id="register-company"
          label="Company"
          required
          maxLength={50}
          autoComplete="organization"
          value={form.company}
          onChange={set('company')}
          error={errors.company}
        />
        <TextField
          id="register-contactName"
          label="Contact name"
          required
          maxLength={50}
          autoComplete="name"
          value={form.contactName}
          onChange={set('contactName')}
          error={errors.contactName}
        />
        <TextField
          id="register-email"
          label="Email"
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
          label="Phone"
          type="tel"
          inputMode="numeric"
          required
          maxLength={10}
          autoComplete="tel-national"
          hint="10 digits, no spaces or dashes."
          value={form.phoneNumber}
          onChange={set('phoneNumber')}
          error={errors.phoneNumber}
        />
        <SelectField
          id="register-province"
          label="Province"
          required
          placeholder="Select province"
          options={PROVINCES}
          value={form.province}
          onChange={set('province')}
          error={errors.province}
        />
        <TextAreaField
          id="register-message"
          label="Message"
          className="acct-form__wide"
          maxLength={2000}
          hint="Optional: what you would like to buy, your questions."
          value={form.message}
          onChange={set('message')}
          error={errors.message}
        />
        <div className="acct-form__actions acct-form__wide">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            SEND APPLICATION
          </button>
        </div>
      </form>
    </>
  );
}
