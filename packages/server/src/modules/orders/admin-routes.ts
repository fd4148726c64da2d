/** /api/admin/orders: the list, the Pending count, one order, and the seller's actions on it. */
import { invoiceSchema, orderActionSchema, orderListQuerySchema } from '@shop/domain/admin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AdminDeps, deliverQueued } from '../../lib/back-office';
import { numericId, pageOf } from '../../lib/back-office-http';
import { HttpError, parseOr400 } from '../../lib/http';
import { actorOf } from '../sessions';
import { adminOrderDetail, listAdminOrders, pendingOrderCount } from './admin-queries';
import { changeOrderStatus, correctInvoice, createInvoice } from './admin-service';

const NO_ORDER = 'There is no such order.';

export function orderAdminRoutes(app: FastifyInstance, deps: AdminDeps) {
  const { db } = deps;

  app.get('/api/admin/orders', async (request, reply) => {
    const query = parseOr400(orderListQuerySchema, request.query);
    const { rows, total } = await listAdminOrders(db, query);
    return reply.send({ scode: 200, orders: pageOf(rows, total, query) });
  });

  app.get('/api/admin/orders/pending-count', async (_request, reply) =>
    reply.send({ scode: 200, pending: await pendingOrderCount(db) }),
  );

  const detail = async (orderId: number) => {
    const order = await adminOrderDetail(db, orderId);
    if (!order) throw new HttpError(404, NO_ORDER);
    return order;
  };

  app.get<{ Params: { orderId: string } }>('/api/admin/orders/:orderId', async (request, reply) =>
    reply.send({ scode: 200, order: await detail(numericId(request.params.orderId, NO_ORDER)) }),
  );

  app.post<{ Params: { orderId: string } }>('/api/admin/orders/:orderId/status', async (request, reply) => {
    const orderId = numericId(request.params.orderId, NO_ORDER);
    const input = parseOr400(orderActionSchema, request.body);
    const done = await changeOrderStatus(db, String(orderId), input.action, {
      actor: actorOf(request),
      carrier: input.carrier,
      trackingNumber: input.tracking_number,
      reason: input.reason,
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
  });

  const invoiceRoute =
    (correct: boolean) => async (request: FastifyRequest<{ Params: { orderId: string } }>) => {
      const orderId = numericId(request.params.orderId, NO_ORDER);
      const input = parseOr400(invoiceSchema, request.body);
      const extras = input.lines.map((l) => ({ name: l.name, cents: l.amount }));
      const options = { actor: actorOf(request), note: input.note };
      const made = correct
        ? await correctInvoice(db, String(orderId), input.shipping, extras, options)
        : await createInvoice(db, String(orderId), input.shipping, extras, options);
      await deliverQueued(deps, made.mailIds);
      return {
        scode: 200,
        smessage: `Invoice ${made.invoiceNumber} has been made for order ${made.orderNumber}.`,
        order: await detail(orderId),
      };
    };
  app.post<{ Params: { orderId: string } }>('/api/admin/orders/:orderId/invoice', async (request, reply) =>
    reply.send(await invoiceRoute(false)(request)),
  );
  app.post<{ Params: { orderId: string } }>(
    '/api/admin/orders/:orderId/invoice/correct',
    async (request, reply) => reply.send(await invoiceRoute(true)(request)),
  );
}
