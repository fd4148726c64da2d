/**
 * The account's Quotes section: the company's quotes (requested, answered, expired, accepted, declined,
 * withdrawn), and one quote with its lines, target and quoted prices, the seller's message, its validity,
 * what changed on a revision, the way to accept it (the quote's checkout) and to withdraw it.
 */
import type { QuoteDetail } from '@shop/domain/quotes/schemas';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Loading } from '../../components/Loading';
import { ApiError, api } from '../../lib/api';
import { formatDate, money, t } from '../../lib/i18n';
import { conditionName } from '../../lib/labels';
import { useSession } from '../../lib/session';
import './quotes.css';

/** A day (YYYY-MM-DD) in the page's language. */
export function formatDay(day: string | null): string {
  return day ? formatDate(`${day}T12:00:00Z`) : '';
}

function StateTag({ state }: { state: string }) {
  return <span className={`quote-state quote-state--${state}`}>{t(`quotes:state.${state}`)}</span>;
}

/** One of the section's reads: made again when `key` (what it reads) changes, or on `reload()`. */
function useQuoteRead<T>(key: string, load: (signal: AbortSignal) => Promise<T>) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState('');
  const [reads, setReads] = useState(0);
  const loader = useRef(load);
  loader.current = load;
  useEffect(() => {
    const controller = new AbortController();
    loader.current(controller.signal).then(setData, (e: unknown) => {
      if (controller.signal.aborted) return;
      setError(e instanceof ApiError ? e.message : t('quotes:failed'));
    });
    return () => controller.abort();
  }, [key, reads]);
  return { data, error, setData, reload: () => setReads((n) => n + 1) };
}

/** States a buyer may withdraw a quote in (the server decides; an expired one could be revised back). */
const WITHDRAWABLE = new Set(['requested', 'answered', 'expired']);

