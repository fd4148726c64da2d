/**
 * /api/v1: the API for a company's own systems. Every request carries `Authorization: Bearer <key>`; a
 * session cookie does not count here. Each request is checked against the key (revoked keys stop at once),
 * counted against the key's limit in the database (so it holds across server processes), and recorded in
 * api_key_uses with its route and status (the key's latest 1,000 uses are kept: uses.ts).
 */

import { CreditNoteAnswer, CreditNotesAnswer } from '@shop/domain/after-sale/credit-answers';
import {
  ApiDevicePath,
  DeviceAnswer,
  DevicesAnswer,
  devicesQuerySchema,
} from '@shop/domain/after-sale/device-schemas';
import type { ApiScope } from '@shop/domain/company-api/schemas';
import {
  API_MSG,
  ApiAddressesAnswer,
  ApiOrderAnswer,
  ApiOrderHeaders,
  ApiOrderParams,
  ApiOrderPlacedAnswer,
  ApiOrderRequest,
  ApiOrdersAnswer,
  PRICE_LIST_CSV_COLUMNS,
  PriceListAnswer,
  PriceListQuery,
} from '@shop/domain/company-api/schemas';
import { REFUSALS } from '@shop/domain/core/contract';
import { message } from '@shop/domain/core/i18n';
import { toAmount } from '@shop/domain/core/money';
import { ordersQuerySchema } from '@shop/domain/orders/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLang } from '../../i18n/lang';
import { HttpError } from '../../lib/http';
import { urlWithoutSecrets } from '../../lib/request-log';
import {
  companyCreditCents,
  creditNoteDetail,
  creditNoteIdByNumber,
  listCreditNotes,
  renderCreditNotePdf,
} from '../credit-notes';
import { deviceBySerial, listContext, listDevices } from '../devices';
import { invoiceDocument, renderInvoicePdf, sellerOf } from '../invoices';
import { type ApiCaller, checkKey } from './keys';
import type { CompanyApiNeeds } from './needs';
import { companyAddresses, invoiceIdOf, listApiOrders, orderByNumber, placeApiOrder } from './orders';
import { priceListCsv, readPriceList } from './price-list';
import { KeyUses } from './uses';

declare module 'fastify' {
  interface FastifyRequest {
    /** The company API's caller, once its key is checked (/api/v1 only). */
    apiCaller: ApiCaller | null;
    /** The key a /api/v1 request named, when it is one of ours (revoked ones included): its use is recorded. */
    apiKeyId: number | null;
  }
}

const REALM = 'Bearer realm="Acer Store for Business API"';
const SECURITY = [{ apiKey: [] }] as { [scheme: string]: string[] }[];

function callerOf(request: FastifyRequest): ApiCaller {
  // Set by the onRequest hook before any handler runs.
  return request.apiCaller!;
}

/** A preHandler that refuses (403) a key without the permission. */
function needs(scope: ApiScope) {
  return async (request: FastifyRequest) => {
    if (!callerOf(request).scopes.includes(scope))
      throw new HttpError(403, scope === 'prices:read' ? API_MSG.needsPrices : API_MSG.needsOrders);
  };
}

