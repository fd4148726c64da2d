/** Answer shapes of the account API (GET /user/{customerid}/{session}[/{sessionid}] and the writes). */
import type { CustomerInfo, ItemBrief } from '../../lib/types';

export interface Order {
  order_id: string | number;
  order_number: string;
  created_time: string;
  created_at: string;
  total: number;
  status: string;
  purchase_order_id: string | null;
  invoice_id: string | number | null;
  invoice_number: string | null;
  invoice_total: number | null;
}

export interface Message {
  message_id: string | number;
  body: string;
  created_at: string;
  is_read: boolean;
}

export interface Address {
  address_id: string | number;
  first_name: string;
  last_name: string;
  company: string;
  address_line_1: string;
  address_line_2: string;
  city: string;
  province: string;
  zip: string;
  country: string;
  phone_number: string;
  customer_id: string;
}

export interface WishList {
  list_id: string;
  list_name: string;
  is_public: boolean;
  customer_id: string;
  item_number: number;
}

export interface WishListEntry {
  list_id: string;
  item_id: string;
  sku: string;
  item_condition: string;
}

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
];

export function isSessionName(value: string): value is SessionName {
  return (SESSIONS as readonly string[]).includes(value);
}
