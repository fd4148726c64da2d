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

/**
 * A typed dollar amount in its plain form ("1234.56"), or null when it is not one. Both languages' ways of
 * writing are read: "$1,234.56" and "1234.56" (a comma groups thousands: "1,200" is twelve hundred), and
 * "1 234,56 $" or "450,5" (a comma followed by one or two digits is the decimal point). Spaces group.
 * '' stays ''.
 */
export function plainDollars(text: string): string | null {
  const t = text
    .trim()
    .replace(/^\$/, '')
    .replace(/\$$/, '')
    .replace(/[\s\u00a0\u202f]/g, '');
  if (t === '') return '';
  if (/^\d+(\.\d+)?$/.test(t)) return t;
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) return t.replaceAll(',', '');
  if (/^\d+,\d{1,2}$/.test(t)) return t.replace(',', '.');
  return null;
}

/**
 * A typed dollar amount as a number (NaN when it is not one, 0 when blank, as `Number` reads text);
 * anything but text is left as it is, for a schema to check.
 */
export function typedDollars(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const plain = plainDollars(value);
  return plain === null ? Number.NaN : Number(plain);
}

/** Parses a price written as dollars ("1234.5", "1,234.56", "$99", "1 234,56 $") into cents, or null. */
export function parsePrice(text: string): Cents | null {
  const cleaned = plainDollars(text);
  if (cleaned === '') return 0;
  if (cleaned === null || !/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return toCents(Number(cleaned));
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
