/**
 * /acer/quick-order: lines pasted from a spreadsheet or an e-mail, or a CSV file read in the browser, go
 * into the cart in one request. The shared parser previews what will be sent; the server checks every line
 * and answers each one.
 */
import type { CartItem } from '@shop/domain/api';
import {
  parseQuickOrder,
  QUICK_MSG,
  QUICK_ORDER_MAX_CHARS,
  QUICK_ORDER_MAX_LINES,
  type QuickOrderResult,
} from '@shop/domain/quick-order';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/session';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { LineResults, wasAdded } from '../../components/LineResults';
import { SignInFirst } from '../../components/SignInFirst';
import { ApiError, api } from '../../lib/api';
import { usePageTitle } from '../../lib/title';
import './quick-order.css';

const TEXT = {
  title: 'Quick order',
  intro:
    'Paste the lines of your order, copied from a spreadsheet or an e-mail: one item a line, its SKU and the quantity. When an item is sold in more than one condition, add the condition.',
  examples: 'For example:',
  exampleLines: ['NX.SAHAA.001 5', 'NX.SAHAA.001,5', 'NX.SAHAA.001 5 Recertified'],
  textLabel: 'Lines to order',
  textHint: `Up to ${QUICK_ORDER_MAX_LINES} lines. Separate the SKU, the quantity and the condition with spaces, a comma, a semicolon or a tab. Conditions: BrandNew, Recertified, ScratchDent or Warranty.`,
  fileLabel: 'Or read a CSV file',
  fileHint:
    'Columns: SKU, quantity and, if needed, condition. A first line naming the columns is skipped. The file is read here, in your browser, and its lines shown above.',
  fileRead: (name: string, lines: number) =>
    `${name}: ${lines} line${lines === 1 ? '' : 's'} read. Check them below, then add them to your cart.`,
  fileFailed: 'The file could not be read. Save it as a CSV file (comma-separated values) and try again.',
  previewTitle: 'Before you send',
  previewCount: (ok: number, bad: number) =>
    `${ok} line${ok === 1 ? '' : 's'} ready${bad ? `, ${bad} that cannot be read` : ''}.`,
  previewEmpty: 'The lines you paste show here, as they will be read.',
  previewLine: (line: number) => `Line ${line}`,
  submit: 'ADD TO CART',
  sending: 'Adding to your cart…',
  failed: 'The lines could not be added to your cart, please try again.',
  resultsTitle: 'What happened to each line',
  editRefused: 'Correct the lines not added',
  refusedBack: 'The lines not added are back in the box: correct them and send them again.',
  cartLink: 'Your Cart',
} as const;

interface Answer {
  smessage: string;
  results: QuickOrderResult[];
  cartItems: CartItem[];
}

/** The problem with sending this text, if any (the server says the same, this saves a round trip). */
function problemOf(text: string, count: number): string {
  if (text.length > QUICK_ORDER_MAX_CHARS) return QUICK_MSG.tooLong;
  if (count === 0) return QUICK_MSG.nothing;
  if (count > QUICK_ORDER_MAX_LINES) return QUICK_MSG.tooManyLines;
  return '';
}

export default function QuickOrderPage() {
  usePageTitle(TEXT.title);
  const { loggedIn, updateHeader } = useSession();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const parsed = useMemo(() => parseQuickOrder(text), [text]);

  if (!loggedIn) return <SignInFirst />;

  const count = parsed.lines.length + parsed.problems.length;
  const rows = [
    ...parsed.lines.map((l) => ({ line: l.line, text: l.text, item: l, message: '' })),
    ...parsed.problems.map((p) => ({ line: p.line, text: p.text, item: null, message: p.message })),
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
      setNote(TEXT.fileRead(file.name, read.lines.length + read.problems.length));
    } catch (e) {
      setNote('');
      setError(e instanceof RangeError ? e.message : TEXT.fileFailed);
      if (!(e instanceof RangeError)) console.error('A quick-order file could not be read:', e);
    }
  };

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    const now = parseQuickOrder(text);
    const problem = problemOf(text, now.lines.length + now.problems.length);
    if (problem) {
      setError(problem);
      area.current?.focus();
      return;
    }
    setBusy(true);
    setError('');
    setNote('');
    try {
      const result = await api<Answer>('/user/cart/quick-order', { method: 'POST', body: { text } });
      updateHeader((header) => ({ ...header, cartItems: result.cartItems }));
      setAnswer(result);
      setText('');
      requestAnimationFrame(() => resultsHeading.current?.focus());
    } catch (e) {
      setError(e instanceof ApiError && e.status < 500 ? e.message : TEXT.failed);
      area.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const refused = answer?.results.filter((r) => !wasAdded(r)) ?? [];
  const editRefused = () => {
    setText(refused.map((r) => r.text).join('\n'));
    setNote(TEXT.refusedBack);
    area.current?.focus();
  };

  return (
    <div className="quick-order">
      <Breadcrumbs
        items={[
          { name: TEXT.cartLink, pathname: '/cart' },
          { name: TEXT.title, pathname: '/quick-order' },
        ]}
      />
      <h1>{TEXT.title}</h1>
      <p className="quick-order__intro">{TEXT.intro}</p>
      <p className="quick-order__examples">
        {TEXT.examples}{' '}
        {TEXT.exampleLines.map((line) => (
          <code key={line}>{line}</code>
        ))}
      </p>
      <form className="form quick-order__form" onSubmit={send} noValidate>
        <div className="form__field">
          <label htmlFor="quick-order-text">{TEXT.textLabel}</label>
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
            {TEXT.textHint}
          </p>
        </div>
        <div className="form__field">
          <label htmlFor="quick-order-file">{TEXT.fileLabel}</label>
          <input
            id="quick-order-file"
            type="file"
            accept=".csv,.txt,.tsv,text/csv,text/plain,text/tab-separated-values"
            aria-describedby="quick-order-file-hint"
            onChange={(e) => void readFile(e.currentTarget)}
          />
          <p id="quick-order-file-hint" className="field-hint">
            {TEXT.fileHint}
          </p>
        </div>
        <section className="quick-order__preview" aria-labelledby="quick-order-preview">
          <h2 id="quick-order-preview">{TEXT.previewTitle}</h2>
          {count === 0 ? (
            <p className="acct-muted">{TEXT.previewEmpty}</p>
          ) : (
            <>
              <p>
                {TEXT.previewCount(parsed.lines.length, parsed.problems.length)}
                {count > QUICK_ORDER_MAX_LINES && <strong> {QUICK_MSG.tooManyLines}</strong>}
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
                    <span className="quick-order__where">{TEXT.previewLine(row.line)}</span>
                    {row.item ? (
                      <span>
                        <strong>{row.item.sku}</strong> × {row.item.quantity}
                        {row.item.condition && ` · ${row.item.condition}`}
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
          {busy ? TEXT.sending : note}
        </p>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {TEXT.submit}
        </button>
      </form>

      {answer && (
        <>
          <LineResults
            ref={resultsHeading}
            title={TEXT.resultsTitle}
            summary={answer.smessage}
            results={answer.results}
          />
          {refused.length > 0 && (
            <button type="button" className="btn" onClick={editRefused}>
              {TEXT.editRefused}
            </button>
          )}
        </>
      )}

      <p>
        <Link to="/acer/cart">{TEXT.cartLink}</Link>
      </p>
    </div>
  );
}
