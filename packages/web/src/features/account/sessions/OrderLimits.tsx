/**
 * The company's order limits, for its administrators (in the buyers section): one for all buyers and each
 * buyer's own. Above a buyer's limit an order waits for an administrator's approval (Approvals). The server
 * checks every amount and who may set it; the page shows its answer.
 */
import type { OrderLimitsAnswer, OrderLimitsChangedAnswer } from '@shop/domain/approvals/schemas';
import { toCents } from '@shop/domain/core/money';
import { useState } from 'react';
import { TextField } from '../../../components/fields';
import { Loading } from '../../../components/Loading';
import { api } from '../../../lib/api';
import { failureMessage } from '../../../lib/failures';
import { money, t } from '../../../lib/i18n';
import { useRead } from '../../../lib/reads';
import { useAccountReads } from '../loader';
import { LoadError } from './LoadError';

const asText = (dollars: number | null) => (dollars === null ? '' : dollars.toFixed(2));

type Limits = Omit<OrderLimitsAnswer, 'scode' | 'smessage'>;

export function OrderLimits() {
  const read = useRead(useAccountReads().orderLimits);
  // What the last save answered, else what the loader read; the fields start from it.
  const [saved, setLimits] = useState<Limits | null>(null);
  const limits = saved ?? read.data ?? null;
  const [company, setCompany] = useState<string | null>(null);
  const [own, setOwn] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  const show = (answer: Limits) => {
    setLimits(answer);
    setCompany(asText(answer.buyer_order_limit));
    setOwn(Object.fromEntries(answer.contacts.map((c) => [c.contact_person_id, asText(c.order_limit)])));
  };

  if (read.error && !saved) return <LoadError error={read.error} />;
  if (!limits) return <Loading label={t('approvals:limitsLoading')} />;

  const save = async (send: () => Promise<OrderLimitsChangedAnswer>) => {
    setBusy(true);
    setStatus('');
    setProblem('');
    try {
      const answer = await send();
      show(answer);
      setStatus(answer.smessage);
    } catch (error) {
      setProblem(failureMessage(error, t('approvals:failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="acct-section acct-limits" aria-labelledby="order-limits-title">
      <h2 id="order-limits-title">{t('approvals:limitsTitle')}</h2>
      <p>{t('approvals:limitsIntro')}</p>
      <form
        className="form acct-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save(() =>
            api('POST /api/user/order-limits', {
              body: { buyer_order_limit: company ?? asText(limits.buyer_order_limit) },
            }),
          );
        }}
      >
        <TextField
          id="company-order-limit"
          label={t('approvals:companyLimit')}
          inputMode="decimal"
          autoComplete="off"
          hint={t('approvals:companyHint')}
          value={company ?? asText(limits.buyer_order_limit)}
          onChange={setCompany}
        />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t('approvals:save')}
        </button>
      </form>
      <p className="acct-status-line" role="status">
        {status}
      </p>
      <p className="field-error" role="alert">
        {problem}
      </p>
      <div className="acct-table-wrap">
        <table className="acct-table">
          <caption className="visually-hidden">{t('approvals:limitsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('approvals:person')}</th>
              <th scope="col">{t('approvals:ownLimit')}</th>
              <th scope="col">{t('approvals:applies')}</th>
            </tr>
          </thead>
          <tbody>
            {limits.contacts.map((c) => (
              <tr key={c.contact_person_id}>
                <td data-label={t('approvals:person')}>{c.name || c.email}</td>
                <td data-label={t('approvals:ownLimit')}>
                  {c.role === 'admin' ? (
                    <span className="acct-muted">{t('approvals:adminNever')}</span>
                  ) : (
                    <form
                      className="acct-limits__own"
                      noValidate
                      onSubmit={(event) => {
                        event.preventDefault();
                        void save(() =>
                          api('POST /api/user/order-limits/:contactId', {
                            params: { contactId: c.contact_person_id },
                            body: { order_limit: own[c.contact_person_id] ?? asText(c.order_limit) },
                          }),
                        );
                      }}
                    >
                      <input
                        id={`order-limit-${c.contact_person_id}`}
                        inputMode="decimal"
                        autoComplete="off"
                        aria-label={t('approvals:ownLimitOf', { name: c.name || c.email })}
                        title={t('approvals:ownHint')}
                        value={own[c.contact_person_id] ?? asText(c.order_limit)}
                        onChange={(event) => {
                          const value = event.currentTarget.value;
                          setOwn((o) => ({ ...o, [c.contact_person_id]: value }));
                        }}
                      />{' '}
                      <button
                        type="submit"
                        className="btn"
                        disabled={busy}
                        aria-label={t('approvals:saveOne', { name: c.name || c.email })}
                      >
                        {t('approvals:save')}
                      </button>
                    </form>
                  )}
                </td>
                <td data-label={t('approvals:applies')}>
                  {c.role === 'admin'
                    ? '—'
                    : c.applies === null
                      ? t('approvals:noLimit')
                      : money(toCents(c.applies))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
