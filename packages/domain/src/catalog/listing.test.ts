import { describe, expect, it } from 'vitest';
import { type ListingQuery, type ListingRow, runListing, searchTerms } from './listing';
import type { FilterField } from './rules';
import { FILTER_FIELDS, visiblePages } from './rules';

function row(
  n: number,
  over: Partial<ListingRow> & { color?: string; series?: string; price?: number } = {},
) {
  const specs = Object.fromEntries(FILTER_FIELDS.map((f) => [f, ''])) as Record<FilterField, string>;
  specs.color = over.color ?? (n % 2 ? 'Black' : 'Silver');
  specs.product_series = over.series ?? (n % 3 ? 'Aspire' : 'Swift');
  const name = `Acer Item ${String(n).padStart(3, '0')}`;
  const r: ListingRow & { price: number } = {
    key: `SKU${n}|BrandNew`,
    item_id: String(n),
    item_name: name,
    sku: `SKU${n}`,
    category: 'Notebook',
    sub_category: '',
    item_condition: 'BrandNew',
    is_sale: false,
    in_stock: true,
    specs,
    search: { all: `${name} sku${n}`.toLowerCase(), item_name: name.toLowerCase(), sku: `sku${n}` },
    sort_name: name.toLowerCase(),
    price: over.price ?? n * 100,
    ...over,
  };
  return r;
}

const base: ListingQuery = { filters: {}, inStock: false, sort: 'name_asc', page: 1 };
const priceOf = (r: ListingRow) => (r as ListingRow & { price: number }).price;

describe('runListing', () => {
  const rows = Array.from({ length: 40 }, (_, i) => row(i + 1, { in_stock: (i + 1) % 10 !== 0 }));

  it('pages by 16 and lists out-of-stock items last', () => {
    const result = runListing(rows, base, priceOf);
    expect(result.total).toBe(40);
    expect(result.pages).toBe(3);
    expect(result.items).toHaveLength(16);
    const last = runListing(rows, { ...base, page: 3 }, priceOf);
    expect(last.items).toHaveLength(8);
    expect(last.items.slice(-4).every((r) => !r.in_stock)).toBe(true);
    expect(last.items.slice(0, 4).every((r) => r.in_stock)).toBe(true);
  });

  it('sorts A to Z, Z to A and by price both ways', () => {
    const names = (q: Partial<ListingQuery>) =>
      runListing(rows, { ...base, ...q }, priceOf).items.map((r) => r.item_id);
    expect(names({ sort: 'name_asc' })[0]).toBe('1');
    expect(names({ sort: 'name_desc' })[0]).toBe('39');
    expect(names({ sort: 'price_desc' })[0]).toBe('39');
    expect(names({ sort: 'price_asc' })[0]).toBe('1');
  });

  it('ignores price sorts and bounds for a visitor', () => {
    const result = runListing(rows, { ...base, sort: 'price_desc', maxPrice: 500 }, null);
    expect(result.items[0]!.item_id).toBe('1');
    expect(result.total).toBe(40);
    expect(result.maxPrice).toBeNull();
  });

  it('filters by values, OR within a field and AND across fields, with disjunctive counts', () => {
    const result = runListing(
      rows,
      { ...base, filters: { color: ['Black'], product_series: ['Swift'] } },
      priceOf,
    );
    expect(result.items.every((r) => r.specs.color === 'Black' && r.specs.product_series === 'Swift')).toBe(
      true,
    );
    const colors = result.facets.find((f) => f.field === 'color')!.values;
    // Colour counts come from Swift rows of any colour.
    const swift = rows.filter((r) => r.specs.product_series === 'Swift');
    expect(colors.find((v) => v.value === 'Silver')!.count).toBe(
      swift.filter((r) => r.specs.color === 'Silver').length,
    );
    const both = runListing(rows, { ...base, filters: { color: ['Black', 'Silver'] } }, priceOf);
    expect(both.total).toBe(40);
  });

  it('keeps In Stock only when asked', () => {
    const result = runListing(rows, { ...base, inStock: true }, priceOf);
    expect(result.total).toBe(36);
    expect(result.inStockCount).toBe(36);
  });

  it('bounds by price and reports the range before filtering', () => {
    const result = runListing(rows, { ...base, minPrice: 1000, maxPrice: 2000 }, priceOf);
    expect(result.total).toBe(11);
    expect(result.maxPrice).toBe(4000);
    expect(result.minPrice).toBe(100);
  });

  it('searches case-insensitively by all, name or sku', () => {
    expect(
      runListing(rows, { ...base, search: { column: 'sku', terms: searchTerms('SKU12') } }, priceOf).total,
    ).toBe(1);
    expect(
      runListing(
        rows,
        { ...base, search: { column: 'item_name', terms: searchTerms('acer+ITEM 01') } },
        priceOf,
      ).total,
    ).toBe(11); // 001 and 010-019
    expect(
      runListing(rows, { ...base, search: { column: 'item_name', terms: ['sku12'] } }, priceOf).total,
    ).toBe(0);
  });

  it('clamps a page past the end to the last page', () => {
    expect(runListing(rows, { ...base, page: 99 }, priceOf).page).toBe(3);
  });
});

describe('visiblePages', () => {
  it('shows at most five numbers around the current page', () => {
    expect(visiblePages(1, 3)).toEqual([1, 2, 3]);
    expect(visiblePages(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(visiblePages(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(visiblePages(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });
});
