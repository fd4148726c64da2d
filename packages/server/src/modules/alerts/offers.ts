/**
 * The catalog's offers as an alert sees them (domain/alerts/schemas.ts AlertOffer): from the catalog in
 * memory, to pick the alerts a change may have flipped, and from the database, to settle each of those
 * exactly.
 */
import { type AlertOffer, type AlertTarget, inListing } from '@shop/domain/alerts/schemas';
import { availableStock } from '@shop/domain/catalog/pricing';
import { type Condition, FILTER_FIELDS, type FilterField, listingPath } from '@shop/domain/catalog/rules';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { products } from '../../db/schema';
import { type CatalogStore, SPEC_COLUMNS } from '../catalog';

type Product = typeof products.$inferSelect;
type CatalogRow = ReturnType<CatalogStore['allRows']>[number];

function rowOffer(row: CatalogRow): AlertOffer {
  return {
    item_id: row.item_id,
    sku: row.sku,
    item_name: row.item_name,
    model: row.product.model,
    category: row.category,
    sub_category: row.sub_category,
    item_condition: row.item_condition,
    is_sale: row.is_sale,
    specs: row.specs,
    stock: row.stock,
    scratch_dent_stock: row.scratch_dent_stock,
    price: row.price,
    sale_price: row.sale_price,
    scratch_dent_price: row.scratch_dent_price,
  };
}

/** An active product's offers: its own condition, and scratch and dent when it has that offer too. */
function productOffers(p: Product): AlertOffer[] {
  if (!p.isActive) return [];
  const specs = {} as Record<FilterField, string>;
  for (const field of FILTER_FIELDS) specs[field] = String(p[SPEC_COLUMNS[field]] ?? '');
  const conditions: Condition[] = [p.itemCondition as Condition];
  if (p.isScratchDent) conditions.push('ScratchDent');
  return conditions.map((condition) => ({
    item_id: p.itemId,
    sku: p.sku,
    item_name: p.itemName,
    model: p.model,
    category: p.category,
    sub_category: p.subCategory,
    item_condition: condition,
    is_sale: p.isSale,
    specs,
    stock: p.stock,
    scratch_dent_stock: p.scratchDentStock,
    price: p.priceCents,
    sale_price: p.salePriceCents,
    scratch_dent_price: p.scratchDentPriceCents,
  }));
}

/**
 * The offers of the catalog in memory a target may count in the alert's conditions (the rule itself
 * narrows them further). A listing's rows are looked at where they are and only those that may count are
 * copied: the condition, the filters and something in stock.
 */
export function memoryOffers(
  catalog: CatalogStore,
  target: AlertTarget,
  conditions: readonly string[],
): AlertOffer[] {
  if (target.kind === 'model') {
    if (target.model) return catalog.modelRows(target.model).map(rowOffer);
    const p = catalog.items.get(target.item_id);
    if (!p) return [];
    const rows = [catalog.row(p.itemId, p.itemCondition as Condition), catalog.row(p.itemId, 'ScratchDent')];
    return rows.filter((r) => r !== null).map(rowOffer);
  }
  const bucket = catalog.bucket(target.category, target.subcategory || undefined);
  if (!bucket) return [];
  const filters = FILTER_FIELDS.flatMap((field) => {
    const values = target.filters[field];
    return values && values.length > 0 ? [[field, values] as const] : [];
  });
  const offers: AlertOffer[] = [];
  for (const row of bucket.rows()) {
    if (!conditions.includes(row.item_condition) || availableStock(row) <= 0) continue;
    if (filters.every(([field, values]) => values.includes(row.specs[field]))) offers.push(rowOffer(row));
  }
  return offers;
}

/**
 * The offers a target may count as the database has them now (in the caller's transaction): read when an
 * alert's state is about to change, so a process whose catalog in memory is a moment behind decides nothing.
 */
export async function databaseOffers(q: Queryable, target: AlertTarget): Promise<AlertOffer[]> {
  let where: SQL | undefined;
  if (target.kind === 'model') {
    where = target.model ? eq(products.model, target.model) : eq(products.itemId, target.item_id);
  } else {
    const path = listingPath(target.category, target.subcategory || undefined);
    if (!path) return [];
    const sub = path.subcategory;
    switch (path.category) {
      case 'Sale':
        where = sub ? and(eq(products.isSale, true), eq(products.category, sub)) : eq(products.isSale, true);
        break;
      case 'BrandNew':
        where = sub
          ? and(eq(products.itemCondition, 'BrandNew'), eq(products.category, sub))
          : eq(products.itemCondition, 'BrandNew');
        break;
      case 'ScratchDent':
        where = sub
          ? and(eq(products.isScratchDent, true), eq(products.category, sub))
          : eq(products.isScratchDent, true);
        break;
      default:
        where = sub
          ? and(eq(products.category, path.category), eq(products.subCategory, sub))
          : eq(products.category, path.category);
    }
  }
  const rows = await q
    .select()
    .from(products)
    .where(and(eq(products.isActive, true), where ?? sql`false`));
  const offers = rows.flatMap(productOffers);
  return target.kind === 'filter'
    ? offers.filter((o) => inListing(o, target.category, target.subcategory))
    : offers;
}
