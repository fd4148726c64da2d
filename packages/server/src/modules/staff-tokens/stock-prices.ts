/**
 * Stock and prices of many SKUs in one call (the warehouse's or the ERP's sync): every row is checked
 * first, and either every row is written, in one transaction with its audit, or none is and each refused
 * row is named with its index and reason.
 */
import { STAFF_TOKEN_MSG, type StockPriceRow } from '@shop/domain/back-office/staff-tokens';
import type { Message } from '@shop/domain/core/i18n';
import { inArray } from 'drizzle-orm';
import { products } from '../../db/schema';
import { type Actor, type AdminDeps, catalogChanged } from '../../lib/back-office';
import { recordAudit } from '../audit';
import { productEvents } from '../catalog';
import { recordWebhookEvents } from '../webhooks';

export interface RefusedRow {
  index: number;
  sku: string;
  reason: Message;
}

const FIELDS = [
  ['stock', 'stock'],
  ['scratch_dent_stock', 'scratchDentStock'],
  ['price_cents', 'priceCents'],
  ['sale_price_cents', 'salePriceCents'],
  ['scratch_dent_price_cents', 'scratchDentPriceCents'],
] as const;

/** Thrown inside the transaction so that nothing of a refused call is written. */
class Refused extends Error {
  constructor(readonly rows: RefusedRow[]) {
    super('stock and prices refused');
  }
}

export async function setStockAndPrices(
  deps: AdminDeps,
  actor: Actor,
  rows: readonly StockPriceRow[],
): Promise<{ ok: true; updated: number } | { ok: false; refused: RefusedRow[] }> {
  let updated = 0;
  try {
    await deps.db.transaction(async (tx) => {
      const skus = [...new Set(rows.map((r) => r.sku))];
      const found = new Map<string, typeof products.$inferSelect>();
      for (let i = 0; i < skus.length; i += 500) {
        const part = await tx
          .select()
          .from(products)
          .where(inArray(products.sku, skus.slice(i, i + 500)))
          .orderBy(products.itemId)
          .for('update');
        for (const p of part) found.set(p.sku, p);
      }
      const refused: RefusedRow[] = [];
      const seen = new Set<string>();
      const changes: { itemId: string; set: Record<string, number>; before: Record<string, number> }[] = [];
      for (const [index, row] of rows.entries()) {
        const product = found.get(row.sku);
        const reason = refusal(row, product, seen);
        if (reason || !product) {
          refused.push({ index, sku: row.sku, reason: reason ?? STAFF_TOKEN_MSG.unknownSku });
          continue;
        }
        const set: Record<string, number> = {};
        const before: Record<string, number> = {};
        for (const [field, column] of FIELDS) {
          const value = row[field];
          const current = Number(product[column]);
          if (value === undefined || value === current) continue;
          set[column] = value;
          before[field] = current;
        }
        if (Object.keys(set).length > 0) changes.push({ itemId: product.itemId, set, before });
      }
      if (refused.length > 0) throw new Refused(refused);
      for (const change of changes) {
        await tx
          .update(products)
          .set(change.set)
          .where(inArray(products.itemId, [change.itemId]));
      }
      await recordAudit(
        tx,
        actor,
        changes.map((change) => ({
          action: 'product.stock_prices',
          entityType: 'product' as const,
          entityId: change.itemId,
          before: change.before,
          after: Object.fromEntries(
            FIELDS.filter(([, column]) => column in change.set).map(([field, column]) => [
              field,
              change.set[column],
            ]),
          ),
        })),
      );
      // The webhooks of each product's change, written with it.
      await recordWebhookEvents(
        tx,
        changes.flatMap((change) => productEvents(change.itemId, Object.keys(change.before))),
      );
      updated = changes.length;
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, refused: error.rows };
    throw error;
  }
  if (updated > 0) await catalogChanged(deps);
  return { ok: true, updated };
}

/** Why a row is refused, or null. */
function refusal(
  row: StockPriceRow,
  product: typeof products.$inferSelect | undefined,
  seen: Set<string>,
): Message | null {
  if (!product) return STAFF_TOKEN_MSG.unknownSku;
  if (seen.has(row.sku)) return STAFF_TOKEN_MSG.duplicateSku;
  seen.add(row.sku);
  if (FIELDS.every(([field]) => row[field] === undefined)) return STAFF_TOKEN_MSG.nothingToSet;
  if (
    !product.isScratchDent &&
    (row.scratch_dent_stock !== undefined || row.scratch_dent_price_cents !== undefined)
  )
    return STAFF_TOKEN_MSG.conditionStock;
  const price = row.price_cents ?? Number(product.priceCents);
  const sale = row.sale_price_cents ?? Number(product.salePriceCents);
  if (sale > 0 && sale >= price) return STAFF_TOKEN_MSG.saleAbovePrice;
  return null;
}
