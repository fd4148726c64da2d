import { Loading } from '../../../components/Loading';
import { ProductCard } from '../../../components/ProductCard';
import { t } from '../../../lib/i18n';
import { useAccountData } from '../data';
import { LoadError } from './LoadError';

/** The last viewed items, newest first. */
export function RecentlyViewed() {
  const { data, error } = useAccountData('recentlyViewed');
  if (error) return <LoadError error={error} />;
  if (!data) return <Loading label={t('account:recent.loading')} />;
  if (data.length === 0) return <p className="acct-empty">{t('account:recent.empty')}</p>;
  return (
    <>
      <h2 className="acct-subtitle">{t('account:recent.title')}</h2>
      <ul className="acct-grid">
        {data.map((item) => (
          <li key={`${item.item_id}-${item.item_condition}`} className="acct-grid__item">
            <ProductCard item={item} />
          </li>
        ))}
      </ul>
    </>
  );
}
