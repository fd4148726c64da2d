/** The customer's account: sessions of the account area, addresses, wish lists, settings, reset, export. */

import {
  AccountSectionAnswer,
  AccountUpdateAnswer,
  AddressDeletedAnswer,
  AddressesAnswer,
  BuyersChangedAnswer,
  ExportAnswer,
  PasswordResetAnswer,
  ResetCodeSentAnswer,
  SubscriptionChangedAnswer,
  WishListItemAddedAnswer,
  WishListItemRemovedAnswer,
  WishListsAnswer,
} from '@shop/domain/account/answers';
import {
  AccountSectionItemPath,
  AccountSectionPath,
  AccountUpdateBody,
  AddressBody,
  AddressPath,
  BuyerChangeBody,
  BuyerCreateBody,
  BuyerPath,
  PasswordResetBody,
  WishListBody,
  WishListItemPath,
  WishListPath,
} from '@shop/domain/account/requests';
import {
  ACCOUNT_MSG,
  resetCodeSchema,
  subscriptionSchema,
  WISH_LIST_NOT_FOUND,
  wishListItemSchema,
} from '@shop/domain/account/schemas';
import { REFUSALS } from '@shop/domain/core/contract';
import { message } from '@shop/domain/core/i18n';
import { MSG } from '@shop/domain/core/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { subscriptions as subscriptionsTable } from '../../db/schema';
import { requestLang } from '../../i18n/lang';
import { numericId } from '../../lib/back-office-http';
import { routeDocs, SECURITY } from '../../lib/contract';
import { HttpError } from '../../lib/http';
import { threadRepliesForBuyer } from '../messages';
import type { SessionUser } from '../sessions';
import {
  assertOwnCustomer,
  customerInfo,
  requireCompanyAdmin,
  requireUser,
  SESSION_COOKIE,
} from '../sessions';
import { ADDRESS_NOT_FOUND, createAddress, deleteAddress, updateAddress } from './addresses';
import { addBuyer, changeBuyer, listBuyers } from './buyers';
import { exportCsv, exportFileName, exportRows } from './export';
import { formIn } from './forms';
import type { CustomerNeeds } from './needs';
import { resetPassword, sendResetCode } from './password-reset';
import {
  findAddress,
  findWishList,
  isSubscribed,
  listAddresses,
  listMessages,
  listRecentlyViewed,
  listWishListItems,
  listWishLists,
  openMessage,
} from './queries';
import { flushProductViews } from './recently-viewed';
import { updateAccount } from './settings';
import {
  addWishListItem,
  createWishList,
  deleteWishList,
  removeWishListItem,
  renameWishList,
} from './wish-lists';

const LIMITED = { rateLimit: { max: 10, timeWindow: '1 minute' } };
const doc = routeDocs(['Account'], SECURITY.session);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The object under `key` of a JSON body as it came (undefined when the body has none). */
function part(body: unknown, key: string): unknown {
  return isRecord(body) ? body[key] : undefined;
}

/** A customer id in a body must be the session's (when given at all). */
function assertOwnBodyCustomer(user: SessionUser, value: unknown): void {
  if (isRecord(value) && value.customer_id !== undefined && value.customer_id !== user.customerId) {
    throw new HttpError(403, MSG.forbidden);
  }
}

/** Wish list ids are the customer id and a timestamp; anything malformed cannot be one of theirs. */
function listIdOf(value: string): string {
  if (value.length > 100) throw new HttpError(404, WISH_LIST_NOT_FOUND);
  return value;
}

/**
 * What a route checks before its body is read (preValidation): a visitor is told to sign in (401), a path
 * or form naming another customer is refused (403), and so is a buyer where only the company's
 * administrators may act (403), before what was sent is judged (400).
 */
function guard(options: { admin?: string; form?: string } = {}) {
  return async (request: FastifyRequest) => {
    const { customerid } = request.params as { customerid?: string };
    if (customerid !== undefined) assertOwnCustomer(request, customerid);
    const user = options.admin ? requireCompanyAdmin(request, options.admin) : requireUser(request);
    if (options.form) assertOwnBodyCustomer(user, part(request.body, options.form));
  };
}

/** The wish list hearts' calls tell a visitor to log in. */
const loggedIn = async (request: FastifyRequest) => {
  if (!request.user) throw new HttpError(401, ACCOUNT_MSG.pleaseLogin);
};

