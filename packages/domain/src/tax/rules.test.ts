import { describe, expect, it } from 'vitest';
import { SEEDED_TAX_RATES } from './history';
import {
  componentsFor,
  PROVINCES,
  provinceDay,
  ratesInForce,
  type TaxExemption,
  taxLabel,
  taxLines,
  taxTotal,
} from './rules';

const BEFORE = '2025-03-31';
const AFTER = '2025-04-01';

/** What each province charges on $1,000.00 before and after 1 April 2025: components and cents. */
const EXPECTED: Record<string, { before: [string, number, number][]; after: [string, number, number][] }> = {
  Ontario: { before: [['HST', 13_000, 130_00]], after: [['HST', 13_000, 130_00]] },
  Quebec: {
    before: [
      ['GST', 5_000, 50_00],
      ['QST', 9_975, 99_75],
    ],
    after: [
      ['GST', 5_000, 50_00],
      ['QST', 9_975, 99_75],
    ],
  },
  'Nova Scotia': { before: [['HST', 15_000, 150_00]], after: [['HST', 14_000, 140_00]] },
  'New Brunswick': { before: [['HST', 15_000, 150_00]], after: [['HST', 15_000, 150_00]] },
  Manitoba: {
    before: [
      ['GST', 5_000, 50_00],
      ['RST', 7_000, 70_00],
    ],
    after: [
      ['GST', 5_000, 50_00],
      ['RST', 7_000, 70_00],
    ],
  },
  'British Columbia': {
    before: [
      ['GST', 5_000, 50_00],
      ['PST', 7_000, 70_00],
    ],
    after: [
      ['GST', 5_000, 50_00],
      ['PST', 7_000, 70_00],
    ],
  },
  'Prince Edward Island': { before: [['HST', 15_000, 150_00]], after: [['HST', 15_000, 150_00]] },
  Saskatchewan: {
    before: [
      ['GST', 5_000, 50_00],
      ['PST', 6_000, 60_00],
    ],
    after: [
      ['GST', 5_000, 50_00],
      ['PST', 6_000, 60_00],
    ],
  },
  Alberta: { before: [['GST', 5_000, 50_00]], after: [['GST', 5_000, 50_00]] },
  'Newfoundland and Labrador': { before: [['HST', 15_000, 150_00]], after: [['HST', 15_000, 150_00]] },
  'Northwest Territories': { before: [['GST', 5_000, 50_00]], after: [['GST', 5_000, 50_00]] },
  Yukon: { before: [['GST', 5_000, 50_00]], after: [['GST', 5_000, 50_00]] },
  Nunavut: { before: [['GST', 5_000, 50_00]], after: [['GST', 5_000, 50_00]] },
};

describe('tax components by province and day', () => {
  it('knows every province and territory', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...PROVINCES].sort());
  });
  for (const province of PROVINCES) {
    for (const [when, day] of [
      ['before', BEFORE],
      ['after', AFTER],
    ] as const) {
      it(`${province} ${when} 1 April 2025`, () => {
        const lines = taxLines(1_000_00, componentsFor(SEEDED_TAX_RATES, [], province, day));
        expect(lines.map((l) => [l.component, l.rateMilli, l.taxCents])).toEqual(EXPECTED[province]![when]);
      });
    }
  }
  it('takes the latest rate from the day or before, and a rate of 0 ends a component', () => {
    const rates = [
      ...SEEDED_TAX_RATES,
      { province: 'Alberta', component: 'PST' as const, rateMilli: 3_000, effectiveFrom: '2030-01-01' },
      { province: 'Alberta', component: 'PST' as const, rateMilli: 0, effectiveFrom: '2031-01-01' },
    ];
    expect(ratesInForce(rates, 'Alberta', '2029-12-31').map((r) => r.component)).toEqual(['GST']);
    expect(ratesInForce(rates, 'Alberta', '2030-01-01').map((r) => r.component)).toEqual(['GST', 'PST']);
    expect(ratesInForce(rates, 'Alberta', '2031-01-01').map((r) => r.component)).toEqual(['GST']);
  });
  it('changes at midnight in the province, not in Toronto', () => {
    // 23:30 in Toronto on 31 March is 00:30 on 1 April in Halifax.
    const at = new Date('2025-04-01T03:30:00Z');
    expect(provinceDay(at, 'Ontario')).toBe('2025-03-31');
    expect(provinceDay(at, 'Nova Scotia')).toBe('2025-04-01');
    expect(ratesInForce(SEEDED_TAX_RATES, 'Nova Scotia', provinceDay(at, 'Nova Scotia'))[0]?.rateMilli).toBe(
      14_000,
    );
  });
});

