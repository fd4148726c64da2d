import { describe, expect, it } from 'vitest';
import { lineQuantitySchema, orderTotalSchema } from './order-request';
import { CART_MSG } from './rules';

describe('the order request', () => {
  it('takes a total up to $99,999,999.99 and no more', () => {
    expect(orderTotalSchema.safeParse(99_999_999.99).success).toBe(true);
    const over = orderTotalSchema.safeParse(100_000_000);
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.message).toBe(CART_MSG.orderTooLarge);
    expect(orderTotalSchema.safeParse('abc').error?.issues[0]?.message).toBe(CART_MSG.totalsChanged);
  });

  it('takes a line of 1 to 9999 whole units', () => {
    expect(lineQuantitySchema.parse('9999')).toBe(9999);
    for (const bad of [0, 10_000, 2.5, 'x']) {
      expect(lineQuantitySchema.safeParse(bad).error?.issues[0]?.message).toBe(CART_MSG.quantityInvalid);
    }
  });
});
