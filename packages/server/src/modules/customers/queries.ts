/** Reading a customer's account data. Every query is filtered by the session's customer id. */

import type { HeaderAnswer } from '@shop/domain/account/answers';
import type { Condition } from '@shop/domain/catalog/rules';
import { isCondition } from '@shop/domain/catalog/rules';
import type {
  Address,
  PricedItemBrief,
  WishList,
  WishListItem,
  WishListItemKey,
} from '@shop/domain/core/api';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  addresses,
  customerMessages,
  recentlyViewed,
  subscriptions,
  wishListItems,
  wishLists,
} from '../../db/schema';
import { presentCart, type StoredLine, storedLinesJson } from '../cart';
import type { CatalogStore } from '../catalog';
import { brief } from '../catalog';
import { customerInfo, type SessionUser } from '../sessions';

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

type ListRow = { list_id: string; list_name: string; customer_id: string };

function withCounts(lists: ListRow[], keys: readonly WishListItemKey[]): WishList[] {
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

export async function isSubscribed(db: Queryable, customerId: string): Promise<boolean> {
  const [row] = await db
    .select({ subscribed: subscriptions.subscribed })
    .from(subscriptions)
    .where(eq(subscriptions.customerId, customerId));
  return row?.subscribed ?? false;
}

/**
 * What GET /header shows besides who the buyer is: the cart's stored lines, addresses, wish lists, their
 * item keys and unread messages.
 */
export interface HeaderParts {
  cartLines: StoredLine[];
  addresses: Address[];
  wishLists: WishList[];
  wishListsItems: WishListItemKey[];
  unreadMessages: number;
}

/**
 * The header's parts in one statement (one round trip, one snapshot): the same rows, in the same order, as
 * cartOf, listAddresses, listWishListsAndKeys and the unread count read one by one. Every part is filtered
 * by the session's customer (the cart by its contact), as each of those is.
 */
function headerStatement(db: Queryable) {
  const customerId = sql.placeholder('customerId');
  // Written out with the tables' own names (db/schema.ts); each part as the one-by-one query orders it.
  return db
    .select({
      cartLines: storedLinesJson(sql.placeholder('contactPersonId')),
      addresses: sql<Address[]>`coalesce((
        select json_agg(json_build_object(
          'address_id', a.address_id, 'first_name', a.first_name, 'last_name', a.last_name,
          'company', a.company_name, 'address_line_1', a.address_line_1, 'address_line_2', a.address_line_2,
          'city', a.city, 'province', a.province, 'zip', a.zip, 'country', a.country,
          'phone_number', a.phone_number, 'customer_id', a.customer_id) order by a.address_id)
        from addresses a where a.customer_id = ${customerId}), '[]'::json)`,
      lists: sql<ListRow[]>`coalesce((
        select json_agg(json_build_object('list_id', l.list_id, 'list_name', l.list_name, 'customer_id', l.customer_id)
          order by l.created_at, l.list_id)
        from wish_lists l where l.customer_id = ${customerId}), '[]'::json)`,
      keys: sql<WishListItemKey[]>`coalesce((
        select json_agg(json_build_object(
          'list_id', k.list_id, 'item_id', k.item_id, 'sku', k.sku, 'item_condition', k.item_condition)
          order by k.list_id, k.added_at desc)
        from wish_list_items k join wish_lists l on l.list_id = k.list_id
        where l.customer_id = ${customerId}), '[]'::json)`,
      unreadMessages: sql<number>`(
        select count(*)::int from customer_messages m where m.customer_id = ${customerId} and m.read_at is null)`,
    })
    .from(sql`(select 1) as header`)
    .prepare('header_parts');
}

/** The header's statement, built once per database handle (it is read for every signed-in page). */
const headerStatements = new WeakMap<Queryable, ReturnType<typeof headerStatement>>();

export async function headerParts(db: Queryable, user: SessionUser): Promise<HeaderParts> {
  let statement = headerStatements.get(db);
  if (!statement) {
    statement = headerStatement(db);
    headerStatements.set(db, statement);
  }
  const [row] = await statement.execute({
    customerId: user.customerId,
    contactPersonId: user.contactPersonId,
  });
  if (!row) throw new Error('the header read returned no row');
  return {
    cartLines: row.cartLines,
    addresses: row.addresses,
    wishLists: withCounts(row.lists, row.keys),
    wishListsItems: row.keys,
    unreadMessages: row.unreadMessages,
  };
}

/** GET /api/header's answer for the signed-in buyer: their cart at their prices, the header's parts, who they are. */
export async function headerAnswer(
  services: { database: { db: Queryable }; catalog: CatalogStore },
  user: SessionUser,
): Promise<HeaderAnswer> {
  const { cartLines, ...parts } = await headerParts(services.database.db, user);
  return {
    scode: 200,
    cartItems: presentCart(services, user, cartLines),
    ...parts,
    customer: [customerInfo(user)],
  };
}
