/**
 * The warranty claim form: a unit's serial (filled in from `?serial=` when the buyer comes from a device),
 * the problem and up to five photos. The server checks the unit and its warranty and answers the claim's
 * number; the buyer is told the seller answers within 2-3 business days.
 */
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { FieldFrame } from '../../components/fields';
import { ApiError, api } from '../../lib/api';
import { t } from '../../lib/i18n';
import { useSession } from '../../lib/session';

const MAX_PHOTOS = 5;

export function ClaimForm() {
  const { customerId } = useSession();
  const [search] = useSearchParams();
  const [serial, setSerial] = useState(search.get('serial') ?? '');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const [failed, setFailed] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const photos = form.getAll('photos').filter((f): f is File => f instanceof File && f.size > 0);
    if (photos.length > MAX_PHOTOS) {
      setErrors({ photos: t('warranty-claims:form.tooMany') });
      return;
    }
    setBusy(true);
    setFailed('');
    setErrors({});
    try {
      const made = await api('POST /api/user/:customerid/warranty-claims', {
        params: { customerid: customerId },
        form,
      });
      setDone(made.smessage);
    } catch (e) {
      if (e instanceof ApiError) {
        const fieldErrors = (e.body.errors ?? {}) as Record<string, string>;
        setErrors(fieldErrors);
        setFailed(e.message);
      } else setFailed(t('warranty-claims:failed'));
    } finally {
      setBusy(false);
    }
  };

  if (done)
    return (
      <div className="claim-done">
        <p className="banner banner--ok" role="status">
          {done}
        </p>
        <p>
          <Link to="/acer/account/warrantyClaims">{t('warranty-claims:form.seeClaims')}</Link>
        </p>
      </div>
    );

  return (
    <form className="form acct-form claim-form" onSubmit={(e) => void submit(e)} noValidate>
      <p>{t('warranty-claims:form.intro')}</p>
      {failed && (
        <p className="banner banner--error" role="alert">
          {failed}
        </p>
      )}
      <FieldFrame
        id="claim-serial"
        label={t('warranty-claims:form.serial')}
        hint={t('warranty-claims:form.serialHint')}
        error={errors.serial}
        required
      >
        <input
          id="claim-serial"
          name="serial"
          value={serial}
          onChange={(e) => setSerial(e.target.value)}
          autoComplete="off"
          maxLength={60}
          required
          aria-invalid={errors.serial ? true : undefined}
        />
      </FieldFrame>
      <FieldFrame
        id="claim-problem"
        label={t('warranty-claims:form.problem')}
        error={errors.problem}
        className="acct-form__wide"
        required
      >
        <textarea
          id="claim-problem"
          name="problem"
          rows={6}
          maxLength={4000}
          value={problem}
          onChange={(e) => setProblem(e.target.value)}
          required
          aria-invalid={errors.problem ? true : undefined}
        />
      </FieldFrame>
      <FieldFrame
        id="claim-photos"
        label={t('warranty-claims:form.photos')}
        hint={t('warranty-claims:form.photosHint')}
        error={errors.photos}
      >
        <input
          id="claim-photos"
          name="photos"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
        />
      </FieldFrame>
      <p className="claim-form__invoice">{t('warranty-claims:form.invoice')}</p>
      <div className="acct-form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t('warranty-claims:form.submit')}
        </button>
      </div>
    </form>
  );
}

/** The extended-warranty page's claim section: the form for a buyer, a sign-in link that comes back for a visitor. */
export function ClaimSection() {
  const { loggedIn } = useSession();
  const { pathname, search } = useLocation();
  return (
    <>
      <h2>{t('warranty-claims:form.title')}</h2>
      {loggedIn ? (
        <ClaimForm />
      ) : (
        <p className="sign-in-first">
          <Link to="/acer/signin" state={{ from: `${pathname}${search}` }}>
            {t('warranty-claims:form.signIn')}
          </Link>
        </p>
      )}
    </>
  );
}
