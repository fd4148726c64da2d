import { type CartButtonState, cartButtonState } from '@shop/domain/catalog/pricing';
import type { ItemBrief } from '@shop/domain/core/api';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCart } from '../lib/cart';
import { t, tm } from '../lib/i18n';
import { useSession } from '../lib/session';
import { Price } from './Price';
import { VolumePrices } from './VolumePrices';

const BUTTON_KEYS: Record<CartButtonState, string> = {
  'Please Login': 'common:cartButton.pleaseLogin',
  'Item Removed': 'common:cartButton.removed',
  'ADD TO CART': 'common:cartButton.add',
  'OUT OF STOCK': 'common:cartButton.outOfStock',
};

/** The add-to-cart button's words for its state, in the page's language. */
export function cartButtonText(state: CartButtonState): string {
  return t(BUTTON_KEYS[state]);
}

function productPath(item: ItemBrief): string {
  return `/acer/product/${item.item_id}/${item.item_condition}`;
}

/** A product card: tags, picture, name, price and the add-to-cart button in one of its four states. */
export function ProductCard({
  item,
  layout = 'grid',
  eager = false,
  children,
}: {
  item: ItemBrief;
  layout?: 'grid' | 'detail';
  eager?: boolean;
  children?: React.ReactNode;
}) {
  const { loggedIn } = useSession();
  const cart = useCart();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const state = cartButtonState(loggedIn, item.is_active, item);
  const name = item.is_active ? item.item_name : t('common:card.removed');
  const tags = [
    item.is_sale && item.item_condition !== 'ScratchDent' ? 'sale' : null,
    item.item_condition === 'BrandNew' ? 'new' : null,
    item.item_condition === 'ScratchDent' ? 'scratch' : null,
  ].filter((tag) => tag !== null);
  const stock = item.item_condition === 'ScratchDent' ? item.scratch_dent_stock : item.stock;
  return (
    <article className={`card card--${layout}`}>
      {tags.length > 0 && (
        <ul className="card__tags" aria-label={t('common:card.tags')}>
          {tags.map((tag) => (
            <li key={tag} className={`tag tag--${tag}`}>
              {t(`common:card.tag.${tag}`)}
            </li>
          ))}
        </ul>
      )}
      <a className="card__link" href={productPath(item)} target="_blank" rel="noopener">
        <span className="card__image">
          <img
            src={item.main_image}
            alt=""
            width="200"
            height="200"
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'auto'}
            // The first cards' pictures paint with the page's first frame, not one frame after its text.
            decoding={eager ? 'sync' : 'async'}
          />
        </span>
        <h3 className="card__name">{name}</h3>
      </a>
      <div className="card__body">
        <p className="card__sku">{t('common:card.sku', { sku: item.sku })}</p>
        {layout === 'detail' && (
          <p className="card__meta">
            {item.product_series && <span>{item.product_series} · </span>}
            <span>
              {item.item_condition === 'Warranty'
                ? t('common:card.alwaysAvailable')
                : t('common:card.inStock', { stock })}
            </span>
          </p>
        )}
        <Price item={item} />
        <VolumePrices item={item} first />
        <button
          type="button"
          className={`btn card__button${state === 'ADD TO CART' ? ' btn--primary' : ' btn--muted'}`}
          aria-disabled={state !== 'ADD TO CART'}
          disabled={busy}
          onClick={async () => {
            // From a card, add to cart works only when signed in and in stock; otherwise nothing happens.
            if (state !== 'ADD TO CART') return;
            setBusy(true);
            const result = await cart.add(item, 1);
            if (!result.ok) {
              setBusy(false);
              window.alert(tm(result.message));
              return;
            }
            // The confirmation screen opens a second after a successful add.
            setTimeout(() => navigate('/acer/add-to-cart', { state: { product: item, quantity: 1 } }), 1000);
          }}
        >
          {busy ? t('common:cartButton.adding') : cartButtonText(state)}
        </button>
        {children}
      </div>
    </article>
  );
}
