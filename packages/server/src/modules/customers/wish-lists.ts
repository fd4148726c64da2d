/** Wish lists: at most MAX_WISH_LISTS per customer and MAX_WISH_LIST_ITEMS per list, counted under locks. */
import {
  ACCOUNT_MSG,
  MAX_WISH_LIST_ITEMS,
  MAX_WISH_LISTS,
  WISH_LIST_NOT_FOUND,
  type wishListItemSchema,
} from '@shop/domain/account/schemas';
import type { Condition } from '@shop/domain/catalog/rules';
import { MSG } from '@shop/domain/core/messages';
import { and, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { wishListItems, wishLists } from '../../db/schema';
import { HttpError } from '../../lib/http';
import type { CatalogStore } from '../catalog';
import { lockCustomer } from './addresses';
import { listWishListsAndKeys, type WishList, type WishListItemKey } from './queries';

/** Lists are named by the route's schema (wishListNameSchema): `listName` is its checked name. */
export async function createWishList(db: Db, customerId: string, listName: string): Promise<WishList[]> {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, customerId);
    const lists = await tx
      .select({ listId: wishLists.listId })
      .from(wishLists)
      .where(eq(wishLists.customerId, customerId));
    if (lists.length >= MAX_WISH_LISTS) throw new HttpError(400, ACCOUNT_MSG.wishListLimit);
    // The id is the customer id plus a timestamp, as the page makes it; the next free one when taken.
    let stamp = Date.now();
    for (;;) {
      const listId = `${customerId}${stamp}`;
      const [taken] = await tx
        .select({ listId: wishLists.listId })
        .from(wishLists)
        .where(eq(wishLists.listId, listId));
      if (!taken) {
        await tx.insert(wishLists).values({ listId, customerId, listName, isPublic: false });
        break;
      }
      stamp++;
    }
    return (await listWishListsAndKeys(tx, customerId)).wishLists;
  });
}

export async function renameWishList(
  db: Db,
  customerId: string,
  listId: string,
  listName: string,
): Promise<WishList[]> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(wishLists)
      .set({ listName })
      .where(and(eq(wishLists.customerId, customerId), eq(wishLists.listId, listId)))
      .returning({ listId: wishLists.listId });
    if (updated.length === 0) throw new HttpError(404, WISH_LIST_NOT_FOUND);
    return (await listWishListsAndKeys(tx, customerId)).wishLists;
  });
}

export async function deleteWishList(db: Db, customerId: string, listId: string): Promise<WishList[]> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(wishLists)
      .where(and(eq(wishLists.customerId, customerId), eq(wishLists.listId, listId)))
      .returning({ listId: wishLists.listId });
    if (deleted.length === 0) throw new HttpError(404, WISH_LIST_NOT_FOUND);
    return (await listWishListsAndKeys(tx, customerId)).wishLists;
  });
}

/** An item for a list, as the route's schema read it. */
export type WishListItemRequest = z.output<typeof wishListItemSchema>;

export interface WishListChange {
  wishLists: WishList[];
  wishListsItems: WishListItemKey[];
  itemName: string;
  listName: string;
}

/** Adds an item to one of the customer's lists; an item already there stays once. */
export async function addWishListItem(
  db: Db,
  catalog: CatalogStore,
  customerId: string,
  input: WishListItemRequest,
): Promise<WishListChange> {
  const { listId, itemId, item_condition } = input;
  const item = catalog.items.get(itemId);
  const condition = (item_condition ?? item?.itemCondition) as Condition | undefined;
  const row = condition ? catalog.anyRow(itemId, condition) : null;
  if (!row?.product.isActive) throw new HttpError(404, MSG.itemMissing);
  return db.transaction(async (tx) => {
    // Locking the list row makes parallel adds to one list count one after another.
    const [list] = await tx
      .select({ listName: wishLists.listName })
      .from(wishLists)
      .where(and(eq(wishLists.customerId, customerId), eq(wishLists.listId, listId)))
      .for('update');
    if (!list) throw new HttpError(404, WISH_LIST_NOT_FOUND);
    const inList = eq(wishListItems.listId, listId);
    const [there] = await tx
      .select({ itemId: wishListItems.itemId })
      .from(wishListItems)
      .where(
        and(
          inList,
          eq(wishListItems.itemId, row.item_id),
          eq(wishListItems.itemCondition, row.item_condition),
        ),
      );
    if (!there) {
      const [counted] = await tx.select({ n: count() }).from(wishListItems).where(inList);
      if ((counted?.n ?? 0) >= MAX_WISH_LIST_ITEMS) throw new HttpError(400, ACCOUNT_MSG.wishListItemLimit);
      await tx
        .insert(wishListItems)
        .values({ listId, itemId: row.item_id, sku: row.sku, itemCondition: row.item_condition })
        .onConflictDoNothing();
    }
    const lists = await listWishListsAndKeys(tx, customerId);
    return { ...lists, itemName: row.item_name, listName: list.listName };
  });
}

/** Removes an item from one of the customer's lists; removing what is not there is not an error. */
export async function removeWishListItem(
  db: Db,
  catalog: CatalogStore,
  customerId: string,
  listId: string,
  itemId: string,
  condition: Condition,
): Promise<WishListChange> {
  return db.transaction(async (tx) => {
    const [list] = await tx
      .select({ listName: wishLists.listName })
      .from(wishLists)
      .where(and(eq(wishLists.customerId, customerId), eq(wishLists.listId, listId)));
    if (!list) throw new HttpError(404, WISH_LIST_NOT_FOUND);
    await tx
      .delete(wishListItems)
      .where(
        and(
          eq(wishListItems.listId, listId),
          eq(wishListItems.itemId, itemId),
          eq(wishListItems.itemCondition, condition),
        ),
      );
    const lists = await listWishListsAndKeys(tx, customerId);
    const itemName = catalog.items.get(itemId)?.itemName ?? itemId;
    return { ...lists, itemName, listName: list.listName };
  });
}
