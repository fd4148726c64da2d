/** A return as its buyer sees it: its state, units, photos, the instructions once authorised, the resolution. */
import type { ReturnDetail } from '@shop/domain/after-sale/return-answers';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Loading } from '../../components/Loading';
import { SignInFirst } from '../../components/SignInFirst';
import { ApiError, api } from '../../lib/api';
import { formatDate, t } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/title';
import './returns.css';
import { reasonName, resolutionName, stateName } from './words';

export default function ReturnPage() {
  const { loggedIn, customerId } = useSession();
  const { returnid = '' } = useParams();
  const location = useLocation();
  const said = (location.state as { said?: string } | null)?.said;
  const [ret, setRet] = useState<ReturnDetail | null>(null);
  const [error, setError] = useState('');
  usePageTitle(t('returns:page.title', { rma: ret?.rma_number ?? '' }));
  useEffect(() => {
    if (!loggedIn) return;
    const controller = new AbortController();
    api('GET /api/user/:customerid/returns/:returnId', {
      params: { customerid: customerId, returnId: returnid },
      signal: controller.signal,
    }).then(
      (answer) => setRet(answer.return),
      (e: unknown) => {
        if (!controller.signal.aborted) setError(e instanceof ApiError ? e.message : t('returns:failed'));
      },
    );
    return () => controller.abort();
  }, [loggedIn, customerId, returnid]);

  if (!loggedIn) return <SignInFirst />;
  if (error)
    return (
      <div className="return-page">
        <p className="banner banner--error" role="alert">
          {error}
        </p>
        <Link to="/acer/account/returns">{t('returns:title')}</Link>
      </div>
    );
  if (!ret) return <Loading fill />;
  return (
    <div className="return-page">
      <h1>{t('returns:page.title', { rma: ret.rma_number })}</h1>
      {said && (
        <p className="banner banner--ok" role="status">
          {said}
        </p>
      )}
      <dl className="order__facts">
        <dt>{t('returns:page.order')}</dt>
        <dd>
          <Link to={`/acer/order/${ret.order_id}`}>{ret.order_number}</Link>
        </dd>
        <dt>{t('returns:page.opened')}</dt>
        <dd>{formatDate(ret.created_at)}</dd>
        <dt>{t('returns:page.reason')}</dt>
        <dd>{reasonName(ret.reason)}</dd>
        <dt>{t('returns:page.state')}</dt>
        <dd data-testid="return-state">{stateName(ret.state)}</dd>
        {ret.notes && (
          <>
            <dt>{t('returns:page.notes')}</dt>
            <dd>{ret.notes}</dd>
          </>
        )}
      </dl>
      {ret.state === 'requested' && <p role="note">{t('returns:page.waiting')}</p>}
      {ret.state === 'declined' && (
        <p className="banner banner--error">{t('returns:page.declined', { reason: ret.decline_reason })}</p>
      )}
      {ret.state === 'authorised' && (
        <section className="return-page__instructions">
          <h2>{t('returns:page.instructions')}</h2>
          <p className="return-page__address">{ret.instructions}</p>
          <p>
            <strong>{t('returns:page.markBox', { rma: ret.rma_number })}</strong>
          </p>
          <p>{t(ret.shipping_paid_by === 'shop' ? 'returns:page.shopPays' : 'returns:page.customerPays')}</p>
        </section>
      )}
      {ret.resolution && (
        <section>
          <h2>{t('returns:page.resolution')}</h2>
          <p>{resolutionName(ret.resolution)}</p>
          {ret.credit_note_number && ret.credit_note_id && (
            <p>
              <Link to={`/acer/credit-notes/${ret.credit_note_id}`}>
                {t('returns:page.creditNote', { number: ret.credit_note_number })}
              </Link>
            </p>
          )}
          {ret.replacement_order_id && ret.replacement_order_number && (
            <p>
              <Link to={`/acer/order/${ret.replacement_order_id}`}>
                {t('returns:page.replacement', { number: ret.replacement_order_number })}
              </Link>
            </p>
          )}
          {ret.resolution_note && <p>{ret.resolution_note}</p>}
        </section>
      )}
      <h2>{t('returns:page.units')}</h2>
      <table className="quote-table">
        <thead>
          <tr>
            <th scope="col">{t('returns:request.item')}</th>
            <th scope="col">{t('returns:page.serial')}</th>
            <th scope="col">{t('returns:request.quantity')}</th>
            <th scope="col">{t('returns:page.received')}</th>
          </tr>
        </thead>
        <tbody>
          {ret.lines.map((l) => (
            <tr key={l.return_line_id}>
              <th scope="row">{l.item_name}</th>
              <td>{l.serial ?? '—'}</td>
              <td>{l.quantity}</td>
              <td>{l.received_at ? formatDate(l.received_at) : t('returns:page.notReceived')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {ret.photos.length > 0 && (
        <>
          <h2>{t('returns:page.photos')}</h2>
          <ul className="return-page__photos">
            {ret.photos.map((p, i) => (
              <li key={p.photo_id}>
                <img
                  src={`/api/user/${customerId}/returns/${ret.return_id}/photos/${p.photo_id}`}
                  alt={t('returns:page.photo', { n: i + 1, rma: ret.rma_number })}
                  loading="lazy"
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
