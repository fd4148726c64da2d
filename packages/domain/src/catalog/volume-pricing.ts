/**
 * Volume prices as a page prices with them: a break is a percentage off (in basis points, 300 = 3 %)
 * taken from the buyer's own unit price (the spec's price: personal, sale or scratch-and-dent) for the
 * whole line once its quantity reaches it, rounded once. See docs/decisions/018-volume-prices.md. Only
 * what cart lines and product cards need: every page loads it, so the back office's and the import's
 * rules and messages are in catalog/volume-prices.ts.
 */

import { type Cents, roundMoney } from '../core/money';
import { type PricedOffer, unitPrice } from './pricing';
import type { Condition } from './rules';

/** One break as stored on the product row (products.price_breaks). */
export interface PriceBreak {
  condition: Condition;
  /** The line's quantity from which the break applies. */
  min_quantity: number;
  /** The percentage off in hundredths of a percent (300 = 3 %). */
  basis_points: number;
}

/** Basis points as the percentage people read (300 -> 3, 250 -> 2.5). */
export function basisPointsToPercent(bp: number): number {
  return bp / 100;
}

/** The breaks of one condition, smallest quantity first. */
export function breaksOf(breaks: readonly PriceBreak[] | undefined, condition: Condition): PriceBreak[] {
  if (!breaks || breaks.length === 0) return [];
  return breaks.filter((b) => b.condition === condition).sort((a, b) => a.min_quantity - b.min_quantity);
}

/** The break a line of `quantity` units gets: the largest one it reaches, or null. */
export function breakFor(
  breaks: readonly PriceBreak[] | undefined,
  condition: Condition,
  quantity: number,
): PriceBreak | null {
  let found: PriceBreak | null = null;
  for (const b of breaksOf(breaks, condition)) if (b.min_quantity <= quantity) found = b;
  return found;
}

/** A unit price less a break's percentage, rounded once (half a cent away from zero). */
export function applyBreak(unit: Cents, basisPoints: number): Cents {
  if (basisPoints === 0) return unit;
  return roundMoney((unit * (10_000 - basisPoints)) / 10_000);
}

/** An offer with its breaks: what a cart line, an order line or a product card carries. */
export interface BrokenOffer extends PricedOffer {
  price_breaks?: readonly PriceBreak[];
}

/** What one unit of a line of `quantity` costs: the spec's unit price, then the break it reaches. */
export function volumeUnitPrice(offer: BrokenOffer, quantity: number): Cents {
  const unit = unitPrice(offer);
  const b = breakFor(offer.price_breaks, offer.item_condition, quantity);
  return b ? applyBreak(unit, b.basis_points) : unit;
}

export interface BreakPrice {
  min_quantity: number;
  basis_points: number;
  /** The unit price at this break. */
  unit: Cents;
}

/** Each break of the offer's condition with its unit price for this buyer. */
export function breakPrices(offer: BrokenOffer): BreakPrice[] {
  const unit = unitPrice(offer);
  return breaksOf(offer.price_breaks, offer.item_condition).map((b) => ({
    min_quantity: b.min_quantity,
    basis_points: b.basis_points,
    unit: applyBreak(unit, b.basis_points),
  }));
}

export interface NextBreak extends BreakPrice {
  /** Units to add to reach it. */
  more: number;
  /** What the line at the break's quantity saves against the unit price paid now. */
  saving: Cents;
}

/** The next break a line of `quantity` units could reach, and what reaching it saves; null when none. */
export function nextBreak(offer: BrokenOffer, quantity: number): NextBreak | null {
  const now = volumeUnitPrice(offer, quantity);
  const next = breakPrices(offer).find((b) => b.min_quantity > quantity);
  if (!next) return null;
  return { ...next, more: next.min_quantity - quantity, saving: (now - next.unit) * next.min_quantity };
}
