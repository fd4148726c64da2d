/**
 * The answers of a signed-in customer's calls: the header data (GET /api/header), sign-in and sign-out,
 * the account area's sessions (GET /api/user/{customerid}/{session}[/{sessionid}]) and their writes
 * (addresses, buyers, wish lists, settings, subscription), the password reset, the account application,
 * the contact form and the inventory export.
 */
import { z } from 'zod';
import { AdminContact } from '../back-office/answers';
import { CONTACT_ROLES } from '../back-office/rules';
import { CartItem } from '../cart/answers';
import { PricedItemBrief } from '../catalog/answers';
import { Count, Envelope, MessageAnswer, Price, Timestamp } from '../core/answers';
import { LANGS } from '../core/i18n';
import { OrdersListAnswer } from '../orders/answers';

/** `admin` manages the company's buyers and addresses; `buyer` orders. */
export const BuyerRole = z.enum(CONTACT_ROLES);
export type BuyerRole = z.infer<typeof BuyerRole>;

/** The signed-in customer as sign-in, the header and the account settings show them. */
export const CustomerInfo = z.object({
  customer_id: z.string(),
  contact_person_id: z.string(),
  contact_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  company: z.string(),
  phone_number: z.string(),
  username: z.string(),
  /** The company's discount, in percent: what its prices are made of. */
  percentage: z.number().int().min(0).max(100),
  role: BuyerRole,
  /** The company's primary contact (signs in with the Customer ID). */
  is_primary: z.boolean(),
});
export type CustomerInfo = z.infer<typeof CustomerInfo>;

/** A saved address of the company. */
export const Address = z.object({
  address_id: z.number().int().min(1),
  first_name: z.string(),
  last_name: z.string(),
  /** company_name when sent, company when read back. */
  company: z.string(),
  address_line_1: z.string(),
  address_line_2: z.string(),
  city: z.string(),
  province: z.string(),
  zip: z.string(),
  country: z.string(),
  phone_number: z.string(),
  customer_id: z.string(),
});
export type Address = z.infer<typeof Address>;

export const WishList = z.object({
  list_id: z.string(),
  list_name: z.string(),
  /** Always false: lists are private. */
  is_public: z.boolean(),
  customer_id: z.string(),
  /** How many items it holds. */
  item_number: Count,
});
export type WishList = z.infer<typeof WishList>;

/** An item (id + condition) in one of the customer's lists: what the hearts need. */
export const WishListItemKey = z.object({
  list_id: z.string(),
  item_id: z.string(),
  sku: z.string(),
  item_condition: z.string(),
});
export type WishListItemKey = z.infer<typeof WishListItemKey>;

/** An item of a list, as a card at the customer's prices, with when it was added. */
export const WishListItem = PricedItemBrief.extend({ list_id: z.string(), added_at: Timestamp });
export type WishListItem = z.infer<typeof WishListItem>;

/** A sign-in of the company as its administrators see it: without the user name. */
export const Buyer = AdminContact.omit({ username: true });
export type Buyer = z.infer<typeof Buyer>;

/** A reply in a thread the seller's message starts: the buyer's, or the seller's answer. */
export const MessageReply = z.object({
  reply_id: z.number().int().min(1),
  author: z.enum(['buyer', 'seller']),
  /** The buyer's name; for the seller's answers, the shop's. */
  name: z.string(),
  body: z.string(),
  created_at: Timestamp,
});
export type MessageReply = z.infer<typeof MessageReply>;

/** A message from the seller; read one at a time, it comes with the thread's replies, oldest first. */
export const CustomerMessage = z.object({
  message_id: z.number().int().min(1),
  body: z.string(),
  created_at: Timestamp,
  is_read: z.boolean(),
  replies: z.array(MessageReply).optional(),
});
export type CustomerMessage = z.infer<typeof CustomerMessage>;

export const Subscription = z.object({ subscribed: z.boolean() });
export type Subscription = z.infer<typeof Subscription>;

/** A row of the inventory export: every active item once, at the customer's prices. */
export const ExportRow = z.object({
  product_model: z.string(),
  sku: z.string(),
  category: z.string(),
  stock: Count,
  scratch_dent_stock: Count,
  personal_price: Price,
  personal_sale_price: Price,
  personal_scratch_dent_price: Price,
});
export type ExportRow = z.infer<typeof ExportRow>;

