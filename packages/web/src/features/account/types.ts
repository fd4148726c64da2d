/** Answer shapes of the account API (GET /user/{customerid}/{session}[/{sessionid}] and the writes). */
import type { AdminContact } from '@shop/domain/admin';
import type { Address, WishList, WishListItemKey } from '@shop/domain/api';
import type { CustomerInfo, ItemBrief } from '../../lib/types';

export interface Order {
  order_id: string | number;
  order_number: string;
  /** The server's clock when the order was placed (created_time carries the same). */
  created_at: string;
  total: number;
  status: string;
  purchase_order_id: string | null;
  invoice_id: string | number | null;
  invoice_number: string | null;
  invoice_total: number | null;
  /** The name of the company's buyer who placed it. */
  placed_by: string;
}

/** One page of the orders list and where it stands. */
export interface OrdersPage {
  orders: Order[];
  ordersPage: { total: number; page: number; pages: number; pageSize: number };
}

/** A buyer of the company, as its administrators see them. */
/** A company's administrators do not see the user names of its buyers (a clash elsewhere would show). */
export type Buyer = Omit<AdminContact, 'username'>;

export interface Message {
  message_id: string | number;
  body: string;
  created_at: string;
  is_read: boolean;
}

export type { Address, WishList };
export type WishListEntry = WishListItemKey;

export type WishListItem = ItemBrief & { list_id: string; added_at: string };

export interface Subscription {
  subscribed: boolean;
}

/** What the session's GET answers hold, by session name. */
export interface SessionData {
  orders: Order;
  messages: Message;
  addresses: Address;
  addressForm: Address;
  wishLists: WishList;
  wishListCreate: WishList;
  wishListItems: WishListItem;
  recentlyViewed: ItemBrief;
  accountSettings: CustomerInfo;
  subscription: Subscription;
  buyers: Buyer;
}
export type SessionName = keyof SessionData;

export const SESSIONS: readonly SessionName[] = [
  'orders',
  'messages',
  'addresses',
  'addressForm',
  'wishLists',
  'wishListCreate',
  'wishListItems',
  'recentlyViewed',
  'accountSettings',
  'subscription',
  'buyers',
];

export function isSessionName(value: string): value is SessionName {
  return (SESSIONS as readonly string[]).includes(value);
}
