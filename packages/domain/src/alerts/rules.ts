/**
 * The stock alerts' limits and conditions without Zod, so the shop's pages (the product page and the
 * listings, part of every first visit's chunks) can use them; alerts/schemas.ts holds the request schemas.
 */

/** Alerts a buyer may keep. */
export const MAX_ALERTS = 20;
export const MAX_ALERT_QUANTITY = 9999;
/** The highest price a buyer may name, in dollars (above any machine the shop sells). */
export const MAX_ALERT_PRICE = 1_000_000;
/** Stock alerts watch what can run short: Warranty products always count as in stock. */
export const ALERT_CONDITIONS = ['BrandNew', 'Recertified', 'ScratchDent'] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

/**
 * Whether a listing can be watched: the Extended Warranty listings (/category/Warranty, and a listing
 * narrowed to the Warranty category such as /category/Sale/Warranty) hold only warranty plans, which are
 * always in stock, so an alert on them could never fire.
 */
export function listingTakesAlerts(category: string, subcategory?: string): boolean {
  return category !== 'Warranty' && subcategory !== 'Warranty';
}
