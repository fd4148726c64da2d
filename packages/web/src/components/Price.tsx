import { unitPrice } from '@shop/domain/catalog/pricing';
import type { ItemBrief } from '@shop/domain/core/api';
import { toCents } from '@shop/domain/core/money';
import { money, t } from '../lib/i18n';

/** Cents of what this customer pays, from an item's personal prices. */
function unitCents(item: ItemBrief): number {
  return unitPrice({
    item_condition: item.item_condition,
    is_sale: item.is_sale,
    price: toCents(item.personal_price ?? 0),
    sale_price: toCents(item.personal_sale_price ?? 0),
    scratch_dent_price: toCents(item.personal_scratch_dent_price ?? 0),
  });
}

/** The price a customer pays, with the original struck through when a sale or S&D price applies. */
export function Price({ item }: { item: ItemBrief }) {
  if (item.personal_price === undefined) return null;
  const pays = unitCents(item);
  const original = toCents(item.personal_price);
  return (
    <p className="price">
      <span className="price__now">{money(pays)}</span>
      {pays !== original && (
        <s className="price__was">
          <span className="visually-hidden">{t('common:price.was')} </span>
          {money(original)}
        </s>
      )}
    </p>
  );
}
