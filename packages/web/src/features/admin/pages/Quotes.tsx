/**
 * /acer/admin/quotes: buyers' quote requests by state, newest first; /acer/admin/quotes/:quoteId: one
 * request with each line's stock, to answer (a unit price per line, a validity date, a message), revise
 * until it is accepted, or decline with a reason. The buyer is mailed each time. A quote the buyer withdrew
 * is shown as such, with nothing left to answer.
 */

import { addDays, todayIn } from '@shop/domain/core/days';
import { toAmount } from '@shop/domain/core/money';
import {
  QUOTE_STATES,
  type QuoteDetail,
  type QuoteSummary,
  quoteAnswerSchema,
  quoteDeclineSchema,
} from '@shop/domain/quotes/schemas';
import { useRef } from 'react';
import { Form, Link, useSearchParams } from 'react-router';
import { api } from '../../../lib/api';
import { shopInfo } from '../../../lib/shop';
import { ADMIN_BASE, attempt, checked, failed, readBody } from '../api';
import { type AdminPage, type PageArgs, usePageData } from '../routing';
import {
  Day,
  Field,
  Money,
  PageTitle,
  Result,
  Select,
  TextArea,
  useAction,
  useFocusFirstError,
  When,
} from '../ui';
import { conditionWord } from '../words';

interface QuoteList {
  quotes: QuoteSummary[];
  total: number;
}

async function listLoader({ request }: PageArgs): Promise<QuoteList> {
  const p = new URL(request.url).searchParams;
  const query = { status: p.get('status'), page: p.get('page') };
  return api('GET /api/admin/quotes', { query, signal: request.signal });
}

function StateTag({ state }: { state: string }) {
  return <span className={`admin-status admin-status--${state}`}>{state}</span>;
}

