/**
 * /acer/quote-request: asking the seller for a quote, from the cart's lines (?from=cart) or from one item
 * of a product page (?item=…&condition=…&quantity=…): a quantity and an optional target unit price per
 * line, and a note. More than is in stock may be asked for; the server checks everything again.
 */
import { parsePrice } from '@shop/domain/core/money-text';
import { QUOTE_MAX_LINES, QUOTE_MAX_QUANTITY, QUOTE_MSG, QUOTE_NOTE_MAX } from '@shop/domain/quotes/rules';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { Loading } from '../../components/Loading';
import { SignInFirst } from '../../components/SignInFirst';
import { ApiError, api } from '../../lib/api';
import { t, tm } from '../../lib/i18n';
import { conditionName } from '../../lib/labels';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/title';
import './quotes.css';

interface DraftLine {
  item_id: string;
  item_name: string;
  item_condition: string;
  quantity: string;
  target: string;
}

export default function QuoteRequestPage() {
  usePageTitle(t('quotes:request.title'));
  const { loggedIn, header, customerId } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const fromCart = params.get('from') === 'cart';
  const [edited, setEdited] = useState<DraftLine[] | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  if (!loggedIn) return <SignInFirst />;
  if (!header) return <Loading fill />;
  const cartLines = header.cartItems ?? [];
  const initial: DraftLine[] = fromCart
    ? cartLines.map((l) => ({
        item_id: l.item_id,
        item_name: l.item_name,
        item_condition: l.item_condition,
        quantity: String(l.quantity),
        target: '',
      }))
    : params.get('item')
      ? [
          {
            item_id: params.get('item') ?? '',
            item_name: params.get('name') ?? params.get('item') ?? '',
            item_condition: params.get('condition') ?? 'BrandNew',
            quantity: params.get('quantity') ?? '1',
            target: '',
          },
        ]
      : [];
  const lines = edited ?? initial;
  const change = (index: number, patch: Partial<DraftLine>) =>
    setEdited(lines.map((l, i) => (i === index ? { ...l, ...patch } : l)));

  const send = async () => {
    const body = {
      lines: lines.map((l) => ({
        item_id: l.item_id,
        item_condition: l.item_condition,
        quantity: l.quantity,
        target_price: l.target.trim() === '' ? null : ((parsePrice(l.target) ?? 0) / 100).toFixed(2),
      })),
      note,
    };
    // What the server refuses is said here first, in its words (the server checks again).
    const problems = new Set<string>();
    if (lines.length < 1 || lines.length > QUOTE_MAX_LINES) problems.add(QUOTE_MSG.lines);
    for (const l of lines) {
      const n = Number(l.quantity);
      if (!/^\d+$/.test(l.quantity) || n < 1 || n > QUOTE_MAX_QUANTITY) problems.add(QUOTE_MSG.quantity);
      const target = l.target.trim();
      if (target !== '' && !((parsePrice(target) ?? 0) > 0)) problems.add(QUOTE_MSG.target);
    }
    if (note.trim().length > QUOTE_NOTE_MAX) problems.add(QUOTE_MSG.note);
    if (problems.size > 0) {
      setProblem([...problems].map((m) => tm(m)).join('\n'));
      return;
    }
    setBusy(true);
    setProblem('');
    try {
      const answer = await api('POST /api/user/:customerid/quotes', {
        params: { customerid: customerId },
        body,
      });
      navigate(`/acer/account/quotes/${answer.quote_id}`, { state: { flash: answer.smessage } });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t('quotes:failed'));
      setBusy(false);
    }
  };

  return (
    <div className="quote-request">
      <Breadcrumbs
        items={[
          ...(fromCart ? [{ name: t('cart:breadcrumb'), pathname: '/cart' }] : []),
          { name: t('quotes:request.title'), pathname: '/quote-request', current: true },
        ]}
      />
      <h1>{t('quotes:request.title')}</h1>
      <p>{t('quotes:request.intro', { max: QUOTE_MAX_QUANTITY })}</p>
      {lines.length === 0 ? (
        <p>
          {t('quotes:request.nothing')} <Link to="/acer">{t('cart:continueShopping')}</Link>
        </p>
      ) : (
        <form
          className="form quote-request__form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <table className="quote-table">
            <caption className="visually-hidden">{t('quotes:lines')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('quotes:item')}</th>
                <th scope="col">{t('quotes:quantity')}</th>
                <th scope="col">{t('quotes:target')}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l, i) => (
                <tr key={`${l.item_id}|${l.item_condition}`}>
                  <th scope="row">
                    {l.item_name} <span className="quote-muted">({conditionName(l.item_condition)})</span>
                  </th>
                  <td>
                    <input
                      id={`quote-quantity-${i}`}
                      aria-label={t('quotes:quantityOf', { name: l.item_name })}
                      inputMode="numeric"
                      value={l.quantity}
                      onChange={(e) => change(i, { quantity: e.target.value.replace(/\D/g, '') })}
                    />
                  </td>
                  <td>
                    <input
                      id={`quote-target-${i}`}
                      aria-label={t('quotes:targetOf', { name: l.item_name })}
                      inputMode="decimal"
                      placeholder={t('quotes:optional')}
                      value={l.target}
                      onChange={(e) => change(i, { target: e.target.value })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <label htmlFor="quote-note">{t('quotes:note')}</label>
          <textarea
            id="quote-note"
            rows={4}
            maxLength={QUOTE_NOTE_MAX}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          {problem && (
            <div className="field-error quote-problem" role="alert">
              {problem.split('\n').map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
          )}
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t('quotes:request.send')}
          </button>
        </form>
      )}
    </div>
  );
}
