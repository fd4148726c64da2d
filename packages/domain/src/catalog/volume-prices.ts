/**
 * Volume prices: quantity breaks per product and condition, a percentage off (in basis points, 300 = 3 %)
 * taken from the buyer's own unit price (the spec's price: personal, sale or scratch-and-dent) for the
 * whole line once its quantity reaches the break, rounded once. See docs/decisions/018-volume-prices.md.
 * The rules the back office and the import check breaks by, with their messages; the pricing itself (what
 * every page loads) is in catalog/volume-pricing.ts, re-exported here. No Zod (the schemas are in
 * catalog/volume-price-schemas.ts).
 */
import { CONDITIONS, type Condition } from './rules';
import { basisPointsToPercent, breaksOf, type PriceBreak } from './volume-pricing';

export * from './volume-pricing';

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
function offeredConditions(item: { item_condition: string; is_scratch_dent: boolean }): Condition[] {
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
