/**
 * /acer/quick-order: lines pasted from a spreadsheet or an e-mail, or a CSV file read in the browser, go
 * into the cart in one request. The shared parser previews what will be sent; the server checks every line
 * and answers each one.
 */

import {
  parseQuickOrder,
  QUICK_MSG,
  QUICK_ORDER_MAX_CHARS,
  QUICK_ORDER_MAX_LINES,
} from '@shop/domain/cart/quick-order';
import type { QuickOrderAnswer } from '@shop/domain/core/api';
import { useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { LineResults, wasAdded } from '../../components/LineResults';
import { SignInFirst } from '../../components/SignInFirst';
import { ApiError, api } from '../../lib/api';
import { t, tm } from '../../lib/i18n';
import { conditionName } from '../../lib/labels';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/title';
import './quick-order.css';

/** The example lines: SKUs are data, the same in every language; the condition is in the page's words. */
const exampleLines = () => [
  'NX.SAHAA.001 5',
  'NX.SAHAA.001,5',
  `NX.SAHAA.001 5 ${conditionName('Recertified')}`,
];

/** The problem with sending this text, if any (the server says the same, this saves a round trip). */
function problemOf(text: string, count: number): string {
  if (text.length > QUICK_ORDER_MAX_CHARS) return QUICK_MSG.tooLong;
  if (count === 0) return QUICK_MSG.nothing;
  if (count > QUICK_ORDER_MAX_LINES) return QUICK_MSG.tooManyLines;
  return '';
}

export default function QuickOrderPage() {
  usePageTitle(t('cart:quick.title'));
  const { loggedIn, updateHeader } = useSession();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<QuickOrderAnswer | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const parsed = useMemo(() => parseQuickOrder(text), [text]);

  if (!loggedIn) return <SignInFirst />;

  const count = parsed.lines.length + parsed.problems.length;
  const rows = [
    ...parsed.lines.map((l) => ({ line: l.line, text: l.text, item: l, message: '' })),
    ...parsed.problems.map((p) => ({ line: p.line, text: p.text, item: null, message: tm(p.message) })),
  ].sort((a, b) => a.line - b.line);

  const change = (value: string) => {
    setText(value);
    setError('');
    setNote('');
  };

  const readFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    // The same file can be chosen again after it has been corrected.
    input.value = '';
    if (!file) return;
    setError('');
    try {
      if (file.size > QUICK_ORDER_MAX_CHARS * 4) throw new RangeError(QUICK_MSG.tooLong);
      const content = (await file.text()).replace(/^\uFEFF/, '');
      if (content.length > QUICK_ORDER_MAX_CHARS) throw new RangeError(QUICK_MSG.tooLong);
      setText(content);
      const read = parseQuickOrder(content);
      setNote(t('cart:quick.fileRead', { name: file.name, lines: read.lines.length + read.problems.length }));
    } catch (e) {
      setNote('');
      setError(e instanceof RangeError ? tm(e.message) : t('cart:quick.fileFailed'));
      if (!(e instanceof RangeError)) console.error('A quick-order file could not be read:', e);
    }
  };

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    const now = parseQuickOrder(text);
    const problem = problemOf(text, now.lines.length + now.problems.length);
    if (problem) {
      setError(tm(problem));
      area.current?.focus();
      return;
    }
    setBusy(true);
    setError('');
    setNote('');
    try {
      const result = await api('POST /api/user/cart/quick-order', { body: { text } });
      // Drawn at once, so the results' heading is there to take the focus.
      flushSync(() => {
        updateHeader((header) => ({ ...header, cartItems: result.cartItems }));
        setAnswer(result);
        setText('');
      });
      resultsHeading.current?.focus();
    } catch (e) {
      setError(e instanceof ApiError && e.status < 500 ? e.message : t('cart:quick.failed'));
      area.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const refused = answer?.results.filter((r) => !wasAdded(r)) ?? [];
  const editRefused = () => {
    setText(refused.map((r) => r.text).join('\n'));
    setNote(t('cart:quick.refusedBack'));
    area.current?.focus();
  };

  return (
    <div className="quick-order">
      <Breadcrumbs
        items={[
          { name: t('cart:quick.cartLink'), pathname: '/cart' },
          { name: t('cart:quick.title'), pathname: '/quick-order' },
        ]}
      />
      <h1>{t('cart:quick.title')}</h1>
      <p className="quick-order__intro">{t('cart:quick.intro')}</p>
      <p className="quick-order__examples">
        {t('cart:quick.examples')}{' '}
        {exampleLines().map((line) => (
          <code key={line}>{line}</code>
        ))}
      </p>
      <form className="form quick-order__form" onSubmit={send} noValidate>
        <div className="form__field">
          <label htmlFor="quick-order-text">{t('cart:quick.textLabel')}</label>
          <textarea
            ref={area}
            id="quick-order-text"
            rows={10}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={`quick-order-text-hint${error ? ' quick-order-error' : ''}`}
            onChange={(e) => change(e.target.value)}
          />
          <p id="quick-order-text-hint" className="field-hint">
            {t('cart:quick.textHint', { max: QUICK_ORDER_MAX_LINES })}
          </p>
        </div>
        <div className="form__field">
          <label htmlFor="quick-order-file">{t('cart:quick.fileLabel')}</label>
          <input
            id="quick-order-file"
            type="file"
            accept=".csv,.txt,.tsv,text/csv,text/plain,text/tab-separated-values"
            aria-describedby="quick-order-file-hint"
            onChange={(e) => void readFile(e.currentTarget)}
          />
          <p id="quick-order-file-hint" className="field-hint">
            {t('cart:quick.fileHint')}
          </p>
        </div>
        <section className="quick-order__preview" aria-labelledby="quick-order-preview">
          <h2 id="quick-order-preview">{t('cart:quick.previewTitle')}</h2>
          {count === 0 ? (
            <p className="acct-muted">{t('cart:quick.previewEmpty')}</p>
          ) : (
            <>
              <p>
                {t('cart:quick.previewCount', { ok: parsed.lines.length, bad: parsed.problems.length })}
                {count > QUICK_ORDER_MAX_LINES && <strong> {tm(QUICK_MSG.tooManyLines)}</strong>}
              </p>
              <ol
                className="quick-order__lines"
                // A long list scrolls in its box: keyboard users reach it to scroll it.
                tabIndex={rows.length > 8 ? 0 : undefined}
                aria-labelledby={rows.length > 8 ? 'quick-order-preview' : undefined}
              >
                {rows.slice(0, QUICK_ORDER_MAX_LINES).map((row) => (
                  <li
                    key={row.line}
                    className={row.item ? 'quick-order__line' : 'quick-order__line quick-order__line--bad'}
                  >
                    <span className="quick-order__where">
                      {t('cart:quick.previewLine', { line: row.line })}
                    </span>
                    {row.item ? (
                      <span>
                        <strong>{row.item.sku}</strong> × {row.item.quantity}
                        {row.item.condition && ` · ${conditionName(row.item.condition)}`}
                      </span>
                    ) : (
                      <span>
                        <code>{row.text}</code> {row.message}
                      </span>
                    )}
                  </li>
                ))}
              </ol>
            </>
          )}
        </section>
        <p id="quick-order-error" className="field-error" role="alert">
          {error}
        </p>
        <p className="quick-order__note" role="status">
          {busy ? t('cart:quick.sending') : note}
        </p>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t('cart:quick.submit')}
        </button>
      </form>

      {answer && (
        <>
          <LineResults
            ref={resultsHeading}
            title={t('cart:quick.resultsTitle')}
            summary={answer.smessage}
            results={answer.results}
          />
          {refused.length > 0 && (
            <button type="button" className="btn" onClick={editRefused}>
              {t('cart:quick.editRefused')}
            </button>
          )}
        </>
      )}

      <p>
        <Link to="/acer/cart">{t('cart:quick.cartLink')}</Link>
      </p>
    </div>
  );
}
