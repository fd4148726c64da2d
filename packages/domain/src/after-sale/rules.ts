/**
 * After the sale: the terms of sale's warranty and return windows, as rules the server enforces and the
 * pages show. Days are YYYY-MM-DD in the shop's time zone (core/days.ts). No Zod here (schemas.ts has it).
 *
 * Terms of sale: a return within 30 days of delivery, with prior RMA authorisation; damage in shipping
 * reported within 7 days of delivery; a 90-day limited warranty from purchase (batteries 1 year); brand-new
 * units carry the maker's 1-year warranty; an extended-warranty plan bought within 30 days of the unit's
 * order covers it for the plan's term from the original purchase day.
 */
import { addDays, daysBetween } from '../core/days';

/** The reasons a buyer returns units, each with the window it has (days after delivery), if any. */
export const RETURN_REASONS = [
  'dead_on_arrival',
  'damaged_in_shipping',
  'not_as_described',
  'wrong_item',
  'not_needed',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
/** A return a warranty claim opens has this reason; a buyer cannot pick it. */
export const WARRANTY_RETURN_REASON = 'warranty';

/** Days after delivery within which a return may be asked for, by reason (null: the warranty's own end). */
export const RETURN_WINDOW_DAYS: Record<ReturnReason, number | null> = {
  dead_on_arrival: 30,
  damaged_in_shipping: 7,
  not_as_described: 30,
  wrong_item: 30,
  not_needed: 30,
};

export const RETURN_STATES = ['requested', 'authorised', 'declined', 'received', 'resolved'] as const;
export type ReturnState = (typeof RETURN_STATES)[number];
export const RESOLUTIONS = ['credit', 'replacement', 'repair'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];
/** Where a received unit goes. */
export const DISPOSITIONS = ['stock', 'scratch_dent', 'write_off'] as const;
export type Disposition = (typeof DISPOSITIONS)[number];
/** Deductions the terms allow on a credit for a return. */
export const DEDUCTION_KINDS = ['restocking', 'missing_parts', 'shipping'] as const;
export type DeductionKind = (typeof DEDUCTION_KINDS)[number];
export const CLAIM_STATES = ['submitted', 'answered'] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];
export const CLAIM_ANSWERS = ['repair', 'replacement', 'refund'] as const;
export type ClaimAnswer = (typeof CLAIM_ANSWERS)[number];

/** The last day a return for this reason may be asked for, or null when no window applies. */
export function returnDeadline(deliveredOn: string, reason: ReturnReason): string | null {
  const days = RETURN_WINDOW_DAYS[reason];
  return days === null ? null : addDays(deliveredOn, days);
}

/** Whether a return for this reason may still be asked for on `today`. */
export function returnOpen(deliveredOn: string, reason: ReturnReason, today: string): boolean {
  const deadline = returnDeadline(deliveredOn, reason);
  return deadline === null || daysBetween(today, deadline) >= 0;
}

/** What a unit's warranty rests on. */
export type WarrantyBasis = 'terms' | 'battery' | 'factory' | 'plan';

/** The terms' warranty: 90 days from purchase. */
export const TERMS_WARRANTY_DAYS = 90;
/** Days after the unit's order within which an extended plan must be bought to cover it. */
export const PLAN_WINDOW_DAYS = 30;

export interface WarrantyUnit {
  /** The day the unit was bought: its order's day. */
  purchasedOn: string;
  /** BrandNew, Recertified, ScratchDent (as the order line has it). */
  condition: string;
  /** The product's category and sub-category, and its name (a battery is named so). */
  category: string;
  subCategory: string;
  itemName: string;
}

export interface WarrantyPlan {
  /** The day the plan's order was placed. */
  boughtOn: string;
  /** The plan's term in years. */
  years: number;
}

/** Whether a product is a battery (one year of warranty whatever its condition). */
export function isBattery(unit: Pick<WarrantyUnit, 'subCategory' | 'itemName'>): boolean {
  return unit.subCategory === 'Battery' || /\bbatter(y|ies)\b/i.test(unit.itemName);
}

/** Whole years after a day, on the same calendar day (29 February gives 28 February in a common year). */
export function addYears(day: string, years: number): string {
  const year = Number(day.slice(0, 4)) + years;
  const monthDay = day.slice(5);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return `${String(year).padStart(4, '0')}-${monthDay === '02-29' && !leap ? '02-28' : monthDay}`;
}

