/** Previous/Next paging with 5 visible page numbers (SPEC §2 Category listing), shared by the lists that page. */
import { visiblePages } from '@shop/domain/catalog';
import { t } from '../lib/i18n';

export function Pager({
  page,
  pages,
  go,
  label,
}: {
  page: number;
  pages: number;
  go: (page: number) => void;
  label?: string;
}) {
  return (
    <nav className="pager" aria-label={label ?? t('common:pager.label')}>
      <button type="button" disabled={page <= 1} onClick={() => go(page - 1)}>
        {t('common:pager.previous')}
      </button>
      {visiblePages(page, pages).map((p) => (
        <button key={p} type="button" aria-current={p === page ? 'page' : undefined} onClick={() => go(p)}>
          <span className="visually-hidden">{t('common:pager.page')} </span>
          {p}
        </button>
      ))}
      <button type="button" disabled={page >= pages} onClick={() => go(page + 1)}>
        {t('common:pager.next')}
      </button>
    </nav>
  );
}
