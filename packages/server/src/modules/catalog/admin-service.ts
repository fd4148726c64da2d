/** Products in the back office: the list, one product, creating and editing (only the fields sent change). */
import {
  type AdminProduct,
  type AdminProductRow,
  LOW_STOCK,
  type ProductListQuery,
  type ProductSort,
  productCreateSchema,
  productFieldsSchema,
  type StockLevel,
} from '@shop/domain/back-office/schemas';
import {
  MAX_IMAGES,
  type ProductValues,
  productDefaults,
  productProblems,
  serializedByDefault,
} from '@shop/domain/catalog/product';
import { apiCategoryName } from '@shop/domain/catalog/rules';
import { toStoredBreaks } from '@shop/domain/catalog/volume-prices';
import { toAmount } from '@shop/domain/core/money';
import { type AnyColumn, and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { products } from '../../db/schema';
import { isUniqueViolation } from '../../db/sql';
import { type Actor, type AdminDeps, catalogChanged } from '../../lib/back-office';
import { likePattern } from '../../lib/back-office-http';
import { HttpError, parseOr400 } from '../../lib/http';
import { auditOf, recordAudit } from '../audit';
import { recordWebhookEvents } from '../webhooks';
import {
  differences,
  imagesOf,
  insertColumns,
  type NewFilterValue,
  newFilterValues,
  newValueMessage,
  presentProduct,
  updateColumns,
  valuesOf,
  writeImages,
} from './admin-values';
import { imageUrl } from './images';
import { newItemId } from './import';
import { missingPictures } from './media';
import { productEvents } from './product-events';

/** What can be sold of a product: its stock, and its scratch-and-dent stock while that offer is on. */
const SELLABLE = sql`(${products.stock} + case when ${products.isScratchDent} then ${products.scratchDentStock} else 0 end)`;
const IS_WARRANTY = sql`${products.itemCondition} = 'Warranty'`;

const STOCK_LEVEL: Record<StockLevel, SQL> = {
  none: sql`(not ${IS_WARRANTY} and ${SELLABLE} = 0)`,
  low: sql`(not ${IS_WARRANTY} and ${SELLABLE} between 1 and ${LOW_STOCK})`,
  in: sql`(${IS_WARRANTY} or ${SELLABLE} > ${LOW_STOCK})`,
};

const SORT_COLUMN: Record<ProductSort, SQL | AnyColumn> = {
  name: sql`lower(${products.itemName})`,
  sku: sql`lower(${products.sku})`,
  price: products.priceCents,
  stock: products.stock,
  updated: products.updatedAt,
};

export async function listProducts(db: Queryable, query: ProductListQuery, config: AdminDeps['config']) {
  const where: SQL[] = [];
  if (query.q) {
    const like = likePattern(query.q);
    where.push(or(sql`${products.sku} ilike ${like}`, sql`${products.itemName} ilike ${like}`)!);
  }
  if (query.category) {
    const category = apiCategoryName(query.category);
    where.push(or(eq(products.category, category), eq(products.subCategory, category))!);
  }
  if (query.condition) where.push(eq(products.itemCondition, query.condition));
  if (query.active !== undefined) where.push(eq(products.isActive, query.active));
  if (query.in_stock !== undefined) {
    const inStock = sql`(${products.itemCondition} = 'Warranty' or ${products.stock} > 0 or (${products.isScratchDent} and ${products.scratchDentStock} > 0))`;
    where.push(query.in_stock ? inStock : sql`not ${inStock}`);
  }
  if (query.stock) where.push(STOCK_LEVEL[query.stock]);
  if (query.on_sale !== undefined) where.push(eq(products.isSale, query.on_sale));
  const order = query.dir === 'desc' ? desc : asc;
  // Ties (same price, same stock) keep one order, so paging neither repeats nor skips a product.
  const orderBy = [order(SORT_COLUMN[query.sort]), asc(sql`lower(${products.sku})`), asc(products.itemId)];
  const condition = where.length > 0 ? and(...where) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(products)
      .where(condition)
      .orderBy(...orderBy)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: sql<number>`count(*)::int` }).from(products).where(condition),
  ]);
  return {
    rows: rows.map(
      (p): AdminProductRow => ({
        item_id: p.itemId,
        sku: p.sku,
        item_name: p.itemName,
        category: p.category,
        sub_category: p.subCategory,
        item_condition: p.itemCondition,
        is_active: p.isActive,
        is_sale: p.isSale,
        is_featured: p.isFeatured,
        is_scratch_dent: p.isScratchDent,
        serialized: p.serialized,
        stock: p.stock,
        scratch_dent_stock: p.scratchDentStock,
        price: toAmount(Number(p.priceCents)),
        sale_price: toAmount(Number(p.salePriceCents)),
        scratch_dent_price: toAmount(Number(p.scratchDentPriceCents)),
        thumb_url: p.mainImage ? imageUrl(p.mainImage, config, 'thumb') : '',
        updated_at: p.updatedAt.toISOString(),
      }),
    ),
    total: counted?.n ?? 0,
  };
}

