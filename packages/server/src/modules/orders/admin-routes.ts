/**
 * /api/admin/orders: the list, the Pending count, one order, its invoice's suggested fee lines, and the
 * seller's actions on it; /api/admin/invoices.csv: the sales-tax journal of a period.
 */
import {
  AdminBulkOrdersAnswer,
  AdminOrderAnswer,
  AdminOrderChangedAnswer,
  AdminOrdersAnswer,
  AdminPendingCountAnswer,
  BULK_MAX_ORDERS,
  bulkOrderActionSchema,
  ORDER_COUNT_CAP,
  orderActionSchema,
  orderExportQuerySchema,
  orderListQuerySchema,
} from '@shop/domain/back-office/schemas';
import { REFUSALS } from '@shop/domain/core/contract';
import { AdminOrderPath } from '@shop/domain/orders/requests';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AdminDeps, deliverQueued } from '../../lib/back-office';
import { numericId, pageOf } from '../../lib/back-office-http';
import { routeDocs, SECURITY } from '../../lib/contract';
import { HttpError } from '../../lib/http';
import { actorOf, staffOf } from '../sessions';
import { adminOrderDetail, exportAdminOrders, listAdminOrders, pendingOrderCount } from './admin-queries';
import { type CreditCanceled, changeOrderStatus, findOrder } from './admin-service';
import { bulkOrderAction, type CreateInvoice } from './bulk';
import { ordersCsv } from './orders-csv';
import { renderPackingSlip } from './packing-slip';

const NO_ORDER = 'There is no such order.';
const doc = routeDocs(['Back office: orders'], SECURITY.staff);
const Changed = { 200: AdminOrderChangedAnswer, ...REFUSALS };
/** A file's bytes, sent as they are (a Buffer); binary in the document. */
const FileBytes = z.instanceof(Buffer).meta({ type: 'string', format: 'binary' });

/** `createInvoice`: the invoices module's, for the bulk action. */
export function orderAdminRoutes(
  app: FastifyInstance,
  deps: AdminDeps,
  createInvoice: CreateInvoice,
  creditCanceled?: CreditCanceled,
) {
  const { db } = deps;
  const timeZone = deps.config.SHOP_TIME_ZONE;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/orders',
    {
      schema: doc(
        'A page of orders, newest first, by status or a search (order or PO number, customer id, company)',
        {
          querystring: orderListQuerySchema,
          response: { 200: AdminOrdersAnswer, ...REFUSALS },
        },
      ),
    },
    async (request, reply) => {
      const { rows, total, capped } = await listAdminOrders(db, timeZone, request.query);
      return reply.send({ scode: 200, orders: { ...pageOf(rows, total, request.query), capped } });
    },
  );

  api.get(
    '/api/admin/orders.csv',
    {
      schema: doc(
        `The orders chosen (ids) or every order matching the list's filters, newest first, as a CSV file (at most ${ORDER_COUNT_CAP.toLocaleString('en-CA')} rows)`,
        {
          querystring: orderExportQuerySchema,
          response: {
            200: {
              description: 'The orders as a CSV file (an attachment)',
              content: { 'text/csv': { schema: z.string() } },
            },
            ...REFUSALS,
          },
        },
      ),
    },
    async (request, reply) => {
      const { ids, ...query } = request.query;
      const rows = await exportAdminOrders(db, timeZone, ids ? { ids } : { query }, ORDER_COUNT_CAP);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="orders.csv"')
        .header('cache-control', 'no-store')
        .send(ordersCsv(rows, timeZone));
    },
  );

  api.post(
    '/api/admin/orders/bulk',
    {
      schema: doc(
        `Confirms, ships (one carrier, each order's tracking number) or invoices (shipping per order plus per unit, fee lines from the fee table) up to ${BULK_MAX_ORDERS} orders; each order is done or refused on its own, and the answer says which`,
        { body: bulkOrderActionSchema, response: { 200: AdminBulkOrdersAnswer, ...REFUSALS } },
      ),
    },
    async (request, reply) => {
      const { results, mailIds } = await bulkOrderAction(
        db,
        timeZone,
        request.body,
        actorOf(request),
        createInvoice,
      );
      await deliverQueued(deps, mailIds);
      const done = results.filter((r) => r.ok).length;
      const refused = results.length - done;
      const verb = { confirm: 'confirmed', ship: 'shipped', invoice: 'invoiced' }[request.body.action];
      return reply.send({
        scode: 200,
        smessage: `${done} ${done === 1 ? 'order' : 'orders'} ${verb}${refused > 0 ? `; ${refused} could not be` : ''}.`,
        results,
      });
    },
  );

  api.get(
    '/api/admin/orders/pending-count',
    {
      schema: doc('How many orders wait for the seller (Pending)', {
        response: { 200: AdminPendingCountAnswer, ...REFUSALS },
      }),
    },
    async (_request, reply) => reply.send({ scode: 200, pending: await pendingOrderCount(db) }),
  );

  const detail = async (orderId: number) => {
    const order = await adminOrderDetail(db, orderId);
    if (!order) throw new HttpError(404, NO_ORDER);
    return order;
  };

  api.get(
    '/api/admin/orders/:orderId',
    {
      schema: doc('An order with its lines, invoices and history', {
        params: AdminOrderPath,
        response: { 200: AdminOrderAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) =>
      reply.send({ scode: 200, order: await detail(numericId(request.params.orderId, NO_ORDER)) }),
  );

  api.get(
    '/api/admin/orders/:orderId/packing-slip.pdf',
    {
      schema: doc(
        'The packing slip of an order (by its id or number, SO-000123) as a PDF: ship-to, lines, quantities and the serials shipped; no prices',
        {
          params: AdminOrderPath,
          response: {
            200: {
              description: 'The packing slip as PDF, named after the order',
              content: { 'application/pdf': { schema: FileBytes } },
            },
            ...REFUSALS,
          },
        },
      ),
    },
    async (request, reply) => {
      const order = await findOrder(db, request.params.orderId, false);
      const { config } = deps;
      const pdf = await renderPackingSlip(db, order, {
        legalName: config.SHOP_LEGAL_NAME,
        address: config.SHOP_ADDRESS,
        phone: config.SHOP_PHONE,
        email: config.SHOP_EMAIL,
        timeZone,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="packing-slip-${order.orderNumber}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  api.post(
    '/api/admin/orders/:orderId/status',
    {
      schema: doc('Moves an order on: confirm, ship (carrier, tracking number), deliver, cancel or decline', {
        params: AdminOrderPath,
        body: orderActionSchema,
        response: Changed,
      }),
    },
    async (request, reply) => {
      const orderId = numericId(request.params.orderId, NO_ORDER);
      const input = request.body;
      // Releasing a held order overrides the credit limit, which only owners set.
      if (input.action === 'release' && staffOf(request).role !== 'owner')
        throw new HttpError(403, 'Only an owner can release an order held for a credit review.');
      const done = await changeOrderStatus(db, timeZone, String(orderId), input.action, {
        actor: actorOf(request),
        carrier: input.carrier,
        trackingNumber: input.tracking_number,
        reason: input.reason,
        serials: input.serials,
        creditCanceled,
      });
      await deliverQueued(deps, done.mailIds);
      if (input.action === 'cancel' || input.action === 'decline') {
        // The stock that came back is for sale at once.
        await deps.catalog
          .refresh()
          .catch((error: unknown) => deps.log.error({ err: error }, 'catalog refresh failed'));
      }
      return reply.send({
        scode: 200,
        smessage: `Order ${done.orderNumber} is now ${done.status}.`,
        order: await detail(orderId),
      });
    },
  );
}
