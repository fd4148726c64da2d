/**
 * Dollar amounts as people type them, read into cents. Apart from core/money.ts so that the first download,
 * which shows prices but reads none, leaves this out (only forms load it).
 */
import { type Cents, toCents } from './money';

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
