/**
 * The seller's catalog import: a CSV file of products, created or updated by sku. Every row is checked
 * first; one bad row means nothing of the file is written, and each problem names its line.
 */
import { randomInt } from 'node:crypto';
import { MAX_ORDER_TOTAL, withinOrderLimit } from '@shop/domain/cart';
import { apiCategoryName, FILTER_FIELDS, PRODUCT_CATEGORIES, SUBCATEGORIES } from '@shop/domain/catalog';

export { PRODUCT_CATEGORIES };

import { formatMoney, parsePrice } from '@shop/domain/money';
import { parse } from 'csv-parse/sync';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import type { ProductInput } from '../seed/types';
import { imageIdOf } from './images';
import { upsertProducts } from './write';

export const IMPORT_COLUMNS = [
  'item_id',
  'sku',
  'item_name',
  'category',
  'sub_category',
  'item_condition',
  'description',
  'details',
  ...FILTER_FIELDS,
  'is_active',
  'is_sale',
  'is_scratch_dent',
  'is_featured',
  'stock',
  'scratch_dent_stock',
  'price',
  'sale_price',
  'scratch_dent_price',
  'main_image',
  'images',
  'popularity',
  'listed_at',
] as const;
const REQUIRED = ['sku', 'item_name', 'category', 'item_condition', 'price'] as const;

export interface ImportProblem {
  line: number;
  message: string;
}

export interface ImportResult {
  products: ProductInput[];
  problems: ImportProblem[];
}

const TRUE = new Set(['true', 'yes', '1', 'y']);
const FALSE = new Set(['false', 'no', '0', 'n', '']);

