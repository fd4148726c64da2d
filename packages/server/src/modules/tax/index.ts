/**
 * Sales tax by authority and date: the rates (tax_rates), companies' exemptions, and the checkout's view
 * of them. Orders apply them when placed and keep what they used. The back office keeps the rates, the
 * recycling fee table, and each company's exemptions, payment terms and credit limit.
 */
import type { FastifyPluginAsync } from 'fastify';
import { taxAdminRoutes } from './admin-routes';
import type { TaxNeeds } from './needs';
import { taxShopRoutes } from './shop-routes';

export type { TaxNeeds } from './needs';

export const taxModule: FastifyPluginAsync<TaxNeeds> = async (app, needs) => {
  taxShopRoutes(app, needs);
  taxAdminRoutes(app, needs.backOffice);
};
