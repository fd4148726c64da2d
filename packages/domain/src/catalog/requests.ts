/**
 * What the catalog's reads take: a listing's and a search's query string, a category's and a product's
 * path. Malformed values are refused with a message that says what is wrong (a 400).
 */
import { z } from 'zod';
import type { MessageKey } from '../core/i18n';
import { toCents } from '../core/money';
import { type ListingQuery, searchTerms } from './listing';
import {
  CONDITIONS,
  type Condition,
  FILTER_FIELDS,
  type FilterField,
  isCondition,
  SEARCH_COLUMNS,
  type SearchColumn,
  SORTS,
  type Sort,
} from './rules';

/** A query parameter given once or repeated (?brand=a&brand=b). */
const param = z.union([z.string(), z.array(z.string())]).optional();
type Param = z.infer<typeof param>;

const one = (value: Param) => (Array.isArray(value) ? value[value.length - 1] : value);
const many = (value: Param) =>
  value === undefined ? [] : (Array.isArray(value) ? value : [value]).filter((v) => v !== '');

/** A listing's option refused with the shop's message (a key; its values go with the schema's issue). */
class Refused extends Error {
  constructor(
    readonly key: MessageKey,
    readonly values?: Record<string, string>,
  ) {
    super(key);
  }
}

function amount(value: string | undefined, refusal: MessageKey): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 10_000_000) throw new Refused(refusal);
  return toCents(n);
}

const rawListing = {
  sort: param.describe(`How to order the items: ${SORTS.join(', ')} (name_asc when absent).`),
  page: param.describe('The page of the listing, from 1.'),
  in_stock: param.describe('1 or true: only items in stock.'),
  min_price: param.describe('Dollars: only items at this price or more (signed-in buyers).'),
  max_price: param.describe('Dollars: only items at this price or less (signed-in buyers).'),
  column: param.describe(`Where to search: ${SEARCH_COLUMNS.join(', ')} (all when absent).`),
  ...Object.fromEntries(FILTER_FIELDS.map((f) => [f, param.describe(`Filter: ${f} (repeatable).`)])),
} as Record<string, typeof param>;

function listingOf(query: Record<string, Param>, text: string): ListingQuery {
  const sortRaw = one(query.sort) ?? 'name_asc';
  if (!(SORTS as readonly string[]).includes(sortRaw)) {
    throw new Refused('api.sort', { values: SORTS.join(', ') });
  }
  const pageRaw = one(query.page) ?? '1';
  if (!/^\d{1,6}$/.test(pageRaw) || Number(pageRaw) < 1) throw new Refused('api.page');
  const filters: Partial<Record<FilterField, string[]>> = {};
  for (const field of FILTER_FIELDS) {
    const values = many(query[field]);
    if (values.length > 0) filters[field] = values;
  }
  const inStockRaw = one(query.in_stock);
  const minPrice = amount(one(query.min_price), 'api.minPrice');
  const maxPrice = amount(one(query.max_price), 'api.maxPrice');
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    throw new Refused('api.priceRange');
  }
  const columnRaw = one(query.column) ?? 'all';
  if (!(SEARCH_COLUMNS as readonly string[]).includes(columnRaw)) {
    throw new Refused('api.searchColumn', { values: SEARCH_COLUMNS.join(', ') });
  }
  if (text.length > 200) throw new Refused('api.searchText');
  const terms = searchTerms(text);
  return {
    filters,
    inStock: inStockRaw === '1' || inStockRaw === 'true',
    sort: sortRaw as Sort,
    page: Number(pageRaw),
    minPrice,
    maxPrice,
    search: terms.length > 0 ? { column: columnRaw as SearchColumn, terms } : undefined,
  };
}

/** A listing's options from its query string, or the first thing wrong with them. */
function listingSchema<K extends 'q' | 'string'>(textKey: K, textHelp: string) {
  return z
    .object({ ...rawListing, [textKey]: param.describe(textHelp) })
    .loose()
    .transform((query, ctx) => {
      const q = query as Record<string, Param>;
      try {
        const text = one(q[textKey]) ?? '';
        const column = (one(q.column) ?? 'all') as SearchColumn;
        return { listing: listingOf(q, text), text, column };
      } catch (error) {
        if (!(error instanceof Refused)) throw error;
        ctx.addIssue({ code: 'custom', message: error.key, params: { values: error.values } });
        return z.NEVER;
      }
    });
}

/** GET /api/category/…: filters, price range, stock, sort, page, and a search within the listing (q). */
export const ListingQuerySchema = listingSchema('q', 'Search within the listing (with column).');
/** GET /api/search: the search text (string) and column, with the listing's options. */
export const SearchQuerySchema = listingSchema('string', 'The search text (at most 200 characters).');
export type ParsedListing = z.output<typeof ListingQuerySchema>;

const NAME = z
  .string()
  .regex(/^[A-Za-z]{1,40}$/, 'api.categoryName')
  .describe('A category name as the menu has it, e.g. Laptops.');

/** GET /api/category/:category(/:subcategory) */
export const CategoryParams = z.object({ category: NAME });
export const SubcategoryParams = z.object({ category: NAME, subcategory: NAME });

const CONDITION_MESSAGE = 'api.conditionInvalid';

/** GET /api/product/:itemid(/:condition): the item and, optionally, which of its conditions. */
export const ProductParams = z.object({
  itemid: z.string().max(200).describe('The item id, as listings give it.'),
  condition: z
    .string()
    .optional()
    .refine((c) => c === undefined || c === '' || isCondition(c), CONDITION_MESSAGE)
    .transform((c): Condition | undefined => (c ? (c as Condition) : undefined))
    .describe(`One of ${CONDITIONS.join(', ')}; the item's own condition when absent.`),
});
