/** Placing an order and reading orders (SPEC §7); their invoices are the invoices module's. */

import { CustomerPath } from '@shop/domain/account/requests';
import { APPROVAL_MSG, ApprovalSentAnswer } from '@shop/domain/approvals/schemas';
import { ReorderAnswer } from '@shop/domain/cart/answers';
import { placeOrderSchema } from '@shop/domain/cart/order-request';
import { conditionName, isCondition } from '@shop/domain/catalog/rules';
import { REFUSALS } from '@shop/domain/core/contract';
import { message } from '@shop/domain/core/i18n';
import { OrderAnswer, OrdersListAnswer, PlaceOrderAnswer } from '@shop/domain/orders/answers';
import { OrderPath } from '@shop/domain/orders/requests';
import { type OrderStatus, ordersQuerySchema } from '@shop/domain/orders/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLang } from '../../i18n/lang';
import { routeDocs, SECURITY } from '../../lib/contract';
import { HttpError } from '../../lib/http';
import { addLines, cartOf, summary } from '../cart';
import { assertOwnCustomer, requireUser } from '../sessions';
import type { OrderNeeds } from './needs';
import { listOrders, orderView } from './queries';
import { type CheckoutHold, placeOrder } from './service';

const ID = /^\d{1,9}$/;
const NO_ORDER = 'api.noSuchOrder';
const doc = routeDocs(['Orders'], SECURITY.session);

/** A visitor, or a path naming another customer, is refused before anything sent is looked at. */
async function ownCustomer(request: FastifyRequest<{ Params: { customerid: string } }>) {
  assertOwnCustomer(request, request.params.customerid);
}

/** `hold`: the purchase approvals' check, run in the checkout's transaction. */
export function orderRoutes(app: FastifyInstance, services: OrderNeeds, hold: CheckoutHold) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = services.database.db;

  api.post(
    '/api/placeorder',
    {
      schema: doc(
        "Places the order of the buyer's cart, if its lines and totals are still what the page showed",
        {
          body: placeOrderSchema,
          // Over the buyer's order limit, no order: a request for approval (the approvals module).
          response: { 200: z.union([PlaceOrderAnswer, ApprovalSentAnswer]), ...REFUSALS },
        },
      ),
      preValidation: async (request) => {
        requireUser(request);
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      assertOwnCustomer(request, request.body.orderInfo.customer_id);
      const placed = await placeOrder(services, user, request.body, hold);
      if (placed.approval) {
        const { approvalId, number, totalCents, limitCents } = placed.approval;
        return reply.send({
          scode: 200,
          smessage: request.say(
            message(placed.repeated ? APPROVAL_MSG.alreadySent : APPROVAL_MSG.sent, { number }),
          ),
          approval: { approval_id: approvalId, number, total: totalCents / 100, limit: limitCents / 100 },
        });
      }
      return reply.send({
        scode: 200,
        smessage: request.say(
          message(
            placed.repeated
              ? 'api.orderRepeated'
              : placed.status === 'OnHold'
                ? 'api.orderPlacedHeld'
                : 'api.orderPlaced',
            { orderNumber: placed.orderNumber },
          ),
        ),
        orderId: placed.orderId,
        orderNumber: placed.orderNumber,
        status: placed.status as OrderStatus,
      });
    },
  );

  /** The account's orders list (the account area's orders session). */
  api.get(
    '/api/user/:customerid/orders',
    {
      schema: doc(
        "The customer's orders, newest first: searched, filtered by status and day, a page at a time",
        {
          params: CustomerPath,
          querystring: ordersQuerySchema,
          response: { 200: OrdersListAnswer, ...REFUSALS },
        },
      ),
      preValidation: ownCustomer,
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.send({
        scode: 200,
        ...(await listOrders(db, services.config.SHOP_TIME_ZONE, user.customerId, request.query)),
      });
    },
  );

  const viewOf = async (customerId: string, orderid: string) => {
    if (!ID.test(orderid)) throw new HttpError(404, NO_ORDER);
    const view = await orderView(db, customerId, { orderId: Number(orderid) });
    if (!view) throw new HttpError(404, NO_ORDER);
    return view;
  };

  api.get(
    '/api/user/:customerid/orders/:orderid',
    {
      schema: doc('An order: its lines, totals, addresses and current invoice', {
        params: OrderPath,
        response: { 200: OrderAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      assertOwnCustomer(request, request.params.customerid);
      const user = requireUser(request);
      return reply.send({ scode: 200, orderInfo: await viewOf(user.customerId, request.params.orderid) });
    },
  );

  /** Reorder: every line still offered goes into the cart at today's prices and stock; the rest is named. */
  api.post(
    '/api/user/:customerid/orders/:orderid/reorder',
    {
      schema: doc(
        "Reorder: puts an order's lines into the cart at today's prices and stock, answering every line",
        {
          params: OrderPath,
          response: { 200: ReorderAnswer, ...REFUSALS },
        },
      ),
    },
    async (request, reply) => {
      assertOwnCustomer(request, request.params.customerid);
      const user = requireUser(request);
      const view = await viewOf(user.customerId, request.params.orderid);
      const lang = requestLang(request);
      const results = await addLines(
        services,
        user,
        view.order.line_items.map((l, i) => ({
          line: i + 1,
          // The line as the buyer would type it, the condition by its name (the quick order reads it back).
          text: `${l.sku} ${l.quantity} ${conditionName(l.item_condition, lang)}`,
          itemId: l.item_id,
          quantity: l.quantity,
          condition: isCondition(l.item_condition) ? l.item_condition : null,
        })),
      );
      return reply.send({
        scode: 200,
        smessage: request.say(summary(results)),
        results: results.map((result) => ({ ...result, message: request.say(result.message) })),
        cartItems: await cartOf(services, user),
      });
    },
  );
}
