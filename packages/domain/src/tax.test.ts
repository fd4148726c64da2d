import { describe, expect, it } from 'vitest';
import { PROVINCES, taxFor, taxRatePercent } from './tax';

describe('provincial tax (SPEC §9)', () => {
  it.each([
    ['Ontario', 13, 13_000],
    ['Quebec', 14.975, 14_975],
    ['Nova Scotia', 15, 15_000],
    ['New Brunswick', 15, 15_000],
    ['Manitoba', 12, 12_000],
    ['British Columbia', 12, 12_000],
    ['Prince Edward Island', 15, 15_000],
    ['Saskatchewan', 11, 11_000],
    ['Alberta', 5, 5_000],
    ['Newfoundland and Labrador', 15, 15_000],
    ['Northwest Territories', 5, 5_000],
    ['Yukon', 5, 5_000],
    ['Nunavut', 5, 5_000],
  ] as const)('%s is %d %% (on $1,000.00: %d cents)', (province, rate, cents) => {
    expect(taxRatePercent(province)).toBe(rate);
    expect(taxFor(100_000, province)).toBe(cents);
  });
  it('covers the 13 provinces and territories', () => {
    expect(PROVINCES).toHaveLength(13);
  });
  it('rounds once, in cents, half away from zero', () => {
    expect(taxFor(1_00, 'Quebec')).toBe(15); // 14.975 cents
    expect(taxFor(10, 'Ontario')).toBe(1); // 1.3 cents
    expect(taxFor(50, 'Alberta')).toBe(3); // 2.5 cents
  });
});