// ---- Sign-in and the header data

/** GET /api/header: what every page of a signed-in customer shows (cart, addresses, lists, who). */
export const HeaderAnswer = Envelope.extend({
  cartItems: z.array(CartItem),
  addresses: z.array(Address),
  wishLists: z.array(WishList),
  wishListsItems: z.array(WishListItemKey),
  unreadMessages: Count,
  /** Always one: the signed-in customer. */
  customer: z.array(CustomerInfo).length(1),
});
export type HeaderAnswer = z.infer<typeof HeaderAnswer>;

/** POST /api/user/login */
export const SignInAnswer = Envelope.extend({ customerInfo: CustomerInfo });
export type SignInAnswer = z.infer<typeof SignInAnswer>;

/** POST /api/user/logout */
export const SignOutAnswer = MessageAnswer;
export type SignOutAnswer = z.infer<typeof SignOutAnswer>;

/** POST /api/user/language: the language kept on the account. */
export const LanguageAnswer = MessageAnswer.extend({ language: z.enum(LANGS) });
export type LanguageAnswer = z.infer<typeof LanguageAnswer>;

// ---- The account area's sessions: GET /api/user/{customerid}/{session}[/{sessionid}]

/** …/messages (newest first), …/messages/{id} (that one, now read). */
export const MessagesAnswer = Envelope.extend({ messages: z.array(CustomerMessage) });
export type MessagesAnswer = z.infer<typeof MessagesAnswer>;

/** …/buyers (the company's administrators only): the primary contact first. */
export const BuyersAnswer = Envelope.extend({ buyers: z.array(Buyer) });
export type BuyersAnswer = z.infer<typeof BuyersAnswer>;

/** …/addresses, and POST /api/user/address/create, POST …/address/{id}/edit: the addresses, oldest first. */
export const AddressesAnswer = Envelope.extend({ addresses: z.array(Address) });
export type AddressesAnswer = z.infer<typeof AddressesAnswer>;

/** …/addressForm (empty) and …/addressForm/{id} (that address). */
export const AddressFormAnswer = Envelope.extend({ addressForm: z.array(Address).max(1) });
export type AddressFormAnswer = z.infer<typeof AddressFormAnswer>;

/** …/wishLists, and creating, renaming or deleting a list: the lists, oldest first. */
export const WishListsAnswer = Envelope.extend({ wishLists: z.array(WishList) });
export type WishListsAnswer = z.infer<typeof WishListsAnswer>;

/** …/wishListCreate (empty) and …/wishListCreate/{listid} (that list, to rename it). */
export const WishListCreateAnswer = Envelope.extend({ wishListCreate: z.array(WishList).max(1) });
export type WishListCreateAnswer = z.infer<typeof WishListCreateAnswer>;

/** …/wishListItems/{listid}: the list's items, newest first. */
export const WishListItemsAnswer = Envelope.extend({ wishListItems: z.array(WishListItem) });
export type WishListItemsAnswer = z.infer<typeof WishListItemsAnswer>;

/** …/recentlyViewed: the last products looked at, newest first. */
export const RecentlyViewedAnswer = Envelope.extend({ recentlyViewed: z.array(PricedItemBrief) });
export type RecentlyViewedAnswer = z.infer<typeof RecentlyViewedAnswer>;

/** …/accountSettings: always one, the signed-in customer. */
export const AccountSettingsAnswer = Envelope.extend({ accountSettings: z.array(CustomerInfo).length(1) });
export type AccountSettingsAnswer = z.infer<typeof AccountSettingsAnswer>;

/** …/subscription: always one. */
export const SubscriptionAnswer = Envelope.extend({ subscription: z.array(Subscription).length(1) });
export type SubscriptionAnswer = z.infer<typeof SubscriptionAnswer>;

