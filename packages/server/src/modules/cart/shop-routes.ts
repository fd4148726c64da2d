/** Cart calls of SPEC §7: add or set a line, remove a line. The cart itself also comes with GET /header. */
import { CartAnswer, CartRemoveAnswer, QuickOrderAnswer } from '@shop/domain/cart/answers';
import { cartAddSchema, quickOrderSchema } from '@shop/domain/cart/order-request';
import {
  parseQuickOrder,
  QUICK_MSG,
  QUICK_ORDER_MAX_LINES,
  type QuickOrderOutcome,
} from '@shop/domain/cart/quick-order';
import { CartLinePath } from '@shop/domain/cart/requests';
import { CART_MSG } from '@shop/domain/cart/rules';
import { REFUSALS } from '@shop/domain/core/contract';
import { MSG } from '@shop/domain/core/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeDocs, SECURITY } from '../../lib/contract';
import { HttpError } from '../../lib/http';
import { assertOwnCustomer, requireUser } from '../sessions';
import { addLines, summary } from './lines';
import type { CartNeeds } from './needs';
import { addToCart, cartOf, removeFromCart } from './service';

const doc = routeDocs(['Cart'], SECURITY.session);

export function cartRoutes(app: FastifyInstance, services: CartNeeds) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** Quick order: pasted lines or a CSV file's text; every line is answered, the good ones are added. */
  api.post(
    '/api/user/cart/quick-order',
    {
      schema: doc("Quick order: adds pasted lines or a CSV file's text to the cart, answering every line", {
        body: quickOrderSchema,
        response: { 200: QuickOrderAnswer, ...REFUSALS },
      }),
      // A visitor is told to sign in before anything they sent is looked at.
      preValidation: async (request) => {
        requireUser(request);
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const parsed = parseQuickOrder(request.body.text);
      const count = parsed.lines.length + parsed.problems.length;
      if (count === 0) throw new HttpError(400, QUICK_MSG.nothing);
      if (count > QUICK_ORDER_MAX_LINES) throw new HttpError(400, QUICK_MSG.tooManyLines);
      const added = await addLines(services, user, parsed.lines);
      const results: QuickOrderOutcome[] = [
        ...added,
        ...parsed.problems.map((p) => ({ ...p, status: 'unreadable' as const })),
      ].sort((a, b) => a.line - b.line);
      return reply.send({
        scode: 200,
        smessage: request.say(summary(results)),
        results: results.map((result) => ({ ...result, message: request.say(result.message) })),
        cartItems: await cartOf(services, user),
      });
    },
  );

  api.post(
    '/api/user/cart/add',
    {
      schema: doc('Adds to a cart line, or sets its quantity (is_replaced)', {
        body: cartAddSchema,
        response: { 200: CartAnswer, ...REFUSALS },
      }),
      preValidation: async (request) => {
        if (!request.user) throw new HttpError(401, MSG.pleaseLogin);
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { itemData, is_replaced } = request.body;
      assertOwnCustomer(request, itemData.customer_id);
      const { name, cart } = await addToCart(services, user, {
        itemId: itemData.item_id,
        condition: itemData.item_condition,
        quantity: itemData.quantity,
        replace: Boolean(is_replaced ?? itemData.is_replaced),
      });
      return reply.send({
        scode: 200,
        smessage: request.say(CART_MSG.added(name)),
        cartItems: cart,
      });
    },
  );

  api.delete(
    '/api/user/:customerid/cart/:itemid/:condition/remove',
    {
      schema: doc('Removes a cart line (201 when it was already gone)', {
        params: CartLinePath,
        response: { 200: CartAnswer, 201: CartRemoveAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      assertOwnCustomer(request, request.params.customerid);
      const user = requireUser(request);
      const name = await removeFromCart(services, user, request.params.itemid, request.params.condition);
      const cartItems = await cartOf(services, user);
      if (name === null) {
        // Already gone (another tab, or auto-removed): the page applies it locally.
        return reply.code(201).send({ scode: 201, smessage: request.say('api.noLongerInCart'), cartItems });
      }
      return reply.send({ scode: 200, smessage: request.say(CART_MSG.removed(name)), cartItems });
    },
  );
}
