/**
 * Customers and companies: signing in and out, registration, the account (addresses, buyers, wish lists,
 * settings, password reset, export), and the back office's customers and applications.
 */
import type { FastifyPluginAsync } from 'fastify';
import { customerRoutes } from './admin-routes';
import type { CustomerNeeds } from './needs';
import { accountRoutes } from './shop-routes';
import { authRoutes } from './sign-in-routes';

export { createCustomer, presentApplication, rejectApplication, updateCustomer } from './admin-service';
export type { CustomerNeeds } from './needs';
export { recordProductView } from './recently-viewed';

export const customersModule: FastifyPluginAsync<CustomerNeeds> = async (app, needs) => {
  authRoutes(app, needs);
  accountRoutes(app, needs);
  customerRoutes(app, needs.backOffice, needs.onCustomerEnabled);
};
