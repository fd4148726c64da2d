/**
 * The checkout's data beside the session's header: the tax components each province charges the buyer's
 * company today (GET /api/user/{id}/taxes) and the limits that decide whether the order will be sent for
 * approval or held for a credit review (GET /api/user/{id}/checkout-limits), read while the page's code
 * loads and drawn by the server with the page. Visitors read nothing (the page asks them to sign in).
 */
import type { CheckoutLimitsAnswer } from '@shop/domain/orders/answers';
import type { CheckoutTaxesAnswer } from '@shop/domain/tax/answers';
import { useLoaderData } from 'react-router';
import { cookieLogin } from '../../lib/cookies';
import { type Read, read } from '../../lib/reads';

export type CheckoutTaxes = CheckoutTaxesAnswer['taxes'];
export type CheckoutLimits = CheckoutLimitsAnswer['limits'];

type Reads = { taxes: Read<CheckoutTaxes> | null; limits: Read<CheckoutLimits> | null };

export function checkoutLoader(): Reads {
  const { loggedIn, customerId } = cookieLogin();
  if (!loggedIn) return { taxes: null, limits: null };
  const params = { customerid: customerId };
  return {
    taxes: read('GET /api/user/:customerid/taxes', { params }, (answer) => answer.taxes),
    limits: read('GET /api/user/:customerid/checkout-limits', { params }, (answer) => answer.limits),
  };
}

export function useCheckoutReads(): Reads {
  return useLoaderData() as Reads;
}