/** Whether a plan bought on `boughtOn` may cover a unit bought on `purchasedOn`: the same day up to 30 days after. */
export function planCovers(purchasedOn: string, boughtOn: string): boolean {
  const after = daysBetween(purchasedOn, boughtOn);
  return after >= 0 && after <= PLAN_WINDOW_DAYS;
}

/**
 * The last day of a unit's warranty (inclusive) and what it rests on: 90 days from purchase by the terms;
 * a year for a battery or a brand-new unit (the maker's warranty); an extended plan bought within 30 days
 * of the order runs its term from the purchase day, when that is longer.
 */
export function warrantyEnd(
  unit: WarrantyUnit,
  plan?: WarrantyPlan | null,
): { endsOn: string; basis: WarrantyBasis } {
  let endsOn = addDays(unit.purchasedOn, TERMS_WARRANTY_DAYS);
  let basis: WarrantyBasis = 'terms';
  const yearLater = addYears(unit.purchasedOn, 1);
  if (unit.condition === 'BrandNew' && yearLater > endsOn) {
    endsOn = yearLater;
    basis = 'factory';
  } else if (isBattery(unit) && yearLater > endsOn) {
    endsOn = yearLater;
    basis = 'battery';
  }
  if (plan && planCovers(unit.purchasedOn, plan.boughtOn)) {
    const planEnd = addYears(unit.purchasedOn, plan.years);
    if (planEnd > endsOn) {
      endsOn = planEnd;
      basis = 'plan';
    }
  }
  return { endsOn, basis };
}

/** The term in years a plan's name or details state ("3-Year Extended Warranty", "Term: 3 years"), or null. */
export function planYears(text: string): number | null {
  const match = /(\d{1,2})[- ]year/i.exec(text) ?? /term:\s*(\d{1,2})\s*years?/i.exec(text);
  const years = match ? Number(match[1]) : Number.NaN;
  return Number.isInteger(years) && years > 0 && years <= 10 ? years : null;
}

/**
 * The product categories an extended plan of a sub-category covers (Warranty / Laptop covers notebooks,
 * Chromebooks and gaming notebooks).
 */
export const PLAN_COVERS: Record<string, { category: string; subCategory?: string }[]> = {
  Laptop: [
    { category: 'Notebook' },
    { category: 'Chromebook' },
    { category: 'Gaming', subCategory: 'Notebook' },
  ],
  Desktop: [{ category: 'Desktop' }, { category: 'AIO' }, { category: 'Gaming', subCategory: 'Desktop' }],
  Display: [{ category: 'Display' }, { category: 'Gaming', subCategory: 'Display' }],
  Smartphone: [{ category: 'Smartphone' }],
  Tablet: [{ category: 'Tablet' }],
};

/** Whether a plan of this sub-category may cover a product of this category. */
export function planFits(
  planSubCategory: string,
  product: { category: string; subCategory: string },
): boolean {
  return (PLAN_COVERS[planSubCategory] ?? []).some(
    (c) =>
      c.category === product.category &&
      (c.subCategory === undefined || c.subCategory === product.subCategory),
  );
}

/** A unit as the Devices section shows its state. */
export type UnitState = 'in_warranty' | 'expired' | 'returned' | 'replaced';

export function unitState(
  unit: { warrantyEndsOn: string; returnedAt: unknown; replacedBy: number | null },
  today: string,
): UnitState {
  if (unit.replacedBy !== null) return 'replaced';
  if (unit.returnedAt) return 'returned';
  return daysBetween(today, unit.warrantyEndsOn) >= 0 ? 'in_warranty' : 'expired';
}

/** A serial as stored and compared: trimmed, upper-case. */
export function normalSerial(serial: string): string {
  return serial.trim().toUpperCase();
}

/** A serial has 3 to 40 letters, digits, dashes, dots or slashes. */
export const SERIAL_PATTERN = /^[A-Z0-9][A-Z0-9./-]{2,39}$/;

/** RMA-000123, CN-000045, WC-000012: a document's number from its sequence number. */
export function documentNumber(prefix: 'RMA' | 'CN' | 'WC', n: number): string {
  return `${prefix}-${String(n).padStart(6, '0')}`;
}
