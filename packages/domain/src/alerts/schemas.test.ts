import { describe, expect, it } from 'vitest';
import { FILTER_FIELDS, type FilterField } from '../catalog/rules';
import {
  ALERT_MSG,
  AlertCreateRequest,
  type AlertCriteria,
  type AlertOffer,
  alertState,
  buyerUnitPrice,
  checkListing,
  evaluateAlert,
  listingTakesAlerts,
  targetPath,
} from './schemas';

const specs = (over: Partial<Record<FilterField, string>> = {}) =>
  ({ ...Object.fromEntries(FILTER_FIELDS.map((f) => [f, ''])), ...over }) as Record<FilterField, string>;

function offer(over: Partial<AlertOffer>): AlertOffer {
  return {
    item_id: 'A1',
    sku: 'NX.A1',
    item_name: 'Aspire 5',
    model: 'A515',
    category: 'Notebook',
    sub_category: '',
    item_condition: 'Recertified',
    is_sale: false,
    specs: specs(),
    stock: 0,
    scratch_dent_stock: 0,
    price: 40_000,
    sale_price: 0,
    scratch_dent_price: 0,
    ...over,
  };
}

const model = (over: Partial<AlertCriteria> = {}): AlertCriteria => ({
  target: { kind: 'model', model: 'A515', item_id: 'A1' },
  conditions: ['Recertified', 'ScratchDent'],
  min_quantity: 40,
  max_price_cents: null,
  ...over,
});

describe('evaluateAlert', () => {
  it('sums the units of the model in the chosen conditions and matches at the minimum quantity', () => {
    const offers = [
      offer({ item_id: 'A1', stock: 25 }),
      offer({ item_id: 'A2', sku: 'NX.A2', stock: 15 }),
      offer({ item_id: 'A3', sku: 'NX.A3', item_condition: 'BrandNew', stock: 100 }),
      offer({ item_id: 'B1', sku: 'NX.B1', model: 'OTHER', stock: 100 }),
    ];
    const result = evaluateAlert(model(), offers, 15);
    expect(result.matches).toBe(true);
    expect(result.units).toBe(40);
    expect(result.offers.map((o) => [o.sku, o.units])).toEqual([
      ['NX.A1', 25],
      ['NX.A2', 15],
    ]);
    expect(evaluateAlert(model({ min_quantity: 41 }), offers, 15).matches).toBe(false);
  });

  it('counts scratch-and-dent units from their own stock at their own price', () => {
    const sd = offer({
      item_condition: 'ScratchDent',
      stock: 3,
      scratch_dent_stock: 50,
      scratch_dent_price: 30_000,
    });
    const result = evaluateAlert(model({ max_price_cents: 34_500 }), [sd], 15);
    expect(result.units).toBe(50);
    expect(result.offers[0]!.price_cents).toBe(34_500);
    expect(evaluateAlert(model({ max_price_cents: 34_499 }), [sd], 15).matches).toBe(false);
  });

  it("compares the buyer's own price (percentage, then sale) with the highest price", () => {
    const onSale = offer({ stock: 60, is_sale: true, price: 50_000, sale_price: 40_001 });
    // 400.01 × 1.15 = 460.0115 → 460.01; 400.01 × 1.10 = 440.011 → 440.01.
    expect(buyerUnitPrice(onSale, 15)).toBe(46_001);
    expect(buyerUnitPrice(onSale, 10)).toBe(44_001);
    expect(evaluateAlert(model({ max_price_cents: 45_000 }), [onSale], 15).matches).toBe(false);
    expect(evaluateAlert(model({ max_price_cents: 45_000 }), [onSale], 10).matches).toBe(true);
  });

  it('watches one item when it has no model', () => {
    const target = { kind: 'model' as const, model: '', item_id: 'A2' };
    const offers = [
      offer({ item_id: 'A1', model: '', stock: 50 }),
      offer({ item_id: 'A2', model: '', stock: 40 }),
    ];
    const result = evaluateAlert(model({ target }), offers, 15);
    expect(result.offers.map((o) => o.item_id)).toEqual(['A2']);
    expect(result.matches).toBe(true);
  });

  it('watches a listing with its filters, virtual listings included', () => {
    const target = {
      kind: 'filter' as const,
      category: 'Desktop',
      subcategory: 'Tower',
      filters: { processor_type: ['Intel Core i5', 'Intel Core i7'] },
    };
    const i5 = offer({
      category: 'Desktop',
      sub_category: 'Tower',
      specs: specs({ processor_type: 'Intel Core i5' }),
      stock: 20,
    });
    const i3 = offer({
      item_id: 'X',
      category: 'Desktop',
      sub_category: 'Tower',
      specs: specs({ processor_type: 'Intel Core i3' }),
      stock: 90,
    });
    const gaming = offer({
      item_id: 'Y',
      category: 'Desktop',
      sub_category: 'Gaming',
      specs: specs({ processor_type: 'Intel Core i5' }),
      stock: 90,
    });
    const result = evaluateAlert(model({ target, min_quantity: 20 }), [i5, i3, gaming], 15);
    expect(result.offers.map((o) => o.item_id)).toEqual(['A1']);
    expect(result.matches).toBe(true);
    const sale = { kind: 'filter' as const, category: 'Sale', subcategory: 'Desktop', filters: {} };
    expect(evaluateAlert(model({ target: sale, min_quantity: 1 }), [i5], 15).matches).toBe(false);
    expect(
      evaluateAlert(model({ target: sale, min_quantity: 1 }), [{ ...i5, is_sale: true }], 15).matches,
    ).toBe(true);
  });

  it('leaves out offers with nothing in stock', () => {
    expect(evaluateAlert(model({ min_quantity: 1 }), [offer({ stock: 0 })], 15)).toEqual({
      matches: false,
      units: 0,
      offers: [],
    });
  });
});

