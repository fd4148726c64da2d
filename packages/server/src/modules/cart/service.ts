/** The server-side cart: one row per customer, item and condition; prices come from the catalog. */

import {
  CART_MSG,
  lineTotal,
  lineUnitPrice,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  withinOrderLimit,
} from '@shop/domain/cart/rules';
import type { Condition } from '@shop/domain/catalog/rules';
import { basisPointsToPercent, breakPrices, nextBreak } from '@shop/domain/catalog/volume-prices';
import type { CartItem } from '@shop/domain/core/api';
import { MSG } from '@shop/domain/core/messages';
import { toAmount } from '@shop/domain/core/money';
import { and, asc, eq, type Placeholder, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { cartItems, products } from '../../db/schema';
import { HttpError } from '../../lib/http';
import { brief, personalOffer } from '../catalog';
import type { SessionUser } from '../sessions';
import type { CartNeeds } from './needs';
import { cartVersionSql, changeCart, STALE, writeCartLines } from './version';

export type { CartItem };

/** The cart as the page shows it, oldest line first; a line whose item no longer exists is dropped. */
export async function cartOf(services: CartNeeds, user: SessionUser, db: Queryable = services.database.db) {
  const rows = await db
    .select()
    .from(cartItems)
    .where(eq(cartItems.contactPersonId, user.contactPersonId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.itemId));
  return presentCart(services, user, rows);
}

/** A cart line as it is stored: the item, its condition and how many. */
export type StoredLine = { itemId: string; itemCondition: string; quantity: number };

/**
 * A contact's stored lines, oldest first, as one JSON value (an array of StoredLine), for a statement that
 * reads the cart with other things at once (the header's): the same lines cartOf reads.
 */
export function storedLinesJson(contactPersonId: string | Placeholder) {
  return sql<StoredLine[]>`coalesce((
    select json_agg(
      json_build_object('itemId', c.item_id, 'itemCondition', c.item_condition, 'quantity', c.quantity)
      order by c.added_at, c.item_id)
    from cart_items c where c.contact_person_id = ${contactPersonId}), '[]'::json)`;
}

/** Cart lines (oldest first) with what the catalog says of each item, at the customer's prices. */
export function presentCart(
  services: Pick<CartNeeds, 'catalog'>,
  user: SessionUser,
  rows: readonly StoredLine[],
): CartItem[] {
  const out: CartItem[] = [];
  for (const row of rows) {
    const catalogRow = services.catalog.anyRow(row.itemId, row.itemCondition as Condition);
    if (!catalogRow) continue;
    const b = brief(catalogRow, user.percentage);
    const offer = personalOffer(catalogRow, user.percentage);
    const next = nextBreak(offer, row.quantity);
    out.push({
      item_id: b.item_id,
      item_name: b.item_name,
      item_condition: b.item_condition,
      sku: b.sku,
      quantity: row.quantity,
      stock: b.stock,
      scratch_dent_stock: b.scratch_dent_stock,
      is_active: b.is_active,
      is_sale: b.is_sale,
      personal_price: b.personal_price!,
      personal_sale_price: b.personal_sale_price!,
      personal_scratch_dent_price: b.personal_scratch_dent_price!,
      main_image: b.main_image,
      unit_price: toAmount(lineUnitPrice({ ...offer, quantity: row.quantity })),
      price_breaks: breakPrices(offer).map((x) => ({
        min_quantity: x.min_quantity,
        percent_off: basisPointsToPercent(x.basis_points),
        price: toAmount(x.unit),
      })),
      ...(next && {
        next_break: {
          min_quantity: next.min_quantity,
          percent_off: basisPointsToPercent(next.basis_points),
          price: toAmount(next.unit),
          more: next.more,
          saving: toAmount(next.saving),
        },
      }),
    });
  }
  return out;
}

export interface AddToCart {
  itemId: string;
  condition: string;
  quantity: number;
  /** Set the quantity (from the cart page) instead of adding to it. */
  replace: boolean;
}

/**
 * Adds to (or sets) a cart line after checking the item, its stock and the limits, in two statements (see
 * version.ts). Returns the item's name and the cart as it now is (from the read, so no second look is needed).
 */
export async function addToCart(
  services: CartNeeds,
  user: SessionUser,
  input: AddToCart,
): Promise<{ name: string; cart: CartItem[] }> {
  if (!Number.isInteger(input.quantity) || input.quantity < 1 || input.quantity > MAX_LINE_QUANTITY) {
    throw new HttpError(400, CART_MSG.quantityInvalid);
  }
  const known = services.catalog.anyRow(input.itemId, input.condition as Condition);
  if (!known) throw new HttpError(404, MSG.itemMissing);
  const warranty = known.item_condition === 'Warranty';
  const scratchDent = known.item_condition === 'ScratchDent';

  const lines = await changeCart(services.database.db, user, async (db) => {
    // Activity and stock come from the database itself, not from this process's copy of the catalog; one
    // statement reads them with the cart's lines and version.
    const [state] = await db
      .select({
        isActive: products.isActive,
        stock: products.stock,
        scratchDentStock: products.scratchDentStock,
        version: cartVersionSql(user),
        lines: sql<StoredLine[]>`coalesce((select json_agg(
          json_build_object('itemId', ${cartItems.itemId}, 'itemCondition', ${cartItems.itemCondition},
          'quantity', ${cartItems.quantity}) order by ${cartItems.addedAt}, ${cartItems.itemId})
          from ${cartItems} where ${cartItems.contactPersonId} = ${user.contactPersonId}), '[]')`,
      })
      .from(products)
      .where(eq(products.itemId, input.itemId));
    if (!state) throw new HttpError(404, MSG.itemMissing);
    if (!state.isActive) throw new HttpError(400, CART_MSG.itemRemoved);
    const stock = warranty ? Number.POSITIVE_INFINITY : scratchDent ? state.scratchDentStock : state.stock;
    if (stock <= 0) throw new HttpError(400, CART_MSG.outOfStock);
    const lines = state.lines;
    const existing = lines.find((l) => l.itemId === input.itemId && l.itemCondition === known.item_condition);
    const quantity = input.replace ? input.quantity : (existing?.quantity ?? 0) + input.quantity;
    if (quantity > stock) {
      throw new HttpError(
        400,
        input.replace || !existing ? CART_MSG.clamped(stock) : CART_MSG.plusAbove(stock),
      );
    }
    if (quantity > MAX_LINE_QUANTITY) throw new HttpError(400, CART_MSG.quantityInvalid);
    if (!existing && lines.length >= MAX_CART_LINES) throw new HttpError(400, CART_MSG.cartFull);
    // A cart that could not be ordered as one order is refused here, before checkout.
    const changed = [
      ...lines.filter((l) => l !== existing),
      { itemId: input.itemId, itemCondition: known.item_condition, quantity },
    ];
    if (!withinOrderLimit(cartSubtotal(services, user, changed))) {
      throw new HttpError(400, CART_MSG.orderTooLarge);
    }
    const line = { itemId: input.itemId, itemCondition: known.item_condition, quantity };
    const written = await writeCartLines(db, user, state.version, [
      { itemId: line.itemId, condition: known.item_condition, quantity },
    ]);
    if (!written) return STALE;
    // The cart as it stands after this change: the line replaced in place, or added last.
    return existing ? lines.map((l) => (l === existing ? line : l)) : [...lines, line];
  });
  return { name: known.item_name, cart: presentCart(services, user, lines) };
}

/** The cart's subtotal at the buyer's prices, from this process's catalog; a line no longer offered counts 0. */
function cartSubtotal(
  services: CartNeeds,
  user: SessionUser,
  lines: readonly { itemId: string; itemCondition: string; quantity: number }[],
): number {
  let cents = 0;
  for (const line of lines) {
    const row = services.catalog.anyRow(line.itemId, line.itemCondition as Condition);
    if (!row) continue;
    cents += lineTotal({ ...personalOffer(row, user.percentage), quantity: line.quantity });
  }
  return cents;
}

/** Removes a line; returns the item's name, or null when it was not in the cart. */
export async function removeFromCart(
  services: CartNeeds,
  user: SessionUser,
  itemId: string,
  condition: string,
): Promise<string | null> {
  const removed = await services.database.db
    .delete(cartItems)
    .where(
      and(
        eq(cartItems.contactPersonId, user.contactPersonId),
        eq(cartItems.itemId, itemId),
        eq(cartItems.itemCondition, condition),
      ),
    )
    .returning({ itemId: cartItems.itemId });
  if (removed.length === 0) return null;
  return services.catalog.items.get(itemId)?.itemName ?? itemId;
}
