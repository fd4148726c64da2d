/** The customer's account: sessions of the account area, addresses, wish lists, settings, reset, export. */
import { ACCOUNT_MSG, APPLICATION_MSG, accountApplicationSchema } from '@shop/domain/account';
import { MSG } from '@shop/domain/messages';
import { ordersQuerySchema } from '@shop/domain/orders';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accountApplications, subscriptions as subscriptionsTable } from '../../db/schema';
import { requestLang } from '../../i18n/lang';
import { HttpError, parseOr400 } from '../../lib/http';
import { oneLine, quotedUnder } from '../../mail/text';
import { listOrders } from '../orders';
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
  WISH_LIST_NOT_FOUND,
} from './wish-lists';

const LIMITED = { rateLimit: { max: 10, timeWindow: '1 minute' } };
const MAX_ID = 2_147_483_647;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The object under `key` of a JSON body (undefined when the body has none). */
function part(body: unknown, key: string): unknown {
  return isRecord(body) ? body[key] : undefined;
}

/** A numeric id from the path; anything else is a 400 that says so. */
function numericId(value: string | undefined, label: string): number {
  if (value === undefined || !/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > MAX_ID) {
    throw new HttpError(400, `${label} must be a whole number of 1 or more.`);
  }
  return Number(value);
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

type SessionParams = { customerid: string; session: string; sessionid?: string };

export function accountRoutes(app: FastifyInstance, services: CustomerNeeds): void {
  const { catalog, mailer, config } = services;
  const db = services.database.db;

  // Views waiting in memory are written before the app stops.
  app.addHook('onClose', async () => {
    await flushProductViews(services);
  });

  /** The arrays of the account area: GET /user/{customerid}/{session}[/{sessionid}]. */
  const section = async (request: FastifyRequest<{ Params: SessionParams }>) => {
    const { customerid, session, sessionid } = request.params;
    assertOwnCustomer(request, customerid);
    const user = requireUser(request);
    const id = user.customerId;
    const one = sessionid !== undefined;
    switch (session) {
      case 'orders':
        if (!one) return listOrders(db, id, parseOr400(ordersQuerySchema, request.query ?? {}));
        break;
      case 'messages': {
        if (!one) return { messages: await listMessages(db, id) };
        const message = await openMessage(db, id, numericId(sessionid, 'Message id'));
        if (!message) throw new HttpError(404, 'This message does not exist in your account.');
        return { messages: [message] };
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
        const address = await findAddress(db, id, numericId(sessionid, 'Address id'));
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
    throw new HttpError(400, 'Unknown account section.');
  };

  app.get<{ Params: SessionParams }>('/api/user/:customerid/:session', async (request, reply) =>
    reply.send({ scode: 200, ...(await section(request)) }),
  );
  app.get<{ Params: SessionParams }>('/api/user/:customerid/:session/:sessionid', async (request, reply) =>
    reply.send({ scode: 200, ...(await section(request)) }),
  );

  // ---- Account settings and password reset

  app.post(
    '/api/user/information/update',
    { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const user = requireUser(request);
      await updateAccount(services, user, request.cookies[SESSION_COOKIE], request.body, request.log);
      return reply.send({ scode: 200, smessage: ACCOUNT_MSG.updated, customerInfo: customerInfo(user) });
    },
  );

  app.post('/api/user/forget/sendcode', { config: LIMITED }, async (request, reply) => {
    await sendResetCode(services, request.body);
    return reply.send({ scode: 200, smessage: ACCOUNT_MSG.resetCodeSent });
  });

  app.post('/api/user/forget/resetpassword', { config: LIMITED }, async (request, reply) => {
    await resetPassword(services, request.body, request.log);
    return reply.send({ code: 200, scode: 200, smessage: ACCOUNT_MSG.resetDone });
  });

  // ---- Addresses

  app.post('/api/user/address/create', async (request, reply) => {
    const user = requireCompanyAdmin(request, MSG.addressesAdminOnly);
    const info = part(request.body, 'addressInfo');
    assertOwnBodyCustomer(user, info);
    const addresses = await createAddress(db, user.customerId, info);
    // A company's first address may make its buyers' language French (billed in Quebec).
    await services.sessions.refreshCustomer(user.customerId);
    return reply.send({ scode: 200, addresses });
  });

  app.post<{ Params: { customerid: string; addressId: string } }>(
    '/api/user/:customerid/address/:addressId/edit',
    async (request, reply) => {
      assertOwnCustomer(request, request.params.customerid);
      const user = requireCompanyAdmin(request, MSG.addressesAdminOnly);
      const addressId = numericId(request.params.addressId, 'Address id');
      const info = part(request.body, 'addressInfo');
      assertOwnBodyCustomer(user, info);
      const addresses = await updateAddress(db, user.customerId, addressId, info);
      await services.sessions.refreshCustomer(user.customerId);
      return reply.send({ scode: 200, addresses });
    },
  );

  app.delete<{ Params: { customerid: string; addressId: string } }>(
    '/api/user/:customerid/address/:addressId/delete',
    async (request, reply) => {
      assertOwnCustomer(request, request.params.customerid);
      const user = requireCompanyAdmin(request, MSG.addressesAdminOnly);
      const addressId = numericId(request.params.addressId, 'Address id');
      const addresses = await deleteAddress(db, user.customerId, addressId);
      await services.sessions.refreshCustomer(user.customerId);
      return reply.send({ scode: 200, addresses, smessage: 'Address has been deleted.' });
    },
  );

  // ---- The company's buyers (its administrators only)

  const deps = services.backOffice;
  app.post('/api/user/buyers/create', async (request, reply) => {
    const user = requireCompanyAdmin(request, MSG.buyersAdminOnly);
    const info = part(request.body, 'buyerInfo');
    assertOwnBodyCustomer(user, info);
    const buyers = await addBuyer(deps, user, info);
    return reply.send({
      scode: 200,
      smessage: 'The buyer has been added and mailed a link to set a password.',
      buyers,
    });
  });

  app.post<{ Params: { customerid: string; contactId: string } }>(
    '/api/user/:customerid/buyers/:contactId/edit',
    async (request, reply) => {
      assertOwnCustomer(request, request.params.customerid);
      const user = requireCompanyAdmin(request, MSG.buyersAdminOnly);
      const buyers = await changeBuyer(deps, user, request.params.contactId, part(request.body, 'buyerInfo'));
      return reply.send({ scode: 200, smessage: 'The buyer has been updated.', buyers });
    },
  );

  // ---- Wish lists

  app.post('/api/user/wishList/create', async (request, reply) => {
    const user = requireUser(request);
    const wishList = part(request.body, 'wishList');
    assertOwnBodyCustomer(user, wishList);
    return reply.send({ scode: 200, wishLists: await createWishList(db, user.customerId, wishList) });
  });

  app.post<{ Params: { customerid: string; listId: string } }>(
    '/api/user/:customerid/wishLists/:listId/edit',
    async (request, reply) => {
      assertOwnCustomer(request, request.params.customerid);
      const user = requireUser(request);
      const listId = listIdOf(request.params.listId);
      const wishLists = await renameWishList(db, user.customerId, listId, part(request.body, 'wishList'));
      return reply.send({ scode: 200, wishLists });
    },
  );

  app.delete<{ Params: { customerid: string; listId: string } }>(
    '/api/user/:customerid/wishLists/:listId/delete',
    async (request, reply) => {
      assertOwnCustomer(request, request.params.customerid);
      const user = requireUser(request);
      const wishLists = await deleteWishList(db, user.customerId, listIdOf(request.params.listId));
      return reply.send({ scode: 200, wishLists });
    },
  );

  app.post('/api/user/wishList/item/add', async (request, reply) => {
    if (!request.user) throw new HttpError(401, ACCOUNT_MSG.pleaseLogin);
    const change = await addWishListItem(db, catalog, request.user.customerId, request.body);
    return reply.send({
      scode: 200,
      wishListsItems: change.wishListsItems,
      wishLists: change.wishLists,
      smessage: `${change.itemName} has been added to wish list ${change.listName}.`,
    });
  });

  app.delete<{ Params: { listId: string; itemId: string; condition: string } }>(
    '/api/user/wishList/:listId/item/:itemId/:condition/remove',
    async (request, reply) => {
      if (!request.user) throw new HttpError(401, ACCOUNT_MSG.pleaseLogin);
      const user = request.user;
      const { itemId, condition } = request.params;
      const listId = listIdOf(request.params.listId);
      const change = await removeWishListItem(db, catalog, user.customerId, listId, itemId, condition);
      return reply.send({
        scode: 200,
        wishLists: change.wishLists,
        wishListItems: await listWishListItems(db, catalog, listId, user.percentage),
        wishListsItems: change.wishListsItems,
        smessage: `${change.itemName} has been removed from wish list ${change.listName}.`,
      });
    },
  );

  // ---- Subscription

  const subscriptionSchema = z.object({
    subscribed: z.boolean({ error: 'Subscribed must be true or false.' }),
  });
  app.post('/api/user/subscription', async (request, reply) => {
    const user = requireUser(request);
    const { subscribed } = parseOr400(subscriptionSchema, request.body);
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
      smessage: subscribed
        ? 'You have subscribed to our newsletter.'
        : 'You have unsubscribed from our newsletter.',
    });
  });

  // ---- Export

  app.get('/api/export', async (request, reply) => {
    const user = requireUser(request);
    return reply.send({ scode: 200, itemList: exportRows(catalog, user.percentage) });
  });

  app.get('/api/export.csv', async (request, reply) => {
    const user = requireUser(request);
    const csv = exportCsv(exportRows(catalog, user.percentage), requestLang(request));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName()}"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  // ---- Account application (visitors)

  app.post('/api/user/register', { config: LIMITED }, async (request, reply) => {
    const form = parseOr400(accountApplicationSchema, request.body);
    await db.transaction(async (tx) => {
      const [saved] = await tx
        .insert(accountApplications)
        .values({
          company: form.company,
          contactName: form.contactName,
          email: form.email,
          phoneNumber: form.phoneNumber,
          province: form.province,
          message: form.message,
          language: requestLang(request),
        })
        .returning({ id: accountApplications.applicationId });
      // The seller hears of it by mail, queued with the application: both are kept, or neither.
      await mailer.enqueue(
        {
          to: config.SHOP_INBOX,
          replyTo: form.email,
          subject: `Account application #${saved!.id}: ${form.company}`,
          // What the applicant typed cannot pass for a line of this mail: the one-line fields are on one
          // line (the schema keeps them so), and the message is quoted line by line.
          body: [
            `Company: ${oneLine(form.company)}`,
            `Contact: ${oneLine(form.contactName)}`,
            `Email: ${oneLine(form.email)}`,
            `Phone: ${form.phoneNumber}`,
            `Province: ${form.province}`,
            '',
            ...quotedUnder('Message:', form.message),
            '',
            `Review it with: npm run seller -- applications`,
          ].join('\n'),
        },
        tx,
      );
    });
    mailer.kick();
    return reply.send({ scode: 200, smessage: APPLICATION_MSG.received });
  });
}
