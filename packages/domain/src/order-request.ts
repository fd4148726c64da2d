/**
 * The order request's numbers as the server checks them. Apart from cart.ts so that the pages, which use
 * the cart's rules and messages from their first download, do not load Zod with them.
 */
import { z } from 'zod';
import { CART_MSG, MAX_LINE_QUANTITY, withinOrderLimit } from './cart';
import { toCents } from './money';

/** A line's quantity in an order request. */
export const lineQuantitySchema = z.coerce
  .number({ error: CART_MSG.quantityInvalid })
  .int({ message: CART_MSG.quantityInvalid })
  .min(1, { message: CART_MSG.quantityInvalid })
  .max(MAX_LINE_QUANTITY, { message: CART_MSG.quantityInvalid });

/** An order request's total in dollars: a number, and within the order limit. */
export const orderTotalSchema = z.coerce
  .number({ error: CART_MSG.totalsChanged })
  .finite({ message: CART_MSG.totalsChanged })
  .refine((amount) => withinOrderLimit(toCents(amount)), { message: CART_MSG.orderTooLarge });
