/**
 * The rules of one product, whoever writes it (the back office's product form or the catalog import):
 * field limits and the rules between fields. Prices are integer cents here.
 */
import {
  apiCategoryName,
  FILTER_FIELDS,
  type FilterField,
  PRIMARY_CONDITIONS,
  PRODUCT_CATEGORIES,
  type PrimaryCondition,
  SUBCATEGORIES,
} from './rules';
import { conditionProblems, type PriceBreak } from './volume-prices';

export interface ProductValues extends Record<FilterField, string> {
  sku: string;
  item_name: string;
  /** Shared by the items of one model sold in several conditions ('' for none): the product page compares them. */
  model: string;
  category: string;
  sub_category: string;
  item_condition: PrimaryCondition;
  description: string;
  /** Multi-line; each line 'spec name: value'. */
  details: string;
  /** The description in French; '' shows the English to French readers. */
  description_fr: string;
  /** The details in French, lines as in `details`; '' shows the English to French readers. */
  details_fr: string;
  is_active: boolean;
  is_sale: boolean;
  is_featured: boolean;
  is_scratch_dent: boolean;
  /** Whether each unit ships with its serial number recorded (serializedByDefault for a new product). */
  serialized: boolean;
  stock: number;
  scratch_dent_stock: number;
  price_cents: number;
  sale_price_cents: number;
  scratch_dent_price_cents: number;
  /** Picture links, the main one first: share links (…/d/{id}/…) or uploaded pictures (media:{id}). */
  images: string[];
  popularity: number;
  /** ISO date the item was listed. */
  listed_at: string;
  /**
   * Volume prices per condition (its own, and ScratchDent when sold so), sorted (catalog/volume-prices.ts).
   */
  price_breaks: PriceBreak[];
}

/** The categories whose units carry serial numbers: computers, monitors, tablets and phones. */
export const SERIALIZED_CATEGORIES = [
  'Notebook',
  'Desktop',
  'AIO',
  'Chromebook',
  'Display',
  'Tablet',
  'Gaming',
  'Smartphone',
] as const;

/** Whether a new product of this category carries serial numbers when the writer does not say. */
export function serializedByDefault(category: string): boolean {
  return (SERIALIZED_CATEGORIES as readonly string[]).includes(category === 'Monitor' ? 'Display' : category);
}

/** The values of a new product where the writer gives none (serialized: serializedByDefault of its category). */
export function productDefaults(): Omit<
  ProductValues,
  'sku' | 'item_name' | 'category' | 'item_condition' | 'price_cents' | 'serialized'
> {
  const filters = Object.fromEntries(FILTER_FIELDS.map((f) => [f, ''])) as Record<FilterField, string>;
  return {
    ...filters,
    model: '',
    sub_category: '',
    description: '',
    details: '',
    description_fr: '',
    details_fr: '',
    is_active: true,
    is_sale: false,
    is_featured: false,
    is_scratch_dent: false,
    stock: 0,
    scratch_dent_stock: 0,
    sale_price_cents: 0,
    scratch_dent_price_cents: 0,
    images: [],
    popularity: 0,
    listed_at: new Date().toISOString(),
    price_breaks: [],
  };
}

const SKU_PATTERN = /^[A-Za-z0-9._-]{1,50}$/;
const MAX_ITEM_NAME = 300;
const MAX_LONG_TEXT = 20_000;
const MAX_FILTER_VALUE = 100;
export const MAX_IMAGES = 20;
const MAX_STOCK = 1_000_000;
const MAX_PRICE_CENTS = 10_000_000_00;

const SHARE_ID = /\/d\/([^/]+)/;
export const MEDIA_LINK = /^media:([0-9a-f]{32})$/;

/** A picture link is a share link with a /d/{id}/ part, or a picture uploaded to the shop. */
export function isImageLink(link: string): boolean {
  return MEDIA_LINK.test(link) || SHARE_ID.test(link);
}

/** The sub-categories a product of `category` may have, as stored (Monitor is stored as Display). */
export function subCategoriesOf(category: string): string[] {
  return (SUBCATEGORIES[category === 'Display' ? 'Monitor' : category] ?? []).map(apiCategoryName);
}

export interface ProductProblem {
  field: keyof ProductValues;
  message: string;
}

/** A scratch-and-dent offer is sold at its own price, so the offer needs one. */
const SCRATCH_DENT_PRICE_NEEDED =
  'A scratch-and-dent offer needs a scratch-and-dent price above 0; set the price or turn the offer off.';

