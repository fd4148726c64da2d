import { describe, expect, it } from 'vitest';
import { type CartLine, lineTotal, lineUnitPrice, orderTotals } from '../cart/rules';
import { personalPrice } from '../core/money';
import { PriceBreaksInput } from './volume-price-schemas';
import {
  applyBreak,
  breakFor,
  breakPrices,
  breaksCell,
  conditionProblems,
  nextBreak,
  type PriceBreak,
  parseBreaksCell,
  percentToBasisPoints,
  toStoredBreaks,
  VOLUME_MSG,
  volumeUnitPrice,
} from './volume-prices';

const breaks: PriceBreak[] = [
  { condition: 'Recertified', min_quantity: 50, basis_points: 600 },
  { condition: 'Recertified', min_quantity: 10, basis_points: 300 },
  { condition: 'ScratchDent', min_quantity: 5, basis_points: 1000 },
];

const line = (over: Partial<CartLine> = {}): CartLine => ({
  item_condition: 'Recertified',
  is_sale: false,
  price: 100_00,
  sale_price: 0,
  scratch_dent_price: 0,
  quantity: 1,
  price_breaks: breaks,
  ...over,
});

describe('the break a line reaches', () => {
  it('is none below the first break, the first at exactly its quantity (9 vs 10 units)', () => {
    expect(breakFor(breaks, 'Recertified', 9)).toBeNull();
    expect(breakFor(breaks, 'Recertified', 10)?.basis_points).toBe(300);
    expect(breakFor(breaks, 'Recertified', 49)?.basis_points).toBe(300);
    expect(breakFor(breaks, 'Recertified', 50)?.basis_points).toBe(600);
    expect(breakFor(breaks, 'Recertified', 9999)?.basis_points).toBe(600);
  });
  it("takes only the line's condition", () => {
    expect(breakFor(breaks, 'BrandNew', 100)).toBeNull();
    expect(breakFor(breaks, 'ScratchDent', 5)?.basis_points).toBe(1000);
  });
  it('is none without breaks', () => {
    expect(breakFor([], 'Recertified', 100)).toBeNull();
    expect(breakFor(undefined, 'Recertified', 100)).toBeNull();
    expect(lineTotal(line({ price_breaks: undefined, quantity: 10 }))).toBe(1000_00);
    expect(lineTotal(line({ price_breaks: [], quantity: 10 }))).toBe(1000_00);
  });
});

describe('the unit price of a line', () => {
  it('is the personal price (with the percentage) less the break, at 9 and 10 units', () => {
    // Base $99.99 at 15 %: 114.9885 -> $114.99; 3 % off: 111.5403 -> $111.54.
    const price = personalPrice(99_99, 15);
    expect(price).toBe(114_99);
    expect(lineUnitPrice(line({ price, quantity: 9 }))).toBe(114_99);
    expect(lineUnitPrice(line({ price, quantity: 10 }))).toBe(111_54);
    expect(lineTotal(line({ price, quantity: 10 }))).toBe(1115_40);
  });
  it('starts from the sale price when the item is on sale', () => {
    const l = line({ is_sale: true, sale_price: 80_00, quantity: 10 });
    expect(lineUnitPrice(l)).toBe(77_60);
    expect(lineUnitPrice({ ...l, quantity: 50 })).toBe(75_20);
  });
  it('starts from the scratch-and-dent price for a ScratchDent line, with its own breaks', () => {
    const l = line({
      item_condition: 'ScratchDent',
      scratch_dent_price: 70_00,
      is_sale: true,
      sale_price: 80_00,
    });
    expect(lineUnitPrice({ ...l, quantity: 4 })).toBe(70_00);
    expect(lineUnitPrice({ ...l, quantity: 5 })).toBe(63_00);
    // The Recertified 6 % does not apply to scratch and dent units.
    expect(lineUnitPrice({ ...l, quantity: 50 })).toBe(63_00);
  });
  it('rounds half a cent once, away from zero', () => {
    // 3 % of $0.50 is 1.5 cents: 48.5 -> 49.
    expect(applyBreak(50, 300)).toBe(49);
    // 2.5 % off $10.10: 984.75 -> 985.
    expect(applyBreak(10_10, 250)).toBe(9_85);
    // 12.34 % off $123.45: 10821.627 -> 10822.
    expect(applyBreak(123_45, 1234)).toBe(108_22);
    expect(applyBreak(123_45, 0)).toBe(123_45);
  });
  it('rounds the unit price, not the line: the line is the rounded unit price times the quantity', () => {
    const l = line({ price: 50, quantity: 10 });
    expect(lineTotal(l)).toBe(490);
  });
  it('goes into the order totals and their tax', () => {
    const totals = orderTotals(
      [line({ quantity: 10 }), line({ item_condition: 'BrandNew', price: 20_00, quantity: 2 })],
      [{ component: 'HST', rateMilli: 13_000, exemption: null }],
    );
    expect(totals.subtotal).toBe(970_00 + 40_00);
    expect(totals.tax).toBe(131_30);
  });
});

describe('the next break', () => {
  it('says how many more units and what reaching it saves', () => {
    const next = nextBreak(line({ price: 100_00 }), 9);
    expect(next).toEqual({ min_quantity: 10, basis_points: 300, unit: 97_00, more: 1, saving: 30_00 });
    const after = nextBreak(line({ price: 100_00 }), 10);
    expect(after).toEqual({ min_quantity: 50, basis_points: 600, unit: 94_00, more: 40, saving: 150_00 });
    expect(nextBreak(line(), 50)).toBeNull();
    expect(nextBreak(line({ price_breaks: [] }), 1)).toBeNull();
  });
  it('lists every break with its price for the buyer', () => {
    expect(breakPrices(line({ is_sale: true, sale_price: 80_00 }))).toEqual([
      { min_quantity: 10, basis_points: 300, unit: 77_60 },
      { min_quantity: 50, basis_points: 600, unit: 75_20 },
    ]);
  });
  it('volumeUnitPrice is what the line pays at a given quantity', () => {
    expect(volumeUnitPrice(line(), 10)).toBe(97_00);
  });
});

