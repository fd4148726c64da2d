/**
 * What became of each line sent to the cart at once (quick order, reorder): the lines that need the buyer's
 * attention first, each with its reason, then the lines added. The server's message shows in the page's
 * language.
 */
import type { QuickOrderResult, QuickOrderStatus } from '@shop/domain/cart/quick-order';
import { forwardRef } from 'react';
import { Link } from 'react-router';
import { t, tm } from '../lib/i18n';
import './line-results.css';

const STATUS_KEYS = {
  added: 'common:lines.status.added',
  clamped: 'common:lines.status.clamped',
  unknown: 'common:lines.status.unknown',
  removed: 'common:lines.status.removed',
  not_offered: 'common:lines.status.notOffered',
  out_of_stock: 'common:lines.status.outOfStock',
  ambiguous: 'common:lines.status.ambiguous',
  unreadable: 'common:lines.status.unreadable',
  cart_full: 'common:lines.status.cartFull',
} satisfies Record<QuickOrderStatus, string>;

const TEXT = {
  notAdded: (n: number) => t('common:lines.notAdded', { n }),
  added: (n: number) => t('common:lines.added', { n }),
  line: (n: number) => t('common:lines.line', { n }),
  cart: () => t('common:lines.cart'),
  status: (status: QuickOrderStatus) => t(STATUS_KEYS[status]),
  quantityAdded: (n: number) => t('common:lines.quantityAdded', { n }),
};

/** A clamped line whose quantity went into the cart counts as added, but still needs a look. */
export function wasAdded(result: QuickOrderResult): boolean {
  return result.status === 'added' || (result.status === 'clamped' && (result.quantity ?? 0) > 0);
}

function Line({ result }: { result: QuickOrderResult }) {
  const problem = result.status !== 'added';
  return (
    <li className={`line-result line-result--${problem ? 'problem' : 'added'}`}>
      <p className="line-result__where">
        <span>{TEXT.line(result.line)}</span>
        {result.item_name && <span className="line-result__name">{result.item_name}</span>}
        <code>{result.text}</code>
      </p>
      <p className="line-result__outcome">
        <strong className="line-result__status">{TEXT.status(result.status)}</strong>{' '}
        <span>{tm(result.message)}</span>
        {result.status === 'clamped' && (result.quantity ?? 0) > 0 && (
          <span> {TEXT.quantityAdded(result.quantity ?? 0)}</span>
        )}
      </p>
    </li>
  );
}

/**
 * The results under a heading that takes the focus when they arrive (`ref`), so keyboard and screen
 * reader users land on them; `summary` is the server's one-line account of it.
 */
export const LineResults = forwardRef<
  HTMLHeadingElement,
  { title: string; summary: string; results: readonly QuickOrderResult[] }
>(function LineResults({ title, summary, results }, ref) {
  const attention = results.filter((r) => r.status !== 'added');
  const added = results.filter((r) => r.status === 'added');
  const titleId = `line-results-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className="line-results" aria-labelledby={titleId}>
      <h2 id={titleId} ref={ref} tabIndex={-1}>
        {title}
      </h2>
      <p className="line-results__summary">{summary}</p>
      {attention.length > 0 && (
        <>
          <h3>{TEXT.notAdded(attention.length)}</h3>
          <ul className="line-results__list">
            {attention.map((r) => (
              <Line key={r.line} result={r} />
            ))}
          </ul>
        </>
      )}
      {added.length > 0 && (
        <>
          <h3>{TEXT.added(added.length)}</h3>
          <ul className="line-results__list">
            {added.map((r) => (
              <Line key={r.line} result={r} />
            ))}
          </ul>
        </>
      )}
      {results.some(wasAdded) && (
        <p>
          <Link className="btn btn--primary" to="/acer/cart">
            {TEXT.cart()}
          </Link>
        </p>
      )}
    </section>
  );
});