describe('rounding: once per component, and the parts add up', () => {
  const quebec = componentsFor(SEEDED_TAX_RATES, [], 'Quebec', AFTER);
  it.each([
    // subtotal, GST, QST: each rounded half away from zero on its own
    [10_10, 51, 1_01], // 50.5 and 100.7475 cents
    [1_00, 5, 10], // 5 and 9.975 cents
    [33_33, 1_67, 3_32], // 166.65 and 332.4668 cents
    [1, 0, 0], // 0.05 and 0.09975 cents
    [99_999_99, 5_00_000, 9_97_500], // 499999.95 and 997499.90025 cents
  ])('Quebec on %i cents: GST %i, QST %i', (sub, gst, qst) => {
    const lines = taxLines(sub, quebec);
    expect(lines.map((l) => l.taxCents)).toEqual([gst, qst]);
    expect(taxTotal(lines)).toBe(gst + qst);
  });
  it('an invoice of several lines adds up: the sum of lines plus each component equals the total', () => {
    const amounts = [{ cents: 12_345 }, { cents: 67_89 }, { cents: 3 }, { cents: 1_50, provincial: false }];
    const lines = taxLines(amounts, componentsFor(SEEDED_TAX_RATES, [], 'British Columbia', AFTER));
    const base = amounts.reduce((n, a) => n + a.cents, 0);
    expect(lines[0]).toMatchObject({ component: 'GST', baseCents: base, taxCents: 9_64 }); // 964.35
    // The fee line is not taxed by BC's PST here: its base leaves it out.
    expect(lines[1]).toMatchObject({ component: 'PST', baseCents: base - 1_50, taxCents: 13_40 }); // 1339.59
    expect(base + taxTotal(lines)).toBe(192_87 + 9_64 + 13_40);
  });
});

describe('exemptions', () => {
  const reseller: TaxExemption = {
    scope: 'provincial',
    province: 'Quebec',
    reference: '1234567890TQ0001',
    reason: 'Reseller',
    expiresOn: '2026-12-31',
  };
  it('a provincial exemption lifts the QST, keeps the GST, and names itself', () => {
    const lines = taxLines(100_00, componentsFor(SEEDED_TAX_RATES, [reseller], 'Quebec', '2026-06-01'));
    expect(lines.map((l) => [l.component, l.taxCents, l.exemption?.reference ?? null])).toEqual([
      ['GST', 5_00, null],
      ['QST', 0, '1234567890TQ0001'],
    ]);
  });
  it('stops applying on its expiry day', () => {
    expect(componentsFor(SEEDED_TAX_RATES, [reseller], 'Quebec', '2026-12-30')[1]?.exemption).not.toBeNull();
    expect(componentsFor(SEEDED_TAX_RATES, [reseller], 'Quebec', '2026-12-31')[1]?.exemption).toBeNull();
  });
  it('lifts nothing in another province, nor an HST', () => {
    expect(
      componentsFor(SEEDED_TAX_RATES, [reseller], 'British Columbia', '2026-06-01').every(
        (c) => !c.exemption,
      ),
    ).toBe(true);
    const onHst = { ...reseller, province: 'Ontario' };
    expect(componentsFor(SEEDED_TAX_RATES, [onHst], 'Ontario', '2026-06-01')[0]?.exemption).toBeNull();
  });
  it('an exemption from all tax lifts every component', () => {
    const all: TaxExemption = {
      scope: 'all',
      province: null,
      reference: 'CIS 123',
      reason: 'Status',
      expiresOn: null,
    };
    expect(taxTotal(taxLines(100_00, componentsFor(SEEDED_TAX_RATES, [all], 'Ontario', AFTER)))).toBe(0);
  });
});

describe('labels', () => {
  it('names each tax with its rate, in English and French', () => {
    expect(taxLabel('GST', 5_000)).toBe('GST 5 %');
    expect(taxLabel('QST', 9_975)).toBe('QST 9.975 %');
    expect(taxLabel('QST', 9_975, 'fr')).toBe('TVQ 9,975\u00a0%');
  });
});
