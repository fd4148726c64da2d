/**
 * Sales tax by authority. A province's tax is made of components (GST, HST, PST, RST, QST), each with a
 * rate and the day it takes effect; the rates live in the database (table tax_rates) and these functions
 * pick the ones in force on a day and apply them. Each component is rounded once, half away from zero, on
 * the sum of the amounts it taxes (see docs/decisions/015-tax-components.md).
 */
import { dayIn } from '../core/days';
import type { Cents } from '../core/money';
import { roundMoney } from '../core/money';

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

export function isProvince(value: unknown): value is Province {
  return typeof value === 'string' && (PROVINCES as readonly string[]).includes(value);
}

/** Federal first (GST, or HST which includes it), then the provincial sales taxes. */
export const TAX_COMPONENTS = ['GST', 'HST', 'PST', 'RST', 'QST'] as const;
export type TaxComponent = (typeof TAX_COMPONENTS)[number];

/** A province's own sales tax, apart from the federal GST or HST: what a reseller's exemption can lift. */
export function isProvincialComponent(component: TaxComponent): boolean {
  return component === 'PST' || component === 'RST' || component === 'QST';
}

/** The component's name on a French invoice. */
const FRENCH_NAME: Record<TaxComponent, string> = {
  GST: 'TPS',
  HST: 'TVH',
  PST: 'TVP',
  RST: 'TVD',
  QST: 'TVQ',
};

/** Where each province is: a rate takes effect at midnight there. */
const PROVINCE_TIME_ZONE: Record<Province, string> = {
  Ontario: 'America/Toronto',
  Quebec: 'America/Toronto',
  'Nova Scotia': 'America/Halifax',
  'New Brunswick': 'America/Moncton',
  Manitoba: 'America/Winnipeg',
  'British Columbia': 'America/Vancouver',
  'Prince Edward Island': 'America/Halifax',
  Saskatchewan: 'America/Regina',
  Alberta: 'America/Edmonton',
  'Newfoundland and Labrador': 'America/St_Johns',
  'Northwest Territories': 'America/Edmonton',
  Yukon: 'America/Whitehorse',
  Nunavut: 'America/Iqaluit',
};

/** The day an instant falls on in a province: the day whose rates apply. */
export function provinceDay(at: Date, province: Province): string {
  return dayIn(at, PROVINCE_TIME_ZONE[province]);
}

/** A rate in thousandths of a percent (5 % is 5000, 9.975 % is 9975), from a day on. */
export interface TaxRate {
  province: string;
  component: TaxComponent;
  rateMilli: number;
  /** YYYY-MM-DD: the first day it applies. A rate of 0 ends the component. */
  effectiveFrom: string;
}

/** The components a province charges on a day: per component the latest rate from that day or before. */
export function ratesInForce(
  rates: readonly TaxRate[],
  province: string,
  day: string,
): { component: TaxComponent; rateMilli: number; effectiveFrom: string }[] {
  const latest = new Map<TaxComponent, TaxRate>();
  for (const r of rates) {
    if (r.province !== province || r.effectiveFrom > day) continue;
    const known = latest.get(r.component);
    if (!known || known.effectiveFrom < r.effectiveFrom) latest.set(r.component, r);
  }
  return TAX_COMPONENTS.flatMap((c) => {
    const r = latest.get(c);
    return r && r.rateMilli > 0
      ? [{ component: c, rateMilli: r.rateMilli, effectiveFrom: r.effectiveFrom }]
      : [];
  });
}

/**
 * A company's exemption: from the provincial component of one province (a reseller's PST, RST or QST
 * number, until an expiry day) or from all tax (e.g. a status-exempt buyer, with the document's reference).
 */
export interface TaxExemption {
  scope: 'provincial' | 'all';
  /** The province whose provincial tax it lifts; null for `all`. */
  province: string | null;
  /** The exemption number or the document's reference. */
  reference: string;
  /** Why, in the seller's words (e.g. "Reseller"). */
  reason: string;
  /** YYYY-MM-DD: the first day it no longer applies; null for none. */
  expiresOn: string | null;
}

