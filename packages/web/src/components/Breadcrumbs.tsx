import { Link } from 'react-router';
import { t } from '../lib/i18n';

export interface Crumb {
  name: string;
  /** Path under /acer, e.g. /category/Notebook. */
  pathname: string;
  current?: boolean;
}

/** The breadcrumb trail: a home icon, then each entry; the current one is not a link. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav className="breadcrumbs" aria-label={t('common:breadcrumbs.label')}>
      <ol>
        <li>
          <Link to="/" aria-label={t('common:breadcrumbs.home')} className="breadcrumbs__home">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path d="M12 3 2 12h3v8h6v-6h2v6h6v-8h3z" fill="currentColor" />
            </svg>
          </Link>
        </li>
        {items.map((item, i) => {
          const current = item.current ?? i === items.length - 1;
          return (
            <li key={`${item.pathname}-${item.name}`}>
              {current ? (
                <span aria-current="page">{item.name}</span>
              ) : (
                <Link to={`/acer${item.pathname}`}>{item.name}</Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
