/** What the API shows of a listing row: personal prices for a customer, no price at all for a visitor. */

import {
  basisPointsToPercent,
  breakPrices,
  breaksOf,
  type PriceBreak,
} from '@shop/domain/catalog/volume-prices';
import type { ItemBrief } from '@shop/domain/core/api';
import { personalPrice, toAmount } from '@shop/domain/core/money';
import type { CatalogRow } from './store';

export type Brief = ItemBrief;

/** Gives a row's stock number; a cached answer passes one that leaves a hole filled when it is sent. */
export type StockOf = (row: CatalogRow, field: 'stock' | 'scratch_dent_stock') => number;
const liveStock: StockOf = (row, field) => row[field];

/** percentage null = visitor. */
export function brief(row: CatalogRow, percentage: number | null, stockOf: StockOf = liveStock): Brief {
  const p = row.product;
  const out: Brief = {
    item_id: row.item_id,
    item_name: row.item_name,
    sku: row.sku,
    category: row.category,
    sub_category: row.sub_category,
    item_condition: row.item_condition,
    is_active: p.isActive,
    is_sale: row.is_sale,
    is_brand_new: p.itemCondition === 'BrandNew',
    is_recertified: p.itemCondition === 'Recertified',
    is_scratch_dent: p.isScratchDent,
    stock: stockOf(row, 'stock'),
    scratch_dent_stock: stockOf(row, 'scratch_dent_stock'),
    main_image: row.image_url,
    product_series: row.specs.product_series,
  };
  if (percentage !== null) {
    out.personal_price = toAmount(personalPrice(row.price, percentage));
    out.personal_sale_price = toAmount(personalPrice(row.sale_price, percentage));
    out.personal_scratch_dent_price = toAmount(personalPrice(row.scratch_dent_price, percentage));
  }
  const breaks = breaksOf(rowBreaks(row), row.item_condition);
  if (breaks.length > 0) {
    // A visitor gets the quantities and percentages only; a customer also each break's unit price.
    out.price_breaks =
      percentage === null
        ? breaks.map((b) => ({
            min_quantity: b.min_quantity,
            percent_off: basisPointsToPercent(b.basis_points),
          }))
        : breakPrices(personalOffer(row, percentage)).map((b) => ({
            min_quantity: b.min_quantity,
            percent_off: basisPointsToPercent(b.basis_points),
            price: toAmount(b.unit),
          }));
  }
  return out;
}

/** The row's product's volume prices (every condition), as stored. */
function rowBreaks(row: CatalogRow): PriceBreak[] {
  return row.product.priceBreaks as PriceBreak[];
}

/** A row's offer at a customer's prices, with its volume prices: what lines and cards are priced from. */
/**
 * The price class of a request: every buyer who sees the same prices is in one. A price is the row's
 * (its price, sale and scratch-and-dent prices, its volume breaks: the same for everyone) and the buyer's
 * percentage, applied by personalOffer alone; so the class is 'v' for visitors (no price) or the
 * percentage. The catalog's answers are kept per class, and so are the pages drawn from them
 * (page/render.ts): a new input to a price must be added here, or buyers would share what they must not.
 */
export function priceClassOf(user: { percentage: number } | null | undefined): string {
  return user ? `p${user.percentage}` : 'v';
}

export function personalOffer(row: CatalogRow, percentage: number) {
  return {
    item_condition: row.item_condition,
    is_sale: row.is_sale,
    price: personalPrice(row.price, percentage),
    sale_price: personalPrice(row.sale_price, percentage),
    scratch_dent_price: personalPrice(row.scratch_dent_price, percentage),
    price_breaks: rowBreaks(row),
  };
}
