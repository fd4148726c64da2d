/** Which price applies to a listing row or a cart line, and what counts as in stock. */

import type { Cents } from '../core/money';
import type { Condition } from './rules';

export interface PricedOffer {
  item_condition: Condition;
  is_sale: boolean;
  /** Personal (or base) prices in cents; 0 means none. */
  price: Cents;
  sale_price: Cents;
  scratch_dent_price: Cents;
}

/**
 * The unit price of a line (SPEC §4 Cart): the scratch-and-dent price for a ScratchDent line when
 * non-zero, else the sale price when on sale and non-zero, else the price.
 */
export function unitPrice(offer: PricedOffer): Cents {
  if (offer.item_condition === 'ScratchDent' && offer.scratch_dent_price !== 0)
    return offer.scratch_dent_price;
  if (offer.is_sale && offer.sale_price !== 0) return offer.sale_price;
  return offer.price;
}

/** The listing sorts and filters by what the buyer pays, which is the unit price. */
export const sortPrice = unitPrice;

export interface StockedOffer {
  item_condition: Condition;
  stock: number;
  scratch_dent_stock: number;
}

/** The stock a buyer can take: scratch_dent_stock for ScratchDent, else stock. */
export function availableStock(offer: StockedOffer): number {
  return offer[stockField(offer)];
}

/** Which stock number an offer sells from: scratch-and-dent units have their own. */
export function stockField(offer: Pick<StockedOffer, 'item_condition'>): 'stock' | 'scratch_dent_stock' {
  return offer.item_condition === 'ScratchDent' ? 'scratch_dent_stock' : 'stock';
}

/** A Warranty item always counts as in stock. */
export function isInStock(offer: StockedOffer): boolean {
  return offer.item_condition === 'Warranty' || availableStock(offer) > 0;
}

export type CartButtonState = 'ADD TO CART' | 'OUT OF STOCK' | 'Item Removed' | 'Please Login';

export function cartButtonState(signedIn: boolean, isActive: boolean, offer: StockedOffer): CartButtonState {
  if (!signedIn) return 'Please Login';
  if (!isActive) return 'Item Removed';
  return isInStock(offer) ? 'ADD TO CART' : 'OUT OF STOCK';
}

/** The condition a product page opens with when the URL names none (SPEC §4 Product condition). */
export function defaultCondition(item: {
  is_scratch_dent: boolean;
  is_brand_new: boolean;
  is_recertified: boolean;
  wantScratchDent?: boolean;
}): Condition {
  if (item.wantScratchDent && item.is_scratch_dent) return 'ScratchDent';
  if (item.is_brand_new) return 'BrandNew';
  if (item.is_recertified) return 'Recertified';
  return 'Warranty';
}
