import type { ItemBrief } from '@shop/domain/core/api';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Price } from '../../components/Price';
import { cartSubtotalCents, useCart } from '../../lib/cart';
import { money, t } from '../../lib/i18n';
import { usePageTitle } from '../../lib/title';
import '../../styles/cart.css';

/** The confirmation after adding to the cart. */
export default function AddToCartPage() {
  usePageTitle(t('common:added.title'));
  const location = useLocation();
  const navigate = useNavigate();
  const { lines } = useCart();
  const state = location.state as { product?: ItemBrief; quantity?: number } | null;
  if (!state?.product) return <Navigate to="/acer/signin" replace />;
  const product = state.product;
  const count = lines.reduce((n, l) => n + l.quantity, 0);
  return (
    <div className="added">
      <h1>{t('common:added.title')}</h1>
      <div className="added__item">
        <img src={product.main_image} alt="" width="120" height="120" />
        <div>
          <p className="added__name">{product.item_name}</p>
          <p>{t('common:card.sku', { sku: product.sku })}</p>
          <p>{t('common:added.quantity', { quantity: state.quantity ?? 1 })}</p>
          <Price item={product} />
        </div>
      </div>
      <p className="added__summary">
        {t('common:added.summary', { count, subtotal: money(cartSubtotalCents(lines)) })}{' '}
        <Link to="/acer/cart">{t('common:added.viewCart')}</Link>
      </p>
      <div className="added__actions">
        <Link className="btn btn--primary" to="/acer/checkout">
          {t('common:added.checkout')}
        </Link>
        <button type="button" className="btn" onClick={() => navigate(-1)}>
          {t('common:added.continue')}
        </button>
      </div>
    </div>
  );
}