/** Whether an exemption lifts a component of a province on a day (it stops applying on its expiry day). */
function exemptionLifts(
  exemption: TaxExemption,
  component: TaxComponent,
  province: string,
  day: string,
): boolean {
  if (exemption.expiresOn !== null && day >= exemption.expiresOn) return false;
  if (exemption.scope === 'all') return true;
  return exemption.province === province && isProvincialComponent(component);
}

/** A component as a sale is taxed by it: its rate, and the exemption that leaves it out, if any. */
export interface ChargedComponent {
  component: TaxComponent;
  rateMilli: number;
  exemption: TaxExemption | null;
}

/** The components a company pays in a province on a day, each with the exemption that lifts it. */
export function componentsFor(
  rates: readonly TaxRate[],
  exemptions: readonly TaxExemption[],
  province: string,
  day: string,
): ChargedComponent[] {
  return ratesInForce(rates, province, day).map((r) => ({
    component: r.component,
    rateMilli: r.rateMilli,
    exemption: exemptions.find((e) => exemptionLifts(e, r.component, province, day)) ?? null,
  }));
}

/** An amount to tax; `provincial: false` for a line the provincial component does not tax (some fees). */
export interface TaxableAmount {
  cents: Cents;
  provincial?: boolean;
}

/** One component of a sale's tax: what it taxed, at what rate, and the tax (0 when exempt). */
export interface TaxLine {
  component: TaxComponent;
  rateMilli: number;
  baseCents: Cents;
  taxCents: Cents;
  exemption: TaxExemption | null;
}

/** The tax of one component on a base, rounded once to cents (half away from zero). */
export function componentTax(baseCents: Cents, rateMilli: number): Cents {
  return roundMoney((baseCents * rateMilli) / 100_000);
}

/**
 * Each component's tax on the amounts: its base is the sum of the amounts it taxes, rounded once. An
 * exempt component keeps its base and rate (to be shown) with a tax of 0.
 */
export function taxLines(
  amounts: readonly TaxableAmount[] | Cents,
  components: readonly ChargedComponent[],
): TaxLine[] {
  const list: readonly TaxableAmount[] = typeof amounts === 'number' ? [{ cents: amounts }] : amounts;
  return components.map((c) => {
    const provincial = isProvincialComponent(c.component);
    const baseCents = list.reduce((n, a) => n + (provincial && a.provincial === false ? 0 : a.cents), 0);
    return {
      component: c.component,
      rateMilli: c.rateMilli,
      baseCents,
      taxCents: c.exemption ? 0 : componentTax(baseCents, c.rateMilli),
      exemption: c.exemption,
    };
  });
}

/** The sum of the components' taxes: the sale's tax. */
export function taxTotal(lines: readonly { taxCents: Cents }[]): Cents {
  return lines.reduce((n, l) => n + l.taxCents, 0);
}

/** The rates charged together, in thousandths of a percent (an exempt component counts 0). */
export function chargedRateMilli(components: readonly ChargedComponent[]): number {
  return components.reduce((n, c) => n + (c.exemption ? 0 : c.rateMilli), 0);
}

/** A rate in thousandths of a percent as percent: 9975 → 9.975. */
export function ratePercent(rateMilli: number): number {
  return rateMilli / 1000;
}

/** The component's name in a language: GST, or TPS in French. */
function componentName(component: TaxComponent, lang: 'en' | 'fr' = 'en'): string {
  return lang === 'fr' ? FRENCH_NAME[component] : component;
}

/** "GST 5 %", "QST 9.975 %"; in French "TPS 5 %", "TVQ 9,975 %". */
export function taxLabel(component: TaxComponent, rateMilli: number, lang: 'en' | 'fr' = 'en'): string {
  const rate = new Intl.NumberFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', { maximumFractionDigits: 3 }).format(
    ratePercent(rateMilli),
  );
  return `${componentName(component, lang)} ${rate}${lang === 'fr' ? '\u00a0' : ' '}%`;
}
