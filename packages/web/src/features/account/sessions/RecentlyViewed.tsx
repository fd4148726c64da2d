import { Loading } from '../../../components/Loading';
import { ProductCard } from '../../../components/ProductCard';
import { useAccountData } from '../data';
import { LoadError } from './LoadError';

/** The last viewed items, newest first. */
export function RecentlyViewed() {
  const { data, error } = useAccountData('recentlyViewed');
  if (error) return <LoadError error={error} />;
  if (!data) return <Loading label="Loading recently viewed items" />;
  if (data.length === 0) return <p className="acct-empty">You have not viewed any products yet.</p>;
  return (
    <>
      <h2 className="acct-subtitle">Your last viewed products, newest first</h2>
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
