import { describe, expect, it } from 'vitest';
import { APPROVAL_MSG, orderLimitSchema } from './schemas';

const limit = (value: unknown) => orderLimitSchema.safeParse(value);

describe('an order limit as typed', () => {
  it('reads dollars in English and in French as the same cents', () => {
    expect(limit('2500').data).toBe(250_000);
    expect(limit('$2,500.00').data).toBe(250_000);
    expect(limit('2500,00').data).toBe(250_000);
    expect(limit('2 500,50 $').data).toBe(250_050);
    expect(limit('1,200').data).toBe(120_000);
    expect(limit(99.5).data).toBe(9950);
  });
  it('clears on blank or null', () => {
    expect(limit('').data).toBeNull();
    expect(limit('  ').data).toBeNull();
    expect(limit(null).data).toBeNull();
  });
  it('refuses what is not an amount with the message saying how to write one', () => {
    for (const wrong of ['abc', '12.345', '1,2345', '-5', -5, '1.234,56']) {
      const parsed = limit(wrong);
      expect(parsed.success, String(wrong)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(APPROVAL_MSG.limitAmount);
    }
  });
});
