/** Previous/Next paging with 5 visible page numbers (SPEC §2 Category listing), shared by the lists that page. */
import { visiblePages } from '@shop/domain/catalog';
import { Link } from 'react-router';
import { t } from '../lib/i18n';

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
}: {
  page: number;
  pages: number;
  go?: (page: number) => void;
  href?: (page: number) => string;
  label?: string;
}) {
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
    <nav className="pager" aria-label={label ?? t('common:pager.label')}>
      {step(page - 1, t('common:pager.previous'), page <= 1)}
      {visiblePages(page, pages).map((p) => {
        const text = (
          <>
            <span className="visually-hidden">{t('common:pager.page')} </span>
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
      {step(page + 1, t('common:pager.next'), page >= pages)}
    </nav>
  );
}
