import { formatMoney } from '@shop/domain/money';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Price } from '../../components/Price';
import { cartSubtotalCents, useCart } from '../../lib/cart';
import { usePageTitle } from '../../lib/title';
import type { ItemBrief } from '../../lib/types';
import './cart.css';

/** The confirmation after adding to the cart. */
export default function AddToCartPage() {
  usePageTitle('Added to your cart');
  const location = useLocation();
  const navigate = useNavigate();
  const { lines } = useCart();
  const state = location.state as { product?: ItemBrief; quantity?: number } | null;
  if (!state?.product) return <Navigate to="/acer/signin" replace />;
  const product = state.product;
  const count = lines.reduce((n, l) => n + l.quantity, 0);
  return (
    <div className="added">
      <h1>Added to your cart</h1>
      <div className="added__item">
        <img src={product.main_image} alt="" width="120" height="120" />
        <div>
          <p className="added__name">{product.item_name}</p>
          <p>SKU: {product.sku}</p>
          <p>Quantity: {state.quantity ?? 1}</p>
          <Price item={product} />
        </div>
      </div>
      <p className="added__summary">
        Your cart has {count} item{count === 1 ? '' : 's'}, subtotal {formatMoney(cartSubtotalCents(lines))}.{' '}
        <Link to="/acer/cart">View your cart</Link>
      </p>
      <div className="added__actions">
        <Link className="btn btn--primary" to="/acer/checkout">
          CHECKOUT
        </Link>
        <button type="button" className="btn" onClick={() => navigate(-1)}>
          CONTINUE SHOPPING
        </button>
      </div>
    </div>
  );
}