export async function v1Routes(app: FastifyInstance, deps: CompanyApiNeeds): Promise<void> {
  const db = deps.database.db;
  const log = deps.log;
  app.decorateRequest('apiCaller', null);
  app.decorateRequest('apiKeyId', null);

  // Requests without a valid key (missing, malformed, unknown or revoked), counted per client address in
  // every process: past LOGIN_RATE_LIMIT a minute they get 429, so keys cannot be tried by the thousand.
  const wrongKeys = app.rateLimit({
    max: deps.config.LOGIN_RATE_LIMIT,
    timeWindow: 60_000,
    keyGenerator: (request) => `api-key-wrong:${request.ip}`,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, API_MSG.wrongKeysLimited(context.max, Math.max(1, Math.ceil(context.ttl / 1000)))),
  });

  // Who is calling: the key, never a cookie. A refusal is sent from here, with WWW-Authenticate.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const checked = await checkKey(db, request.headers.authorization);
    if (checked.ok) {
      request.apiCaller = checked.caller;
      request.apiKeyId = checked.caller.keyId;
      return;
    }
    // Only requests refused here count; past the limit this throws the 429.
    if (checked.status === 401) await wrongKeys.call(app, request, reply);
    request.apiKeyId = checked.keyId ?? null;
    if (checked.status === 401) {
      const error = request.headers.authorization ? `, error="invalid_token"` : '';
      reply.header('www-authenticate', `${REALM}${error}`);
    }
    return reply.code(checked.status).send({ scode: checked.status, smessage: request.say(checked.message) });
  });

  // At most API_KEY_RATE_LIMIT requests a minute per key, over every /api/v1 call, in every process.
  const max = deps.config.API_KEY_RATE_LIMIT;
  app.addHook(
    'onRequest',
    app.rateLimit({
      max,
      timeWindow: 60_000,
      keyGenerator: (request) => `api-key:${request.apiCaller?.keyId ?? 0}`,
      errorResponseBuilder: (_request, context) =>
        new HttpError(429, API_MSG.rateLimited(context.max, Math.max(1, Math.ceil(context.ttl / 1000)))),
    }),
  );

  // Every use of a key: one row, and the key's last use (after the answer is sent; never the secret); the
  // key's older uses are pruned now and then. A server that closes waits for the rows still being written.
  const uses = new KeyUses(db);
  const recording = new Set<Promise<unknown>>();
  app.addHook('onResponse', async (request, reply) => {
    const keyId = request.apiKeyId;
    if (keyId === null) return;
    // An unknown path is kept as asked, less any key written into it.
    const route = request.routeOptions.url ?? urlWithoutSecrets(request.url.split('?')[0]!);
    const written = uses
      .record({
        keyId,
        valid: request.apiCaller !== null,
        method: request.method,
        route,
        status: reply.statusCode,
      })
      .catch((error: unknown) => log.warn({ err: error, keyId }, 'recording an API key use failed'))
      .finally(() => recording.delete(written));
    recording.add(written);
    await written;
  });
  app.addHook('onClose', async () => {
    await Promise.allSettled([...recording]);
  });

  const api = app.withTypeProvider<ZodTypeProvider>();

  // ---- The price list

  api.get(
    '/api/v1/price-list',
    {
      preHandler: needs('prices:read'),
      schema: {
        tags: ['Company API'],
        security: SECURITY,
        summary: "The company's price list (JSON, paged)",
        description: [
          'Every active item with its own prices for the company, per condition it is sold in (brand new,',
          'recertified or extended warranty, and scratch and dent when it has that), the sale price when one',
          'applies, and the stock, by SKU. **Money is integer cents (CAD).**',
          '',
          'A nightly copy: read every page (`next` until it is null), keep `next_changed_since` of the first',
          'page; afterwards ask `?changed_since=<that time>` for only what changed (a price edit, a sale, the',
          'company’s prices), items withdrawn from sale included with `active: false`. Needs `prices:read`.',
        ].join('\n'),
        querystring: PriceListQuery,
        response: { 200: PriceListAnswer, ...REFUSALS },
      },
    },
    async (request) => {
      const { page, page_size, changed_since } = request.query;
      const read = await readPriceList(db, callerOf(request).customerId, {
        changedSince: changed_since,
        limit: page_size,
        offset: (page - 1) * page_size,
      });
      const pages = Math.ceil(read.total / page_size);
      const nextPage = page < pages ? page + 1 : null;
      const since = changed_since ? `&changed_since=${encodeURIComponent(changed_since.toISOString())}` : '';
      return {
        scode: 200 as const,
        items: read.items,
        page,
        page_size,
        total: read.total,
        pages,
        next_page: nextPage,
        next: nextPage === null ? null : `/api/v1/price-list?page=${nextPage}&page_size=${page_size}${since}`,
        next_changed_since: read.watermark,
      };
    },
  );

  api.get(
    '/api/v1/price-list.csv',
    {
      preHandler: needs('prices:read'),
      schema: {
        tags: ['Company API'],
        security: SECURITY,
        summary: "The company's price list (CSV)",
        description: [
          'The same rows as `/api/v1/price-list`, whole (no pages), as CSV with a header row: one line per',
          'item and condition, money in integer cents. `changed_since` works as there. The',
          '`X-Next-Changed-Since` header carries the time to pass next. Needs `prices:read`.',
        ].join('\n'),
        querystring: PriceListQuery.pick({ changed_since: true }),
        response: {
          200: {
            description: 'The price list as CSV.',
            content: {
              'text/csv': {
                schema: z.string().meta({
                  examples: [
                    `${PRICE_LIST_CSV_COLUMNS.join(',')}\r\n5308,NX.K3KAA.001,Acer Aspire 5 A515-58M-54LG,Notebook,,true,BrandNew,114999,104999,104999,42,true,2026-11-22T14:05:09.123Z\r\n`,
                  ],
                }),
              },
            },
          },
          ...REFUSALS,
        },
      },
    },
    async (request, reply) => {
      const read = await readPriceList(db, callerOf(request).customerId, {
        changedSince: request.query.changed_since,
        limit: null,
        offset: 0,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="price-list.csv"')
        .header('x-next-changed-since', read.watermark)
        .header('cache-control', 'no-store')
        .send(priceListCsv(read.items));
    },
  );

  // ---- Addresses and orders

  const ORDERS = { tags: ['Company API'], security: SECURITY };

  api.get(
    '/api/v1/addresses',
    {
      schema: {
        ...ORDERS,
        summary: "The company's saved addresses",
        description: 'The addresses an order can be shipped and billed to, by `address_id`. Any key.',
        response: { 200: ApiAddressesAnswer, ...REFUSALS },
      },
    },
    async (request) => ({
      scode: 200 as const,
      addresses: await companyAddresses(db, callerOf(request).customerId),
    }),
  );

  api.post(
    '/api/v1/orders',
    {
      preHandler: needs('orders:write'),
      schema: {
        ...ORDERS,
        summary: 'Place an order',
        description: [
          'Places an order of the lines sent, with the checkout’s rules: the items must be sold in that',
          'condition and in stock (else 409 naming the item), at most 100 lines, quantities 1 to 9999 and',
          'a total within the order limit; prices, tax and totals are the server’s, at the company’s prices.',
          'The order is in the name of the administrator who made the key, and the usual confirmation mail',
          'is sent. Needs `orders:write`.',
          '',
          '`Idempotency-Key` is required: the same key again (even at the same moment) answers the order',
          'placed the first time, never a second one; the same key with another request (other lines,',
          'purchase order number, shipping or billing address, or shipping method) is refused (409).',
          'Keys are per company and never expire.',
        ].join('\n'),
        headers: ApiOrderHeaders,
        body: ApiOrderRequest,
        response: { 201: ApiOrderPlacedAnswer, ...REFUSALS },
      },
    },
    async (request, reply) => {
      const order = await placeApiOrder(
        deps,
        callerOf(request),
        request.headers['idempotency-key'],
        request.body,
      );
      return reply.code(201).send({ scode: 201 as const, order });
    },
  );

  api.get(
    '/api/v1/orders',
    {
      schema: {
        ...ORDERS,
        summary: "The company's orders",
        description:
          "Every order of the company (placed on the site or with a key), newest first, 20 a page; `q` finds an order or PO number, `status`, `from` and `to` (days in the shop's time zone) filter. Any key.",
        querystring: ordersQuerySchema,
        response: { 200: ApiOrdersAnswer, ...REFUSALS },
      },
    },
    async (request) => ({
      scode: 200 as const,
      ...(await listApiOrders(db, deps.config.SHOP_TIME_ZONE, callerOf(request).customerId, request.query)),
    }),
  );

  // ---- The company's units (the account's Devices section)

  const DEVICES = { tags: ['Company API'], security: SECURITY };

  api.get(
    '/api/v1/devices',
    {
      schema: {
        ...DEVICES,
        summary: "The company's units",
        description:
          'Every unit shipped to the company with its serial, item, order, invoice, ship and delivery days, warranty end and state, latest shipped first, 20 a page; `q` finds serials starting with it (any case), `state` filters (in_warranty, expired, returned, replaced). Any key.',
        querystring: devicesQuerySchema,
        response: { 200: DevicesAnswer, ...REFUSALS },
      },
    },
    async (request) => ({
      scode: 200 as const,
      ...(await listDevices(
        db,
        listContext(request, deps.config.SHOP_TIME_ZONE),
        callerOf(request).customerId,
        request.query,
      )),
    }),
  );

  api.get(
    '/api/v1/devices/:serial',
    {
      schema: {
        ...DEVICES,
        summary: 'One unit by its serial',
        description:
          'The company’s latest unit with the serial, with its history (order, returns, claims, plan, replacement). Any key; a serial the company was not sold is not found (404), whoever it was sold to.',
        params: ApiDevicePath,
        response: { 200: DeviceAnswer, ...REFUSALS },
      },
    },
    async (request) => {
      const device = await deviceBySerial(
        db,
        listContext(request, deps.config.SHOP_TIME_ZONE),
        callerOf(request).customerId,
        request.params.serial,
      );
      if (!device)
        throw new HttpError(
          404,
          message('afterSale.serialUnknown', { serial: request.params.serial.trim() }),
        );
      return { scode: 200 as const, device };
    },
  );

  // ---- The company's credit notes

  const CREDIT_NOTES = { tags: ['Company API'], security: SECURITY };
  const ApiCreditNotePath = z.object({ creditNoteNumber: z.string().trim().min(1).max(20) });
  const creditNoteOf = async (request: FastifyRequest, number: string) => {
    const customerId = callerOf(request).customerId;
    const id = await creditNoteIdByNumber(db, customerId, number);
    const found = id === null ? null : await creditNoteDetail(db, id, customerId, deps.config.SHOP_TIME_ZONE);
    if (!found) throw new HttpError(404, 'afterSale.creditNoteMissing');
    return found;
  };

  api.get(
    '/api/v1/credit-notes',
    {
      schema: {
        ...CREDIT_NOTES,
        summary: "The company's credit notes",
        description:
          'Every credit note of the company, newest first: its number, day, the invoice it credits, subtotal, tax, total and the credit left on it (not yet applied to an invoice or refunded), and the credit left on them all. Any key.',
        response: { 200: CreditNotesAnswer, ...REFUSALS },
      },
    },
    async (request) => {
      const customerId = callerOf(request).customerId;
      return {
        scode: 200 as const,
        credit_notes: await listCreditNotes(db, customerId, deps.config.SHOP_TIME_ZONE),
        credit_left: toAmount(await companyCreditCents(db, customerId)),
      };
    },
  );

  api.get(
    '/api/v1/credit-notes/:creditNoteNumber',
    {
      schema: {
        ...CREDIT_NOTES,
        summary: 'One credit note',
        description:
          'A credit note by its number (CN-000012): its lines, deductions (negative), each tax component reversed, and where its credit went. Any key; another company’s is not found (404).',
        params: ApiCreditNotePath,
        response: { 200: CreditNoteAnswer, ...REFUSALS },
      },
    },
    async (request) => ({
      scode: 200 as const,
      credit_note: await creditNoteOf(request, request.params.creditNoteNumber),
    }),
  );

  api.get(
    '/api/v1/credit-notes/:creditNoteNumber/pdf',
    {
      schema: {
        ...CREDIT_NOTES,
        summary: 'A credit note (PDF)',
        description: 'The credit note as a PDF, in French or English by `Accept-Language`. Any key.',
        params: ApiCreditNotePath,
        response: {
          200: {
            description: 'The credit note.',
            content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...REFUSALS,
        },
      },
    },
    async (request, reply) => {
      const note = await creditNoteOf(request, request.params.creditNoteNumber);
      const pdf = await renderCreditNotePdf(db, note, sellerOf(deps.config), requestLang(request));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${note.credit_note_number}.pdf"`)
        .send(pdf as unknown as string);
    },
  );

  api.get(
    '/api/v1/orders/:orderNumber',
    {
      schema: {
        ...ORDERS,
        summary: 'One order',
        description:
          'The order with its lines, addresses, status, tracking and its current invoice once made. Any key; another company’s order is not found (404).',
        params: ApiOrderParams,
        response: { 200: ApiOrderAnswer, ...REFUSALS },
      },
    },
    async (request) => {
      const order = await orderByNumber(db, callerOf(request).customerId, request.params.orderNumber);
      if (!order) throw new HttpError(404, API_MSG.orderNotFound);
      return { scode: 200 as const, order };
    },
  );

  api.get(
    '/api/v1/orders/:orderNumber/invoice.pdf',
    {
      schema: {
        ...ORDERS,
        summary: "An order's invoice (PDF)",
        description:
          'The current invoice of the order as a PDF, in French or English by `Accept-Language`; 404 with a message while the order has none. Any key.',
        params: ApiOrderParams,
        response: {
          200: {
            description: 'The invoice.',
            content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...REFUSALS,
        },
      },
    },
    async (request, reply) => {
      const customerId = callerOf(request).customerId;
      const { found, invoiceId } = await invoiceIdOf(db, customerId, request.params.orderNumber);
      if (!found) throw new HttpError(404, API_MSG.orderNotFound);
      const doc = invoiceId === null ? null : await invoiceDocument(db, customerId, invoiceId);
      if (!doc) throw new HttpError(404, API_MSG.noInvoice);
      const pdf = await renderInvoicePdf(doc, sellerOf(deps.config), requestLang(request));
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${doc.invoiceNumber}.pdf"`)
          // The typed reply knows the documented string schema; the bytes go as they are.
          .send(pdf as unknown as string)
      );
    },
  );
}
