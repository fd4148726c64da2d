/**
 * Every condition of a product's model side by side (from the product answer's `compare`): what the buyer
 * pays, the saving against brand new, stock and warranty, each condition linking to its own page.
 */
import type { CompareOffer } from '@shop/domain/core/api';
import { toCents } from '@shop/domain/core/money';
import { Link, useLocation } from 'react-router';
import { money, t } from '../../lib/i18n';
import { conditionName, conditionWarranty } from '../../lib/labels';
import './ConditionCompare.css';

export function ConditionCompare({ offers }: { offers: CompareOffer[] }) {
  const { pathname } = useLocation();
  if (offers.length < 2) return null;
  const columns = {
    condition: t('compare:column.condition'),
    price: t('compare:column.price'),
    saving: t('compare:column.saving'),
    stock: t('compare:column.stock'),
    warranty: t('compare:column.warranty'),
  };

  return (
    <section className="compare" aria-labelledby="compare-title">
      <h2 id="compare-title">{t('compare:title')}</h2>
      <table className="compare__table" aria-labelledby="compare-title">
        <thead>
          <tr>
            <th scope="col">{columns.condition}</th>
            <th scope="col">{columns.price}</th>
            <th scope="col">{columns.saving}</th>
            <th scope="col">{columns.stock}</th>
            <th scope="col">{columns.warranty}</th>
          </tr>
        </thead>
        <tbody>
          {offers.map((offer) => {
            const name = conditionName(offer.item_condition);
            const inStock = offer.item_condition === 'Warranty' || offer.stock > 0;
            return (
              <tr
                key={offer.path}
                className={offer.current ? 'compare__row compare__row--current' : 'compare__row'}
              >
                <th scope="row" className="compare__condition">
                  {offer.current ? (
                    <>
                      <span aria-current="page">{name}</span>{' '}
                      <span className="compare__viewing">{t('compare:viewing')}</span>
                    </>
                  ) : (
                    <Link to={offer.path}>{name}</Link>
                  )}
                  <span className="compare__sku">{t('compare:sku', { sku: offer.sku })}</span>
                </th>
                <td data-label={columns.price} className="compare__price">
                  {offer.price === undefined ? (
                    <Link to="/acer/signin" state={{ from: pathname }}>
                      {t('compare:signInForPrices')}
                    </Link>
                  ) : (
                    money(toCents(offer.price))
                  )}
                </td>
                <td data-label={columns.saving} className="compare__saving">
                  {offer.saving
                    ? t('compare:saving', {
                        amount: money(toCents(offer.saving.amount)),
                        percent: offer.saving.percent,
                      })
                    : '—'}
                </td>
                <td
                  data-label={columns.stock}
                  className={
                    inStock ? 'compare__stock compare__stock--in' : 'compare__stock compare__stock--out'
                  }
                >
                  {offer.item_condition === 'Warranty'
                    ? t('compare:inStock')
                    : offer.stock > 0
                      ? t('compare:inStockCount', { count: offer.stock })
                      : t('compare:outOfStock')}
                </td>
                <td data-label={columns.warranty}>{conditionWarranty(offer.item_condition)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
