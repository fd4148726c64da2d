import type { Cents } from './money';
import { roundMoney } from './money';

export const PROVINCES = [
  'Ontario',
  'Quebec',
  'Nova Scotia',
  'New Brunswick',
  'Manitoba',
  'British Columbia',
  'Prince Edward Island',
  'Saskatchewan',
  'Alberta',
  'Newfoundland and Labrador',
  'Northwest Territories',
  'Yukon',
  'Nunavut',
] as const;
export type Province = (typeof PROVINCES)[number];

/** Provincial tax in thousandths of a percent, so Quebec's 14.975 % stays exact. */
const RATE_MILLI_PERCENT: Record<Province, number> = {
  Ontario: 13_000,
  Quebec: 14_975,
  'Nova Scotia': 15_000,
  'New Brunswick': 15_000,
  Manitoba: 12_000,
  'British Columbia': 12_000,
  'Prince Edward Island': 15_000,
  Saskatchewan: 11_000,
  Alberta: 5_000,
  'Newfoundland and Labrador': 15_000,
  'Northwest Territories': 5_000,
  Yukon: 5_000,
  Nunavut: 5_000,
};

export function taxRatePercent(province: Province): number {
  return RATE_MILLI_PERCENT[province] / 1000;
}

/** Tax on a subtotal for the shipping province, rounded once to cents. */
export function taxFor(subtotal: Cents, province: Province): Cents {
  return roundMoney((subtotal * RATE_MILLI_PERCENT[province]) / 100_000);
}