/** Reads and checks a CSV file's text. */
export function parseCatalogCsv(text: string, now = new Date()): ImportResult {
  const problems: ImportProblem[] = [];
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(text, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      bom: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      relax_column_count: false,
    });
  } catch (error) {
    const e = error as { lines?: number; message: string };
    return {
      products: [],
      problems: [{ line: e.lines ?? 1, message: `The file is not valid CSV: ${e.message}` }],
    };
  }
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const columns = header.split(',').map((h) => h.trim().replace(/^"|"$/g, '').toLowerCase());
  const unknown = columns.filter((c) => c && !(IMPORT_COLUMNS as readonly string[]).includes(c));
  if (unknown.length > 0) problems.push({ line: 1, message: `Unknown column(s): ${unknown.join(', ')}.` });
  const missing = REQUIRED.filter((c) => !columns.includes(c));
  if (missing.length > 0)
    problems.push({ line: 1, message: `Missing required column(s): ${missing.join(', ')}.` });
  if (problems.length > 0) return { products: [], problems };
  if (records.length === 0)
    return { products: [], problems: [{ line: 1, message: 'The file has no product rows.' }] };

  const seen = new Map<string, number>();
  const out: ProductInput[] = [];
  for (const { record, info } of records) {
    const line = info.lines;
    const rowProblems: string[] = [];
    const get = (key: string) => (record[key] ?? '').trim();
    const bool = (key: string, fallback: boolean) => {
      const v = get(key).toLowerCase();
      if (v === '') return fallback;
      if (TRUE.has(v)) return true;
      if (FALSE.has(v)) return false;
      rowProblems.push(`${key} must be true or false, not "${get(key)}"`);
      return fallback;
    };
    const int = (key: string) => {
      const v = get(key);
      if (v === '') return 0;
      if (!/^\d{1,9}$/.test(v)) {
        rowProblems.push(`${key} must be a whole number of 0 or more, not "${v}"`);
        return 0;
      }
      return Number(v);
    };
    const money = (key: string, required: boolean) => {
      const v = get(key);
      const cents = parsePrice(v);
      if (cents === null) rowProblems.push(`${key} must be an amount in dollars such as 1299.99, not "${v}"`);
      else if (required && cents <= 0) rowProblems.push(`${key} must be above 0`);
      // An item no single order could hold is a typing mistake, and it keeps every total exact.
      else if (!withinOrderLimit(cents))
        rowProblems.push(`${key} must be at most ${formatMoney(MAX_ORDER_TOTAL)}, not "${v}"`);
      return cents ?? 0;
    };

    const sku = get('sku');
    if (!sku) rowProblems.push('sku is required');
    else if (!/^[A-Za-z0-9._-]{1,50}$/.test(sku))
      rowProblems.push(`sku "${sku}" may use only letters, digits, . _ - (at most 50)`);
    else if (seen.has(sku.toLowerCase()))
      rowProblems.push(`sku ${sku} is also on line ${seen.get(sku.toLowerCase())}`);
    else seen.set(sku.toLowerCase(), line);
    const itemName = get('item_name');
    if (!itemName || itemName.length > 300) rowProblems.push('item_name is required, at most 300 characters');
    const category = apiCategoryName(get('category'));
    if (!(PRODUCT_CATEGORIES as readonly string[]).includes(category)) {
      rowProblems.push(
        `category must be one of ${PRODUCT_CATEGORIES.join(', ')} (or Monitor), not "${get('category')}"`,
      );
    }
    const subRaw = get('sub_category');
    const sub = subRaw ? apiCategoryName(subRaw) : '';
    const allowedSubs = (SUBCATEGORIES[category === 'Display' ? 'Monitor' : category] ?? []).map(
      apiCategoryName,
    );
    if (sub && !allowedSubs.includes(sub)) {
      rowProblems.push(
        allowedSubs.length > 0
          ? `sub_category of ${get('category')} must be one of ${allowedSubs.join(', ')}, not "${subRaw}"`
          : `${get('category')} has no subcategories, but sub_category is "${subRaw}"`,
      );
    }
    const condition = get('item_condition');
    if (!['BrandNew', 'Recertified', 'Warranty'].includes(condition)) {
      rowProblems.push(`item_condition must be BrandNew, Recertified or Warranty, not "${condition}"`);
    } else if ((condition === 'Warranty') !== (category === 'Warranty')) {
      rowProblems.push('item_condition Warranty goes with category Warranty, and only there');
    }
    const touchscreen = get('touchscreen');
    if (!['', 'Yes', 'No'].includes(touchscreen))
      rowProblems.push(`touchscreen must be Yes, No or empty, not "${touchscreen}"`);
    const price = money('price', true);
    const salePrice = money('sale_price', false);
    const sdPrice = money('scratch_dent_price', false);
    if (salePrice > 0 && salePrice >= price) rowProblems.push('sale_price must be below price');
    if (sdPrice > 0 && sdPrice >= price) rowProblems.push('scratch_dent_price must be below price');
    const isScratchDent = bool('is_scratch_dent', false);
    if (isScratchDent && condition === 'Warranty')
      rowProblems.push('a Warranty item has no scratch-and-dent offer');
    const links = [
      get('main_image'),
      ...get('images')
        .split('|')
        .map((s) => s.trim()),
    ].filter(Boolean);
    for (const link of links) {
      if (!imageIdOf(link)) rowProblems.push(`image link "${link}" has no /d/{id}/ part`);
    }
    const listedAtRaw = get('listed_at');
    const listedAt = listedAtRaw ? new Date(listedAtRaw) : now;
    if (Number.isNaN(listedAt.getTime()))
      rowProblems.push(`listed_at must be a date such as 2026-01-31, not "${listedAtRaw}"`);
    const itemId = get('item_id');
    if (itemId && !/^[A-Za-z0-9-]{1,40}$/.test(itemId))
      rowProblems.push(`item_id "${itemId}" may use only letters, digits and -`);
    for (const key of ['description', 'details'] as const) {
      if (get(key).length > 20_000) rowProblems.push(`${key} is longer than 20,000 characters`);
    }

    const flags = {
      is_active: bool('is_active', true),
      is_sale: bool('is_sale', false),
      is_featured: bool('is_featured', false),
    };
    const counts = {
      stock: int('stock'),
      scratch_dent_stock: int('scratch_dent_stock'),
      popularity: int('popularity'),
    };
    if (rowProblems.length > 0) {
      for (const message of rowProblems) problems.push({ line, message });
      continue;
    }
    const uniqueLinks = [...new Set(links)];
    out.push({
      item_id: itemId,
      sku,
      item_name: itemName,
      category,
      sub_category: sub,
      description: get('description'),
      // Multi-line details may be written with literal \n in a one-line cell.
      details: get('details').replaceAll('\\n', '\n'),
      product_category: get('product_category'),
      product_series: get('product_series'),
      processor_type: get('processor_type'),
      processor_speed: get('processor_speed'),
      standard_memory: get('standard_memory'),
      screen_size: get('screen_size'),
      screen_resolution: get('screen_resolution'),
      graphics_card: get('graphics_card'),
      solid_state_drive: get('solid_state_drive'),
      touchscreen,
      operating_system: get('operating_system'),
      color: get('color'),
      refresh_rate: get('refresh_rate'),
      is_active: flags.is_active,
      item_condition: condition as ProductInput['item_condition'],
      is_sale: flags.is_sale,
      is_scratch_dent: isScratchDent,
      stock: counts.stock,
      scratch_dent_stock: counts.scratch_dent_stock,
      price_cents: price,
      sale_price_cents: salePrice,
      scratch_dent_price_cents: sdPrice,
      main_image: uniqueLinks[0] ?? '',
      images: uniqueLinks,
      is_featured: flags.is_featured,
      popularity: counts.popularity,
      listed_at: listedAt.toISOString(),
    });
  }
  return { products: problems.length > 0 ? [] : out, problems };
}

export interface ImportSummary {
  created: number;
  updated: number;
}

/** Writes checked products in one transaction: existing skus keep their item id, new ones get one. */
export async function importProducts(db: Db, inputs: ProductInput[]): Promise<ImportSummary> {
  return db.transaction(async (tx) => {
    const skus = inputs.map((p) => p.sku);
    const existing = new Map<string, string>();
    for (let i = 0; i < skus.length; i += 1000) {
      const rows = await tx
        .select({ sku: products.sku, itemId: products.itemId })
        .from(products)
        .where(inArray(products.sku, skus.slice(i, i + 1000)));
      for (const r of rows) existing.set(r.sku, r.itemId);
    }
    const ready = inputs.map((p) => ({ ...p, item_id: existing.get(p.sku) ?? (p.item_id || newItemId()) }));
    await upsertProducts(tx, ready);
    return { created: ready.length - existing.size, updated: existing.size };
  });
}

function newItemId(): string {
  return `9${Date.now()}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}
