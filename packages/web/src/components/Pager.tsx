/**
 * Previous/Next paging with 5 visible page numbers (SPEC §2 Category listing), the one pager of the page:
 * the shop's lists and the back office's (features/admin/ui.tsx ListPager puts a list's count beside it).
 */
import { visiblePages } from '@shop/domain/catalog/rules';
import { Link } from 'react-router';
import { t } from '../lib/i18n';

/** The pager's words; the back office, which is in English whatever the shop's language, gives its own. */
export interface PagerWords {
  label: string;
  previous: string;
  next: string;
  page: string;
}

/**
 * With `href` the pages are links (a listing: crawlers and a browser without scripts follow them, and
 * the router moves between them in place); without, buttons that call `go`.
 */
export function Pager({
  page,
  pages,
  go,
  href,
  label,
  words,
}: {
  page: number;
  pages: number;
  go?: (page: number) => void;
  href?: (page: number) => string;
  label?: string;
  words?: PagerWords;
}) {
  const said = words ?? {
    label: label ?? t('common:pager.label'),
    previous: t('common:pager.previous'),
    next: t('common:pager.next'),
    page: t('common:pager.page'),
  };
  const step = (to: number, text: string, disabled: boolean) => {
    if (!href)
      return (
        <button type="button" disabled={disabled} onClick={() => go?.(to)}>
          {text}
        </button>
      );
    return disabled ? (
      <span className="pager__off" aria-disabled="true">
        {text}
      </span>
    ) : (
      <Link to={href(to)} rel={to < page ? 'prev' : 'next'}>
        {text}
      </Link>
    );
  };
  return (
    <nav className="pager" aria-label={said.label}>
      {step(page - 1, said.previous, page <= 1)}
      {visiblePages(page, pages).map((p) => {
        const text = (
          <>
            <span className="visually-hidden">{said.page} </span>
            {p}
          </>
        );
        return href ? (
          <Link key={p} to={href(p)} aria-current={p === page ? 'page' : undefined}>
            {text}
          </Link>
        ) : (
          <button
            key={p}
            type="button"
            aria-current={p === page ? 'page' : undefined}
            onClick={() => go?.(p)}
          >
            {text}
          </button>
        );
      })}
      {step(page + 1, said.next, page >= pages)}
    </nav>
  );
}
