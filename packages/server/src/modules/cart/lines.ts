/**
 * Adding many lines to a cart at once (quick order, reorder): each line is checked and answered — added,
 * clamped to stock, unknown SKU, removed item, not sold in that condition, out of stock, ambiguous condition,
 * cart full — and the good lines go into the cart in one statement (see version.ts). Which item and offer a
 * line means comes from the catalog; activity and stock come from the database, read with the cart.
 */

import { QUICK_MSG, type QuickOrderOutcome } from '@shop/domain/cart/quick-order';
import { CART_MSG, MAX_CART_LINES, MAX_LINE_QUANTITY } from '@shop/domain/cart/rules';
import type { Condition } from '@shop/domain/catalog/rules';
import { type Message, message } from '@shop/domain/core/i18n';
import { sql } from 'drizzle-orm';
import type { ProductRecord } from '../catalog';
import type { SessionUser } from '../sessions';
import type { CartNeeds } from './needs';
import { type CartLineWrite, cartVersionSql, changeCart, STALE, writeCartLines } from './version';

/** One line asked for: by SKU (quick order) or by item id (reorder), with or without a condition. */
export interface LineRequest {
  line: number;
  text: string;
  quantity: number;
  sku?: string;
  itemId?: string;
  condition: Condition | null;
}

const bySkuCache = new WeakMap<
  CartNeeds['catalog'],
  { generation: number; map: Map<string, ProductRecord> }
>();

/** Items by lower-cased SKU, rebuilt when the set of items changes. */
function itemsBySku(services: CartNeeds): Map<string, ProductRecord> {
  const catalog = services.catalog;
  let hit = bySkuCache.get(catalog);
  if (!hit || hit.generation !== catalog.generation) {
    const map = new Map<string, ProductRecord>();
    for (const p of catalog.items.values()) map.set(p.sku.toLowerCase(), p);
    hit = { generation: catalog.generation, map };
    bySkuCache.set(catalog, hit);
  }
  return hit.map;
}

function offers(p: ProductRecord): Condition[] {
  return [p.itemCondition as Condition, ...(p.isScratchDent ? (['ScratchDent'] as const) : [])];
}

interface Resolved {
  request: LineRequest;
  product: ProductRecord;
  condition: Condition;
}

