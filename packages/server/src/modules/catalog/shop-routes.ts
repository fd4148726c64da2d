/** Public catalog reads, all served from the in-memory catalog. */

import {
  CategoryItemsAnswer,
  MainPageAnswer,
  ProductInfoAnswer,
  SearchAnswer,
} from '@shop/domain/catalog/answers';
import type { ListingQuery } from '@shop/domain/catalog/listing';
import { runListing } from '@shop/domain/catalog/listing';
import { sortPrice, stockField } from '@shop/domain/catalog/pricing';
import {
  CategoryParams,
  ListingQuerySchema,
  type ParsedListing,
  ProductParams,
  SearchQuerySchema,
  SubcategoryParams,
} from '@shop/domain/catalog/requests';
import type { Condition } from '@shop/domain/catalog/rules';
import {
  apiCategoryName,
  CONDITION_WARRANTY,
  displayName,
  FILTER_LABELS,
  HOME_SLIDER_SIZE,
  PAGE_SIZE,
} from '@shop/domain/catalog/rules';
import type { CompareOffer } from '@shop/domain/core/api';
import { REFUSALS } from '@shop/domain/core/contract';
import { type Lang, message } from '@shop/domain/core/i18n';
import { MSG } from '@shop/domain/core/messages';
import { toAmount } from '@shop/domain/core/money';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestLang } from '../../i18n/lang';
import { sendCompressed } from '../../lib/compressed';
import { documentedOnly, keptParse } from '../../lib/contract';
import { HttpError, parseOr400 } from '../../lib/http';
import { AnswerCache, queryKey, type Skeleton, type SkeletonBuilder } from './answers';
import { imageUrl } from './images';
import type { CatalogNeeds } from './needs';
import { pageReadsOf } from './page-reads';
import { brief, personalOffer, priceClassOf, type StockOf } from './present';
import type { CatalogRow } from './store';

/** The answers' schemas: the kept answers are written once and sent as they are, never serialized again. */
const READS = {
  tags: ['Catalog'],
  // Anyone; a signed-in buyer's session adds their prices.
  security: [{}, { session: [] }] as { [scheme: string]: string[] }[],
};

/** A listing's options from a query string, as the route's schema reads them (tests use it too). */
export function parseListingQuery(query: Record<string, unknown>, searchFromQuery: boolean): ListingQuery {
  const schema = searchFromQuery ? SearchQuerySchema : ListingQuerySchema;
  return parseOr400(schema, query).listing;
}

function percentageOf(request: FastifyRequest): number | null {
  return request.user ? request.user.percentage : null;
}

/** Answers differ by price class only: visitors, or customers of one percentage. */
function classOf(request: FastifyRequest): string {
  return priceClassOf(request.user);
}

