import { describe, expect, it } from 'vitest';
import { checkoutForecast, creditRoomCents, overCreditRoom, overOrderLimit } from './checkout-limits';

const none = { orderLimitCents: null, creditLimitCents: null, creditRoomCents: null };

describe('the order limit', () => {
  it('holds an order above it, not one at it; none or an administrator holds nothing', () => {
    expect(overOrderLimit(50_001, 50_000)).toBe(true);
    expect(overOrderLimit(50_000, 50_000)).toBe(false);
    expect(overOrderLimit(1, 0)).toBe(true);
    expect(overOrderLimit(99_999_999_99, null)).toBe(false);
  });
});

describe('the credit room', () => {
  it('is the limit less what the company owes, never below 0; none without a limit', () => {
    expect(creditRoomCents(100_00, 30_00)).toBe(70_00);
    expect(creditRoomCents(100_00, 100_00)).toBe(0);
    expect(creditRoomCents(100_00, 250_00)).toBe(0);
    expect(creditRoomCents(null, 250_00)).toBeNull();
  });
  it('holds an order above it, not one that fills it exactly', () => {
    expect(overCreditRoom(70_01, 70_00)).toBe(true);
    expect(overCreditRoom(70_00, 70_00)).toBe(false);
    expect(overCreditRoom(1, 0)).toBe(true);
    expect(overCreditRoom(1_000_000_00, null)).toBe(false);
  });
});

describe('the checkout forecast', () => {
  it('is nothing within both limits or without them', () => {
    expect(checkoutForecast(500_00, none)).toBeNull();
    expect(
      checkoutForecast(500_00, {
        orderLimitCents: 500_00,
        creditLimitCents: 1000_00,
        creditRoomCents: 500_00,
      }),
    ).toBeNull();
  });
  it('says a request for approval, with the limit, above the order limit', () => {
    expect(checkoutForecast(500_01, { ...none, orderLimitCents: 500_00 })).toEqual({
      kind: 'approval',
      limitCents: 500_00,
    });
  });
  it('says a credit hold, with the credit limit, above the room', () => {
    expect(
      checkoutForecast(200_00, { orderLimitCents: null, creditLimitCents: 1000_00, creditRoomCents: 150_00 }),
    ).toEqual({ kind: 'creditHold', creditLimitCents: 1000_00 });
  });
  it('says the approval when both would hold it, as the server checks the order limit first', () => {
    expect(
      checkoutForecast(800_00, { orderLimitCents: 500_00, creditLimitCents: 1000_00, creditRoomCents: 0 }),
    ).toEqual({ kind: 'approval', limitCents: 500_00 });
  });
});
