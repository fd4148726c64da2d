/**
 * Calendar days, written YYYY-MM-DD, for the server and the pages alike: which text is a day, counting days,
 * the day an instant falls on in a time zone. The one schema of a day a request may carry is
 * core/day-field.ts's: this module stays without Zod, as the pages that count days load it (not the first
 * download: the default zone is core/shop-time-zone.ts).
 *
 * The shop's own day ("today" for invoices, quotes, payments and the back office's filters) is the day in
 * the shop's time zone, SHOP_TIME_ZONE in the server's configuration; the server hands it to the pages.
 */

/** A day written YYYY-MM-DD (whether it exists is `isDay`'s to say). */
export const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether `value` is a real calendar day written YYYY-MM-DD, from year 1 (2026-02-30 is not). */
export function isDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : (MONTH_DAYS[month - 1] ?? 0));
}

function dayNumber(day: string): number {
  if (!isDay(day)) throw new RangeError(`"${day}" is not a day written YYYY-MM-DD`);
  return Date.parse(`${day}T00:00:00Z`) / MS_PER_DAY;
}

/** The days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** The day `days` after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  return new Date((dayNumber(day) + days) * MS_PER_DAY).toISOString().slice(0, 10);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function dayIn(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** Today in a time zone: the shop's day is `todayIn(SHOP_TIME_ZONE)`. */
export function todayIn(timeZone: string): string {
  return dayIn(new Date(), timeZone);
}
