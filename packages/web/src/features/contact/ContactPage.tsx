import { type ContactFormInput, contactFormSchema, fieldErrors } from '@shop/domain/account/contact';
import { useState } from 'react';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { ApiError, api } from '../../lib/api';
import { t, tm } from '../../lib/i18n';
import { shopInfo, telHref } from '../../lib/shop';
import { usePageTitle } from '../../lib/title';
import '../../styles/account.css';

const EMPTY: Required<ContactFormInput> = {
  fullName: '',
  phoneNumber: '',
  email: '',
  orderNumber: '',
  company: '',
  rma: '',
  questions: '',
};

/** The fields; each one's label is `contact:field.<name>`. */
const FIELDS: {
  name: keyof ContactFormInput;
  max: number;
  optional?: boolean;
  type?: string;
}[] = [
  { name: 'fullName', max: 50 },
  { name: 'phoneNumber', max: 10, optional: true, type: 'tel' },
  { name: 'email', max: 50, type: 'email' },
  { name: 'orderNumber', max: 50 },
  { name: 'company', max: 50, optional: true },
  { name: 'rma', max: 50, optional: true },
];

export default function ContactPage() {
  usePageTitle(t('contact:title'));
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
      const found = fieldErrors(parsed.error);
      for (const [key, message] of Object.entries(found)) found[key] = tm(message);
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await api('POST /api/zoho/sendemail', { body: form });
      setSent(answer.smessage);
      setForm(EMPTY);
      window.alert(answer.smessage);
    } catch (error) {
      if (error instanceof ApiError && error.body.errors)
        setErrors(error.body.errors as Record<string, string>);
      window.alert(error instanceof Error ? error.message : t('contact:failed'));
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
      <Breadcrumbs items={[{ name: t('contact:title'), pathname: '/contact-us' }]} />
      <h1>{t('contact:title')}</h1>
      <p>
        {t('contact:intro.call')} <a href={telHref(shop.phone)}>{shop.phone}</a> {t('contact:intro.writeTo')}{' '}
        <a href={`mailto:${shop.email}`}>{shop.email}</a>
        {t('contact:intro.hours')}
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
              {t(`contact:field.${f.name}`)}
              {f.optional ? ` ${t('contact:optional')}` : ' *'}
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
          <label htmlFor="contact-questions">{t('contact:field.questions')} *</label>
          <textarea rows={6} maxLength={5000} {...field('questions')} />
          {errors.questions && (
            <p id="contact-questions-error" className="field-error">
              {errors.questions}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t('contact:submit')}
        </button>
      </form>
    </div>
  );
}
