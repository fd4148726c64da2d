import { ALERT_CONDITIONS, type AlertCondition } from '@shop/domain/alerts/rules';
import { availableStock, cartButtonState, isInStock } from '@shop/domain/catalog/pricing';
import { MSG } from '@shop/domain/core/messages';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { Loading } from '../../components/Loading';
import { Price } from '../../components/Price';
import { cartButtonText } from '../../components/ProductCard';
import { VolumePrices } from '../../components/VolumePrices';
import { useCart } from '../../lib/cart';
import { useHydrated } from '../../lib/hydrated';
import { t, tm } from '../../lib/i18n';
import { categoryName, conditionName } from '../../lib/labels';
import { useOncePer } from '../../lib/once';
import { useRead } from '../../lib/reads';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/title';
import { AlertMe } from '../alerts';
import { WishListHeart } from '../wishlist';
import { ConditionCompare } from './ConditionCompare';
import { useProductReads } from './loader';
import './product.css';

const TABS = ['DESCRIPTION', 'DETAILS', 'WARRANTY'] as const;

const TAB_KEYS: Record<(typeof TABS)[number], string> = {
  DESCRIPTION: 'catalog:product.tab.description',
  DETAILS: 'catalog:product.tab.details',
  WARRANTY: 'catalog:product.tab.warranty',
};

/** A breadcrumb the server names in English, named from its path's last part (/category/Gaming/Monitor). */
function crumbName(crumb: { name: string; pathname: string }): string {
  const last = crumb.pathname.split('/').pop() ?? '';
  const name = categoryName(last);
  return name === last ? crumb.name : name;
}

/** 'spec name: value' lines, split at the first colon. */
function specLines(details: string): { name: string; value: string }[] {
  return details
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf(':');
      return at < 0
        ? { name: line, value: '' }
        : { name: line.slice(0, at).trim(), value: line.slice(at + 1).trim() };
    });
}

