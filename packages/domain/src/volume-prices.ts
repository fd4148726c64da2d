/**
 * Volume prices: quantity breaks per product and condition, a percentage off (in basis points, 300 = 3 %)
 * taken from the buyer's own unit price (the spec's price: personal, sale or scratch-and-dent) for the
 * whole line once its quantity reaches the break, rounded once. See docs/decisions/018-volume-prices.md.
 * No Zod here: the pages price cart lines with it (the schemas are in requests/volume-prices.ts).
 */
import { CONDITIONS, type Condition } from './catalog';
import { type Cents, roundMoney } from './money';
import { type PricedOffer, unitPrice } from './pricing';

/** One break as stored on the product row (products.price_breaks). */
export interface PriceBreak {
  condition: Condition;
  /** The line's quantity from which the break applies. */
  min_quantity: number;
  /** The percentage off in hundredths of a percent (300 = 3 %). */
  basis_points: number;
}

export const BREAK_MIN_QUANTITY = 2;
export const BREAK_MAX_QUANTITY = 9999;
export const MAX_BREAKS_PER_CONDITION = 5;

export const VOLUME_MSG = {
  minQuantity: `A volume price starts at a whole quantity from ${BREAK_MIN_QUANTITY} to ${BREAK_MAX_QUANTITY}.`,
  percent: 'A volume discount is a percentage above 0 and below 100, with at most 2 decimals.',
  tooMany: (condition: string) =>
    `${condition} has more than ${MAX_BREAKS_PER_CONDITION} volume prices; keep at most ${MAX_BREAKS_PER_CONDITION}.`,
  order: (condition: string) =>
    `The volume prices of ${condition} must go up: each larger quantity with a larger percentage off, no quantity twice.`,
  condition: (condition: string) =>
    `This product is not sold as ${condition}: volume prices go with its own condition, or ScratchDent when it is sold scratch and dent.`,
  cell: (text: string) =>
    `Volume prices are written quantity:percent separated by | (e.g. 10:3|50:6); "${text}" is not.`,
} as const;

/** A percentage as typed (3, 2.5, 12.75) to basis points; null when it is not a valid discount. */
export function percentToBasisPoints(percent: number): number | null {
  if (!Number.isFinite(percent)) return null;
  const bp = Math.round(percent * 100);
  if (Math.abs(percent * 100 - bp) > 1e-6) return null;
  if (bp <= 0 || bp >= 10_000) return null;
  return bp;
}

/** Basis points as the percentage people read (300 -> 3, 250 -> 2.5). */
export function basisPointsToPercent(bp: number): number {
  return bp / 100;
}

/** What is wrong with the order of breaks, per condition (too many, not increasing). */
export function orderProblems(breaks: readonly PriceBreak[]): string[] {
  const problems: string[] = [];
  for (const condition of CONDITIONS) {
    const own = breaks.filter((b) => b.condition === condition);
    if (own.length > MAX_BREAKS_PER_CONDITION) problems.push(VOLUME_MSG.tooMany(condition));
    const sorted = [...own].sort((a, b) => a.min_quantity - b.min_quantity);
    for (let i = 1; i < sorted.length; i++) {
      const a = sorted[i - 1]!;
      const b = sorted[i]!;
      if (b.min_quantity <= a.min_quantity || b.basis_points <= a.basis_points) {
        problems.push(VOLUME_MSG.order(condition));
        break;
      }
    }
  }
  return problems;
}

/** The back office's breaks to the stored form, sorted by condition then quantity. */
export function toStoredBreaks(
  input: readonly { condition: Condition; min_quantity: number; percent: number }[],
): PriceBreak[] {
  return sortBreaks(
    input.map((b) => ({
      condition: b.condition,
      min_quantity: b.min_quantity,
      basis_points: percentToBasisPoints(b.percent)!,
    })),
  );
}

/** Breaks in the one order they are stored in: by condition, then quantity (so equal lists compare equal). */
export function sortBreaks(breaks: readonly PriceBreak[]): PriceBreak[] {
  return [...breaks].sort(
    (a, b) =>
      CONDITIONS.indexOf(a.condition) - CONDITIONS.indexOf(b.condition) || a.min_quantity - b.min_quantity,
  );
}

/** Every condition's breaks as people read them: "Recertified 10:3|50:6; ScratchDent 5:10" ('' for none). */
export function breaksText(breaks: readonly PriceBreak[]): string {
  return CONDITIONS.filter((c) => breaks.some((b) => b.condition === c))
    .map((c) => `${c} ${breaksCell(breaks, c)}`)
    .join('; ');
}

/** The conditions a product sells in: its own, and ScratchDent when it is sold scratch and dent. */
export function offeredConditions(item: { item_condition: string; is_scratch_dent: boolean }): Condition[] {
  const own = item.item_condition as Condition;
  return item.is_scratch_dent ? [own, 'ScratchDent'] : [own];
}

/** A message per break of a condition the product does not sell in. */
export function conditionProblems(
  breaks: readonly PriceBreak[],
  item: { item_condition: string; is_scratch_dent: boolean },
): string[] {
  const offered = offeredConditions(item);
  const wrong = new Set(breaks.filter((b) => !offered.includes(b.condition)).map((b) => b.condition));
  return [...wrong].map((c) => VOLUME_MSG.condition(c));
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

/** An import cell's breaks (`10:3|50:6`, quantity:percent) for one condition; a message when unreadable. */
export function parseBreaksCell(
  text: string,
  condition: Condition,
): { breaks: PriceBreak[] } | { error: string } {
  const cell = text.trim();
  if (cell === '') return { breaks: [] };
  const breaks: PriceBreak[] = [];
  for (const part of cell.split('|')) {
    const m = /^\s*(\d+)\s*:\s*(\d+(?:\.\d+)?)\s*%?\s*$/.exec(part);
    if (!m) return { error: VOLUME_MSG.cell(cell) };
    const quantity = Number(m[1]);
    if (quantity < BREAK_MIN_QUANTITY || quantity > BREAK_MAX_QUANTITY)
      return { error: VOLUME_MSG.minQuantity };
    const bp = percentToBasisPoints(Number(m[2]));
    if (bp === null) return { error: VOLUME_MSG.percent };
    breaks.push({ condition, min_quantity: quantity, basis_points: bp });
  }
  const problems = orderProblems(breaks);
  if (problems.length > 0) return { error: problems[0]! };
  return { breaks: breaks.sort((a, b) => a.min_quantity - b.min_quantity) };
}

/** One condition's breaks as an import cell writes them. */
export function breaksCell(breaks: readonly PriceBreak[], condition: Condition): string {
  return breaksOf(breaks, condition)
    .map((b) => `${b.min_quantity}:${basisPointsToPercent(b.basis_points)}`)
    .join('|');
}

/** Whether two lists of breaks say the same (the stored order may differ). */
export function sameBreaks(a: readonly PriceBreak[], b: readonly PriceBreak[]): boolean {
  if (a.length !== b.length) return false;
  const key = (x: PriceBreak) => `${x.condition}|${x.min_quantity}|${x.basis_points}`;
  const left = a.map(key).sort();
  const right = b.map(key).sort();
  return left.every((k, i) => k === right[i]);
}
