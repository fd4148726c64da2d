/**
 * A product in its three shapes: the database row, the rule-checked values (cents, picture links) shared
 * with the catalog import, and the back office's answer (dollars, picture URLs).
 */
import type { AdminProduct } from '@shop/domain/back-office/schemas';
import type { ProductValues } from '@shop/domain/catalog/product';
import {
  FILTER_FIELDS,
  FILTER_LABELS,
  type FilterField,
  type PrimaryCondition,
} from '@shop/domain/catalog/rules';
import {
  basisPointsToPercent,
  breaksText,
  type PriceBreak,
  sortBreaks,
} from '@shop/domain/catalog/volume-prices';
import { toAmount } from '@shop/domain/core/money';
import { asc, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { productImages, products } from '../../db/schema';
import { type ImageConfig, imageUrl } from './images';

type ProductRow = typeof products.$inferSelect;
type ColumnKey = keyof typeof products.$inferInsert;

/** Each value's column and SQL type (for bulk updates). Images live in product_images and main_image. */
export const COLUMNS: Record<Exclude<keyof ProductValues, 'images'>, { key: ColumnKey; type: string }> = {
  sku: { key: 'sku', type: 'text' },
  item_name: { key: 'itemName', type: 'text' },
  model: { key: 'model', type: 'text' },
  category: { key: 'category', type: 'text' },
  sub_category: { key: 'subCategory', type: 'text' },
  item_condition: { key: 'itemCondition', type: 'text' },
  description: { key: 'description', type: 'text' },
  details: { key: 'details', type: 'text' },
  description_fr: { key: 'descriptionFr', type: 'text' },
  details_fr: { key: 'detailsFr', type: 'text' },
  product_category: { key: 'productCategory', type: 'text' },
  product_series: { key: 'productSeries', type: 'text' },
  processor_type: { key: 'processorType', type: 'text' },
  processor_speed: { key: 'processorSpeed', type: 'text' },
  standard_memory: { key: 'standardMemory', type: 'text' },
  screen_size: { key: 'screenSize', type: 'text' },
  screen_resolution: { key: 'screenResolution', type: 'text' },
  graphics_card: { key: 'graphicsCard', type: 'text' },
  solid_state_drive: { key: 'solidStateDrive', type: 'text' },
  touchscreen: { key: 'touchscreen', type: 'text' },
  operating_system: { key: 'operatingSystem', type: 'text' },
  color: { key: 'color', type: 'text' },
  refresh_rate: { key: 'refreshRate', type: 'text' },
  is_active: { key: 'isActive', type: 'boolean' },
  is_sale: { key: 'isSale', type: 'boolean' },
  is_featured: { key: 'isFeatured', type: 'boolean' },
  is_scratch_dent: { key: 'isScratchDent', type: 'boolean' },
  serialized: { key: 'serialized', type: 'boolean' },
  stock: { key: 'stock', type: 'integer' },
  scratch_dent_stock: { key: 'scratchDentStock', type: 'integer' },
  // bigint casts fit integer and bigint money columns alike.
  price_cents: { key: 'priceCents', type: 'bigint' },
  sale_price_cents: { key: 'salePriceCents', type: 'bigint' },
  scratch_dent_price_cents: { key: 'scratchDentPriceCents', type: 'bigint' },
  popularity: { key: 'popularity', type: 'integer' },
  listed_at: { key: 'listedAt', type: 'timestamptz' },
  price_breaks: { key: 'priceBreaks', type: 'jsonb' },
};

export function columnName(key: ColumnKey): string {
  return (products[key as keyof typeof products] as unknown as { name: string }).name;
}

export function valuesOf(row: ProductRow, images: string[]): ProductValues {
  const filters = Object.fromEntries(
    FILTER_FIELDS.map((f) => [f, String(row[COLUMNS[f].key as keyof ProductRow] ?? '')]),
  ) as Record<(typeof FILTER_FIELDS)[number], string>;
  return {
    ...filters,
    sku: row.sku,
    item_name: row.itemName,
    model: row.model,
    category: row.category,
    sub_category: row.subCategory,
    item_condition: row.itemCondition as PrimaryCondition,
    description: row.description,
    details: row.details,
    description_fr: row.descriptionFr,
    details_fr: row.detailsFr,
    is_active: row.isActive,
    is_sale: row.isSale,
    is_featured: row.isFeatured,
    is_scratch_dent: row.isScratchDent,
    serialized: row.serialized,
    stock: row.stock,
    scratch_dent_stock: row.scratchDentStock,
    price_cents: Number(row.priceCents),
    sale_price_cents: Number(row.salePriceCents),
    scratch_dent_price_cents: Number(row.scratchDentPriceCents),
    popularity: row.popularity,
    listed_at: row.listedAt.toISOString(),
    images: images.length > 0 ? images : row.mainImage ? [row.mainImage] : [],
    price_breaks: sortBreaks(row.priceBreaks as PriceBreak[]),
  };
}

/** The columns of a full set of values (a new product). */
export function insertColumns(itemId: string, v: ProductValues) {
  const out: Record<string, unknown> = { itemId, zohoId: itemId };
  for (const [field, { key }] of Object.entries(COLUMNS)) {
    out[key] = field === 'listed_at' ? new Date(v.listed_at) : v[field as keyof ProductValues];
  }
  Object.assign(out, derivedColumns(v));
  return out as typeof products.$inferInsert;
}

/** Columns that follow from others: the condition flags and the main picture. */
function derivedColumns(v: Partial<ProductValues>): Partial<typeof products.$inferInsert> {
  const out: Partial<typeof products.$inferInsert> = {};
  if (v.item_condition !== undefined) {
    out.isBrandNew = v.item_condition === 'BrandNew';
    out.isRecertified = v.item_condition === 'Recertified';
  }
  if (v.images !== undefined) out.mainImage = v.images[0] ?? '';
  return out;
}

/** The update of the given values only. */
export function updateColumns(v: Partial<ProductValues>): Partial<typeof products.$inferInsert> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(v)) {
    if (field === 'images' || value === undefined) continue;
    const { key } = COLUMNS[field as keyof typeof COLUMNS];
    out[key] = field === 'listed_at' ? new Date(value as string) : value;
  }
  return { ...out, ...derivedColumns(v) } as Partial<typeof products.$inferInsert>;
}

