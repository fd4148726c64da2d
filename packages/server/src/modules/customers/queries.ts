/** Reading a customer's account data. Every query is filtered by the session's customer id. */

import type { Condition } from '@shop/domain/catalog/rules';
import { isCondition } from '@shop/domain/catalog/rules';
import type {
  Address,
  PricedItemBrief,
  WishList,
  WishListItem,
  WishListItemKey,
} from '@shop/domain/core/api';
import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  addresses,
  customerMessages,
  recentlyViewed,
  subscriptions,
  wishListItems,
  wishLists,
} from '../../db/schema';
import type { CatalogStore } from '../catalog';
import { brief } from '../catalog';
import type { SessionUser } from '../sessions';
import type { CustomerNeeds } from './needs';

export const RECENTLY_VIEWED_LIMIT = 20;

export type { Address, WishList, WishListItemKey };

const addressColumns = {
  address_id: addresses.addressId,
  first_name: addresses.firstName,
  last_name: addresses.lastName,
  company: addresses.companyName,
  address_line_1: addresses.addressLine1,
  address_line_2: addresses.addressLine2,
  city: addresses.city,
  province: addresses.province,
  zip: addresses.zip,
  country: addresses.country,
  phone_number: addresses.phoneNumber,
  customer_id: addresses.customerId,
};

/** The customer's addresses, oldest first. */
export function listAddresses(db: Queryable, customerId: string): Promise<Address[]> {
  return db
    .select(addressColumns)
    .from(addresses)
    .where(eq(addresses.customerId, customerId))
    .orderBy(asc(addresses.addressId));
}

export async function findAddress(
  db: Queryable,
  customerId: string,
  addressId: number,
): Promise<Address | null> {
  const [row] = await db
    .select(addressColumns)
    .from(addresses)
    .where(and(eq(addresses.customerId, customerId), eq(addresses.addressId, addressId)));
  return row ?? null;
}

/** Every item key in every list of the customer (what the heart icons need). */
function listWishListItemKeys(db: Queryable, customerId: string): Promise<WishListItemKey[]> {
  return db
    .select({
      list_id: wishListItems.listId,
      item_id: wishListItems.itemId,
      sku: wishListItems.sku,
      item_condition: wishListItems.itemCondition,
    })
    .from(wishListItems)
    .innerJoin(wishLists, eq(wishLists.listId, wishListItems.listId))
    .where(eq(wishLists.customerId, customerId))
    .orderBy(asc(wishListItems.listId), desc(wishListItems.addedAt));
}

async function listRows(db: Queryable, customerId: string, listId?: string) {
  return db
    .select({ list_id: wishLists.listId, list_name: wishLists.listName, customer_id: wishLists.customerId })
    .from(wishLists)
    .where(
      listId === undefined
        ? eq(wishLists.customerId, customerId)
        : and(eq(wishLists.customerId, customerId), eq(wishLists.listId, listId)),
    )
    .orderBy(asc(wishLists.createdAt), asc(wishLists.listId));
}

function withCounts(
  lists: { list_id: string; list_name: string; customer_id: string }[],
  keys: readonly WishListItemKey[],
): WishList[] {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key.list_id, (counts.get(key.list_id) ?? 0) + 1);
  return lists.map((l) => ({ ...l, is_public: false, item_number: counts.get(l.list_id) ?? 0 }));
}

/** The customer's wish lists with their item counts, oldest first, and the item keys of all of them. */
export async function listWishListsAndKeys(
  db: Queryable,
  customerId: string,
): Promise<{ wishLists: WishList[]; wishListsItems: WishListItemKey[] }> {
  const lists = await listRows(db, customerId);
  const keys = lists.length === 0 ? [] : await listWishListItemKeys(db, customerId);
  return { wishLists: withCounts(lists, keys), wishListsItems: keys };
}

export async function listWishLists(db: Queryable, customerId: string): Promise<WishList[]> {
  return (await listWishListsAndKeys(db, customerId)).wishLists;
}

export async function findWishList(
  db: Queryable,
  customerId: string,
  listId: string,
): Promise<WishList | null> {
  const [list] = await listRows(db, customerId, listId);
  if (!list) return null;
  const [row] = await db
    .select({ n: count() })
    .from(wishListItems)
    .where(eq(wishListItems.listId, list.list_id));
  return { ...list, is_public: false, item_number: row?.n ?? 0 };
}

