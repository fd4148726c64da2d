/**
 * The API's answers, shared by the server that makes them and the page that reads them: a Zod schema per
 * answer (and per shape inside one), each with the type of the same name. The schemas live by area in
 * answers/*.ts; the back office's are in admin-answers.ts, the company API's (keys and /api/v1) in
 * company-api.ts. `ANSWERS` names the schema of each buyer-facing
 * call.
 *
 * Import the types with `import type` where Zod should not load (the page's shared code).
 */

import { PasswordLinkAnswer, PasswordSetAnswer } from './admin-answers';
import {
  AccountSectionAnswer,
  AccountUpdateAnswer,
  AddressDeletedAnswer,
  AddressesAnswer,
  BuyersChangedAnswer,
  ContactAnswer,
  ExportAnswer,
  HeaderAnswer,
  LanguageAnswer,
  MessageRepliedAnswer,
  PasswordResetAnswer,
  RegisterAnswer,
  ResetCodeSentAnswer,
  SignInAnswer,
  SignOutAnswer,
  SubscriptionChangedAnswer,
  WishListItemAddedAnswer,
  WishListItemRemovedAnswer,
  WishListsAnswer,
} from './answers/account';
import { CartAnswer, CartRemoveAnswer, QuickOrderAnswer, ReorderAnswer } from './answers/cart';
import { CategoryItemsAnswer, MainPageAnswer, ProductInfoAnswer, SearchAnswer } from './answers/catalog';
import { InvoiceAnswer, OrderAnswer, OrdersListAnswer, PlaceOrderAnswer } from './answers/orders';
import { ApiKeyCreatedAnswer, ApiKeyRevokedAnswer, ApiKeysAnswer } from './company-api';

export { PasswordLinkAnswer, PasswordLinkInfo, PasswordSetAnswer } from './admin-answers';
export * from './answers/account';
export * from './answers/cart';
export * from './answers/catalog';
export * from './answers/common';
export * from './answers/orders';

/** The schema of each buyer-facing call's successful answer, by `METHOD /path` as the server routes it. */
export const ANSWERS = {
  'GET /api/mainpage': MainPageAnswer,
  'GET /api/category/:category': CategoryItemsAnswer,
  'GET /api/category/:category/:subcategory': CategoryItemsAnswer,
  'GET /api/search': SearchAnswer,
  'GET /api/product/:itemid': ProductInfoAnswer,
  'GET /api/product/:itemid/:condition': ProductInfoAnswer,
  'GET /api/header': HeaderAnswer,
  'POST /api/user/login': SignInAnswer,
  'POST /api/user/logout': SignOutAnswer,
  'POST /api/user/language': LanguageAnswer,
  'GET /api/user/:customerid/orders': OrdersListAnswer,
  'GET /api/user/:customerid/:session': AccountSectionAnswer,
  'GET /api/user/:customerid/:session/:sessionid': AccountSectionAnswer,
  'POST /api/user/information/update': AccountUpdateAnswer,
  'POST /api/user/forget/sendcode': ResetCodeSentAnswer,
  'POST /api/user/forget/resetpassword': PasswordResetAnswer,
  'POST /api/user/address/create': AddressesAnswer,
  'POST /api/user/:customerid/address/:addressId/edit': AddressesAnswer,
  'DELETE /api/user/:customerid/address/:addressId/delete': AddressDeletedAnswer,
  'POST /api/user/buyers/create': BuyersChangedAnswer,
  'POST /api/user/:customerid/buyers/:contactId/edit': BuyersChangedAnswer,
  'POST /api/user/wishList/create': WishListsAnswer,
  'POST /api/user/:customerid/wishLists/:listId/edit': WishListsAnswer,
  'DELETE /api/user/:customerid/wishLists/:listId/delete': WishListsAnswer,
  'POST /api/user/wishList/item/add': WishListItemAddedAnswer,
  'DELETE /api/user/wishList/:listId/item/:itemId/:condition/remove': WishListItemRemovedAnswer,
  'POST /api/user/subscription': SubscriptionChangedAnswer,
  'GET /api/export': ExportAnswer,
  'POST /api/user/register': RegisterAnswer,
  'POST /api/user/cart/quick-order': QuickOrderAnswer,
  'POST /api/user/cart/add': CartAnswer,
  'DELETE /api/user/:customerid/cart/:itemid/:condition/remove': CartRemoveAnswer,
  'POST /api/placeorder': PlaceOrderAnswer,
  'GET /api/user/:customerid/orders/:orderid': OrderAnswer,
  'POST /api/user/:customerid/orders/:orderid/reorder': ReorderAnswer,
  'GET /api/user/:customerid/invoices/:invoiceid': InvoiceAnswer,
  'POST /api/zoho/sendemail': ContactAnswer,
  'POST /api/user/:customerid/messages/:messageId/reply': MessageRepliedAnswer,
  'POST /api/password-link/check': PasswordLinkAnswer,
  'POST /api/password-link/set': PasswordSetAnswer,
  'GET /api/user/api-keys': ApiKeysAnswer,
  'POST /api/user/api-keys': ApiKeyCreatedAnswer,
  'POST /api/user/api-keys/:keyId/revoke': ApiKeyRevokedAnswer,
} as const;
export type AnsweredCall = keyof typeof ANSWERS;
