/** Money is integer cents everywhere; this is the one place that rounds. */
export type Cents = number;

/** Rounds half away from zero to a whole number of cents. */
export function roundMoney(value: number): Cents {
  // The epsilon absorbs binary noise such as 1.005 * 100 = 100.49999999999999.
  const rounded = Math.floor(Math.abs(value) + 0.5 + 1e-9);
  return rounded === 0 ? 0 : value < 0 ? -rounded : rounded;
}

/** A customer's price: a markup of `percentage` over the base price. A base of 0 (none) stays 0. */
export function personalPrice(base: Cents, percentage: number): Cents {
  if (base === 0) return 0;
  return roundMoney((base * (100 + percentage)) / 100);
}

/** Cents as the number the API shows (2 decimals). */
export function toAmount(cents: Cents): number {
  return Math.round(cents) / 100;
}

/** A dollar amount (as typed or sent) to cents; NaN when it is not a finite number. */
export function toCents(amount: number): Cents {
  if (!Number.isFinite(amount)) return Number.NaN;
  return roundMoney(amount * 100);
}

// Made on first use: building a number format costs tens of milliseconds, which a page showing no
// price (a visitor's) should not spend while it starts.
const formats = new Map<string, Intl.NumberFormat>();

/** Display form: $1,234.56 in English (the default), 1 234,56 $ in French (`lang` 'fr'). */
export function formatMoney(cents: Cents, lang: 'en' | 'fr' = 'en'): string {
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', { style: 'currency', currency: 'CAD' });
    formats.set(lang, format);
  }
  return format.format(cents / 100);
}
