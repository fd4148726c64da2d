/**
 * The requests of the cart and the checkout as the server checks them: a line added to the cart, a quick
 * order, and the order itself. Apart from cart/rules.ts so that the pages, which use the cart's rules and
 * messages from their first download, do not load Zod with them; a page types what it sends with these
 * schemas' input types (`import type`), so a change here that breaks it fails the typecheck.
 */
import { z } from 'zod';
import { oneLine } from '../account/contact';
import { CONDITION_MESSAGE, isCondition } from '../catalog/rules';
import { MSG } from '../core/messages';
import { toCents } from '../core/money';
import { QUICK_MSG, QUICK_ORDER_MAX_CHARS } from './quick-order';
import { CART_MSG, isValidPo, MAX_LINE_QUANTITY, SHIPPING_METHODS, withinOrderLimit } from './rules';

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

const amount = z.coerce.number({ error: CART_MSG.totalsChanged }).finite({ message: CART_MSG.totalsChanged });

/**
 * POST /api/placeorder: the cart's lines as the buyer saw them and the totals the page showed; the server
 * places the order only if they are still what it computes (else 409).
 */
export const placeOrderSchema = z.object({
  orderInfo: z.object(
    {
      /** The signed-in customer's id when given (another is refused). */
      customer_id: z.string().optional(),
      shipping_address_id: z.coerce
        .number({ error: CART_MSG.noAddress })
        .int({ message: CART_MSG.noAddress })
        .positive({ message: CART_MSG.noAddress })
        .max(2_147_483_647, { message: CART_MSG.noAddress }),
      billing_address_id: z.coerce
        .number({ error: CART_MSG.noAddress })
        .int({ message: CART_MSG.noAddress })
        .positive({ message: CART_MSG.noAddress })
        .max(2_147_483_647, { message: CART_MSG.noAddress }),
      /** The page's local time: kept beside the order as information only. */
      created_time: z.string().max(64).optional().default(''),
      line_items: z
        .array(
          z.object({
            item_id: z.string().max(40),
            item_condition: z.string().max(20),
            quantity: lineQuantitySchema,
          }),
          { error: CART_MSG.noItems },
        )
        .min(1, { message: CART_MSG.noItems })
        .max(100),
      subtotal: amount,
      items_tax: amount,
      total: orderTotalSchema,
      purchase_order_id: z
        .string({ error: CART_MSG.poNumber })
        // One line: it is shown in the mails of the order.
        .transform(oneLine)
        .refine(isValidPo, { message: CART_MSG.poNumber }),
      shipping_method: z.enum(SHIPPING_METHODS, { error: CART_MSG.shippingMethod }),
    },
    { error: 'api.sendOrder' },
  ),
  /** The page makes one key per checkout visit; a repeat of the same key gives back the same order. */
  checkout_key: z.string().min(8).max(100).optional(),
});
export type PlaceOrderRequest = z.output<typeof placeOrderSchema>;
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;

/** POST /api/user/cart/add: add to a line, or set its quantity (`is_replaced`, the cart page). */
export const cartAddSchema = z.object({
  itemData: z.object(
    {
      customer_id: z.string({ error: MSG.invalidRequest }).optional(),
      item_id: z.string({ error: MSG.itemMissing }).min(1, { message: MSG.itemMissing }).max(40),
      sku: z.string().max(60).optional(),
      quantity: z.coerce.number({ error: CART_MSG.quantityInvalid }),
      item_condition: z.string().refine(isCondition, { message: CONDITION_MESSAGE }),
      is_replaced: z.boolean().optional(),
    },
    { error: 'api.sendItem' },
  ),
  is_replaced: z.boolean().optional(),
});
export type CartAddInput = z.input<typeof cartAddSchema>;

/** POST /api/user/cart/quick-order: the pasted lines or a CSV file's text, parsed by the server again. */
export const quickOrderSchema = z.object(
  { text: z.string({ error: QUICK_MSG.nothing }).max(QUICK_ORDER_MAX_CHARS, { message: QUICK_MSG.tooLong }) },
  { error: QUICK_MSG.nothing },
);
export type QuickOrderInput = z.input<typeof quickOrderSchema>;
