/**
 * The category listing and search engine (SPEC §2 Category listing): filters with their values and
 * counts, In Stock, price range, search, sort with out-of-stock items last, and paging. Pure: the server
 * runs it over rows it keeps in memory.
 */

import type { Cents } from '../core/money';
import type { Condition, FilterField, SearchColumn, Sort } from './rules';
import { FILTER_FIELDS, PAGE_SIZE } from './rules';

export interface ListingRow {
  /** sku + condition: a listing row is one offer. */
  key: string;
  item_id: string;
  item_name: string;
  sku: string;
  category: string;
  sub_category: string;
  item_condition: Condition;
  is_sale: boolean;
  in_stock: boolean;
  specs: Record<FilterField, string>;
  /** Lower-cased text the three search columns look in. */
  search: Record<SearchColumn, string>;
  /** Lower-cased name for the A to Z sort. */
  sort_name: string;
}

export interface ListingQuery {
  filters: Partial<Record<FilterField, readonly string[]>>;
  inStock: boolean;
  sort: Sort;
  page: number;
  /** Price bounds in cents of what the buyer pays; ignored when the caller has no prices. */
  minPrice?: Cents;
  maxPrice?: Cents;
  search?: { column: SearchColumn; terms: readonly string[] };
}

export interface FacetValue {
  value: string;
  count: number;
}
export interface Facet {
  field: FilterField;
  values: FacetValue[];
}

export interface ListingResult<R> {
  items: R[];
  total: number;
  page: number;
  pages: number;
  facets: Facet[];
  inStockCount: number;
  /** Over the whole listing before filters; null when the caller has no prices. */
  minPrice: Cents | null;
  maxPrice: Cents | null;
}

/** Splits a search string into lower-case terms; '+' joins words in the URL. */
export function searchTerms(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[\s+]+/)
    .filter((t) => t.length > 0);
}

export function matchesSearch(row: ListingRow, column: SearchColumn, terms: readonly string[]): boolean {
  const hay = row.search[column];
  for (const term of terms) if (!hay.includes(term)) return false;
  return true;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Runs a listing query. `priceOf` gives what this buyer pays for a row; pass null for a visitor, and
 * then price sorts fall back to A to Z and price bounds are ignored, so the order leaks no prices.
 */
export function runListing<R extends ListingRow>(
  rows: readonly R[],
  query: ListingQuery,
  priceOf: ((row: R) => Cents) | null,
): ListingResult<R> {
  const selected = FILTER_FIELDS.map((field) => {
    const values = query.filters[field];
    return values && values.length > 0 ? new Set(values) : null;
  });
  const terms = query.search?.terms ?? [];
  const column = query.search?.column ?? 'all';
  const usePrice = priceOf !== null;
  const minBound = usePrice && query.minPrice !== undefined ? query.minPrice : null;
  const maxBound = usePrice && query.maxPrice !== undefined ? query.maxPrice : null;

  const counts = FILTER_FIELDS.map(() => new Map<string, number>());
  const matched: R[] = [];
  let inStockCount = 0;
  let minPrice = Number.POSITIVE_INFINITY;
  let maxPrice = 0;

  for (const row of rows) {
    if (terms.length > 0 && !matchesSearch(row, column, terms)) continue;
    let price = 0;
    if (usePrice) {
      price = priceOf(row);
      if (price < minPrice) minPrice = price;
      if (price > maxPrice) maxPrice = price;
    }
    // Rows failing a non-facet condition count nowhere.
    if (minBound !== null && price < minBound) {
      registerValues(row, counts, -2);
      continue;
    }
    if (maxBound !== null && price > maxBound) {
      registerValues(row, counts, -2);
      continue;
    }
    if (query.inStock && !row.in_stock) {
      registerValues(row, counts, -2);
      continue;
    }
    let failed = -1;
    let failures = 0;
    for (let f = 0; f < FILTER_FIELDS.length; f++) {
      const set = selected[f];
      if (set && !set.has(row.specs[FILTER_FIELDS[f]!])) {
        failures++;
        failed = f;
        if (failures > 1) break;
      }
    }
    if (failures === 0) {
      matched.push(row);
      registerValues(row, counts, -1);
    } else if (failures === 1) {
      // Counts for a field come from rows that pass every other filter (disjunctive facets).
      registerValues(row, counts, -2, failed);
    } else {
      registerValues(row, counts, -2);
    }
  }
  for (const row of matched) if (row.in_stock) inStockCount++;

  sortRows(
    matched,
    usePrice ? query.sort : query.sort.startsWith('price') ? 'name_asc' : query.sort,
    priceOf,
  );

  const total = matched.length;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(query.page) || 1), pages);
  const items = matched.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  const facets: Facet[] = FILTER_FIELDS.map((field, f) => ({
    field,
    values: [...counts[f]!.entries()]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => collator.compare(a.value, b.value)),
  })).filter((facet) => facet.values.length > 0);

  return {
    items,
    total,
    page,
    pages,
    facets,
    inStockCount,
    minPrice: usePrice ? (Number.isFinite(minPrice) ? minPrice : 0) : null,
    maxPrice: usePrice ? maxPrice : null,
  };
}

/**
 * Records a row's values in the facet counts. mode -1: the row passes everything, count every field.
 * mode -2: the row only makes its values known (count 0), except for `countField`, which it passes.
 */
function registerValues(
  row: ListingRow,
  counts: Map<string, number>[],
  mode: -1 | -2,
  countField = -1,
): void {
  for (let f = 0; f < FILTER_FIELDS.length; f++) {
    const value = row.specs[FILTER_FIELDS[f]!];
    if (value === '') continue;
    const map = counts[f]!;
    const add = mode === -1 || f === countField ? 1 : 0;
    map.set(value, (map.get(value) ?? 0) + add);
  }
}

function sortRows<R extends ListingRow>(rows: R[], sort: Sort, priceOf: ((row: R) => Cents) | null): void {
  const byName = (a: R, b: R) =>
    a.sort_name < b.sort_name ? -1 : a.sort_name > b.sort_name ? 1 : a.key < b.key ? -1 : 1;
  let compare: (a: R, b: R) => number;
  if (sort === 'name_desc') compare = (a, b) => byName(b, a);
  else if ((sort === 'price_asc' || sort === 'price_desc') && priceOf) {
    const dir = sort === 'price_asc' ? 1 : -1;
    const price = new Map<R, number>();
    for (const r of rows) price.set(r, priceOf(r));
    compare = (a, b) => (price.get(a)! - price.get(b)!) * dir || byName(a, b);
  } else compare = byName;
  // Out-of-stock items are listed last, whatever the sort.
  rows.sort((a, b) => (a.in_stock === b.in_stock ? compare(a, b) : a.in_stock ? -1 : 1));
}