/** A row of the catalog for a stored (item, condition), or null when the item is gone from the catalog. */
function catalogRow(catalog: CatalogStore, itemId: string, condition: string) {
  return isCondition(condition) ? catalog.anyRow(itemId, condition as Condition) : null;
}

/** A card at a customer's percentage: with their prices, always. */
function pricedBrief(row: Parameters<typeof brief>[0], percentage: number): PricedItemBrief {
  return brief(row, percentage) as PricedItemBrief;
}

/** The items of one list (already checked to be the customer's), newest first, with personal prices. */
export async function listWishListItems(
  db: Queryable,
  catalog: CatalogStore,
  listId: string,
  percentage: number,
): Promise<WishListItem[]> {
  const rows = await db
    .select()
    .from(wishListItems)
    .where(eq(wishListItems.listId, listId))
    .orderBy(desc(wishListItems.addedAt), asc(wishListItems.itemId));
  const out: WishListItem[] = [];
  for (const r of rows) {
    const row = catalogRow(catalog, r.itemId, r.itemCondition);
    if (row)
      out.push({ ...pricedBrief(row, percentage), list_id: r.listId, added_at: r.addedAt.toISOString() });
  }
  return out;
}

export async function listRecentlyViewed(
  db: Queryable,
  catalog: CatalogStore,
  customerId: string,
  percentage: number,
): Promise<PricedItemBrief[]> {
  const rows = await db
    .select({ itemId: recentlyViewed.itemId, itemCondition: recentlyViewed.itemCondition })
    .from(recentlyViewed)
    .where(eq(recentlyViewed.customerId, customerId))
    .orderBy(desc(recentlyViewed.viewedAt))
    .limit(RECENTLY_VIEWED_LIMIT);
  const out: PricedItemBrief[] = [];
  for (const r of rows) {
    const row = catalogRow(catalog, r.itemId, r.itemCondition);
    if (row) out.push(pricedBrief(row, percentage));
  }
  return out;
}

const messageColumns = {
  message_id: customerMessages.messageId,
  body: customerMessages.body,
  created_at: customerMessages.createdAt,
  read_at: customerMessages.readAt,
};

function presentMessage(m: { message_id: number; body: string; created_at: Date; read_at: Date | null }) {
  return {
    message_id: m.message_id,
    body: m.body,
    created_at: m.created_at.toISOString(),
    is_read: m.read_at !== null,
  };
}

/** Threads with the seller, the one with the latest message first. */
export async function listMessages(db: Queryable, customerId: string) {
  const rows = await db
    .select(messageColumns)
    .from(customerMessages)
    .where(eq(customerMessages.customerId, customerId))
    .orderBy(desc(customerMessages.lastAt), desc(customerMessages.messageId))
    .limit(500);
  return rows.map(presentMessage);
}

/** Opens one message of the customer, marking it read; null when it is not theirs. */
export async function openMessage(db: Queryable, customerId: string, messageId: number) {
  const mine = and(eq(customerMessages.customerId, customerId), eq(customerMessages.messageId, messageId));
  await db
    .update(customerMessages)
    .set({ readAt: new Date() })
    .where(and(mine, isNull(customerMessages.readAt)));
  const [row] = await db.select(messageColumns).from(customerMessages).where(mine);
  return row ? presentMessage(row) : null;
}

async function unreadMessageCount(db: Queryable, customerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(customerMessages)
    .where(and(eq(customerMessages.customerId, customerId), isNull(customerMessages.readAt)));
  return row?.n ?? 0;
}

export async function isSubscribed(db: Queryable, customerId: string): Promise<boolean> {
  const [row] = await db
    .select({ subscribed: subscriptions.subscribed })
    .from(subscriptions)
    .where(eq(subscriptions.customerId, customerId));
  return row?.subscribed ?? false;
}

/** What GET /header adds for the account: addresses, wish lists, their item keys and unread messages. */
export async function headerParts(
  services: CustomerNeeds,
  user: SessionUser,
): Promise<{
  addresses: Address[];
  wishLists: WishList[];
  wishListsItems: WishListItemKey[];
  unreadMessages: number;
}> {
  const db = services.database.db;
  const [addressRows, lists, keys, unreadMessages] = await Promise.all([
    listAddresses(db, user.customerId),
    listRows(db, user.customerId),
    listWishListItemKeys(db, user.customerId),
    unreadMessageCount(db, user.customerId),
  ]);
  return { addresses: addressRows, wishLists: withCounts(lists, keys), wishListsItems: keys, unreadMessages };
}