function Quotes() {
  const { quotes, total } = usePageData<QuoteList>();
  const [params] = useSearchParams();
  return (
    <>
      <PageTitle title="Quotes">Quotes</PageTitle>
      <Form method="get" className="admin-filters" role="search" aria-label="Find quotes">
        <Select
          id="quotes-status"
          name="status"
          label="State"
          defaultValue={params.get('status') ?? ''}
          options={[{ value: '', label: 'All' }, ...QUOTE_STATES]}
        />
        <button type="submit" className="admin-btn">
          Show
        </button>
      </Form>
      <p role="status">{total === 1 ? '1 quote' : `${total} quotes`}</p>
      {quotes.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--rows">
            <caption className="visually-hidden">Quotes</caption>
            <thead>
              <tr>
                <th scope="col">Quote</th>
                <th scope="col">Asked</th>
                <th scope="col">Customer</th>
                <th scope="col">Lines</th>
                <th scope="col">Units</th>
                <th scope="col">State</th>
                <th scope="col">Valid until</th>
                <th scope="col">Order</th>
              </tr>
            </thead>
            <tbody>
              {quotes.map((q) => (
                <tr key={q.quote_id}>
                  <th scope="row">
                    <Link to={`${ADMIN_BASE}/quotes/${q.quote_id}`}>{q.quote_number}</Link>
                  </th>
                  <td>
                    <When at={q.created_at} />
                  </td>
                  <td>
                    {q.company} ({q.customer_id})
                  </td>
                  <td>{q.lines}</td>
                  <td>{q.quantity}</td>
                  <td>
                    <StateTag state={q.state} />
                  </td>
                  <td>{q.valid_until ? <Day day={q.valid_until} /> : ''}</td>
                  <td>
                    {q.order_id && q.order_number ? (
                      <Link to={`${ADMIN_BASE}/orders/${q.order_id}`}>{q.order_number}</Link>
                    ) : (
                      ''
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

export const quotesPage: AdminPage = { path: '/quotes', loader: listLoader, Component: Quotes };

// ---- One quote

async function detailLoader({ request, params }: PageArgs): Promise<QuoteDetail> {
  const { quote } = await api('GET /api/admin/quotes/:quoteId', {
    params: { quoteId: params.quoteId ?? '' },
    signal: request.signal,
  });
  return quote;
}

async function detailAction({ request, params }: PageArgs) {
  const body = await readBody(request);
  const quote = { quoteId: params.quoteId ?? '' };
  if (body.intent === 'decline') {
    const decline = checked(quoteDeclineSchema, { reason: body.reason });
    if (decline.refused) return decline.refused;
    return attempt(
      request,
      () => api('POST /api/admin/quotes/:quoteId/decline', { params: quote, body: decline.input }),
      'Declined.',
    );
  }
  if (body.intent !== 'answer') return failed('Unknown action.');
  const lines = Object.entries(body)
    .filter(([key]) => key.startsWith('price_'))
    .map(([key, value]) => ({ line_id: Number(key.slice(6)), price: value }));
  const answer = checked(quoteAnswerSchema, {
    lines,
    valid_until: body.valid_until,
    message: body.message ?? '',
  });
  if (answer.refused) return answer.refused;
  return attempt(
    request,
    () => api('POST /api/admin/quotes/:quoteId/answer', { params: quote, body: answer.input }),
    'Answered.',
  );
}

function AnswerForm({ quote }: { quote: QuoteDetail }) {
  const { fetcher, busy, result, errors } = useAction();
  const ref = useRef<HTMLFormElement>(null);
  useFocusFirstError(ref, result);
  const revising = quote.state === 'answered' || quote.state === 'expired';
  const today = todayIn(shopInfo().timeZone);
  return (
    <fetcher.Form method="post" ref={ref} className="admin-form" noValidate aria-labelledby="answer-title">
      <h2 id="answer-title">{revising ? 'Revise the answer' : 'Answer'}</h2>
      <input type="hidden" name="intent" value="answer" />
      <Result result={result} />
      {quote.detail_lines.map((l) => (
        <Field
          key={l.line_id}
          id={`price-${l.line_id}`}
          name={`price_${l.line_id}`}
          label={`Unit price for ${l.quantity} x ${l.item_name} (${conditionWord(l.item_condition)})`}
          inputMode="decimal"
          required
          defaultValue={l.quoted_cents !== null ? toAmount(l.quoted_cents).toFixed(2) : ''}
          hint={l.target_cents !== null ? `Target: ${money(l.target_cents)}` : undefined}
          error={errors.lines}
        />
      ))}
      <Field
        id="quote-valid-until"
        name="valid_until"
        type="date"
        label="Valid until (last day it can be accepted)"
        required
        min={today}
        max={addDays(today, 90)}
        defaultValue={
          quote.valid_until && quote.valid_until >= today ? quote.valid_until : addDays(today, 14)
        }
        error={errors.valid_until}
      />
      <TextArea
        id="quote-message"
        name="message"
        label="Message to the buyer"
        rows={3}
        maxLength={2000}
        defaultValue={quote.seller_message}
        error={errors.message}
      />
      <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
        {revising ? 'Send the revised answer' : 'Send the answer'}
      </button>
    </fetcher.Form>
  );
}

function DeclineForm() {
  const { fetcher, busy, result, errors } = useAction();
  const ref = useRef<HTMLFormElement>(null);
  useFocusFirstError(ref, result);
  return (
    <fetcher.Form method="post" ref={ref} className="admin-form" noValidate aria-labelledby="decline-title">
      <h2 id="decline-title">Decline</h2>
      <input type="hidden" name="intent" value="decline" />
      <Result result={result} />
      <TextArea
        id="quote-reason"
        name="reason"
        label="Reason to decline"
        required
        rows={2}
        maxLength={1000}
        hint="Mailed to the buyer."
        error={errors.reason}
      />
      <button type="submit" className="admin-btn admin-btn--danger" disabled={busy}>
        Decline the quote
      </button>
    </fetcher.Form>
  );
}

const money = (cents: number) => `$${toAmount(cents).toFixed(2)}`;

function QuotePage() {
  const quote = usePageData<QuoteDetail>();
  const open = quote.state === 'requested' || quote.state === 'answered' || quote.state === 'expired';
  return (
    <>
      <p>
        <Link to={`${ADMIN_BASE}/quotes`}>All quotes</Link>
      </p>
      <PageTitle title={`Quote ${quote.quote_number}`}>
        Quote {quote.quote_number} <StateTag state={quote.state} />
      </PageTitle>
      <dl className="admin-facts">
        <dt>Customer</dt>
        <dd>
          <Link to={`${ADMIN_BASE}/customers/${quote.customer_id}`}>
            {quote.company} ({quote.customer_id})
          </Link>
        </dd>
        <dt>Asked by</dt>
        <dd>{quote.buyer_name}</dd>
        <dt>Asked</dt>
        <dd>
          <When at={quote.created_at} />
        </dd>
        {quote.valid_until && (
          <>
            <dt>Valid until</dt>
            <dd>
              <Day day={quote.valid_until} />
            </dd>
          </>
        )}
        {quote.revision > 1 && (
          <>
            <dt>Revision</dt>
            <dd>{quote.revision}</dd>
          </>
        )}
        {quote.order_id && (
          <>
            <dt>Order</dt>
            <dd>
              <Link to={`${ADMIN_BASE}/orders/${quote.order_id}`}>{quote.order_number}</Link>
            </dd>
          </>
        )}
        {quote.decline_reason && (
          <>
            <dt>Declined because</dt>
            <dd>{quote.decline_reason}</dd>
          </>
        )}
      </dl>
      {quote.note && (
        <section aria-labelledby="note-title">
          <h2 id="note-title">Buyer's note</h2>
          <p className="admin-pre">{quote.note}</p>
        </section>
      )}
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption>Lines</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Condition</th>
              <th scope="col">Quantity</th>
              <th scope="col">In stock</th>
              <th scope="col">Target</th>
              <th scope="col">Quoted</th>
            </tr>
          </thead>
          <tbody>
            {quote.detail_lines.map((l) => (
              <tr key={l.line_id}>
                <th scope="row">
                  {l.item_name} <span className="admin-muted">{l.sku}</span>
                </th>
                <td>{conditionWord(l.item_condition)}</td>
                <td>{l.quantity}</td>
                <td>{l.in_stock ?? ''}</td>
                <td>{l.target_cents !== null ? <Money amount={toAmount(l.target_cents)} /> : ''}</td>
                <td>{l.quoted_cents !== null ? <Money amount={toAmount(l.quoted_cents)} /> : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {quote.seller_message && (
        <section aria-labelledby="message-title">
          <h2 id="message-title">Message sent</h2>
          <p className="admin-pre">{quote.seller_message}</p>
        </section>
      )}
      {quote.state === 'withdrawn' && (
        <p role="status">The buyer withdrew this quote: it can no longer be answered, revised or declined.</p>
      )}
      {open && (
        <>
          <AnswerForm quote={quote} />
          <DeclineForm />
        </>
      )}
    </>
  );
}

export const quotePage: AdminPage = {
  path: '/quotes/:quoteId',
  loader: detailLoader,
  action: detailAction,
  Component: QuotePage,
};
