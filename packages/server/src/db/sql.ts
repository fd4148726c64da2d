/**
 * What the modules' SQL shares: the bounds of a day in the shop's time zone (passed in: the database's own
 * zone has no say), the one row a statement returns, and PostgreSQL's error codes.
 */
import { type SQL, sql } from 'drizzle-orm';

/** The instant a day (YYYY-MM-DD) starts in a time zone, e.g. the shop's (SHOP_TIME_ZONE). */
export function dayStarts(day: string, timeZone: string): SQL {
  return sql`(${day}::date)::timestamp at time zone ${timeZone}`;
}

/** The instant a day (YYYY-MM-DD) ends in a time zone: the start of the day after. */
export function dayEnds(day: string, timeZone: string): SQL {
  return sql`(${day}::date + 1)::timestamp at time zone ${timeZone}`;
}
/** The first row of a raw statement's result (`db.execute`); a statement that returned none is a bug. */
export function firstRow<T>(result: unknown): T {
  const rows = (result as { rows: T[] }).rows;
  if (!rows[0]) throw new Error('the statement returned no row');
  return rows[0];
}

/** The SQLSTATE of a PostgreSQL error (23505), as node-postgres and PGlite give it or as Drizzle wraps it. */
export function sqlState(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null | undefined;
  const code = [e?.code, e?.cause?.code].find((c) => typeof c === 'string' && /^[0-9A-Z]{5}$/.test(c));
  return code as string | undefined;
}

/** A unique-key clash (23505), e.g. two requests taking the same e-mail at once. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}
