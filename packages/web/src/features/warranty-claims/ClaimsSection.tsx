/** The account's Warranty claims: the company's claims, each with its unit, state and the seller's answer. */
import type { ClaimSummary } from '@shop/domain/warranty-claims/schemas';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Loading } from '../../components/Loading';
import { ApiError, api } from '../../lib/api';
import { formatDate, t } from '../../lib/i18n';
import { useSession } from '../../lib/session';

export function ClaimsSection() {
  const { customerId } = useSession();
  const [claims, setClaims] = useState<ClaimSummary[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    const controller = new AbortController();
    api('GET /api/user/:customerid/warranty-claims', {
      params: { customerid: customerId },
      signal: controller.signal,
    }).then(
      (answer) => setClaims(answer.claims),
      (e: unknown) => {
        if (!controller.signal.aborted)
          setError(e instanceof ApiError ? e.message : t('warranty-claims:failed'));
      },
    );
    return () => controller.abort();
  }, [customerId]);

  return (
    <div className="claims">
      <p>
        <Link className="btn" to="/acer/extended-warranty/submit-warranty-claim">
          {t('warranty-claims:list.new')}
        </Link>
      </p>
      {error ? (
        <p className="banner banner--error" role="alert">
          {error}
        </p>
      ) : !claims ? (
        <Loading />
      ) : claims.length === 0 ? (
        <p>{t('warranty-claims:list.none')}</p>
      ) : (
        <table className="quote-table claims-table">
          <caption className="visually-hidden">{t('warranty-claims:title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('warranty-claims:list.number')}</th>
              <th scope="col">{t('warranty-claims:list.unit')}</th>
              <th scope="col">{t('warranty-claims:list.date')}</th>
              <th scope="col">{t('warranty-claims:list.state')}</th>
              <th scope="col">{t('warranty-claims:list.answer')}</th>
            </tr>
          </thead>
          <tbody>
            {claims.map((c) => (
              <tr key={c.claim_id}>
                <th scope="row">{c.claim_number}</th>
                <td>
                  {c.serial}
                  <br />
                  <small>
                    {c.item_name} · {t('warranty-claims:list.order', { number: c.order_number })}
                  </small>
                </td>
                <td>{formatDate(c.created_at)}</td>
                <td>{t(`warranty-claims:state.${c.state}`)}</td>
                <td>
                  {c.answer ? (
                    <>
                      <strong>{t(`warranty-claims:answer.${c.answer}`)}</strong>
                      {c.rma_number && <div>{t('warranty-claims:list.sendBack', { rma: c.rma_number })}</div>}
                      {c.answer_note && <div className="claims__note">{c.answer_note}</div>}
                    </>
                  ) : (
                    t('warranty-claims:list.waiting')
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
