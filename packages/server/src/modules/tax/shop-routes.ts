/** The checkout's taxes: each province's components in force today for the buyer's company. */

import { CustomerPath } from '@shop/domain/account/requests';
import { REFUSALS } from '@shop/domain/core/contract';
import { CheckoutTaxesAnswer } from '@shop/domain/tax/answers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeDocs, SECURITY } from '../../lib/contract';
import { assertOwnCustomer, requireUser } from '../sessions';
import type { TaxNeeds } from './needs';
import { checkoutTaxes } from './rules';

const doc = routeDocs(['Orders'], SECURITY.session);

export function taxShopRoutes(app: FastifyInstance, needs: TaxNeeds) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/user/:customerid/taxes',
    {
      schema: doc(
        "The tax components each province charges the customer today (rates and exemptions), for the checkout's totals",
        { params: CustomerPath, response: { 200: CheckoutTaxesAnswer, ...REFUSALS } },
      ),
      preValidation: async (request) => {
        assertOwnCustomer(request, request.params.customerid);
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // Rates change at a province's midnight: the answer is not kept by the browser.
      reply.header('cache-control', 'private, no-store');
      return reply.send({ scode: 200, taxes: await checkoutTaxes(needs.database.db, user.customerId) });
    },
  );
}
