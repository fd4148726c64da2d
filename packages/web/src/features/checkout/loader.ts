/**
 * The checkout's data beside the session's header: the tax components each province charges the buyer's
 * company today (GET /api/user/{id}/taxes), read while the page's code loads and drawn by the server with
 * the page. Visitors read nothing (the page asks them to sign in).
 */
import type { CheckoutTaxesAnswer } from '@shop/domain/answers/tax';
import { useLoaderData } from 'react-router';
import { cookieLogin } from '../../lib/cookies';
import { type Read, read } from '../../lib/reads';

export type CheckoutTaxes = CheckoutTaxesAnswer['taxes'];

type Reads = { taxes: Read<CheckoutTaxes> | null };

export function checkoutLoader(): Reads {
  const { loggedIn, customerId } = cookieLogin();
  if (!loggedIn) return { taxes: null };
  return {
    taxes: read<CheckoutTaxes, CheckoutTaxesAnswer>(
      `/user/${encodeURIComponent(customerId)}/taxes`,
      (answer) => answer.taxes,
    ),
  };
}

export function useCheckoutReads(): Reads {
  return useLoaderData() as Reads;
}