/** Withdrawing the quote, after the buyer confirms it. */
function WithdrawQuote({
  params,
  quote,
  onDone,
}: {
  params: { customerid: string; quoteid: string };
  quote: QuoteDetail;
  onDone: (answer: { quote?: QuoteDetail; message: string; ok: boolean }) => void;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const withdraw = async () => {
    setBusy(true);
    try {
      const done = await api('POST /api/user/:customerid/quotes/:quoteid/withdraw', { params });
      onDone({ quote: done.quote, message: done.smessage, ok: true });
    } catch (e) {
      onDone({ message: e instanceof ApiError ? e.message : t('quotes:failed'), ok: false });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  if (!asking)
    return (
      <button type="button" className="btn quote-withdraw__open" onClick={() => setAsking(true)}>
        {t('quotes:withdraw.open')}
      </button>
    );
  return (
    <fieldset className="quote-withdraw" aria-describedby="quote-withdraw-ask">
      <legend>{t('quotes:withdraw.title', { number: quote.quote_number })}</legend>
      <p id="quote-withdraw-ask">{t('quotes:withdraw.ask')}</p>
      <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void withdraw()}>
        {t('quotes:withdraw.confirm')}
      </button>{' '}
      <button type="button" className="btn" disabled={busy} onClick={() => setAsking(false)}>
        {t('quotes:withdraw.keep')}
      </button>
    </fieldset>
  );
}

function QuoteList({ customerId }: { customerId: string }) {
  const { data, error } = useQuoteRead(customerId, (signal) =>
    api('GET /api/user/:customerid/quotes', { params: { customerid: customerId }, signal }),
  );
  if (error) return <p role="alert">{error}</p>;
  if (!data) return <Loading />;
  if (data.quotes.length === 0)
    return (
      <p>
        {t('quotes:list.none')} <Link to="/acer/cart">{t('quotes:list.fromCart')}</Link>
      </p>
    );
  return (
    <table className="quote-table">
      <caption className="visually-hidden">{t('quotes:title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('quotes:number')}</th>
          <th scope="col">{t('quotes:asked')}</th>
          <th scope="col">{t('quotes:units')}</th>
          <th scope="col">{t('quotes:stateLabel')}</th>
          <th scope="col">{t('quotes:validUntil')}</th>
          <th scope="col">{t('quotes:total')}</th>
        </tr>
      </thead>
      <tbody>
        {data.quotes.map((q) => (
          <tr key={q.quote_id}>
            <th scope="row">
              <Link to={`/acer/account/quotes/${q.quote_id}`}>{q.quote_number}</Link>
            </th>
            <td>{formatDate(q.created_at)}</td>
            <td>{q.quantity}</td>
            <td>
              <StateTag state={q.state} />
            </td>
            <td>{formatDay(q.valid_until)}</td>
            <td>{q.quoted_total_cents !== null ? money(q.quoted_total_cents) : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function QuoteView({ customerId, quoteId }: { customerId: string; quoteId: string }) {
  const location = useLocation();
  const [said, setSaid] = useState<{ message: string; ok: boolean } | null>(null);
  const flash = said === null ? (location.state as { flash?: string } | null)?.flash : undefined;
  const params = { customerid: customerId, quoteid: quoteId };
  const { data, error, setData, reload } = useQuoteRead(`${customerId} ${quoteId}`, (signal) =>
    api('GET /api/user/:customerid/quotes/:quoteid', { params, signal }),
  );
  if (error) return <p role="alert">{error}</p>;
  if (!data) return <Loading />;
  const q = data.quote;
  const answered = q.state === 'answered' || q.state === 'expired' || q.state === 'accepted';
  const total = q.detail_lines.reduce((sum, l) => sum + (l.quoted_cents ?? 0) * l.quantity, 0);
  return (
    <div className="quote-view">
      {flash && (
        <p className="banner banner--ok" role="status">
          {flash}
        </p>
      )}
      {said?.ok && (
        <p className="banner banner--ok" role="status">
          {said.message}
        </p>
      )}
      {said && !said.ok && <p role="alert">{said.message}</p>}
      <h2>
        {t('quotes:quoteTitle', { number: q.quote_number })} <StateTag state={q.state} />
      </h2>
      <p>
        <Link to="/acer/account/quotes">{t('quotes:back')}</Link>
      </p>
      <dl className="quote-facts">
        <dt>{t('quotes:asked')}</dt>
        <dd>
          {formatDate(q.created_at)} ({q.buyer_name})
        </dd>
        {q.valid_until && (
          <>
            <dt>{t('quotes:validUntil')}</dt>
            <dd>
              {formatDay(q.valid_until)}
              {q.previous?.valid_until && q.previous.valid_until !== q.valid_until && (
                <span className="quote-changed">
                  {' '}
                  {t('quotes:was', { value: formatDay(q.previous.valid_until) })}
                </span>
              )}
            </dd>
          </>
        )}
        {q.order_id && q.order_number && (
          <>
            <dt>{t('quotes:order')}</dt>
            <dd>
              <Link to={`/acer/order/${q.order_id}`}>{q.order_number}</Link>
            </dd>
          </>
        )}
      </dl>
      {q.revision > 1 && q.previous && <p className="quote-revised">{t('quotes:revised')}</p>}
      <table className="quote-table">
        <caption className="visually-hidden">{t('quotes:lines')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('quotes:item')}</th>
            <th scope="col">{t('quotes:quantity')}</th>
            <th scope="col">{t('quotes:target')}</th>
            <th scope="col">{t('quotes:quoted')}</th>
          </tr>
        </thead>
        <tbody>
          {q.detail_lines.map((l) => (
            <tr key={l.line_id}>
              <th scope="row">
                {l.item_name} <span className="quote-muted">({conditionName(l.item_condition)})</span>
              </th>
              <td>{l.quantity}</td>
              <td>{l.target_cents !== null ? money(l.target_cents) : ''}</td>
              <td>
                {l.quoted_cents !== null ? money(l.quoted_cents) : t('quotes:waiting')}
                {l.previous_quoted_cents !== null && (
                  <span className="quote-changed">
                    {' '}
                    {t('quotes:was', { value: money(l.previous_quoted_cents) })}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {answered && (
        <p className="quote-total">
          {t('quotes:totalBeforeTax')} <strong>{money(total)}</strong>
        </p>
      )}
      {q.note && (
        <section aria-labelledby="quote-note-title">
          <h3 id="quote-note-title">{t('quotes:yourNote')}</h3>
          <p className="quote-text">{q.note}</p>
        </section>
      )}
      {q.seller_message && (
        <section aria-labelledby="quote-message-title">
          <h3 id="quote-message-title">{t('quotes:message')}</h3>
          <p className="quote-text">{q.seller_message}</p>
          {q.previous && q.previous.message !== q.seller_message && q.previous.message && (
            <p className="quote-changed">{t('quotes:previousMessage', { message: q.previous.message })}</p>
          )}
        </section>
      )}
      {q.state === 'declined' && (
        <p className="quote-declined">{t('quotes:declinedBecause', { reason: q.decline_reason })}</p>
      )}
      {q.state === 'expired' && <p className="quote-expired">{t('quotes:expiredNote')}</p>}
      {q.state === 'requested' && <p>{t('quotes:waitingNote')}</p>}
      {q.state === 'withdrawn' && <p>{t('quotes:withdrawnNote')}</p>}
      <div className="quote-actions">
        {q.state === 'answered' && (
          <Link className="btn btn--primary" to={`/acer/quote-checkout/${q.quote_id}`}>
            {t('quotes:accept')}
          </Link>
        )}
        {WITHDRAWABLE.has(q.state) && (
          <WithdrawQuote
            params={params}
            quote={q}
            onDone={(answer) => {
              setSaid({ message: answer.message, ok: answer.ok });
              // Done: the quote as it is now; refused (accepted meanwhile, say): read it again.
              if (answer.quote) setData({ scode: 200, quote: answer.quote });
              else reload();
            }}
          />
        )}
      </div>
    </div>
  );
}

/** The account's Quotes section: the list, or one quote when the path names it. */
export function QuotesSection({ quoteId }: { quoteId?: string }) {
  const { customerId } = useSession();
  return quoteId ? (
    <QuoteView customerId={customerId} quoteId={quoteId} />
  ) : (
    <QuoteList customerId={customerId} />
  );
}
