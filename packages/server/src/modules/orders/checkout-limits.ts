/**
 * The checkout's limits (GET /api/user/{customerid}/checkout-limits): the signed-in person's order limit and
 * what their company may still order on credit, so the page says before the click that the order will be
 * sent for approval or held for a credit review (domain/orders/checkout-limits.ts, the rules the placing
 * uses). The company's balance itself is not given.
 */

import { CustomerPath } from '@shop/domain/account/requests';
import { REFUSALS } from '@shop/domain/core/contract';
import { toAmount } from '@shop/domain/core/money';
import { CheckoutLimitsAnswer } from '@shop/domain/orders/answers';
import { creditRoomCents } from '@shop/domain/orders/checkout-limits';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Queryable } from '../../db/client';
import { customers } from '../../db/schema';
import { routeDocs, SECURITY } from '../../lib/contract';
import { assertOwnCustomer, requireUser, type SessionUser } from '../sessions';
import type { ApprovalChecks } from './approval-checks';
import { openBalanceCents } from './balance';
import type { OrderNeeds } from './needs';

const doc = routeDocs(['Orders'], SECURITY.session);

const dollars = (cents: number | null) => (cents === null ? null : toAmount(cents));

/** The limits as they stand now (the session's copy of the role may be older: buyerLimitCents reads it). */
async function checkoutLimits(
  db: Queryable,
  user: SessionUser,
  buyerLimitCents: ApprovalChecks['buyerLimitCents'],
): Promise<CheckoutLimitsAnswer['limits']> {
  const [orderLimit, [company]] = await Promise.all([
    buyerLimitCents(db, user.contactPersonId),
    db
      .select({ creditLimit: customers.creditLimitCents })
      .from(customers)
      .where(eq(customers.customerId, user.customerId)),
  ]);
  const creditLimit = company?.creditLimit == null ? null : Number(company.creditLimit);
  const room =
    creditLimit === null ? null : creditRoomCents(creditLimit, await openBalanceCents(db, user.customerId));
  return { order_limit: dollars(orderLimit), credit_limit: dollars(creditLimit), credit_room: dollars(room) };
}

export function checkoutLimitRoutes(
  app: FastifyInstance,
  services: OrderNeeds,
  buyerLimitCents: ApprovalChecks['buyerLimitCents'],
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/user/:customerid/checkout-limits',
    {
      schema: doc(
        "The signed-in person's order limit and what the company may still order before a credit review, for the checkout's notice",
        { params: CustomerPath, response: { 200: CheckoutLimitsAnswer, ...REFUSALS } },
      ),
      preValidation: async (request) => {
        assertOwnCustomer(request, request.params.customerid);
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // Every order and payment moves the room: the browser keeps no copy.
      reply.header('cache-control', 'private, no-store');
      return reply.send({
        scode: 200,
        limits: await checkoutLimits(services.database.db, user, buyerLimitCents),
      });
    },
  );
}
