import { describe, expect, it } from 'vitest';
import { formatMoney, personalPrice, roundMoney, toAmount, toCents } from './money';
import { parsePrice, typedDollars } from './money-text';

describe('roundMoney', () => {
  it('rounds half away from zero', () => {
    expect(roundMoney(0.5)).toBe(1);
    expect(roundMoney(1.5)).toBe(2);
    expect(roundMoney(2.4999)).toBe(2);
    expect(roundMoney(-0.5)).toBe(-1);
    expect(roundMoney(-2.5)).toBe(-3);
    expect(roundMoney(0)).toBe(0);
  });
  it('absorbs binary noise', () => {
    expect(roundMoney(1.005 * 100)).toBe(101);
    expect(toCents(1.005)).toBe(101);
  });
});

describe('personalPrice', () => {
  it('marks the base price up by the percentage', () => {
    expect(personalPrice(100_000, 15)).toBe(115_000);
    expect(personalPrice(100_000, 10)).toBe(110_000);
    expect(personalPrice(99_999, 15)).toBe(114_999); // 114998.85 rounds up
    expect(personalPrice(1, 50)).toBe(2); // 1.5 rounds away from zero
  });
  it('keeps a missing price (0) at 0', () => {
    expect(personalPrice(0, 15)).toBe(0);
  });
  it('gives a customer with a lower percentage a lower price', () => {
    expect(personalPrice(129_999, 10)).toBeLessThan(personalPrice(129_999, 15));
  });
});

describe('amounts', () => {
  it('shows cents as a number with 2 decimals', () => {
    expect(toAmount(114_999)).toBe(1149.99);
    expect(toAmount(5)).toBe(0.05);
  });
  it('parses typed prices', () => {
    expect(parsePrice('$1,234.56')).toBe(123_456);
    expect(parsePrice('99')).toBe(9900);
    expect(parsePrice('')).toBe(0);
    expect(parsePrice('12.345')).toBeNull();
    expect(parsePrice('abc')).toBeNull();
  });
  it('reads a comma as thousands before three digits and as the decimal point before one or two', () => {
    expect(parsePrice('1,200')).toBe(120_000);
    expect(parsePrice('2500,00')).toBe(250_000);
    expect(parsePrice('450,5')).toBe(45_050);
    expect(parsePrice('1 234,56 $')).toBe(123_456);
    expect(parsePrice('1\u202f234,56\u00a0$')).toBe(123_456);
    expect(parsePrice('1,2345')).toBeNull();
    expect(parsePrice('1.234,56')).toBeNull();
    expect(typedDollars('2500,00')).toBe(2500);
    expect(typedDollars('1,200.5')).toBe(1200.5);
    expect(typedDollars('12,5,0')).toBeNaN();
    expect(typedDollars(12)).toBe(12);
  });
  it('formats Canadian dollars', () => {
    expect(formatMoney(123_456)).toBe('$1,234.56');
  });
});
