import { describe, expect, it } from 'vitest';
import { english } from '../core/english';
import { seededComponents } from '../tax/history';
import {
  blurQuantity,
  CART_MSG,
  isValidPo,
  itemCount,
  MAX_ORDER_TOTAL,
  minusQuantity,
  orderTotals,
  plusQuantity,
  subtotal,
  truncatePo,
  typedQuantity,
  withinOrderLimit,
} from './rules';

const line = (over: Partial<Parameters<typeof subtotal>[0][number]> = {}) => ({
  item_condition: 'BrandNew' as const,
  is_sale: false,
  price: 100_00,
  sale_price: 0,
  scratch_dent_price: 0,
  quantity: 1,
  ...over,
});

describe('subtotal and totals', () => {
  it('sums unit price times quantity per line', () => {
    const lines = [
      line({ quantity: 2 }),
      line({ is_sale: true, sale_price: 80_00, quantity: 3 }),
      line({ item_condition: 'ScratchDent', scratch_dent_price: 55_55, quantity: 1 }),
    ];
    expect(subtotal(lines)).toBe(200_00 + 240_00 + 55_55);
    expect(itemCount(lines)).toBe(6);
  });
  it('adds the shipping province tax on the subtotal, in cents', () => {
    expect(orderTotals([line({ price: 999_99, quantity: 1 })], seededComponents('Ontario'))).toMatchObject({
      subtotal: 999_99,
      tax: 130_00, // 129.9987
      total: 1129_99,
    });
    const quebec = orderTotals([line({ price: 10_00, quantity: 3 })], seededComponents('Quebec'));
    expect(quebec).toMatchObject({ subtotal: 30_00, tax: 4_49, total: 34_49 });
    // GST and QST each rounded once: 1.50 and 2.9925.
    expect(quebec.taxes.map((t) => [t.component, t.taxCents])).toEqual([
      ['GST', 1_50],
      ['QST', 2_99],
    ]);
  });
});

describe('cart quantity rules', () => {
  it('accepts digits only, from 1 up to the stock', () => {
    expect(typedQuantity('3', 5)).toEqual({ quantity: 3, error: null });
    expect(typedQuantity('a3b', 5)).toEqual({ quantity: 3, error: null });
    expect(typedQuantity('', 5)).toBeNull();
  });
  it('clamps above stock with the message', () => {
    expect(typedQuantity('9', 4)).toEqual({ quantity: 4, error: CART_MSG.clamped(4) });
    expect(english(CART_MSG.clamped(4))).toBe('This item currently only have 4 left.');
  });
  it('refuses minus below 1 and plus above stock', () => {
    expect(minusQuantity(1)).toEqual({ quantity: 1, error: CART_MSG.belowOne });
    expect(minusQuantity(3)).toEqual({ quantity: 2, error: null });
    expect(plusQuantity(4, 4)).toEqual({ quantity: 4, error: CART_MSG.plusAbove(4) });
    expect(english(CART_MSG.plusAbove(4))).toBe(
      'Cannot add quantity due to this item currently only have 4 left.',
    );
  });
  it('reverts a blank on blur to the previous quantity, or 1 if that exceeds stock', () => {
    expect(blurQuantity(3, 5)).toBe(3);
    expect(blurQuantity(6, 5)).toBe(1);
  });
});

describe('purchase order number', () => {
  it('is 1 to 50 characters, truncated to 50 as typed', () => {
    expect(isValidPo('')).toBe(false);
    expect(isValidPo('   ')).toBe(false);
    expect(isValidPo('PO-1')).toBe(true);
    expect(truncatePo('x'.repeat(60))).toHaveLength(50);
    expect(isValidPo('x'.repeat(51))).toBe(false);
  });
});

describe('order limits', () => {
  it('allow an order up to $99,999,999.99 and no more', () => {
    expect(MAX_ORDER_TOTAL).toBe(9_999_999_999);
    expect(withinOrderLimit(MAX_ORDER_TOTAL)).toBe(true);
    expect(withinOrderLimit(MAX_ORDER_TOTAL + 1)).toBe(false);
  });
});