describe('AlertCreateRequest', () => {
  const base = { target: { kind: 'product', item_id: 'A1' }, conditions: ['Recertified'], min_quantity: 10 };
  const message = (body: unknown) => {
    const r = AlertCreateRequest.safeParse(body);
    return r.success ? null : r.error.issues[0]!.message;
  };

  it('takes a product or a listing target, a quantity and an optional highest price', () => {
    const parsed = AlertCreateRequest.parse({ ...base, max_price: 499.99 });
    expect(parsed.max_price).toBe(49_999);
    expect(parsed.conditions).toEqual(['Recertified']);
    expect(AlertCreateRequest.parse({ ...base, max_price: null }).max_price).toBeNull();
    const listing = AlertCreateRequest.parse({
      ...base,
      target: { kind: 'filter', category: 'Notebook', filters: { color: ['Black'] } },
    });
    expect(listing.target).toEqual({
      kind: 'filter',
      category: 'Notebook',
      subcategory: '',
      filters: { color: ['Black'] },
    });
  });

  it('refuses with a message a person can act on', () => {
    expect(message({ ...base, conditions: [] })).toBe(ALERT_MSG.conditions);
    expect(message({ ...base, conditions: ['Warranty'] })).toBe(ALERT_MSG.conditions);
    expect(message({ ...base, min_quantity: 0 })).toBe(ALERT_MSG.minQuantity);
    expect(message({ ...base, min_quantity: 2.5 })).toBe(ALERT_MSG.minQuantity);
    expect(message({ ...base, min_quantity: 10_000 })).toBe(ALERT_MSG.minQuantity);
    expect(message({ ...base, max_price: 0 })).toBe(ALERT_MSG.maxPrice);
    expect(message({ ...base, max_price: -5 })).toBe(ALERT_MSG.maxPrice);
    expect(message({ ...base, max_price: '12' })).toBe(ALERT_MSG.maxPrice);
    expect(
      message({ ...base, target: { kind: 'filter', category: 'Notebook', filters: { colour: ['Black'] } } }),
    ).toBe(ALERT_MSG.filter);
  });

  it('refuses malformed filters and item ids with the alerts’ own messages, not the schema’s', () => {
    const listing = (filters: unknown) => ({
      ...base,
      target: { kind: 'filter', category: 'Notebook', filters },
    });
    expect(message(listing({ color: 'Black' }))).toBe(ALERT_MSG.filterValues);
    expect(message(listing(null))).toBe(ALERT_MSG.filter);
    expect(message(listing({ color: [5] }))).toBe(ALERT_MSG.filterValues);
    expect(message(listing({ color: ['x'.repeat(201)] }))).toBe(ALERT_MSG.filterValues);
    expect(message(listing({ color: Array.from({ length: 51 }, (_, i) => `C${i}`) }))).toBe(
      ALERT_MSG.filterValues,
    );
    expect(message({ ...base, target: { kind: 'product', item_id: 'x'.repeat(500) } })).toBe(
      ALERT_MSG.itemId,
    );
    expect(message({ ...base, target: { kind: 'product', item_id: 12 } })).toBe(ALERT_MSG.itemId);
  });

  it('refuses a listing of warranty plans, which are always in stock', () => {
    for (const [category, subcategory] of [
      ['Warranty', ''],
      ['Warranty', 'Laptop'],
      ['Sale', 'Warranty'],
    ] as const) {
      expect(checkListing({ kind: 'filter', category, subcategory, filters: {} })).toBe(
        ALERT_MSG.warrantyListing,
      );
    }
    expect(checkListing({ kind: 'filter', category: 'Notebook', subcategory: '', filters: {} })).toBeNull();
    expect(listingTakesAlerts('Warranty')).toBe(false);
    expect(listingTakesAlerts('Desktop', 'Tower')).toBe(true);
  });
});

it('links a target to its page and names its state', () => {
  expect(targetPath({ kind: 'model', model: 'A515', item_id: 'NX 1' })).toBe('/acer/product/NX%201');
  expect(
    targetPath({
      kind: 'filter',
      category: 'Desktop',
      subcategory: 'Tower',
      filters: { color: ['Black', 'Silver'] },
    }),
  ).toBe('/acer/category/Desktop/Tower?color=Black&color=Silver');
  expect(alertState({ paused: true, matching: true })).toBe('paused');
  expect(alertState({ paused: false, matching: true })).toBe('matched');
  expect(alertState({ paused: false, matching: false })).toBe('watching');
});
