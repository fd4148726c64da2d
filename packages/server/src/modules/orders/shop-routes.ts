/** Placing an order and reading orders and invoices (SPEC §7). */
import { isCondition } from '@shop/domain/catalog';
import type { FastifyInstance } from 'fastify';
import { requestLang } from '../../i18n/lang';
import { HttpError } from '../../lib/http';
import { addLines, cartOf, summary } from '../cart';
import { assertOwnCustomer, requireUser } from '../sessions';
import { invoiceDocument, renderInvoicePdf, sellerOf } from './invoice-pdf';
import type { OrderNeeds } from './needs';
import { orderView } from './queries';
import { parsePlaceOrder, placeOrder } from './service';

const ID = /^\d{1,9}$/;

export function orderRoutes(app: FastifyInstance, services: OrderNeeds) {
  app.post('/api/placeorder', async (request, reply) => {
    const user = requireUser(request);
    const body = parsePlaceOrder(request.body);
    assertOwnCustomer(request, body.orderInfo.customer_id);
    const placed = await placeOrder(services, user, body);
    return reply.send({
      scode: 200,
      smessage: placed.repeated
        ? `Order ${placed.orderNumber} was already placed.`
        : `Order ${placed.orderNumber} has been placed.`,
      orderId: placed.orderId,
      orderNumber: placed.orderNumber,
    });
  });

  app.get<{ Params: { customerid: string; orderid: string } }>(
    '/api/user/:customerid/orders/:orderid',
    async (request, reply) => {
      assertOwnCustomer(request, request.params.customerid);
      const user = requireUser(request);
      if (!ID.test(request.params.orderid))
        throw new HttpError(404, 'There is no such order in your account.');
      const view = await orderView(services.database.db, user.customerId, {
        orderId: Number(request.params.orderid),
      });
      if (!view) throw new HttpError(404, 'There is no such order in your account.');
      return reply.send({ scode: 200, orderInfo: view });
    },
  );

  /** Reorder: every line still offered goes into the cart at today's prices and stock; the rest is named. */
  app.post<{ Params: { customerid: string; orderid: string } }>(
    '/api/user/:customerid/orders/:orderid/reorder',
    async (request, reply) => {
      assertOwnCustomer(request, request.params.customerid);
      const user = requireUser(request);
      if (!ID.test(request.params.orderid))
        throw new HttpError(404, 'There is no such order in your account.');
      const view = await orderView(services.database.db, user.customerId, {
        orderId: Number(request.params.orderid),
      });
      if (!view) throw new HttpError(404, 'There is no such order in your account.');
      const lines = view.order.line_items as {
        item_id: string;
        sku: string;
        quantity: number;
        item_condition: string;
      }[];
      const results = await addLines(
        services,
        user,
        lines.map((l, i) => ({
          line: i + 1,
          text: `${l.sku} ${l.quantity} ${l.item_condition}`,
          itemId: l.item_id,
          quantity: l.quantity,
          condition: isCondition(l.item_condition) ? l.item_condition : null,
        })),
      );
      return reply.send({
        scode: 200,
        smessage: summary(results),
        results,
        cartItems: await cartOf(services, user),
      });
    },
  );

  app.get<{ Params: { customerid: string; invoiceid: string } }>(
    '/api/user/:customerid/invoices/:invoiceid',
    async (request, reply) => {
      assertOwnCustomer(request, request.params.customerid);
      const user = requireUser(request);
      if (!ID.test(request.params.invoiceid))
        throw new HttpError(404, 'There is no such invoice in your account.');
      const view = await orderView(services.database.db, user.customerId, {
        invoiceId: Number(request.params.invoiceid),
      });
      if (!view) throw new HttpError(404, 'There is no such invoice in your account.');
      return reply.send({ scode: 200, orderInfo: view });
    },
  );

  /** The invoice as a PDF, for its own customer only. */
  app.get<{ Params: { customerid: string; invoiceid: string } }>(
    '/api/user/:customerid/invoices/:invoiceid/pdf',
    async (request, reply) => {
      assertOwnCustomer(request, request.params.customerid);
      const user = requireUser(request);
      if (!ID.test(request.params.invoiceid))
        throw new HttpError(404, 'There is no such invoice in your account.');
      const doc = await invoiceDocument(
        services.database.db,
        user.customerId,
        Number(request.params.invoiceid),
      );
      if (!doc) throw new HttpError(404, 'There is no such invoice in your account.');
      const pdf = await renderInvoicePdf(doc, sellerOf(services.config), requestLang(request));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${doc.invoiceNumber}.pdf"`)
        .send(pdf);
    },
  );
}