function listingAnswer(
  rows: readonly CatalogRow[],
  query: ListingQuery,
  percentage: number | null,
  meta: Record<string, unknown>,
  skeleton: SkeletonBuilder,
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
    itemsBrief: result.items.map((row) => brief(row, percentage, (r, f) => skeleton.stock(r, f))),
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

export function catalogRoutes(app: FastifyInstance, services: CatalogNeeds) {
  const { catalog, config: images } = services;
  const cache = new AnswerCache(catalog);
  const json = 'application/json; charset=utf-8';

  /** A kept answer, compressed as the client asks; to a page being drawn, with stand-ins for its stock. */
  const send = (request: FastifyRequest, reply: FastifyReply, key: string, skeleton: Skeleton) => {
    const drawing = pageReadsOf(request);
    if (drawing) return reply.type(json).send(drawing.take(cache, key, skeleton));
    return sendCompressed(reply.type(json), request, skeleton.packedNow());
  };

  const api = app.withTypeProvider<ZodTypeProvider>();
  // The reads' params and query, parsed once per URL (lib/contract.ts keptParse).
  const categoryOf = keptParse(CategoryParams);
  const subcategoryOf = keptParse(SubcategoryParams);
  const listingOf = keptParse(ListingQuerySchema);
  const searchOf = keptParse(SearchQuerySchema);
  const productOf = keptParse(ProductParams);
  api.get(
    '/api/mainpage',
    {
      schema: {
        ...READS,
        summary: "The home page's sliders: featured, popular and new items",
        ...documentedOnly({ response: { 200: MainPageAnswer, ...REFUSALS } }),
      },
    },
    async (request, reply) => {
      const percentage = percentageOf(request);
      const key = `m|${classOf(request)}`;
      const body = cache.skeleton(key, { bucket: catalog.everything }, (skeleton) => {
        // Main-page lists keep only brand new or recertified items with stock above 0.
        const eligible = catalog
          .allRows()
          .filter(
            (r) => (r.item_condition === 'BrandNew' || r.item_condition === 'Recertified') && r.in_stock,
          );
        const top = (rows: CatalogRow[]) =>
          rows
            .slice(0, HOME_SLIDER_SIZE)
            .map((r) => brief(r, percentage, (row, f) => skeleton.stock(row, f)));
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
      return send(request, reply, key, body);
    },
  );

  const listing = (
    request: FastifyRequest,
    params: { category: string; subcategory?: string },
    query: ListingQuery,
  ): { key: string; skeleton: Skeleton } => {
    const { category, subcategory } = params;
    const bucket = catalog.bucket(category, subcategory);
    if (!bucket) {
      throw new HttpError(
        404,
        message('api.noCategory', { name: subcategory ? `${category}/${subcategory}` : category }),
      );
    }
    const key = `l|${classOf(request)}|${bucket.category}/${bucket.subcategory}|${category}/${subcategory ?? ''}|${queryKey(query)}`;
    const skeleton = cache.skeleton(key, { bucket }, (skeleton) =>
      listingAnswer(
        bucket.rows(),
        query,
        percentageOf(request),
        {
          category,
          subcategory: subcategory ?? '',
          apiCategory: apiCategoryName(category),
          heading: displayName(subcategory ?? category),
        },
        skeleton,
      ),
    );
    return { key, skeleton };
  };
  const listingAnswers = { 200: CategoryItemsAnswer, ...REFUSALS };
  api.get(
    '/api/category/:category',
    {
      schema: {
        ...READS,
        summary: 'A category: its items (a page of them), filters and counts',
        ...documentedOnly({
          params: CategoryParams,
          querystring: ListingQuerySchema,
          response: listingAnswers,
        }),
      },
    },
    async (request, reply) => {
      const params = categoryOf(request.url, request.params);
      const { key, skeleton } = listing(request, params, listingOf(request.url, request.query).listing);
      return send(request, reply, key, skeleton);
    },
  );
  api.get(
    '/api/category/:category/:subcategory',
    {
      schema: {
        ...READS,
        summary: 'A subcategory: its items (a page of them), filters and counts',
        ...documentedOnly({
          params: SubcategoryParams,
          querystring: ListingQuerySchema,
          response: listingAnswers,
        }),
      },
    },
    async (request, reply) => {
      const params = subcategoryOf(request.url, request.params);
      const { key, skeleton } = listing(request, params, listingOf(request.url, request.query).listing);
      return send(request, reply, key, skeleton);
    },
  );

  api.get(
    '/api/search',
    {
      schema: {
        ...READS,
        summary: 'Search the catalog, with the listing filters',
        ...documentedOnly({ querystring: SearchQuerySchema, response: { 200: SearchAnswer, ...REFUSALS } }),
      },
    },
    async (request, reply) => {
      const { listing: query, text, column: asked }: ParsedListing = searchOf(request.url, request.query);
      const column = query.search?.column ?? asked;
      const key = `s|${classOf(request)}|${JSON.stringify(text)}|${queryKey(query)}`;
      const body = cache.skeleton(key, { search: { column, terms: query.search?.terms ?? [] } }, (skeleton) =>
        listingAnswer(
          catalog.allRows(),
          query,
          percentageOf(request),
          {
            category: 'Search',
            subcategory: '',
            heading: text.trim() ? `Search results for "${text.trim()}"` : 'Search results',
            column,
            string: text,
          },
          skeleton,
        ),
      );
      return send(request, reply, key, body);
    },
  );

  const product = {
    schema: {
      ...READS,
      summary: 'A product: its details, pictures, offers and every condition of its model side by side',
      ...documentedOnly({ params: ProductParams, response: { 200: ProductInfoAnswer, ...REFUSALS } }),
    },
  };
  const productHandler = async (
    request: FastifyRequest,
    reply: FastifyReply,
    { itemid, condition: conditionRaw }: { itemid: string; condition?: Condition },
  ) => {
    const item = catalog.items.get(itemid);
    if (!item?.isActive) throw new HttpError(404, MSG.itemMissing);
    const condition: Condition = conditionRaw ?? (item.itemCondition as Condition);
    if (!catalog.row(itemid, condition)) throw new HttpError(404, MSG.itemMissing);
    // The description and details are in the request's language: answers are kept per language.
    const lang = requestLang(request);
    const key = `p|${classOf(request)}|${itemid}|${condition}${lang === 'en' ? '' : `|${lang}`}`;
    // The answer shows this item and the others of its model: any change to one of them starts it over.
    const itemIds = [...new Set([itemid, ...catalog.modelRows(item.model).map((r) => r.item_id)])];
    const body = cache.skeleton(key, { itemIds }, (skeleton) =>
      productAnswer(itemid, condition, percentageOf(request), lang, (r, f) => skeleton.stock(r, f)),
    );
    // A signed-in customer's visit goes to Recently Viewed (buffered, off the hot path).
    if (request.user) services.onProductViewed?.(request.user.customerId, itemid, condition);
    return send(request, reply, key, body);
  };
  api.get('/api/product/:itemid', product, (request, reply) =>
    productHandler(request, reply, productOf(request.url, request.params)),
  );
  api.get('/api/product/:itemid/:condition', product, (request, reply) =>
    productHandler(request, reply, productOf(request.url, request.params)),
  );

  function productAnswer(
    itemid: string,
    condition: Condition,
    percentage: number | null,
    lang: Lang,
    stockOf: StockOf,
  ) {
    const item = catalog.items.get(itemid)!;
    const row = catalog.row(itemid, condition)!;
    const offers = [catalog.row(itemid, item.itemCondition as Condition), catalog.row(itemid, 'ScratchDent')]
      .filter((r): r is CatalogRow => r !== null)
      .map((r) => brief(r, percentage, stockOf));
    const links = item.images.length > 0 ? item.images : [{ image_id: 0, link: item.mainImage }];
    return {
      scode: 200,
      itemInfo: {
        itemDetail: [
          {
            ...brief(row, percentage, stockOf),
            description: inLang(item.description, item.descriptionFr, lang),
            details: inLang(item.details, item.detailsFr, lang),
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
        compare: compareOffers(
          item.model ? catalog.modelRows(item.model) : offerRows(itemid),
          row,
          percentage,
          stockOf,
        ),
      },
    };
  }

  function offerRows(itemid: string): CatalogRow[] {
    const item = catalog.items.get(itemid)!;
    return [catalog.row(itemid, item.itemCondition as Condition), catalog.row(itemid, 'ScratchDent')].filter(
      (r): r is CatalogRow => r !== null,
    );
  }
}

const CONDITION_ORDER: Condition[] = ['BrandNew', 'Recertified', 'ScratchDent', 'Warranty'];

/**
 * Every condition of a model side by side: what the buyer pays, the saving against the model's lowest brand
 * new price, stock and warranty, each linking to its own page. Empty when there is nothing to compare;
 * visitors get no price and no saving.
 */
function compareOffers(
  rows: readonly CatalogRow[],
  current: CatalogRow,
  percentage: number | null,
  stockOf: StockOf,
): CompareOffer[] {
  if (rows.length < 2) return [];
  const priceOf = (r: CatalogRow) => (percentage === null ? 0 : sortPrice(personalOffer(r, percentage)));
  const brandNew = rows.filter((r) => r.item_condition === 'BrandNew').map(priceOf);
  const reference = brandNew.length > 0 ? Math.min(...brandNew) : null;
  return [...rows]
    .sort(
      (a, b) =>
        CONDITION_ORDER.indexOf(a.item_condition) - CONDITION_ORDER.indexOf(b.item_condition) ||
        priceOf(a) - priceOf(b) ||
        (a.key < b.key ? -1 : 1),
    )
    .map((r) => {
      const offer: CompareOffer = {
        item_id: r.item_id,
        sku: r.sku,
        item_name: r.item_name,
        item_condition: r.item_condition,
        stock: stockOf(r, stockField(r)),
        warranty: CONDITION_WARRANTY[r.item_condition],
        path: `/acer/product/${r.item_id}/${r.item_condition}`,
        current: r.key === current.key,
      };
      if (percentage !== null) {
        const price = priceOf(r);
        offer.price = toAmount(price);
        if (reference !== null && r.item_condition !== 'BrandNew' && reference > price) {
          offer.saving = {
            amount: toAmount(reference - price),
            percent: Math.round(((reference - price) / reference) * 100),
          };
        }
      }
      return offer;
    });
}

/** A product text in the reader's language: the French when there is one, else the English. */
function inLang(english: string, french: string, lang: Lang): string {
  return lang === 'fr' && french.trim() !== '' ? french : english;
}

/** Links use the page's names: Display is shown as Monitor. */
function pageCategory(name: string): string {
  return name === 'Display' ? 'Monitor' : name;
}