export function accountRoutes(app: FastifyInstance, services: CustomerNeeds): void {
  const { catalog, config } = services;
  const db = services.database.db;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Views waiting in memory are written before the app stops.
  app.addHook('onClose', async () => {
    await flushProductViews(services);
  });

  /**
   * The arrays of the account area: GET /user/{customerid}/{session}[/{sessionid}]. The orders session has
   * a route of its own in the orders module (its query is the orders list's).
   */
  const section = async (
    request: FastifyRequest,
    { customerid, session, sessionid }: { customerid: string; session: string; sessionid?: string },
  ) => {
    assertOwnCustomer(request, customerid);
    const user = requireUser(request);
    const id = user.customerId;
    const one = sessionid !== undefined;
    switch (session) {
      case 'messages': {
        if (!one) return { messages: await listMessages(db, id) };
        const message = await openMessage(db, id, numericId(sessionid, 'api.messageId', 400));
        if (!message) throw new HttpError(404, 'api.noSuchMessage');
        return { messages: [{ ...message, replies: await threadRepliesForBuyer(db, message.message_id) }] };
      }
      case 'buyers':
        requireCompanyAdmin(request, MSG.buyersAdminOnly);
        if (!one) return { buyers: await listBuyers(db, id) };
        break;
      case 'addresses':
        if (!one) return { addresses: await listAddresses(db, id) };
        break;
      case 'addressForm': {
        if (!one) return { addressForm: [] };
        const address = await findAddress(db, id, numericId(sessionid, 'api.addressId', 400));
        if (!address) throw new HttpError(404, ADDRESS_NOT_FOUND);
        return { addressForm: [address] };
      }
      case 'wishLists':
        if (!one) return { wishLists: await listWishLists(db, id) };
        break;
      case 'wishListCreate': {
        if (!one) return { wishListCreate: [] };
        const list = await findWishList(db, id, listIdOf(sessionid));
        if (!list) throw new HttpError(404, WISH_LIST_NOT_FOUND);
        return { wishListCreate: [list] };
      }
      case 'wishListItems': {
        if (!one) throw new HttpError(404, WISH_LIST_NOT_FOUND);
        const list = await findWishList(db, id, listIdOf(sessionid));
        if (!list) throw new HttpError(404, WISH_LIST_NOT_FOUND);
        return { wishListItems: await listWishListItems(db, catalog, list.list_id, user.percentage) };
      }
      case 'recentlyViewed':
        if (!one) return { recentlyViewed: await listRecentlyViewed(db, catalog, id, user.percentage) };
        break;
      case 'accountSettings':
        if (!one) return { accountSettings: [customerInfo(user)] };
        break;
      case 'subscription':
        if (!one) return { subscription: [{ subscribed: await isSubscribed(db, id) }] };
        break;
    }
    throw new HttpError(400, 'api.unknownSection');
  };

  const sectionAnswer = { 200: AccountSectionAnswer, ...REFUSALS };
  api.get(
    '/api/user/:customerid/:session',
    {
      schema: doc('A session of the account area: its array under its name (e.g. addresses)', {
        params: AccountSectionPath,
        response: sectionAnswer,
      }),
    },
    async (request, reply) => reply.send({ scode: 200, ...(await section(request, request.params)) }),
  );
  api.get(
    '/api/user/:customerid/:session/:sessionid',
    {
      schema: doc('One thing of a session of the account area: a message (now read), an address, a list', {
        params: AccountSectionItemPath,
        response: sectionAnswer,
      }),
    },
    async (request, reply) => reply.send({ scode: 200, ...(await section(request, request.params)) }),
  );

  // ---- Account settings and password reset

  api.post(
    '/api/user/information/update',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: doc('Account settings: changes the password (the other details are read-only)', {
        body: AccountUpdateBody,
        response: { 200: AccountUpdateAnswer, ...REFUSALS },
      }),
      validatorCompiler: formIn('customerInfo'),
      preValidation: guard({ form: 'customerInfo' }),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const form = request.body.customerInfo;
      await updateAccount(services, user, request.cookies[SESSION_COOKIE], form, request.log);
      return reply.send({
        scode: 200,
        smessage: request.say(ACCOUNT_MSG.updated),
        customerInfo: customerInfo(user),
      });
    },
  );

  api.post(
    '/api/user/forget/sendcode',
    {
      config: LIMITED,
      schema: doc(
        'Mails a password reset code to the account of a Customer ID (the same answer if there is none)',
        { tags: ['Sign-in'], body: resetCodeSchema, response: { 200: ResetCodeSentAnswer, ...REFUSALS } },
        SECURITY.open,
      ),
    },
    async (request, reply) => {
      await sendResetCode(services, request.body.username);
      return reply.send({ scode: 200, smessage: request.say(ACCOUNT_MSG.resetCodeSent) });
    },
  );

  api.post(
    '/api/user/forget/resetpassword',
    {
      config: LIMITED,
      schema: doc(
        'Sets a new password with the mailed code; every session of the account ends',
        { tags: ['Sign-in'], body: PasswordResetBody, response: { 200: PasswordResetAnswer, ...REFUSALS } },
        SECURITY.open,
      ),
    },
    async (request, reply) => {
      await resetPassword(services, request.body, request.log);
      return reply.send({ code: 200, scode: 200, smessage: request.say(ACCOUNT_MSG.resetDone) });
    },
  );

  // ---- Addresses (the company's administrators)

  const addressForm = formIn('addressInfo', ACCOUNT_MSG.addressInvalid);
  api.post(
    '/api/user/address/create',
    {
      schema: doc('Adds an address of the company', {
        body: AddressBody,
        response: { 200: AddressesAnswer, ...REFUSALS },
      }),
      validatorCompiler: addressForm,
      preValidation: guard({ admin: MSG.addressesAdminOnly, form: 'addressInfo' }),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const addresses = await createAddress(db, user.customerId, request.body.addressInfo);
      // A company's first address may make its buyers' language French (billed in Quebec).
      await services.sessions.refreshCustomer(user.customerId);
      return reply.send({ scode: 200, addresses });
    },
  );

  api.post(
    '/api/user/:customerid/address/:addressId/edit',
    {
      schema: doc('Changes an address of the company', {
        params: AddressPath,
        body: AddressBody,
        response: { 200: AddressesAnswer, ...REFUSALS },
      }),
      validatorCompiler: addressForm,
      preValidation: guard({ admin: MSG.addressesAdminOnly, form: 'addressInfo' }),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const addresses = await updateAddress(
        db,
        user.customerId,
        request.params.addressId,
        request.body.addressInfo,
      );
      await services.sessions.refreshCustomer(user.customerId);
      return reply.send({ scode: 200, addresses });
    },
  );

  api.delete(
    '/api/user/:customerid/address/:addressId/delete',
    {
      schema: doc('Deletes an address of the company', {
        params: AddressPath,
        response: { 200: AddressDeletedAnswer, ...REFUSALS },
      }),
      preValidation: guard({ admin: MSG.addressesAdminOnly }),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const addresses = await deleteAddress(db, user.customerId, request.params.addressId);
      await services.sessions.refreshCustomer(user.customerId);
      return reply.send({ scode: 200, addresses, smessage: request.say('api.addressDeleted') });
    },
  );

  // ---- The company's buyers (its administrators only)

  const deps = services.backOffice;
  api.post(
    '/api/user/buyers/create',
    {
      schema: doc('Adds a buyer of the company, mailed a link to set a password', {
        body: BuyerCreateBody,
        response: { 200: BuyersChangedAnswer, ...REFUSALS },
      }),
      validatorCompiler: formIn('buyerInfo'),
      preValidation: guard({ admin: MSG.buyersAdminOnly, form: 'buyerInfo' }),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const buyers = await addBuyer(deps, user, request.body.buyerInfo, requestLang(request));
      return reply.send({
        scode: 200,
        smessage: request.say('api.buyerAdded'),
        buyers,
      });
    },
  );

  api.post(
    '/api/user/:customerid/buyers/:contactId/edit',
    {
      schema: doc("Changes a buyer's role, or turns them off or on", {
        params: BuyerPath,
        body: BuyerChangeBody,
        response: { 200: BuyersChangedAnswer, ...REFUSALS },
      }),
      validatorCompiler: formIn('buyerInfo'),
      preValidation: guard({ admin: MSG.buyersAdminOnly }),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const buyers = await changeBuyer(deps, user, request.params.contactId, request.body.buyerInfo);
      return reply.send({ scode: 200, smessage: request.say('api.buyerUpdated'), buyers });
    },
  );

  // ---- Wish lists

  api.post(
    '/api/user/wishList/create',
    {
      schema: doc('Creates a wish list', {
        body: WishListBody,
        response: { 200: WishListsAnswer, ...REFUSALS },
      }),
      validatorCompiler: formIn('wishList'),
      preValidation: guard({ form: 'wishList' }),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const wishLists = await createWishList(db, user.customerId, request.body.wishList.list_name);
      return reply.send({ scode: 200, wishLists });
    },
  );

  api.post(
    '/api/user/:customerid/wishLists/:listId/edit',
    {
      schema: doc('Renames a wish list', {
        params: WishListPath,
        body: WishListBody,
        response: { 200: WishListsAnswer, ...REFUSALS },
      }),
      validatorCompiler: formIn('wishList'),
      preValidation: guard(),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const listId = listIdOf(request.params.listId);
      const name = request.body.wishList.list_name;
      return reply.send({ scode: 200, wishLists: await renameWishList(db, user.customerId, listId, name) });
    },
  );

  api.delete(
    '/api/user/:customerid/wishLists/:listId/delete',
    {
      schema: doc('Deletes a wish list and its items', {
        params: WishListPath,
        response: { 200: WishListsAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      assertOwnCustomer(request, request.params.customerid);
      const user = requireUser(request);
      const wishLists = await deleteWishList(db, user.customerId, listIdOf(request.params.listId));
      return reply.send({ scode: 200, wishLists });
    },
  );

  api.post(
    '/api/user/wishList/item/add',
    {
      schema: doc('Adds an item (in its own condition unless one is named) to a wish list', {
        body: wishListItemSchema,
        response: { 200: WishListItemAddedAnswer, ...REFUSALS },
      }),
      preValidation: loggedIn,
    },
    async (request, reply) => {
      const user = requireUser(request);
      const change = await addWishListItem(db, catalog, user.customerId, request.body);
      return reply.send({
        scode: 200,
        wishListsItems: change.wishListsItems,
        wishLists: change.wishLists,
        smessage: request.say(message('api.wishListAdded', { item: change.itemName, list: change.listName })),
      });
    },
  );

  api.delete(
    '/api/user/wishList/:listId/item/:itemId/:condition/remove',
    {
      schema: doc('Takes an item out of a wish list (not there is not an error)', {
        params: WishListItemPath,
        response: { 200: WishListItemRemovedAnswer, ...REFUSALS },
      }),
      preValidation: loggedIn,
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { itemId, condition } = request.params;
      const listId = listIdOf(request.params.listId);
      const change = await removeWishListItem(db, catalog, user.customerId, listId, itemId, condition);
      return reply.send({
        scode: 200,
        wishLists: change.wishLists,
        wishListItems: await listWishListItems(db, catalog, listId, user.percentage),
        wishListsItems: change.wishListsItems,
        smessage: request.say(
          message('api.wishListRemoved', { item: change.itemName, list: change.listName }),
        ),
      });
    },
  );

  // ---- Subscription

  api.post(
    '/api/user/subscription',
    {
      schema: doc('Subscribes to the newsletter, or unsubscribes', {
        body: subscriptionSchema,
        response: { 200: SubscriptionChangedAnswer, ...REFUSALS },
      }),
      preValidation: guard(),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { subscribed } = request.body;
      await db
        .insert(subscriptionsTable)
        .values({ customerId: user.customerId, subscribed })
        .onConflictDoUpdate({
          target: subscriptionsTable.customerId,
          set: { subscribed, updatedAt: new Date() },
        });
      return reply.send({
        scode: 200,
        subscription: [{ subscribed }],
        smessage: request.say(subscribed ? 'api.subscribed' : 'api.unsubscribed'),
      });
    },
  );

  // ---- Export

  api.get(
    '/api/export',
    {
      schema: doc("The inventory at the customer's prices: every active item once", {
        response: { 200: ExportAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.send({ scode: 200, itemList: exportRows(catalog, user.percentage) });
    },
  );

  api.get(
    '/api/export.csv',
    {
      schema: doc("The inventory at the customer's prices as a CSV file (headers in the buyer's language)", {
        response: {
          200: {
            description: 'The same rows as GET /api/export, as an attachment',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...REFUSALS,
        },
      }),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const csv = exportCsv(exportRows(catalog, user.percentage), requestLang(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(config.SHOP_TIME_ZONE)}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