/** Replaces the pictures of products (the main one first). */
export async function writeImages(tx: Queryable, byItem: ReadonlyMap<string, readonly string[]>) {
  const ids = [...byItem.keys()];
  for (let i = 0; i < ids.length; i += 500) {
    await tx.delete(productImages).where(inArray(productImages.itemId, ids.slice(i, i + 500)));
  }
  const rows = ids.flatMap((itemId) =>
    (byItem.get(itemId) ?? []).map((imageLink, position) => ({ itemId, imageLink, position })),
  );
  for (let i = 0; i < rows.length; i += 500) await tx.insert(productImages).values(rows.slice(i, i + 500));
}

/** Picture links of products, in order. */
export async function imagesOf(db: Queryable, itemIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (let i = 0; i < itemIds.length; i += 1000) {
    const rows = await db
      .select({ itemId: productImages.itemId, link: productImages.imageLink })
      .from(productImages)
      .where(inArray(productImages.itemId, itemIds.slice(i, i + 1000)))
      .orderBy(asc(productImages.position), asc(productImages.imageId));
    for (const r of rows) out.set(r.itemId, [...(out.get(r.itemId) ?? []), r.link]);
  }
  return out;
}

/** Values as people read them: dollars for prices, under the import's column names. */
function readable(field: keyof ProductValues, value: unknown): { field: string; value: unknown } {
  if (field === 'price_breaks')
    return { field, value: breaksText((value as PriceBreak[] | undefined) ?? []) };
  if (field === 'price_cents' || field === 'sale_price_cents' || field === 'scratch_dent_price_cents')
    return { field: field.replace('_cents', ''), value: toAmount(value as number) };
  return { field, value };
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The fields of `next` that differ from `current`, in readable form, for the audit and the import preview. */
export function differences(current: ProductValues | null, next: Partial<ProductValues>) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const changes: { field: string; old: unknown; new: unknown }[] = [];
  for (const [field, value] of Object.entries(next) as [keyof ProductValues, unknown][]) {
    if (value === undefined) continue;
    const old = current ? current[field] : undefined;
    if (current && sameValue(old, value)) continue;
    const o = readable(field, old);
    const n = readable(field, value);
    if (current) before[o.field] = o.value;
    after[n.field] = n.value;
    changes.push({ field: n.field, old: current ? o.value : null, new: n.value });
  }
  return { before, after, changes };
}