export async function productDetail(deps: AdminDeps, itemId: string) {
  const [row] = await deps.db.select().from(products).where(eq(products.itemId, itemId));
  if (!row) return null;
  const [images, audit] = await Promise.all([
    imagesOf(deps.db, [itemId]),
    auditOf(deps.db, 'product', itemId),
  ]);
  return { product: presentProduct(row, images.get(itemId) ?? [], deps.config) as AdminProduct, audit };
}

type FieldsInput = ReturnType<typeof productFieldsSchema.parse>;

/** The form's fields as product values (cents, stored category names); absent fields stay absent. */
function toValues(input: FieldsInput): Partial<ProductValues> {
  const {
    price,
    sale_price,
    scratch_dent_price,
    category,
    sub_category,
    confirm_new_values: _confirmed,
    price_breaks,
    ...rest
  } = input;
  const out: Partial<ProductValues> = { ...(rest as Partial<ProductValues>) };
  if (price_breaks !== undefined) out.price_breaks = toStoredBreaks(price_breaks);
  if (category !== undefined) out.category = apiCategoryName(category);
  if (sub_category !== undefined) out.sub_category = sub_category ? apiCategoryName(sub_category) : '';
  if (price !== undefined) out.price_cents = price;
  if (sale_price !== undefined) out.sale_price_cents = sale_price;
  if (scratch_dent_price !== undefined) out.scratch_dent_price_cents = scratch_dent_price;
  if (out.images !== undefined) out.images = [...new Set(out.images.filter((l) => l !== ''))];
  if (out.details !== undefined) out.details = out.details.replaceAll('\r\n', '\n');
  if (out.details_fr !== undefined) out.details_fr = out.details_fr.replaceAll('\r\n', '\n');
  if (out.listed_at !== undefined && out.listed_at !== '') {
    const date = new Date(out.listed_at);
    if (!Number.isNaN(date.getTime())) out.listed_at = date.toISOString();
  }
  return out;
}

/**
 * The rules on the product as it will be. `fresh` are the filter values it would bring that no product has
 * yet, not confirmed: each is refused, naming the closest values, with a way to confirm it.
 */
async function check(
  deps: AdminDeps,
  tx: Queryable,
  values: ProductValues,
  itemId: string | null,
  fresh: NewFilterValue[],
) {
  const errors: Record<string, string> = {};
  for (const p of productProblems(values)) {
    const key = p.field.replace('_cents', '');
    errors[key] ??= p.message;
  }
  const missing = await missingPictures(deps, values.images, tx);
  if (missing.length > 0) errors.images ??= `Upload the picture again: ${missing.join(', ')} is not stored.`;
  const [clash] = await tx
    .select({ id: products.itemId })
    .from(products)
    .where(
      and(
        sql`lower(${products.sku}) = ${values.sku.toLowerCase()}`,
        itemId ? sql`${products.itemId} <> ${itemId}` : undefined,
      ),
    );
  if (clash) errors.sku ??= `sku ${values.sku} is already used by product ${clash.id}.`;
  for (const f of fresh) errors[f.field] ??= newValueMessage(f);
  if (Object.keys(errors).length === 0) return;
  const lines = [...new Set(Object.values(errors))];
  if (fresh.length > 0) lines.push(CONFIRM_NEW_VALUES);
  throw new HttpError(400, lines.join('\n'), fresh.length > 0 ? { errors, new_values: fresh } : { errors });
}

