/**
 * The catalog's answers: the home page's sliders (GET /api/mainpage), a category listing
 * (GET /api/category/{category}[/{subcategory}]), a search (GET /api/search) and a product
 * (GET /api/product/{itemid}[/{condition}]). A visitor's answers hold no price at all; a signed-in
 * customer's hold their personal prices, in dollars.
 */
import { z } from 'zod';
import { Count, Envelope, Price } from '../core/answers';
import { CONDITIONS, FILTER_FIELDS, type FilterField, SEARCH_COLUMNS, SORTS } from './rules';

const condition = z.enum(CONDITIONS);

/**
 * A volume price of an offer: from `min_quantity` units a line pays `percent_off` less a unit; `price` is
 * what a unit then costs the customer (absent for a visitor, who sees quantities and percentages only).
 */
export const PriceBreakShown = z.object({
  min_quantity: z.number().int().min(2),
  percent_off: z.number().positive().lt(100),
  price: Price.optional(),
});
export type PriceBreakShown = z.infer<typeof PriceBreakShown>;

/** What a product card shows: one offer (an item in one condition). */
export const ItemBrief = z.object({
  item_id: z.string(),
  item_name: z.string(),
  sku: z.string(),
  category: z.string(),
  sub_category: z.string(),
  item_condition: condition,
  is_active: z.boolean(),
  is_sale: z.boolean(),
  is_brand_new: z.boolean(),
  is_recertified: z.boolean(),
  is_scratch_dent: z.boolean(),
  stock: Count,
  scratch_dent_stock: Count,
  main_image: z.string(),
  product_series: z.string(),
  /** The customer's prices (absent for a visitor); 0 means none (no sale or scratch-and-dent price). */
  personal_price: Price.optional(),
  personal_sale_price: Price.optional(),
  personal_scratch_dent_price: Price.optional(),
  /** The offer's volume prices, smallest quantity first (absent when it has none). */
  price_breaks: z.array(PriceBreakShown).optional(),
});
export type ItemBrief = z.infer<typeof ItemBrief>;

/** A card in a signed-in customer's own lists (wish lists, recently viewed): always with their prices. */
export const PricedItemBrief = ItemBrief.extend({
  personal_price: Price,
  personal_sale_price: Price,
  personal_scratch_dent_price: Price,
});
export type PricedItemBrief = z.infer<typeof PricedItemBrief>;

/** One condition of a model, as the product page compares them. */
export const CompareOffer = z.object({
  item_id: z.string(),
  sku: z.string(),
  item_name: z.string(),
  item_condition: condition,
  /** Units available in this condition. */
  stock: Count,
  warranty: z.string(),
  /** The product page of this offer, under /acer. */
  path: z.string(),
  /** The offer of the page being looked at. */
  current: z.boolean(),
  /** What the customer pays a unit (customers only). */
  price: Price.optional(),
  /** Against the model's lowest brand new price (customers only; absent without a brand new offer). */
  saving: z.object({ amount: Price, percent: z.number().int().min(0).max(100) }).optional(),
});
export type CompareOffer = z.infer<typeof CompareOffer>;

// ---- Listings

function eachFilterField<T extends z.ZodType>(schema: T): Record<FilterField, T> {
  return Object.fromEntries(FILTER_FIELDS.map((field) => [field, schema])) as Record<FilterField, T>;
}

/** A filter of the listing with its values, each with how many offers it would show. */
export const FilterGroup = z.object({
  field: z.enum(FILTER_FIELDS),
  label: z.string(),
  values: z.array(z.object({ value: z.string(), count: Count })),
});
export type FilterGroup = z.infer<typeof FilterGroup>;

/** The listing's options as the server read them: the chosen values of each filter, In Stock, the price bounds. */
export const FilterValues = z.object({
  ...eachFilterField(z.array(z.string()).optional()),
  in_stock: z.boolean(),
  /** The price bounds asked for (customers only). */
  min_price: Price.optional(),
  max_price: Price.optional(),
});
export type FilterValues = z.infer<typeof FilterValues>;

const listing = z.object({
  /** The listing's heading in English, e.g. "Notebooks" or `Search results for "aspire"`. */
  heading: z.string(),
  /** The names of the page's path, as asked (Monitor, not Display). */
  category: z.string(),
  subcategory: z.string(),
  itemsBrief: z.array(ItemBrief),
  filters: z.array(FilterGroup),
  filterValues: FilterValues,
  total: Count,
  inStockCount: Count,
  page: z.number().int().min(1),
  pages: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  sort: z.enum(SORTS),
  /** Customers only: the price range over the whole listing, before filters. */
  priceRange: z
    .array(z.object({ max_price: Price, min_price: Price }))
    .length(1)
    .optional(),
  maxPrice: Price.optional(),
  minPrice: Price.optional(),
});

/** A category listing. */
export const CategoryItems = listing.extend({
  /** The category as stored (Monitor is stored as Display). */
  apiCategory: z.string(),
});
export type CategoryItems = z.infer<typeof CategoryItems>;

/** A search: a listing of the whole catalog under the Search category. */
export const SearchItems = listing.extend({
  category: z.literal('Search'),
  subcategory: z.literal(''),
  column: z.enum(SEARCH_COLUMNS),
  /** The search text as typed. */
  string: z.string(),
});
export type SearchItems = z.infer<typeof SearchItems>;

/** GET /api/category/{category}[/{subcategory}] */
export const CategoryItemsAnswer = Envelope.extend({ categoryItems: CategoryItems });
export type CategoryItemsAnswer = z.infer<typeof CategoryItemsAnswer>;

/** GET /api/search?column=…&string=… */
export const SearchAnswer = Envelope.extend({ categoryItems: SearchItems });
export type SearchAnswer = z.infer<typeof SearchAnswer>;

/** GET /api/mainpage: the home page's three sliders (brand new or recertified items in stock). */
export const MainPageAnswer = Envelope.extend({
  products: z.object({
    featuredProducts: z.array(ItemBrief),
    popularProducts: z.array(ItemBrief),
    newProducts: z.array(ItemBrief),
  }),
});
export type MainPageAnswer = z.infer<typeof MainPageAnswer>;

// ---- The product page

/** A link of the product page's breadcrumbs, under /acer. */
export const Crumb = z.object({ name: z.string(), pathname: z.string() });
export type Crumb = z.infer<typeof Crumb>;

/** The offer being looked at, with its texts (in the reader's language), every spec and its breadcrumbs. */
export const ItemDetail = ItemBrief.extend({
  description: z.string(),
  /** Lines 'spec name: value'. */
  details: z.string(),
  ...eachFilterField(z.string()),
  breadcrumbs: z.array(Crumb),
});
export type ItemDetail = z.infer<typeof ItemDetail>;

export const ProductInfo = z.object({
  /** The offer of the page: always one. */
  itemDetail: z.array(ItemDetail).length(1),
  itemImages: z.array(z.object({ image_id: Count, image_url: z.string() })),
  /** Always empty: the shop has no reviews. */
  itemReviews: z.array(z.never()),
  /** The item's offers: its own condition, and scratch and dent when it has that too. */
  product: z.array(ItemBrief),
  /** Every condition of the item's model side by side (empty with nothing to compare). */
  compare: z.array(CompareOffer),
});
export type ProductInfo = z.infer<typeof ProductInfo>;

/** GET /api/product/{itemid}[/{condition}] */
export const ProductInfoAnswer = Envelope.extend({ itemInfo: ProductInfo });
export type ProductInfoAnswer = z.infer<typeof ProductInfoAnswer>;
