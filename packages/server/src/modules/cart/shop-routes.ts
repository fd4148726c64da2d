/** Cart calls of SPEC §7: add or set a line, remove a line. The cart itself also comes with GET /header. */
import { CART_MSG } from '@shop/domain/cart';
import { isCondition } from '@shop/domain/catalog';
import { MSG } from '@shop/domain/messages';
import {
  parseQuickOrder,
  QUICK_MSG,
  QUICK_ORDER_MAX_CHARS,
  QUICK_ORDER_MAX_LINES,
  type QuickOrderResult,
} from '@shop/domain/quick-order';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError, parseOr400 } from '../../lib/http';
import { assertOwnCustomer, requireUser } from '../sessions';
import { addLines, summary } from './lines';
import type { CartNeeds } from './needs';
import { addToCart, cartOf, removeFromCart } from './service';

const addSchema = z.object({
  itemData: z.object(
    {
      customer_id: z.string({ error: MSG.invalidRequest }).optional(),
      item_id: z.string({ error: MSG.itemMissing }).min(1, { message: MSG.itemMissing }).max(40),
      sku: z.string().max(60).optional(),
      quantity: z.coerce.number({ error: CART_MSG.quantityInvalid }),
      item_condition: z.string().refine(isCondition, {
        message: 'Condition must be one of BrandNew, Recertified, ScratchDent or Warranty.',
      }),
      is_replaced: z.boolean().optional(),
    },
    { error: 'Send the item as itemData: { item_id, item_condition, quantity }.' },
  ),
  is_replaced: z.boolean().optional(),
});

const quickSchema = z.object(
  { text: z.string({ error: QUICK_MSG.nothing }).max(QUICK_ORDER_MAX_CHARS, { message: QUICK_MSG.tooLong }) },
  { error: QUICK_MSG.nothing },
);

export function cartRoutes(app: FastifyInstance, services: CartNeeds) {
  /** Quick order: pasted lines or a CSV file's text; every line is answered, the good ones are added. */
  app.post('/api/user/cart/quick-order', async (request, reply) => {
    const user = requireUser(request);
    const { text } = parseOr400(quickSchema, request.body);
    const parsed = parseQuickOrder(text);
    const count = parsed.lines.length + parsed.problems.length;
    if (count === 0) throw new HttpError(400, QUICK_MSG.nothing);
    if (count > QUICK_ORDER_MAX_LINES) throw new HttpError(400, QUICK_MSG.tooManyLines);
    const added = await addLines(services, user, parsed.lines);
    const results: QuickOrderResult[] = [
      ...added,
      ...parsed.problems.map((p) => ({ ...p, status: 'unreadable' as const })),
    ].sort((a, b) => a.line - b.line);
    return reply.send({
      scode: 200,
      smessage: summary(results),
      results,
      cartItems: await cartOf(services, user),
    });
  });

  app.post('/api/user/cart/add', async (request, reply) => {
    if (!request.user) throw new HttpError(401, MSG.pleaseLogin);
    const { itemData, is_replaced } = parseOr400(addSchema, request.body);
    assertOwnCustomer(request, itemData.customer_id);
    const { name, cart } = await addToCart(services, request.user, {
      itemId: itemData.item_id,
      condition: itemData.item_condition,
      quantity: itemData.quantity,
      replace: Boolean(is_replaced ?? itemData.is_replaced),
    });
    return reply.send({
      scode: 200,
      smessage: CART_MSG.added(name),
      cartItems: cart,
    });
  });

  app.delete<{ Params: { customerid: string; itemid: string; condition: string } }>(
    '/api/user/:customerid/cart/:itemid/:condition/remove',
    async (request, reply) => {
      assertOwnCustomer(request, request.params.customerid);
      const user = requireUser(request);
      const name = await removeFromCart(services, user, request.params.itemid, request.params.condition);
      const cartItems = await cartOf(services, user);
      if (name === null) {
        // Already gone (another tab, or auto-removed): the page applies it locally.
        return reply
          .code(201)
          .send({ scode: 201, smessage: 'This item is no longer in your cart.', cartItems });
      }
      return reply.send({ scode: 200, smessage: CART_MSG.removed(name), cartItems });
    },
  );
}
