/**
 * The shop's time zone when SHOP_TIME_ZONE is not set: the seller's, in Richmond Hill, Ontario. A module of
 * its own so that the page's first download (lib/shop.ts) takes the name without the day arithmetic of
 * core/days.ts, which only the pages that count days load.
 */
export const DEFAULT_SHOP_TIME_ZONE = 'America/Toronto';
