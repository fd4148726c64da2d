/** Public catalog reads, all served from the in-memory catalog. */
import type { Condition, FilterField, SearchColumn, Sort } from '@shop/domain/catalog';
import {
  apiCategoryName,
  displayName,
  FILTER_FIELDS,
  FILTER_LABELS,
  HOME_SLIDER_SIZE,
  isCondition,
  PAGE_SIZE,
  SEARCH_COLUMNS,
  SORTS,
} from '@shop/domain/catalog';
import type { ListingQuery } from '@shop/domain/listing';
import { runListing, searchTerms } from '@shop/domain/listing';
import { MSG } from '@shop/domain/messages';
import { personalPrice, toAmount, toCents } from '@shop/domain/money';
import { sortPrice } from '@shop/domain/pricing';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordProductView } from '../account/recently-viewed';
import type { Services } from '../app';
import { HttpError } from '../lib/http';
import { imageUrl } from './images';
import { brief } from './present';
import type { CatalogRow, CatalogStore } from './store';

type Query = Record<string, string | string[] | undefined>;

const NAME_PATTERN = /^[A-Za-z]{1,40}$/;

function one(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

function many(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).filter((v) => v !== '');
}

function amount(value: string | undefined, label: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 10_000_000) {
    throw new HttpError(400, `${label} must be a number of dollars of 0 or more.`);
  }
  return toCents(n);
}

/** Reads the listing's options from the query string; anything malformed is a 400 that says what. */
export function parseListingQuery(query: Query, searchFromQuery: boolean): ListingQuery {
  const sortRaw = one(query.sort) ?? 'name_asc';
  if (!(SORTS as readonly string[]).includes(sortRaw)) {
    throw new HttpError(400, `Sort must be one of ${SORTS.join(', ')}.`);
  }
  const pageRaw = one(query.page) ?? '1';
  if (!/^\d{1,6}$/.test(pageRaw) || Number(pageRaw) < 1)
    throw new HttpError(400, 'Page must be a whole number of 1 or more.');
  const filters: Partial<Record<FilterField, string[]>> = {};
  for (const field of FILTER_FIELDS) {
    const values = many(query[field]);
    if (values.length > 0) filters[field] = values;
  }
  const inStockRaw = one(query.in_stock);
  const minPrice = amount(one(query.min_price), 'Minimum price');
  const maxPrice = amount(one(query.max_price), 'Maximum price');
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    throw new HttpError(400, 'Minimum price must not be above the maximum price.');
  }
  // /search takes column/string; a listing's own filter search takes column/q.
  const text = one(searchFromQuery ? query.string : query.q) ?? '';
  const columnRaw = one(query.column) ?? 'all';
  if (!(SEARCH_COLUMNS as readonly string[]).includes(columnRaw)) {
    throw new HttpError(400, `Search column must be one of ${SEARCH_COLUMNS.join(', ')}.`);
  }
  if (text.length > 200) throw new HttpError(400, 'Search text must be at most 200 characters.');
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

/** Caches whole answers per URL and buyer class; dropped whenever the catalog changes. */
class AnswerCache {
  private map = new Map<string, string>();
  private generation = -1;
  constructor(
    private readonly catalog: CatalogStore,
    private readonly limit = 2000,
  ) {}
  get(key: string): string | undefined {
    if (this.generation !== this.catalog.generation) {
      this.map.clear();
      this.generation = this.catalog.generation;
    }
    return this.map.get(key);
  }
  set(key: string, value: string): void {
    if (this.map.size >= this.limit) this.map.clear();
    this.map.set(key, value);
  }
}

function percentageOf(request: FastifyRequest): number | null {
  return request.user ? request.user.percentage : null;
}

function listingAnswer(
  rows: readonly CatalogRow[],
  query: ListingQuery,
  percentage: number | null,
  meta: Record<string, unknown>,
) {
  const priceOf = percentage === null ? null : (row: CatalogRow) => sortPrice(personalOffer(row, percentage));
  const result = runListing(rows, query, priceOf);
  const filterValues: Record<string, unknown> = { ...query.filters, in_stock: query.inStock };
  if (percentage !== null) {
    if (query.minPrice !== undefined) filterValues.min_price = toAmount(query.minPrice);
    if (query.maxPrice !== undefined) filterValues.max_price = toAmount(query.maxPrice);
  }
  const categoryItems: Record<string, unknown> = {
    ...meta,
    itemsBrief: result.items.map((row) => brief(row, percentage)),
    filters: result.facets.map((f) => ({ field: f.field, label: FILTER_LABELS[f.field], values: f.values })),
    filterValues,
    total: result.total,
    inStockCount: result.inStockCount,
    page: result.page,
    pages: result.pages,
    pageSize: PAGE_SIZE,
    sort: query.sort,
  };
  if (percentage !== null) {
    categoryItems.priceRange = [
      { max_price: toAmount(result.maxPrice ?? 0), min_price: toAmount(result.minPrice ?? 0) },
    ];
    categoryItems.maxPrice = toAmount(result.maxPrice ?? 0);
    categoryItems.minPrice = toAmount(result.minPrice ?? 0);
  }
  return { scode: 200, categoryItems };
}

function personalOffer(row: CatalogRow, percentage: number) {
  return {
    item_condition: row.item_condition,
    is_sale: row.is_sale,
    price: personalPrice(row.price, percentage),
    sale_price: personalPrice(row.sale_price, percentage),
    scratch_dent_price: personalPrice(row.scratch_dent_price, percentage),
  };
}