describe('percentages', () => {
  it('takes 2 decimals at most, above 0 and below 100', () => {
    expect(percentToBasisPoints(3)).toBe(300);
    expect(percentToBasisPoints(2.5)).toBe(250);
    expect(percentToBasisPoints(12.34)).toBe(1234);
    expect(percentToBasisPoints(0.01)).toBe(1);
    expect(percentToBasisPoints(99.99)).toBe(9999);
    expect(percentToBasisPoints(12.345)).toBeNull();
    expect(percentToBasisPoints(0)).toBeNull();
    expect(percentToBasisPoints(100)).toBeNull();
    expect(percentToBasisPoints(-3)).toBeNull();
    expect(percentToBasisPoints(Number.NaN)).toBeNull();
  });
});

describe('the back office form', () => {
  const messages = (value: unknown) => {
    const result = PriceBreaksInput.safeParse(value);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };
  it('accepts increasing breaks and stores them sorted in basis points', () => {
    const input = [
      { condition: 'Recertified' as const, min_quantity: 50, percent: 6 },
      { condition: 'Recertified' as const, min_quantity: 10, percent: 2.5 },
    ];
    expect(messages(input)).toEqual([]);
    expect(toStoredBreaks(input)).toEqual([
      { condition: 'Recertified', min_quantity: 10, basis_points: 250 },
      { condition: 'Recertified', min_quantity: 50, basis_points: 600 },
    ]);
  });
  it('refuses quantities outside 2..9999 or not whole', () => {
    for (const q of [1, 0, 10000, 2.5])
      expect(messages([{ condition: 'BrandNew', min_quantity: q, percent: 3 }])).toEqual([
        VOLUME_MSG.minQuantity,
      ]);
  });
  it('refuses percentages of 0, 100 or more, or with 3 decimals', () => {
    for (const p of [0, 100, 150, 1.234, -1])
      expect(messages([{ condition: 'BrandNew', min_quantity: 10, percent: p }])).toEqual([
        VOLUME_MSG.percent,
      ]);
  });
  it('refuses a larger quantity with a smaller or equal percentage, or a quantity twice', () => {
    expect(
      messages([
        { condition: 'BrandNew', min_quantity: 10, percent: 5 },
        { condition: 'BrandNew', min_quantity: 50, percent: 5 },
      ]),
    ).toEqual([VOLUME_MSG.order('BrandNew')]);
    expect(
      messages([
        { condition: 'BrandNew', min_quantity: 10, percent: 5 },
        { condition: 'BrandNew', min_quantity: 10, percent: 6 },
      ]),
    ).toEqual([VOLUME_MSG.order('BrandNew')]);
    // Each condition has its own ladder.
    expect(
      messages([
        { condition: 'BrandNew', min_quantity: 10, percent: 5 },
        { condition: 'ScratchDent', min_quantity: 50, percent: 2 },
      ]),
    ).toEqual([]);
  });
  it('refuses more than 5 breaks for one condition', () => {
    const six = [2, 3, 4, 5, 6, 7].map((q) => ({
      condition: 'BrandNew' as const,
      min_quantity: q,
      percent: q,
    }));
    expect(messages(six)).toEqual([VOLUME_MSG.tooMany('BrandNew')]);
  });
  it('refuses a condition the product does not sell in', () => {
    const stored: PriceBreak[] = [{ condition: 'ScratchDent', min_quantity: 10, basis_points: 300 }];
    expect(conditionProblems(stored, { item_condition: 'BrandNew', is_scratch_dent: false })).toEqual([
      VOLUME_MSG.condition('ScratchDent'),
    ]);
    expect(conditionProblems(stored, { item_condition: 'BrandNew', is_scratch_dent: true })).toEqual([]);
  });
});

describe('import cells', () => {
  it('reads quantity:percent separated by |', () => {
    expect(parseBreaksCell('10:3|50:6', 'BrandNew')).toEqual({
      breaks: [
        { condition: 'BrandNew', min_quantity: 10, basis_points: 300 },
        { condition: 'BrandNew', min_quantity: 50, basis_points: 600 },
      ],
    });
    expect(parseBreaksCell(' 10 : 2.5% ', 'ScratchDent')).toEqual({
      breaks: [{ condition: 'ScratchDent', min_quantity: 10, basis_points: 250 }],
    });
    expect(parseBreaksCell('', 'BrandNew')).toEqual({ breaks: [] });
  });
  it('says what is wrong with a bad cell', () => {
    expect(parseBreaksCell('10-3', 'BrandNew')).toEqual({ error: VOLUME_MSG.cell('10-3') });
    expect(parseBreaksCell('1:3', 'BrandNew')).toEqual({ error: VOLUME_MSG.minQuantity });
    expect(parseBreaksCell('10:100', 'BrandNew')).toEqual({ error: VOLUME_MSG.percent });
    expect(parseBreaksCell('10:5|50:4', 'BrandNew')).toEqual({ error: VOLUME_MSG.order('BrandNew') });
  });
  it('writes a condition back the same way', () => {
    expect(breaksCell(breaks, 'Recertified')).toBe('10:3|50:6');
    expect(breaksCell(breaks, 'BrandNew')).toBe('');
  });
});