export async function addLines(
  services: CartNeeds,
  user: SessionUser,
  requests: readonly LineRequest[],
): Promise<QuickOrderOutcome[]> {
  const results = new Map<LineRequest, QuickOrderOutcome>();
  const resolved: Resolved[] = [];
  const skus = itemsBySku(services);
  for (const request of requests) {
    const product = request.itemId
      ? services.catalog.items.get(request.itemId)
      : skus.get((request.sku ?? '').toLowerCase());
    const sku = product?.sku ?? request.sku ?? request.itemId ?? '';
    const base = { line: request.line, text: request.text, sku };
    if (!product) {
      results.set(request, { ...base, status: 'unknown', message: QUICK_MSG.unknown(sku) });
      continue;
    }
    const named = { ...base, item_id: product.itemId, item_name: product.itemName };
    if (!product.isActive) {
      results.set(request, { ...named, status: 'removed', message: QUICK_MSG.removed(sku) });
      continue;
    }
    const offered = offers(product);
    let condition = request.condition;
    if (condition && !offered.includes(condition)) {
      results.set(request, {
        ...named,
        status: 'not_offered',
        item_condition: condition,
        message: QUICK_MSG.notOffered(sku, condition),
      });
      continue;
    }
    if (!condition) {
      if (offered.length > 1) {
        results.set(request, {
          ...named,
          status: 'ambiguous',
          message: QUICK_MSG.ambiguous(sku, offered),
        });
        continue;
      }
      condition = offered[0]!;
    }
    resolved.push({ request, product, condition });
  }

  if (resolved.length > 0) {
    const decided = await changeCart(services.database.db, user, async (db) => {
      const ids = [...new Set(resolved.map((r) => r.product.itemId))];
      const { rows } = (await db.execute(sql`
        select json_build_object(
          'products', coalesce((select json_agg(json_build_object('item_id', item_id, 'is_active', is_active,
            'stock', stock, 'sd', scratch_dent_stock)) from products where item_id in ${ids}), '[]'),
          'cart', coalesce((select json_agg(json_build_object('item_id', item_id, 'condition', item_condition,
            'quantity', quantity)) from cart_items where contact_person_id = ${user.contactPersonId}), '[]'),
          'version', ${cartVersionSql(user)}
        ) as state`)) as unknown as {
        rows: {
          state: {
            products: { item_id: string; is_active: boolean; stock: number; sd: number }[];
            cart: { item_id: string; condition: string; quantity: number }[];
            version: number | null;
          };
        }[];
      };
      const state = rows[0]!.state;
      const answers = new Map<LineRequest, QuickOrderOutcome>();
      const live = new Map(state.products.map((p) => [p.item_id, p]));
      const inCart = new Map(state.cart.map((c) => [`${c.item_id}|${c.condition}`, c.quantity]));
      let lineCount = inCart.size;
      const writes = new Map<string, CartLineWrite>();
      for (const { request, product, condition } of resolved) {
        const now = live.get(product.itemId);
        const named = {
          line: request.line,
          text: request.text,
          sku: product.sku,
          item_id: product.itemId,
          item_name: product.itemName,
          item_condition: condition,
        };
        if (!now?.is_active) {
          answers.set(request, { ...named, status: 'removed', message: QUICK_MSG.removed(product.sku) });
          continue;
        }
        const available =
          condition === 'Warranty' ? MAX_LINE_QUANTITY : condition === 'ScratchDent' ? now.sd : now.stock;
        if (available <= 0) {
          answers.set(request, {
            ...named,
            status: 'out_of_stock',
            message: QUICK_MSG.outOfStock(product.sku),
          });
          continue;
        }
        const key = `${product.itemId}|${condition}`;
        const before = writes.get(key)?.quantity ?? inCart.get(key) ?? 0;
        if (!inCart.has(key) && !writes.has(key)) {
          if (lineCount >= MAX_CART_LINES) {
            answers.set(request, { ...named, status: 'cart_full', message: QUICK_MSG.cartFull });
            continue;
          }
          lineCount++;
        }
        const limit = Math.min(available, MAX_LINE_QUANTITY);
        const wanted = before + request.quantity;
        const after = Math.min(wanted, limit);
        writes.set(key, { itemId: product.itemId, condition, quantity: after });
        answers.set(
          request,
          after < wanted
            ? { ...named, status: 'clamped', quantity: after - before, message: CART_MSG.clamped(limit) }
            : {
                ...named,
                status: 'added',
                quantity: request.quantity,
                message: QUICK_MSG.added(product.sku, request.quantity),
              },
        );
      }
      const values = [...writes.values()].filter((w) => w.quantity > 0);
      if (values.length > 0 && !(await writeCartLines(db, user, state.version, values))) return STALE;
      return answers;
    });
    for (const [request, answer] of decided) results.set(request, answer);
  }
  return requests.map((r) => results.get(r)!);
}

/**
 * The answer's one-line summary. It counts the lines as the page lists them: "added" are the lines that went
 * into the cart as asked; every other line, a line cut to the stock included, "could not be added" as asked.
 * Only when no line went in as asked but some went in cut to the stock does it count those as added, so as
 * never to say that nothing was added to a cart that changed.
 */
export function summary(results: readonly QuickOrderOutcome[]): Message {
  const asAsked = results.filter((r) => r.status === 'added').length;
  const partly = results.filter((r) => r.status === 'clamped' && (r.quantity ?? 0) > 0).length;
  const added = asAsked > 0 ? asAsked : partly;
  const refused = results.length - added;
  if (refused === 0) return added === 1 ? 'api.summary.addedOne' : message('api.summary.added', { added });
  if (added === 0) return refused === 1 ? 'api.summary.noneOne' : message('api.summary.none', { refused });
  if (added === 1) return refused === 1 ? 'api.summary.oneOne' : message('api.summary.oneMany', { refused });
  return refused === 1
    ? message('api.summary.manyOne', { added })
    : message('api.summary.many', { added, refused });
}
