/** Cart and checkout rules (SPEC §4 Cart, §5 Add to cart, Cart quantity, Checkout) and their messages. */
import { type Cents, formatMoney } from './money';
import { type ChargedComponent, type TaxLine, taxLines, taxTotal } from './tax';
import { type BrokenOffer, volumeUnitPrice } from './volume-pricing';

export const MAX_CART_LINES = 100;
export const MAX_LINE_QUANTITY = 9999;
/**
 * The most one order may total, in cents ($99,999,999.99): a larger purchase is split into several
 * orders, and every amount stays exact (far below 2^53 cents) through quantities, tax and invoices.
 */
export const MAX_ORDER_TOTAL: Cents = 9_999_999_999;

export const CART_MSG = {
  clamped: (n: number) => `This item currently only have ${n} left.`,
  belowOne:
    'item quantity cannot be smaller than 1, if you want to remove item from cart, please click remove button.',
  plusAbove: (n: number) => `Cannot add quantity due to this item currently only have ${n} left.`,
  exceedsOnLoad: (name: string, q: number, s: number) =>
    `${name} ordered quantity (${q}) exceeds current available stock (${s}).`,
  goneFromCart: (name: string) => `${name} has been removed from your cart, please refresh the page!`,
  autoRemoved: (name: string) =>
    `${name} has been auto removed from your cart due to this item is out of stock.`,
  updateFailed: (name: string) => `${name} update failed, please refresh the page and try again.`,
  removed: (name: string) => `${name} has been removed from your cart.`,
  added: (name: string) => `${name} has been added to your cart.`,
  addFailed: 'update failed',
  outOfStock: 'This item is out of stock.',
  itemRemoved: 'This item has been removed from the store and cannot be added to your cart.',
  quantityInvalid: `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`,
  orderTooLarge: `An order can total at most ${formatMoney(MAX_ORDER_TOTAL)}. Please lower the quantities in your cart or split it into several orders.`,
  cartFull: 'Your cart holds up to 100 different items. Please check out or remove some first.',
  emptyCart: 'your cart is empty',
  noItems: 'There is no item in your cart needs to check out.',
  noAddress: 'please make sure you have select your shipping and billing address.',
  poNumber: 'Purchase order number is mandatory, the length should be 1 - 50 characters and cannot be 0.',
  placing: 'Your order is processing, please do not refresh the page.',
  placedRefresh: 'Order has been placed or page has expired, please check your orders in your order list.',
  nothingToPlace: 'There is no order need to be placed.',
  cartChanged:
    'Your cart has changed since you opened checkout. Please review your cart and check out again.',
  totalsChanged:
    'The prices or totals of your order have changed. Please review your cart and check out again.',
  shippingMethod: 'Shipping method must be Standard or Pick Up.',
  notEnoughStock: (name: string, n: number) =>
    n > 0
      ? `${name} only has ${n} left in stock. Please update the quantity in your cart.`
      : `${name} is out of stock. Please remove it from your cart.`,
} as const;

const PO_MAX = 50;
export const SHIPPING_METHODS = ['Standard', 'Pick Up'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

/** A line with its offer's volume prices (`price_breaks`; none: no volume price). */
export interface CartLine extends BrokenOffer {
  quantity: number;
}

/** What one unit of the line costs: the spec's unit price, then the volume price its quantity reaches. */
export function lineUnitPrice(line: CartLine): Cents {
  return volumeUnitPrice(line, line.quantity);
}

/** Unit price times quantity, in cents. */
export function lineTotal(line: CartLine): Cents {
  return lineUnitPrice(line) * line.quantity;
}

export function subtotal(lines: readonly CartLine[]): Cents {
  return lines.reduce((sum, line) => sum + lineTotal(line), 0);
}

/** Total item count: the sum of quantities. */
export function itemCount(lines: readonly { quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

export interface OrderTotals {
  subtotal: Cents;
  /** The sum of the components' taxes. */
  tax: Cents;
  total: Cents;
  /** Each component of the tax (GST, QST, ...) on the subtotal, rounded once. */
  taxes: TaxLine[];
}

/**
 * Subtotal, the tax of each component in force where the order ships (on the subtotal) and total; shipping
 * and fees are added later on the invoice.
 */
export function orderTotals(
  lines: readonly CartLine[],
  components: readonly ChargedComponent[],
): OrderTotals {
  const sub = subtotal(lines);
  const taxes = taxLines(sub, components);
  const tax = taxTotal(taxes);
  return { subtotal: sub, tax, total: sub + tax, taxes };
}

/** Whether an amount (a cart's subtotal, an order's total) fits in one order. */
export function withinOrderLimit(cents: Cents): boolean {
  return cents <= MAX_ORDER_TOTAL;
}

/** The purchase order number as typed: truncated to 50. */
export function truncatePo(text: string): string {
  return text.slice(0, PO_MAX);
}

export function isValidPo(text: string): boolean {
  const po = text.trim();
  return po.length >= 1 && po.length <= PO_MAX;
}

export type QuantityCheck = { quantity: number; error: string };

/**
 * A quantity typed into the cart: digits only; above the stock it is clamped with a message.
 * Warranty lines have no stock limit (stock = Infinity).
 */
export function typedQuantity(text: string, stock: number): QuantityCheck | null {
  const digits = text.replace(/\D/g, '');
  if (digits === '') return null;
  const n = Math.min(Number(digits), MAX_LINE_QUANTITY);
  if (n > stock) return { quantity: stock, error: CART_MSG.clamped(stock) };
  return { quantity: Math.max(n, 1), error: n < 1 ? CART_MSG.belowOne : '' };
}

/** The minus button: refused below 1. */
export function minusQuantity(current: number): QuantityCheck {
  return current - 1 < 1
    ? { quantity: current, error: CART_MSG.belowOne }
    : { quantity: current - 1, error: '' };
}

/** The plus button: refused above the stock. */
export function plusQuantity(current: number, stock: number): QuantityCheck {
  return current + 1 > stock
    ? { quantity: current, error: CART_MSG.plusAbove(stock) }
    : { quantity: current + 1, error: '' };
}

/** Blank on blur: back to the previous quantity, or 1 if that exceeds the stock. */
export function blurQuantity(previous: number, stock: number): number {
  return previous > stock ? 1 : previous;
}
