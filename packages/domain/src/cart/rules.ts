/** Cart and checkout rules (SPEC §4 Cart, §5 Add to cart, Cart quantity, Checkout) and their messages. */

import { type BrokenOffer, volumeUnitPrice } from '../catalog/volume-pricing';
import { type Message, message } from '../core/i18n';
import type { Cents } from '../core/money';
import { type ChargedComponent, type TaxLine, taxLines, taxTotal } from '../tax/rules';

export const MAX_CART_LINES = 100;
export const MAX_LINE_QUANTITY = 9999;
/**
 * The most one order may total, in cents ($99,999,999.99): a larger purchase is split into several
 * orders, and every amount stays exact (far below 2^53 cents) through quantities, tax and invoices.
 */
export const MAX_ORDER_TOTAL: Cents = 9_999_999_999;

export const CART_MSG = {
  clamped: (n: number) => message('cart.clamped', { n }),
  belowOne: 'cart.belowOne',
  plusAbove: (n: number) => message('cart.plusAbove', { n }),
  exceedsOnLoad: (name: string, quantity: number, stock: number) =>
    message('cart.exceedsOnLoad', { name, quantity, stock }),
  goneFromCart: (name: string) => message('cart.goneFromCart', { name }),
  autoRemoved: (name: string) => message('cart.autoRemoved', { name }),
  updateFailed: (name: string) => message('cart.updateFailed', { name }),
  removed: (name: string) => message('cart.removed', { name }),
  added: (name: string) => message('cart.added', { name }),
  addFailed: 'cart.addFailed',
  outOfStock: 'cart.outOfStock',
  itemRemoved: 'cart.itemRemoved',
  quantityInvalid: 'cart.quantityInvalid',
  orderTooLarge: 'cart.orderTooLarge',
  cartFull: 'cart.cartFull',
  emptyCart: 'cart.emptyCart',
  noItems: 'cart.noItems',
  noAddress: 'cart.noAddress',
  poNumber: 'cart.poNumber',
  placing: 'cart.placing',
  placedRefresh: 'cart.placedRefresh',
  nothingToPlace: 'cart.nothingToPlace',
  cartChanged: 'cart.cartChanged',
  totalsChanged: 'cart.totalsChanged',
  shippingMethod: 'cart.shippingMethod',
  notEnoughStock: (name: string, n: number) =>
    n > 0 ? message('cart.notEnoughStock', { name, n }) : message('cart.notEnoughStockNone', { name }),
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

export type QuantityCheck = { quantity: number; error: Message | null };

/**
 * A quantity typed into the cart: digits only; above the stock it is clamped with a message.
 * Warranty lines have no stock limit (stock = Infinity).
 */
export function typedQuantity(text: string, stock: number): QuantityCheck | null {
  const digits = text.replace(/\D/g, '');
  if (digits === '') return null;
  const n = Math.min(Number(digits), MAX_LINE_QUANTITY);
  if (n > stock) return { quantity: stock, error: CART_MSG.clamped(stock) };
  return { quantity: Math.max(n, 1), error: n < 1 ? CART_MSG.belowOne : null };
}

/** The minus button: refused below 1. */
export function minusQuantity(current: number): QuantityCheck {
  return current - 1 < 1
    ? { quantity: current, error: CART_MSG.belowOne }
    : { quantity: current - 1, error: null };
}

/** The plus button: refused above the stock. */
export function plusQuantity(current: number, stock: number): QuantityCheck {
  return current + 1 > stock
    ? { quantity: current, error: CART_MSG.plusAbove(stock) }
    : { quantity: current + 1, error: null };
}

/** Blank on blur: back to the previous quantity, or 1 if that exceeds the stock. */
export function blurQuantity(previous: number, stock: number): number {
  return previous > stock ? 1 : previous;
}
