/**
 * The company API: API keys a company's administrators make in the account, and /api/v1, where the
 * company's own systems read its price list and orders and place orders with such a key.
 */
import type { FastifyPluginAsync } from 'fastify';
import { accountKeyRoutes } from './account-routes';
import type { CompanyApiNeeds } from './needs';
import { v1Routes } from './v1-routes';

export type { CompanyApiNeeds } from './needs';

export const companyApiModule: FastifyPluginAsync<CompanyApiNeeds> = async (app, needs) => {
  accountKeyRoutes(app, needs);
  // In a scope of its own: its key check, limit and record of uses apply to /api/v1 only.
  await app.register(v1Routes, needs);
};
