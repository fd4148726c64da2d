/**
 * Customers and companies: signing in and out, the account (addresses, buyers, wish lists, settings,
 * password reset, export), and the back office's customers and their buyers. Applications for an account
 * are the applications module's.
 */
import type { FastifyPluginAsync } from 'fastify';
import { contactAdminRoutes } from './admin-contact-routes';
import { customerRoutes } from './admin-routes';
import type { CustomerNeeds } from './needs';
import { accountRoutes } from './shop-routes';
import { authRoutes } from './sign-in-routes';

export { createCustomer, updateCustomer } from './admin-customers';
export type { CustomerNeeds } from './needs';
export { headerAnswer } from './queries';
export { recordProductView } from './recently-viewed';

export const customersModule: FastifyPluginAsync<CustomerNeeds> = async (app, needs) => {
  authRoutes(app, needs);
  accountRoutes(app, needs);
  customerRoutes(app, needs.backOffice, needs.onCustomerEnabled);
  contactAdminRoutes(app, needs.backOffice);
};