/** Everything wrong with a whole product; empty when it can be written. */
export function productProblems(p: ProductValues): ProductProblem[] {
  const out: ProductProblem[] = [];
  const add = (field: keyof ProductValues, message: string) => out.push({ field, message });
  if (!SKU_PATTERN.test(p.sku)) add('sku', 'sku may use only letters, digits, . _ - (1 to 50 characters)');
  if (p.item_name.trim() === '' || p.item_name.length > MAX_ITEM_NAME)
    add('item_name', `item_name is required, at most ${MAX_ITEM_NAME} characters`);
  if (p.model.length > MAX_ITEM_NAME) add('model', `model is at most ${MAX_ITEM_NAME} characters`);
  if (!(PRODUCT_CATEGORIES as readonly string[]).includes(p.category)) {
    add(
      'category',
      `category must be one of ${PRODUCT_CATEGORIES.join(', ')} (or Monitor), not "${p.category}"`,
    );
  } else if (p.sub_category) {
    const allowed = subCategoriesOf(p.category);
    if (!allowed.includes(p.sub_category)) {
      add(
        'sub_category',
        allowed.length > 0
          ? `sub_category of ${p.category} must be one of ${allowed.join(', ')}, not "${p.sub_category}"`
          : `${p.category} has no subcategories, but sub_category is "${p.sub_category}"`,
      );
    }
  }
  if (!(PRIMARY_CONDITIONS as readonly string[]).includes(p.item_condition)) {
    add(
      'item_condition',
      `item_condition must be BrandNew, Recertified or Warranty, not "${p.item_condition}"`,
    );
  } else if ((p.item_condition === 'Warranty') !== (p.category === 'Warranty')) {
    add('item_condition', 'item_condition Warranty goes with category Warranty, and only there');
  }
  if (p.is_scratch_dent && p.item_condition === 'Warranty')
    add('is_scratch_dent', 'a Warranty item has no scratch-and-dent offer');
  for (const message of conditionProblems(p.price_breaks, p)) add('price_breaks', message);
  for (const key of ['description', 'details', 'description_fr', 'details_fr'] as const) {
    if (p[key].length > MAX_LONG_TEXT) add(key, `${key} is longer than 20,000 characters`);
  }
  for (const field of FILTER_FIELDS) {
    if (p[field].length > MAX_FILTER_VALUE)
      add(field, `${field} is longer than ${MAX_FILTER_VALUE} characters`);
  }
  if (!['', 'Yes', 'No'].includes(p.touchscreen))
    add('touchscreen', `touchscreen must be Yes, No or empty, not "${p.touchscreen}"`);
  for (const key of ['stock', 'scratch_dent_stock', 'popularity'] as const) {
    if (!Number.isInteger(p[key]) || p[key] < 0 || p[key] > MAX_STOCK)
      add(key, `${key} must be a whole number from 0 to ${MAX_STOCK}`);
  }
  const money = (key: 'price_cents' | 'sale_price_cents' | 'scratch_dent_price_cents') =>
    Number.isInteger(p[key]) && p[key] >= 0 && p[key] <= MAX_PRICE_CENTS;
  const label = {
    price_cents: 'price',
    sale_price_cents: 'sale_price',
    scratch_dent_price_cents: 'scratch_dent_price',
  };
  for (const key of ['price_cents', 'sale_price_cents', 'scratch_dent_price_cents'] as const) {
    if (!money(key)) add(key, `${label[key]} must be an amount from 0 to 10,000,000 dollars`);
  }
  if (money('price_cents') && p.price_cents <= 0) add('price_cents', 'price must be above 0');
  if (p.sale_price_cents > 0 && p.sale_price_cents >= p.price_cents)
    add('sale_price_cents', 'sale_price must be below price');
  if (p.scratch_dent_price_cents > 0 && p.scratch_dent_price_cents >= p.price_cents)
    add('scratch_dent_price_cents', 'scratch_dent_price must be below price');
  else if (p.is_scratch_dent && p.item_condition !== 'Warranty' && p.scratch_dent_price_cents === 0)
    add('scratch_dent_price_cents', SCRATCH_DENT_PRICE_NEEDED);
  if (p.images.length > MAX_IMAGES) add('images', `a product has at most ${MAX_IMAGES} pictures`);
  for (const link of p.images) {
    if (!isImageLink(link)) add('images', `image link "${link}" has no /d/{id}/ part`);
  }
  if (Number.isNaN(new Date(p.listed_at).getTime()))
    add('listed_at', `listed_at must be a date such as 2026-01-31, not "${p.listed_at}"`);
  return out;
}
