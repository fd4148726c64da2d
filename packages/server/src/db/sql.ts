/**
 * What the modules' SQL shares: the bounds of a day in the shop's time zone (passed in: the database's own
 * zone has no say).
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
