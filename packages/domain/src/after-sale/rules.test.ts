import { describe, expect, it } from 'vitest';
import { addYears, planYears, returnOpen, unitState, warrantyEnd } from './rules';

const laptop = (condition: string, purchasedOn = '2026-03-10') => ({
  purchasedOn,
  condition,
  category: 'Notebook',
  subCategory: '',
  itemName: 'Acer Aspire 5 A515-58M',
});

describe('warranty end', () => {
  it('is 90 days from purchase by the terms', () => {
    expect(warrantyEnd(laptop('Recertified'))).toEqual({ endsOn: '2026-06-08', basis: 'terms' });
    expect(warrantyEnd(laptop('ScratchDent'))).toEqual({ endsOn: '2026-06-08', basis: 'terms' });
  });

  it('is a year for a battery, whatever its condition', () => {
    const battery = {
      ...laptop('Recertified'),
      category: 'Accessories',
      itemName: 'Acer 4-Cell Battery AP18C8K',
    };
    expect(warrantyEnd(battery)).toEqual({ endsOn: '2027-03-10', basis: 'battery' });
    expect(warrantyEnd({ ...laptop('Recertified'), subCategory: 'Battery' }).basis).toBe('battery');
  });

  it("is the maker's year for a brand-new unit", () => {
    expect(warrantyEnd(laptop('BrandNew'))).toEqual({ endsOn: '2027-03-10', basis: 'factory' });
    // 29 February: a year later is 28 February.
    expect(warrantyEnd(laptop('BrandNew', '2028-02-29')).endsOn).toBe('2029-02-28');
  });

  it("runs an extended plan's term from the purchase day when the plan is bought within 30 days", () => {
    expect(warrantyEnd(laptop('Recertified'), { boughtOn: '2026-04-09', years: 3 })).toEqual({
      endsOn: '2029-03-10',
      basis: 'plan',
    });
    // Bought on day 31: the plan does not cover the unit.
    expect(warrantyEnd(laptop('Recertified'), { boughtOn: '2026-04-10', years: 3 })).toEqual({
      endsOn: '2026-06-08',
      basis: 'terms',
    });
    // In the same order.
    expect(warrantyEnd(laptop('BrandNew'), { boughtOn: '2026-03-10', years: 2 }).endsOn).toBe('2028-03-10');
    // Bought before the unit: it covers another unit, not this one.
    expect(warrantyEnd(laptop('Recertified'), { boughtOn: '2026-03-09', years: 3 }).basis).toBe('terms');
  });

  it('reads a plan term from its name or its details', () => {
    expect(planYears('Acer Care Plus 3-Year Extended Warranty for Notebooks - Depot')).toBe(3);
    expect(planYears('Term: 5 years from the original purchase date')).toBe(5);
    expect(planYears('USB-C cable')).toBeNull();
  });

  it('adds whole years', () => {
    expect(addYears('2026-12-31', 2)).toBe('2028-12-31');
  });
});

describe('return windows', () => {
  it('allows 30 days after delivery, 7 for damage in shipping', () => {
    expect(returnOpen('2026-05-01', 'not_needed', '2026-05-31')).toBe(true);
    expect(returnOpen('2026-05-01', 'not_needed', '2026-06-01')).toBe(false);
    expect(returnOpen('2026-05-01', 'damaged_in_shipping', '2026-05-08')).toBe(true);
    expect(returnOpen('2026-05-01', 'damaged_in_shipping', '2026-05-09')).toBe(false);
  });
});

describe('unit state', () => {
  it('is replaced, returned, in warranty or expired', () => {
    const unit = { warrantyEndsOn: '2026-06-08', returnedAt: null, replacedBy: null };
    expect(unitState(unit, '2026-06-08')).toBe('in_warranty');
    expect(unitState(unit, '2026-06-09')).toBe('expired');
    expect(unitState({ ...unit, returnedAt: new Date() }, '2026-06-01')).toBe('returned');
    expect(unitState({ ...unit, returnedAt: new Date(), replacedBy: 9 }, '2026-06-01')).toBe('replaced');
  });
});
