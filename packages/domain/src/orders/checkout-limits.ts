/**
 * What happens to a checkout beyond placing it, decided by two limits: a buyer's order above their order
 * limit is sent to the company's administrators for approval (no order), and an order that would take what
 * the company owes past its credit limit is placed on hold for the seller's credit review. The server decides
 * with these rules when the order is placed (approvals/service.ts, orders/service.ts); the checkout page
 * forecasts with the same rules, from GET /api/user/{customerid}/checkout-limits, before the buyer clicks.
 * All amounts in cents.
 */

/** Over the buyer's order limit (null: none, or an administrator, never held), the order waits for approval. */
export function overOrderLimit(totalCents: number, orderLimitCents: number | null): boolean {
  return orderLimitCents !== null && totalCents > orderLimitCents;
}

/**
 * What the company may still order before an order waits for a credit review: its credit limit less what it
 * owes and has ordered (balance.ts), never below 0; null when it has no credit limit. The page is given this,
 * not the balance.
 */
export function creditRoomCents(creditLimitCents: number | null, owedCents: number): number | null {
  return creditLimitCents === null ? null : Math.max(0, creditLimitCents - owedCents);
}

/** An order whose total is above the company's credit room is placed on hold for a credit review. */
export function overCreditRoom(totalCents: number, roomCents: number | null): boolean {
  return roomCents !== null && totalCents > roomCents;
}

/** The limits a checkout is forecast with (the page's copy of the server's, in cents). */
export interface CheckoutLimits {
  orderLimitCents: number | null;
  creditLimitCents: number | null;
  creditRoomCents: number | null;
}

export type CheckoutForecast =
  /** Sent for approval: no order is placed (and so nothing is held for credit). */
  | { kind: 'approval'; limitCents: number }
  /** Placed, and on hold for the seller's credit review. */
  | { kind: 'creditHold'; creditLimitCents: number }
  /** Placed as usual. */
  | null;

/**
 * What placing an order of this total will do, in the order the server checks: the order limit first (a
 * request for approval is no order, so it owes nothing), then the credit limit.
 */
export function checkoutForecast(totalCents: number, limits: CheckoutLimits): CheckoutForecast {
  if (limits.orderLimitCents !== null && overOrderLimit(totalCents, limits.orderLimitCents))
    return { kind: 'approval', limitCents: limits.orderLimitCents };
  if (limits.creditLimitCents !== null && overCreditRoom(totalCents, limits.creditRoomCents))
    return { kind: 'creditHold', creditLimitCents: limits.creditLimitCents };
  return null;
}