export function catalogRoutes(app: FastifyInstance, services: Services) {
  const { catalog, config: images } = services;
  const cache = new AnswerCache(catalog);

  const cached = (request: FastifyRequest, build: () => unknown): string => {
    const key = `${percentageOf(request) ?? 'v'}|${request.url}`;
    let body = cache.get(key);
    if (body === undefined) {
      body = JSON.stringify(build());
      cache.set(key, body);
    }
    return body;
  };

  app.get('/api/mainpage', async (request, reply) => {
    const body = cached(request, () => {
      const percentage = percentageOf(request);
      // Main-page lists keep only brand new or recertified items with stock above 0.
      const eligible = catalog
        .allRows()
        .filter(
          (r) => (r.item_condition === 'BrandNew' || r.item_condition === 'Recertified') && r.stock > 0,
        );
      const top = (rows: CatalogRow[]) => rows.slice(0, HOME_SLIDER_SIZE).map((r) => brief(r, percentage));
      const byPopularity = [...eligible].sort(
        (a, b) => b.product.popularity - a.product.popularity || (a.key < b.key ? -1 : 1),
      );
      const byNewest = [...eligible].sort(
        (a, b) => b.product.listedAt.getTime() - a.product.listedAt.getTime() || (a.key < b.key ? -1 : 1),
      );
      return {
        scode: 200,
        products: {
          featuredProducts: top(byPopularity.filter((r) => r.product.isFeatured)),
          popularProducts: top(byPopularity),
          newProducts: top(byNewest),
        },
      };
    });
    return reply.type('application/json; charset=utf-8').send(body);
  });

  const listing = async (
    request: FastifyRequest<{ Params: { category: string; subcategory?: string }; Querystring: Query }>,
  ) => {
    const { category, subcategory } = request.params;
    if (!NAME_PATTERN.test(category) || (subcategory !== undefined && !NAME_PATTERN.test(subcategory))) {
      throw new HttpError(400, 'A category name has letters only.');
    }
    return cached(request, () => {
      const query = parseListingQuery(request.query, false);
      return listingAnswer(catalog.categoryRows(category, subcategory), query, percentageOf(request), {
        category,
        subcategory: subcategory ?? '',
        apiCategory: apiCategoryName(category),
        heading: displayName(subcategory ?? category),
      });
    });
  };
  app.get('/api/category/:category', async (request, reply) =>
    reply.type('application/json; charset=utf-8').send(await listing(request as never)),
  );
  app.get('/api/category/:category/:subcategory', async (request, reply) =>
    reply.type('application/json; charset=utf-8').send(await listing(request as never)),
  );

  app.get<{ Querystring: Query }>('/api/search', async (request, reply) => {
    const body = cached(request, () => {
      const query = parseListingQuery(request.query, true);
      const text = one(request.query.string) ?? '';
      return listingAnswer(catalog.allRows(), query, percentageOf(request), {
        category: 'Search',
        subcategory: '',
        heading: text.trim() ? `Search results for "${text.trim()}"` : 'Search results',
        column: query.search?.column ?? one(request.query.column) ?? 'all',
        string: text,
      });
    });
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.get<{ Params: { itemid: string; condition?: string } }>(
    '/api/product/:itemid/:condition?',
    async (request, reply) => {
      const { itemid } = request.params;
      const conditionRaw = request.params.condition;
      if (conditionRaw !== undefined && conditionRaw !== '' && !isCondition(conditionRaw)) {
        throw new HttpError(400, 'Condition must be one of BrandNew, Recertified, ScratchDent or Warranty.');
      }
      const body = cached(request, () => {
        const item = catalog.items.get(itemid);
        if (!item?.isActive) throw new HttpError(404, MSG.itemMissing);
        const condition: Condition = (conditionRaw || item.itemCondition) as Condition;
        const row = catalog.row(itemid, condition);
        if (!row) throw new HttpError(404, MSG.itemMissing);
        const percentage = percentageOf(request);
        const offers = [
          catalog.row(itemid, item.itemCondition as Condition),
          catalog.row(itemid, 'ScratchDent'),
        ]
          .filter((r): r is CatalogRow => r !== null)
          .map((r) => brief(r, percentage));
        const links = item.images.length > 0 ? item.images : [{ image_id: 0, link: item.mainImage }];
        return {
          scode: 200,
          itemInfo: {
            itemDetail: [
              {
                ...brief(row, percentage),
                description: item.description,
                details: item.details,
                ...row.specs,
                breadcrumbs: [
                  { name: displayName(item.category), pathname: `/category/${pageCategory(item.category)}` },
                  ...(item.subCategory
                    ? [
                        {
                          name: displayName(item.subCategory),
                          pathname: `/category/${pageCategory(item.category)}/${pageCategory(item.subCategory)}`,
                        },
                      ]
                    : []),
                ],
              },
            ],
            itemImages: links.map((img) => ({
              image_id: img.image_id,
              image_url: imageUrl(img.link, images, 'full'),
            })),
            itemReviews: [],
            product: offers,
          },
        };
      });
      // A signed-in customer's visit goes to Recently Viewed (buffered, off the hot path).
      if (request.user) {
        const item = catalog.items.get(itemid)!;
        recordProductView(services, request.user.customerId, itemid, conditionRaw || item.itemCondition);
      }
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
}

/** Links use the page's names: Display is shown as Monitor. */
function pageCategory(name: string): string {
  return name === 'Display' ? 'Monitor' : name;
}