export default function ProductPage() {
  const { itemid = '' } = useParams();
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const { data, error } = useRead(useProductReads().product);
  const [tab, setTab] = useState<(typeof TABS)[number]>('DESCRIPTION');
  const [imageIndex, setImageIndex] = useState(0);
  const [quantity, setQuantity] = useState('1');
  const [quantityError, setQuantityError] = useState('');
  const [adding, setAdding] = useState(false);
  const cart = useCart();
  const hydrated = useHydrated();

  useOncePer(error, (failed) => {
    window.alert(tm(failed.message || MSG.itemMissing));
    navigate('/acer', { replace: true });
  });

  const item = data?.itemInfo.itemDetail[0];
  usePageTitle(item?.item_name ?? t('catalog:product.title'));
  if (!data || !item) return <Loading fill />;

  const stock = availableStock(item);
  const inStock = isInStock(item);
  const state = cartButtonState(loggedIn, item.is_active, item);
  const images = data.itemInfo.itemImages;
  const image = images[Math.min(imageIndex, images.length - 1)];

  const changeQuantity = (text: string) => {
    const digits = text.replace(/\D/g, '');
    setQuantity(digits);
    const n = Number(digits);
    setQuantityError(item.item_condition !== 'Warranty' && n > stock ? tm(MSG.quantityExceedsStock) : '');
  };

  const addToCart = async () => {
    // A visitor is sent to sign in, and comes back here after.
    if (!loggedIn) {
      navigate('/acer/signin', { state: { from: `/acer/product/${itemid}/${item.item_condition}` } });
      return;
    }
    if (state !== 'ADD TO CART') return;
    const n = Number(quantity);
    if (!quantity || n < 1 || (item.item_condition !== 'Warranty' && n > stock)) {
      setQuantityError(tm(MSG.quantityExceedsStock));
      return;
    }
    setAdding(true);
    const result = await cart.add(item, n);
    if (!result.ok) {
      setAdding(false);
      window.alert(tm(result.message));
      return;
    }
    // The confirmation screen opens a second after a successful add.
    setTimeout(() => navigate('/acer/add-to-cart', { state: { product: item, quantity: n } }), 1000);
  };

  return (
    <div className="product">
      <Breadcrumbs
        items={[
          ...item.breadcrumbs.map((crumb) => ({ ...crumb, name: crumbName(crumb) })),
          { name: item.item_name, pathname: `/product/${itemid}/${item.item_condition}` },
        ]}
      />
      <div className="product__main">
        <div className="product__gallery">
          {image && <img src={image.image_url} alt={item.item_name} width="480" height="480" />}
          {images.length > 1 && (
            <ul className="product__thumbs" aria-label={t('catalog:product.pictures')}>
              {images.map((img, i) => (
                <li key={img.image_id}>
                  <button type="button" aria-pressed={i === imageIndex} onClick={() => setImageIndex(i)}>
                    <img
                      src={img.image_url}
                      alt={t('catalog:product.view', { name: item.item_name, n: i + 1 })}
                      width="64"
                      height="64"
                      loading="lazy"
                    />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="product__info">
          <div className="product__title">
            <h1>{item.item_name}</h1>
            <WishListHeart item={item} />
          </div>
          <p className="product__sku">{t('common:card.sku', { sku: item.sku })}</p>
          <p className="product__condition">
            {t('catalog:product.condition')} <strong>{conditionName(item.item_condition)}</strong>
          </p>
          {data.itemInfo.product.length > 1 && (
            <div className="product__offers" role="group" aria-label={t('catalog:product.conditions')}>
              {data.itemInfo.product.map((offer) => (
                <button
                  key={offer.item_condition}
                  type="button"
                  aria-pressed={offer.item_condition === item.item_condition}
                  onClick={() =>
                    navigate(`/acer/product/${itemid}/${offer.item_condition}`, { replace: true })
                  }
                >
                  {conditionName(offer.item_condition)}
                </button>
              ))}
            </div>
          )}
          <p className={`product__stock ${inStock ? 'product__stock--in' : 'product__stock--out'}`}>
            {item.item_condition === 'Warranty'
              ? t('catalog:product.inStock')
              : inStock
                ? t('catalog:product.inStockCount', { stock })
                : t('catalog:product.outOfStock')}
          </p>
          <Price item={item} />
          <VolumePrices item={item} />
          {!loggedIn && <p className="product__login-note">{t('catalog:product.signInForPrice')}</p>}
          <div className="product__buy">
            <label htmlFor="quantity">{t('catalog:product.quantity')}</label>
            <input
              id="quantity"
              inputMode="numeric"
              pattern="[0-9]*"
              value={quantity}
              // Only digits stay in the field: the controlled value drops any other character.
              onChange={(e) => changeQuantity(e.target.value.replace(/\D/g, ''))}
              onBlur={() => {
                if (!quantity || Number(quantity) < 1) changeQuantity('1');
              }}
              aria-describedby={quantityError ? 'quantity-error' : undefined}
              aria-invalid={quantityError ? true : undefined}
            />
            <button
              type="button"
              className={`btn ${state === 'ADD TO CART' || state === 'Please Login' ? 'btn--primary' : 'btn--muted'}`}
              aria-disabled={state === 'OUT OF STOCK' || state === 'Item Removed'}
              disabled={adding}
              onClick={addToCart}
            >
              {adding ? t('common:cartButton.adding') : cartButtonText(state)}
            </button>
          </div>
          {quantityError && (
            <p id="quantity-error" className="field-error" role="alert">
              {quantityError}
            </p>
          )}
          {loggedIn && item.is_active && (
            <p className="product__quote">
              <Link
                to={`/acer/quote-request?${new URLSearchParams({
                  item: itemid,
                  condition: item.item_condition,
                  name: item.item_name,
                  quantity: quantity || '1',
                })}`}
              >
                {t('quotes:request.fromProduct')}
              </Link>
            </p>
          )}
          {loggedIn && item.is_active && item.item_condition !== 'Warranty' && (
            <AlertMe
              key={item.item_id}
              target={{ kind: 'product', item_id: item.item_id }}
              offered={ALERT_CONDITIONS}
              preferred={item.item_condition as AlertCondition}
            />
          )}
        </div>
      </div>
      <ConditionCompare offers={data.itemInfo.compare ?? []} />
      <div className="tabs">
        <div role="tablist" aria-label={t('catalog:product.information')}>
          {TABS.map((name) => (
            <button
              key={name}
              id={`tab-${name}`}
              type="button"
              role="tab"
              aria-selected={tab === name}
              aria-controls={`panel-${name}`}
              tabIndex={tab === name ? 0 : -1}
              onClick={() => setTab(name)}
            >
              {t(TAB_KEYS[name])}
            </button>
          ))}
        </div>
        {/* Every panel is in the page; with scripts the tabs show one at a time. */}
        {TABS.map((name) => (
          <div
            key={name}
            id={`panel-${name}`}
            role="tabpanel"
            aria-labelledby={`tab-${name}`}
            className="tabs__panel"
            hidden={hydrated && tab !== name}
          >
            {name === 'DESCRIPTION' && <p>{item.description}</p>}
            {name === 'DETAILS' && (
              <table className="specs">
                <tbody>
                  {specLines(item.details).map((line, i) => (
                    <tr key={`${line.name}-${i}`}>
                      <th scope="row">{line.name}</th>
                      <td>{line.value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {name === 'WARRANTY' && (
              <p>
                {item.item_condition === 'BrandNew'
                  ? t('catalog:product.warranty.brandNew')
                  : t('catalog:product.warranty.other')}{' '}
                {t('catalog:product.warranty.extended')}
              </p>
            )}
          </div>
        ))}
      </div>
    </div>
  );
}