const CONFIRM_NEW_VALUES = 'Check the spelling, or confirm the new value to add it to the catalog.';

export async function createProduct(deps: AdminDeps, actor: Actor, body: unknown) {
  const parsed = parseOr400(productCreateSchema, body);
  const input = toValues(parsed);
  const values = {
    ...productDefaults(),
    serialized: serializedByDefault(input.category ?? ''),
    ...input,
  } as ProductValues;
  let itemId = '';
  try {
    await deps.db.transaction(async (tx) => {
      const fresh = parsed.confirm_new_values ? [] : await newFilterValues(tx, values);
      await check(deps, tx, values, null, fresh);
      itemId = newItemId();
      await tx.insert(products).values(insertColumns(itemId, values));
      await writeImages(tx, new Map([[itemId, values.images]]));
      await recordAudit(tx, actor, {
        action: 'product.create',
        entityType: 'product',
        entityId: itemId,
        after: differences(null, values).after,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new HttpError(409, `sku ${values.sku} was taken at the same moment; choose another.`);
    throw error;
  }
  await catalogChanged(deps);
  return (await productDetail(deps, itemId))!;
}

/** Changes only the fields sent; the rules are checked on the product as it will be. */
export async function updateProduct(deps: AdminDeps, actor: Actor, itemId: string, body: unknown) {
  const parsed = parseOr400(productFieldsSchema, body);
  const input = toValues(parsed);
  let changed = false;
  try {
    await deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(products).where(eq(products.itemId, itemId)).for('update');
      if (!row) throw new HttpError(404, 'There is no such product.');
      const current = valuesOf(row, (await imagesOf(tx, [itemId])).get(itemId) ?? []);
      const next = { ...current, ...input };
      const diff = differences(current, input);
      if (diff.changes.length === 0) return;
      const delta = Object.fromEntries(
        Object.entries(input).filter(([k]) => diff.changes.some((c) => c.field === k.replace('_cents', ''))),
      ) as Partial<ProductValues>;
      // Only a value that changes is checked: one the product already has stays without confirming.
      const fresh = parsed.confirm_new_values ? [] : await newFilterValues(tx, delta);
      await check(deps, tx, next, itemId, fresh);
      const set = updateColumns(delta);
      if (Object.keys(set).length > 0) await tx.update(products).set(set).where(eq(products.itemId, itemId));
      if (delta.images !== undefined) await writeImages(tx, new Map([[itemId, delta.images]]));
      await recordWebhookEvents(tx, productEvents(itemId, Object.keys(delta)));
      await recordAudit(tx, actor, {
        action: 'product.update',
        entityType: 'product',
        entityId: itemId,
        before: diff.before,
        after: diff.after,
      });
      changed = true;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new HttpError(409, 'That sku was taken at the same moment; choose another.');
    throw error;
  }
  if (changed) await catalogChanged(deps);
  return { changed, ...(await productDetail(deps, itemId))! };
}

/**
 * Adds an uploaded picture to a product at once (after its other pictures, or as the main one when it has
 * none), audited as any edit; a picture it already has changes nothing.
 */
export async function attachPicture(deps: AdminDeps, actor: Actor, itemId: string, link: string) {
  let changed = false;
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(products).where(eq(products.itemId, itemId)).for('update');
    if (!row) throw new HttpError(404, 'There is no such product.');
    const current = valuesOf(row, (await imagesOf(tx, [itemId])).get(itemId) ?? []);
    if (current.images.includes(link)) return;
    if (current.images.length >= MAX_IMAGES)
      throw new HttpError(400, `A product has at most ${MAX_IMAGES} pictures; remove one first.`);
    const images = [...current.images, link];
    const diff = differences(current, { images });
    await tx.update(products).set(updateColumns({ images })).where(eq(products.itemId, itemId));
    await writeImages(tx, new Map([[itemId, images]]));
    await recordAudit(tx, actor, {
      action: 'product.update',
      entityType: 'product',
      entityId: itemId,
      before: diff.before,
      after: diff.after,
    });
    changed = true;
  });
  if (changed) await catalogChanged(deps);
  return { changed, ...(await productDetail(deps, itemId))! };
}