export function presentProduct(row: ProductRow, images: string[], config: ImageConfig): AdminProduct {
  const v = valuesOf(row, images);
  const { price_cents, sale_price_cents, scratch_dent_price_cents, images: links, price_breaks, ...rest } = v;
  return {
    ...rest,
    price_breaks: price_breaks.map((b) => ({
      condition: b.condition,
      min_quantity: b.min_quantity,
      percent: basisPointsToPercent(b.basis_points),
    })),
    item_id: row.itemId,
    price: toAmount(price_cents),
    sale_price: toAmount(sale_price_cents),
    scratch_dent_price: toAmount(scratch_dent_price_cents),
    images: links.map((link) => ({
      link,
      thumb_url: imageUrl(link, config, 'thumb'),
      url: imageUrl(link, config, 'full'),
    })),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The values each filter field has in the catalog (any product, active or not), in alphabetical order. */
export async function filterValuesOf(db: Queryable): Promise<Record<FilterField, string[]>> {
  const selects = FILTER_FIELDS.map(
    (f) =>
      sql`select ${f}::text as field, ${products[COLUMNS[f].key as keyof typeof products.$inferSelect]} as value from ${products}`,
  );
  const result = (await db.execute(
    sql`select field, value from (${sql.join(selects, sql` union `)}) v where value <> '' order by field, lower(value), value`,
  )) as unknown as { rows: { field: FilterField; value: string }[] };
  const out = Object.fromEntries(FILTER_FIELDS.map((f) => [f, [] as string[]])) as Record<
    FilterField,
    string[]
  >;
  for (const row of result.rows) out[row.field]?.push(row.value);
  return out;
}

/** Edits needed to turn one text into the other (regardless of case). */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) {
      row[j] = Math.min(
        previous[j]! + 1,
        row[j - 1]! + 1,
        previous[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1),
      );
    }
    previous = row;
  }
  return previous[y.length]!;
}

/** The existing values nearest to a new one: those at the smallest distance, at most three. */
function closestValues(value: string, existing: readonly string[]): string[] {
  const ranked = existing.map((v) => ({ v, d: distance(value, v) })).sort((a, b) => a.d - b.d);
  const best = ranked[0]?.d;
  return ranked
    .filter((r) => r.d === best)
    .slice(0, 3)
    .map((r) => r.v);
}

export interface NewFilterValue {
  field: FilterField;
  value: string;
  closest: string[];
}

/** Filter values of `next` that no product has yet. */
export async function newFilterValues(
  db: Queryable,
  next: Partial<ProductValues>,
): Promise<NewFilterValue[]> {
  const sent = FILTER_FIELDS.filter((f) => typeof next[f] === 'string' && next[f] !== '');
  if (sent.length === 0) return [];
  const known = await filterValuesOf(db);
  return sent
    .filter((f) => !known[f].includes(next[f] as string))
    .map((f) => ({
      field: f,
      value: next[f] as string,
      closest: closestValues(next[f] as string, known[f]),
    }));
}

/** What a new filter value's refusal says of one field. */
export function newValueMessage({ field, value, closest }: NewFilterValue): string {
  const near =
    closest.length > 0
      ? `the closest in the catalog: ${closest.map((c) => `"${c}"`).join(', ')}`
      : 'no product has one yet';
  return `${FILTER_LABELS[field]} "${value}" is not in the catalog yet (${near}).`;
}
