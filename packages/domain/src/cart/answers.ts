/**
 * The cart's answers: a line added or set (POST /api/user/cart/add), removed
 * (DELETE /api/user/{customerid}/cart/{itemid}/{condition}/remove), many lines at once (quick order, reorder).
 * The cart itself also comes with GET /api/header.
 */
import { z } from 'zod';
import { PriceBreakShown } from '../catalog/answers';
import { CONDITIONS } from '../catalog/rules';
import { Count, MessageAnswer, Price } from '../core/answers';

const condition = z.enum(CONDITIONS);

/** A line of the cart at the customer's prices (dollars), with what the catalog says of its item now. */
export const CartItem = z.object({
  item_id: z.string(),
  item_name: z.string(),
  item_condition: condition,
  sku: z.string(),
  quantity: z.number().int().min(1),
  stock: Count,
  scratch_dent_stock: Count,
  is_active: z.boolean(),
  is_sale: z.boolean(),
  personal_price: Price,
  personal_sale_price: Price,
  personal_scratch_dent_price: Price,
  main_image: z.string(),
  /** What a unit of this line costs at its quantity: the customer's price, then its volume price. */
  unit_price: Price,
  /** The offer's volume prices with the customer's unit price at each (empty when it has none). */
  price_breaks: z.array(PriceBreakShown.required()),
  /** The next volume price the line could reach: how many more units, and what the line then saves. */
  next_break: PriceBreakShown.required()
    .extend({ more: z.number().int().min(1), saving: Price })
    .optional(),
});
export type CartItem = z.infer<typeof CartItem>;

/** POST /api/user/cart/add: the item's message and the cart as it now is. */
export const CartAnswer = MessageAnswer.extend({ cartItems: z.array(CartItem) });
export type CartAnswer = z.infer<typeof CartAnswer>;

/** DELETE …/cart/{itemid}/{condition}/remove: 201 when the line was already gone (the cart is sent all the same). */
export const CartRemoveAnswer = CartAnswer.extend({ scode: z.union([z.literal(200), z.literal(201)]) });
export type CartRemoveAnswer = z.infer<typeof CartRemoveAnswer>;

export const QuickOrderStatus = z.enum([
  'added',
  'clamped',
  'unknown',
  'removed',
  'not_offered',
  'out_of_stock',
  'ambiguous',
  'unreadable',
  'cart_full',
]);
export type QuickOrderStatus = z.infer<typeof QuickOrderStatus>;

/** What became of one line asked for (a pasted line, or a line of the order reordered). */
export const QuickOrderResult = z.object({
  /** 1-based line number in what was pasted (or in the order). */
  line: z.number().int().min(1),
  text: z.string(),
  status: QuickOrderStatus,
  message: z.string(),
  sku: z.string().optional(),
  item_id: z.string().optional(),
  item_name: z.string().optional(),
  item_condition: condition.optional(),
  /** What went into the cart from this line (added, or clamped to the stock: possibly 0). */
  quantity: Count.optional(),
});
export type QuickOrderResult = z.infer<typeof QuickOrderResult>;

/** POST /api/user/cart/quick-order: a summary, every line answered, and the cart as it now is. */
export const QuickOrderAnswer = MessageAnswer.extend({
  results: z.array(QuickOrderResult),
  cartItems: z.array(CartItem),
});
export type QuickOrderAnswer = z.infer<typeof QuickOrderAnswer>;

/** POST /api/user/{customerid}/orders/{orderid}/reorder: as a quick order, a line per line of the order. */
export const ReorderAnswer = QuickOrderAnswer;
export type ReorderAnswer = z.infer<typeof ReorderAnswer>;
