import { type ContactFormInput, contactFormSchema, fieldErrors } from '@shop/domain/contact';
import { useState } from 'react';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { ApiError, api } from '../../lib/api';
import { shopInfo, telHref } from '../../lib/shop';
import { usePageTitle } from '../../lib/title';
import '../account/account.css';

const EMPTY: Required<ContactFormInput> = {
  fullName: '',
  phoneNumber: '',
  email: '',
  orderNumber: '',
  company: '',
  rma: '',
  questions: '',
};

const FIELDS: {
  name: keyof ContactFormInput;
  label: string;
  max: number;
  optional?: boolean;
  type?: string;
}[] = [
  { name: 'fullName', label: 'Full Name', max: 50 },
  { name: 'phoneNumber', label: 'Phone', max: 10, optional: true, type: 'tel' },
  { name: 'email', label: 'Email', max: 50, type: 'email' },
  { name: 'orderNumber', label: 'Order Number', max: 50 },
  { name: 'company', label: 'Company', max: 50, optional: true },
  { name: 'rma', label: 'RMA', max: 50, optional: true },
];

export default function ContactPage() {
  usePageTitle('Contact Us');
  const shop = shopInfo();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState('');

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSent('');
    const parsed = contactFormSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await api<{ smessage: string }>('/zoho/sendemail', { method: 'POST', body: form });
      setSent(answer.smessage);
      setForm(EMPTY);
      window.alert(answer.smessage);
    } catch (error) {
      if (error instanceof ApiError && error.body.errors)
        setErrors(error.body.errors as Record<string, string>);
      window.alert(
        error instanceof Error ? error.message : 'The message could not be sent, please try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof ContactFormInput) => ({
    id: `contact-${name}`,
    name,
    value: form[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setForm({ ...form, [name]: e.target.value }),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `contact-${name}-error` : undefined,
  });

  return (
    <div className="contact">
      <Breadcrumbs items={[{ name: 'Contact Us', pathname: '/contact-us' }]} />
      <h1>Contact Us</h1>
      <p>
        Call <a href={telHref(shop.phone)}>{shop.phone}</a> or write to{' '}
        <a href={`mailto:${shop.email}`}>{shop.email}</a>, Monday to Friday 9AM to 5PM EST, or send us this
        form.
      </p>
      {sent && (
        <p className="banner banner--ok" role="status">
          {sent}
        </p>
      )}
      <form className="form contact__form" onSubmit={submit} noValidate>
        {FIELDS.map((f) => (
          <div key={f.name} className="form__field">
            <label htmlFor={`contact-${f.name}`}>
              {f.label}
              {f.optional ? ' (optional)' : ' *'}
            </label>
            <input type={f.type ?? 'text'} maxLength={f.max} {...field(f.name)} />
            {errors[f.name] && (
              <p id={`contact-${f.name}-error`} className="field-error">
                {errors[f.name]}
              </p>
            )}
          </div>
        ))}
        <div className="form__field form__field--wide">
          <label htmlFor="contact-questions">Comments *</label>
          <textarea rows={6} maxLength={5000} {...field('questions')} />
          {errors.questions && (
            <p id="contact-questions-error" className="field-error">
              {errors.questions}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          SUBMIT
        </button>
      </form>
    </div>
  );
}