/** What each session of the account area answers, by its name (orders: the orders list). */
export const ACCOUNT_SESSION_ANSWERS = {
  orders: OrdersListAnswer,
  messages: MessagesAnswer,
  buyers: BuyersAnswer,
  addresses: AddressesAnswer,
  addressForm: AddressFormAnswer,
  wishLists: WishListsAnswer,
  wishListCreate: WishListCreateAnswer,
  wishListItems: WishListItemsAnswer,
  recentlyViewed: RecentlyViewedAnswer,
  accountSettings: AccountSettingsAnswer,
  subscription: SubscriptionAnswer,
} as const;
export type AccountSessionName = keyof typeof ACCOUNT_SESSION_ANSWERS;
export type AccountSessionAnswer<S extends AccountSessionName = AccountSessionName> = z.infer<
  (typeof ACCOUNT_SESSION_ANSWERS)[S]
>;

/** GET /api/user/{customerid}/{session}[/{sessionid}], whichever the session. */
export const AccountSectionAnswer = z.union([
  OrdersListAnswer,
  MessagesAnswer,
  BuyersAnswer,
  AddressesAnswer,
  AddressFormAnswer,
  WishListsAnswer,
  WishListCreateAnswer,
  WishListItemsAnswer,
  RecentlyViewedAnswer,
  AccountSettingsAnswer,
  SubscriptionAnswer,
]);
export type AccountSectionAnswer = z.infer<typeof AccountSectionAnswer>;

// ---- The account area's writes

/** POST /api/user/information/update: the password changed; the details as they are. */
export const AccountUpdateAnswer = MessageAnswer.extend({ customerInfo: CustomerInfo });
export type AccountUpdateAnswer = z.infer<typeof AccountUpdateAnswer>;

/** DELETE /api/user/{customerid}/address/{id}/delete: the addresses left, and a message. */
export const AddressDeletedAnswer = AddressesAnswer.extend({ smessage: z.string() });
export type AddressDeletedAnswer = z.infer<typeof AddressDeletedAnswer>;

/** POST /api/user/buyers/create, POST /api/user/{customerid}/buyers/{contactid}/edit */
export const BuyersChangedAnswer = BuyersAnswer.extend({ smessage: z.string() });
export type BuyersChangedAnswer = z.infer<typeof BuyersChangedAnswer>;

/** POST /api/user/wishList/item/add: every list and every item key, and a message. */
export const WishListItemAddedAnswer = MessageAnswer.extend({
  wishLists: z.array(WishList),
  wishListsItems: z.array(WishListItemKey),
});
export type WishListItemAddedAnswer = z.infer<typeof WishListItemAddedAnswer>;

/** DELETE /api/user/wishList/{listid}/item/{itemid}/{condition}/remove: also the list's items left. */
export const WishListItemRemovedAnswer = WishListItemAddedAnswer.extend({
  wishListItems: z.array(WishListItem),
});
export type WishListItemRemovedAnswer = z.infer<typeof WishListItemRemovedAnswer>;

/** POST /api/user/{customerid}/messages/{messageid}/reply: the thread with the reply, and a message. */
export const MessageRepliedAnswer = MessagesAnswer.extend({ smessage: z.string() });
export type MessageRepliedAnswer = z.infer<typeof MessageRepliedAnswer>;

/** POST /api/user/subscription */
export const SubscriptionChangedAnswer = SubscriptionAnswer.extend({ smessage: z.string() });
export type SubscriptionChangedAnswer = z.infer<typeof SubscriptionChangedAnswer>;

/** GET /api/export: the inventory at the customer's prices (the same rows as /api/export.csv). */
export const ExportAnswer = Envelope.extend({ itemList: z.array(ExportRow) });
export type ExportAnswer = z.infer<typeof ExportAnswer>;

// ---- Forms of visitors and customers: a message only

/** POST /api/user/forget/sendcode: the same message whether or not the account exists. */
export const ResetCodeSentAnswer = MessageAnswer;
export type ResetCodeSentAnswer = z.infer<typeof ResetCodeSentAnswer>;

/** POST /api/user/forget/resetpassword: `code` repeats the status, as the page once read it. */
export const PasswordResetAnswer = MessageAnswer.extend({ code: z.literal(200) });
export type PasswordResetAnswer = z.infer<typeof PasswordResetAnswer>;

/** POST /api/user/register: the account application was received. */
export const RegisterAnswer = MessageAnswer;
export type RegisterAnswer = z.infer<typeof RegisterAnswer>;

/** POST /api/zoho/sendemail: the contact form was sent. */
export const ContactAnswer = MessageAnswer;
export type ContactAnswer = z.infer<typeof ContactAnswer>;
