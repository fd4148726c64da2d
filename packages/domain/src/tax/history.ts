/**
 * The rates the shop starts with (migration 0016 writes the same rows into tax_rates; a test holds them
 * equal). The spec's table is the history: it stands from the shop's first day until Nova Scotia's HST
 * went from 15 % to 14 % on 1 April 2025. Later rates are added by the owner in the back office.
 */
import { componentsFor, type Province, provinceDay, type TaxComponent, type TaxRate } from './rules';

/** The first day of the shop's history: every spec rate applies from then. */
const HISTORY_START = '2000-01-01';

const SPEC_COMPONENTS: Record<Province, [TaxComponent, number][]> = {
  Ontario: [['HST', 13_000]],
  Quebec: [
    ['GST', 5_000],
    ['QST', 9_975],
  ],
  'Nova Scotia': [['HST', 15_000]],
  'New Brunswick': [['HST', 15_000]],
  Manitoba: [
    ['GST', 5_000],
    ['RST', 7_000],
  ],
  'British Columbia': [
    ['GST', 5_000],
    ['PST', 7_000],
  ],
  'Prince Edward Island': [['HST', 15_000]],
  Saskatchewan: [
    ['GST', 5_000],
    ['PST', 6_000],
  ],
  Alberta: [['GST', 5_000]],
  'Newfoundland and Labrador': [['HST', 15_000]],
  'Northwest Territories': [['GST', 5_000]],
  Yukon: [['GST', 5_000]],
  Nunavut: [['GST', 5_000]],
};

export const SEEDED_TAX_RATES: readonly TaxRate[] = [
  ...Object.entries(SPEC_COMPONENTS).flatMap(([province, components]) =>
    components.map(([component, rateMilli]) => ({
      province,
      component,
      rateMilli,
      effectiveFrom: HISTORY_START,
    })),
  ),
  { province: 'Nova Scotia', component: 'HST', rateMilli: 14_000, effectiveFrom: '2025-04-01' },
];

/**
 * The components of the starting rates in a province on a day (today by default), with no exemption: what
 * a fresh shop charges. For tests and benchmarks; the shop itself reads its rates from the database.
 */
export function seededComponents(province: string, day = provinceDay(new Date(), province as Province)) {
  return componentsFor(SEEDED_TAX_RATES, [], province, day);
}
