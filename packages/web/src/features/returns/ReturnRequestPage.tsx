/**
 * Returning units of a delivered order: the lines with what can still be returned (serial numbers to tick
 * on a serialised line), the reason with its last day, notes and up to five photos. The server checks it
 * all again in one transaction and answers the return, whose page opens with its RMA number.
 */
import type { ReturnableAnswer } from '@shop/domain/after-sale/return-answers';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FieldFrame } from '../../components/fields';
import { Loading } from '../../components/Loading';
import { SignInFirst } from '../../components/SignInFirst';
import { ApiError, api } from '../../lib/api';
import { t } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/title';
import '../../styles/account.css';
import './returns.css';
import { reasonName } from './words';

type Returnable = ReturnableAnswer;
const REASONS = [
  'dead_on_arrival',
  'damaged_in_shipping',
  'not_as_described',
  'wrong_item',
  'not_needed',
] as const;
const MAX_PHOTOS = 5;

/** A day (YYYY-MM-DD) as the page's language writes it. */
function dayName(day: string): string {
  return new Intl.DateTimeFormat(document.documentElement.lang === 'fr' ? 'fr-CA' : 'en-CA', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

export default function ReturnRequestPage() {
  const { loggedIn, customerId } = useSession();
  const { orderid = '' } = useParams();
  const navigate = useNavigate();
  const [data, setData] = useState<Returnable | null>(null);
  const [loadError, setLoadError] = useState('');
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState('');
  usePageTitle(t('returns:request.title', { number: data?.order_number ?? '' }));

  useEffect(() => {
    if (!loggedIn) return;
    const controller = new AbortController();
    api('GET /api/user/:customerid/orders/:orderid/returnable', {
      params: { customerid: customerId, orderid },
      signal: controller.signal,
    }).then(setData, (e: unknown) => {
      if (!controller.signal.aborted) setLoadError(e instanceof ApiError ? e.message : t('returns:failed'));
    });
    return () => controller.abort();
  }, [loggedIn, customerId, orderid]);

  if (!loggedIn) return <SignInFirst />;
  if (loadError)
    return (
      <div className="return-request">
        <p className="banner banner--error" role="alert">
          {loadError}
        </p>
      </div>
    );
  if (!data) return <Loading fill />;

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const photos = form.getAll('photos').filter((f): f is File => f instanceof File && f.size > 0);
    if (photos.length > MAX_PHOTOS) {
      setFailed(t('returns:request.tooMany'));
      return;
    }
    const lines = data.lines
      .map((l) =>
        l.units.length > 0
          ? {
              line_id: l.line_id,
              unit_ids: l.units.filter((u) => picked.has(u.unit_id)).map((u) => u.unit_id),
            }
          : { line_id: l.line_id, quantity: Number(quantities[l.line_id] || 0) },
      )
      .filter((l) => ('unit_ids' in l ? (l.unit_ids?.length ?? 0) > 0 : (l.quantity ?? 0) > 0));
    const body = new FormData();
    body.set('reason', reason);
    body.set('notes', String(form.get('notes') ?? ''));
    body.set('lines', JSON.stringify(lines));
    for (const photo of photos) body.append('photos', photo);
    setBusy(true);
    setFailed('');
    try {
      const made = await api('POST /api/user/:customerid/orders/:orderid/returns', {
        params: { customerid: customerId, orderid },
        form: body,
      });
      navigate(`/acer/returns/${made.return.return_id}`, { state: { said: made.smessage } });
    } catch (e) {
      setFailed(e instanceof ApiError ? e.message : t('returns:failed'));
      setBusy(false);
    }
  };

  const toggle = (unitId: number, on: boolean) =>
    setPicked((before) => {
      const next = new Set(before);
      if (on) next.add(unitId);
      else next.delete(unitId);
      return next;
    });

  return (
    <div className="return-request">
      <h1>{t('returns:request.title', { number: data.order_number })}</h1>
      <p>{t('returns:request.intro')}</p>
      {data.delivered_on ? (
        <p>{t('returns:request.delivered', { day: dayName(data.delivered_on) })}</p>
      ) : (
        <p className="banner" role="note">
          {t('returns:request.notDelivered')}
        </p>
      )}
      {failed && (
        <p className="banner banner--error" role="alert">
          {failed}
        </p>
      )}
      <form className="form acct-form return-form" onSubmit={(e) => void submit(e)} noValidate>
        <table className="quote-table return-form__lines">
          <thead>
            <tr>
              <th scope="col">{t('returns:request.item')}</th>
              <th scope="col">{t('returns:request.delivered.col')}</th>
              <th scope="col">{t('returns:request.left')}</th>
              <th scope="col">{t('returns:request.quantity')}</th>
            </tr>
          </thead>
          <tbody>
            {data.lines.map((l) => (
              <tr key={l.line_id}>
                <th scope="row">
                  {l.item_name}
                  <br />
                  <small>{l.sku}</small>
                </th>
                <td>{l.delivered}</td>
                <td>{l.left}</td>
                <td>
                  {l.units.length > 0 ? (
                    <fieldset className="return-form__serials">
                      <legend className="visually-hidden">
                        {t('returns:request.serials', { item: l.item_name })}
                      </legend>
                      {l.units.map((u) => (
                        <label key={u.unit_id}>
                          <input
                            type="checkbox"
                            disabled={!u.available}
                            checked={picked.has(u.unit_id)}
                            onChange={(e) => toggle(u.unit_id, e.target.checked)}
                          />{' '}
                          {u.available ? u.serial : t('returns:request.serialBusy', { serial: u.serial })}
                        </label>
                      ))}
                    </fieldset>
                  ) : (
                    <input
                      type="number"
                      min={0}
                      max={l.left}
                      inputMode="numeric"
                      aria-label={t('returns:request.quantityOf', { item: l.item_name })}
                      value={quantities[l.line_id] ?? ''}
                      disabled={l.left === 0}
                      onChange={(e) =>
                        setQuantities((q) => ({ ...q, [l.line_id]: e.target.value.replace(/\D/g, '') }))
                      }
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <FieldFrame id="return-reason" label={t('returns:request.reason')} required>
          <select id="return-reason" value={reason} onChange={(e) => setReason(e.target.value)} required>
            <option value="">{t('returns:request.choose')}</option>
            {REASONS.map((r) => {
              const deadline = data.deadlines[r];
              return (
                <option key={r} value={r}>
                  {reasonName(r)}
                  {deadline ? ` (${t('returns:request.deadline', { day: dayName(deadline) })})` : ''}
                </option>
              );
            })}
          </select>
        </FieldFrame>
        <FieldFrame
          id="return-notes"
          label={t('returns:request.notes')}
          hint={t('returns:request.notesHint')}
          className="acct-form__wide"
        >
          <textarea id="return-notes" name="notes" rows={4} maxLength={2000} />
        </FieldFrame>
        <FieldFrame
          id="return-photos"
          label={t('returns:request.photos')}
          hint={t('returns:request.photosHint')}
        >
          <input
            id="return-photos"
            name="photos"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
          />
        </FieldFrame>
        <div className="acct-form__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t('returns:request.submit')}
          </button>
          <Link to={`/acer/order/${orderid}`}>{t('returns:request.back')}</Link>
        </div>
      </form>
    </div>
  );
}
