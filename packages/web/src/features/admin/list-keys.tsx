/**
 * The back office's lists by keyboard: `/` goes to the search field; `j` or ↓ and `k` or ↑ move from row to
 * row; `Enter` opens the focused row; `x` ticks its box when the list has them. A skip link leads past the
 * filters to the table. Keys typed into a field are the field's own.
 *
 * A row is a `tr[data-href]` (Enter opens the address), an element marked `data-row` (reached, nothing to
 * open: its controls are worked with Tab), or any body row of a table inside `[data-rows]` (Enter follows
 * the row's first link, if it has one).
 */
import { type RefObject, useEffect } from 'react';
import { useNavigate } from 'react-router';

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

const ROWS = 'tr[data-href], [data-row], [data-rows] tbody tr';

/** Where Enter takes a row, if anywhere. */
function hrefOf(row: HTMLElement): string | undefined {
  if (row.dataset.href) return row.dataset.href;
  if (!row.closest('[data-rows]')) return undefined;
  return row.querySelector('a[href]')?.getAttribute('href') ?? undefined;
}

/** Rows (see above; given tabIndex -1) are looked for inside `table`; `searchId` is the search field's id. */
export function useListKeys(table: RefObject<HTMLElement | null>, searchId: string): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
      if (event.key === '/' && !typing(event.target)) {
        const search = document.getElementById(searchId);
        if (search) {
          event.preventDefault();
          search.focus();
        }
        return;
      }
      if (
        typing(event.target) &&
        !(event.target instanceof HTMLInputElement && event.target.type === 'checkbox')
      )
        return;
      const rows = [...(table.current?.querySelectorAll<HTMLElement>(ROWS) ?? [])];
      if (rows.length === 0) return;
      const active = document.activeElement;
      const current = rows.findIndex((row) => row === active || row.contains(active));
      const move = (index: number) => {
        event.preventDefault();
        const row = rows[Math.max(0, Math.min(rows.length - 1, index))];
        if (row && !row.hasAttribute('tabindex')) row.tabIndex = -1;
        row?.focus();
      };
      if (event.key === 'j' || (event.key === 'ArrowDown' && current >= 0)) move(current + 1);
      else if (event.key === 'k' || (event.key === 'ArrowUp' && current >= 0))
        move(current < 0 ? rows.length - 1 : current - 1);
      else if (current >= 0 && event.key === 'Enter' && rows[current] === active) {
        const href = hrefOf(rows[current]!);
        if (href) {
          event.preventDefault();
          navigate(href);
        }
      } else if (current >= 0 && event.key === 'x') {
        const box = rows[current]!.querySelector<HTMLInputElement>('input[type="checkbox"]');
        if (box) {
          event.preventDefault();
          box.click();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navigate, table, searchId]);
}

/** The first focusable thing of a list page: it jumps past the filters to the table. */
export function SkipToTable({ target, children }: { target: string; children: string }) {
  return (
    <a className="skip-link" href={`#${target}`}>
      {children}
    </a>
  );
}

/**
 * How to work the list by keyboard, said once under it: `search` when the page has a search field, `open`
 * when Enter opens rows, `select` when rows have a box to tick.
 */
export function KeysHint({
  select = false,
  search = true,
  open = true,
}: {
  select?: boolean;
  search?: boolean;
  open?: boolean;
}) {
  return (
    <p className="admin-note admin-keys">
      Keys:{' '}
      {search ? (
        <>
          <kbd>/</kbd> search,{' '}
        </>
      ) : null}
      <kbd>j</kbd>/<kbd>k</kbd> or <kbd>↓</kbd>/<kbd>↑</kbd> next/previous row
      {open ? (
        <>
          , <kbd>Enter</kbd> open
        </>
      ) : null}
      {select ? (
        <>
          , <kbd>x</kbd> tick the row
        </>
      ) : null}
      .
    </p>
  );
}

/**
 * How many rows match, said once above a list ("12 orders match."), or, when the server refused the
 * filters, its message in their place.
 */
export function MatchCount({
  total,
  one,
  many,
  capped = false,
  refusal,
}: {
  total: number;
  /** "order matches" */
  one: string;
  /** "orders match" */
  many: string;
  /** More match than were counted: `total` is where counting stopped. */
  capped?: boolean;
  refusal?: string;
}) {
  if (refusal)
    return (
      <p className="banner banner--error admin-result" role="alert">
        {refusal}
      </p>
    );
  const counted = total.toLocaleString('en-CA');
  return (
    <p className="admin-count" role="status">
      {capped
        ? `More than ${counted} ${many}; narrow the list with the filters.`
        : `${counted} ${total === 1 ? one : many}.`}
    </p>
  );
}
