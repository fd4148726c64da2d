/**
 * Account applications: a visitor applies (the seller and the applicant are mailed), the seller reads
 * them with what looks like them and rejects one with a reason. Approving one is creating its customer
 * (the customers module, which marks the application approved in the same transaction).
 */
import type { FastifyPluginAsync } from 'fastify';
import { applicationAdminRoutes } from './admin-routes';
import type { ApplicationNeeds } from './needs';
import { applicationRoutes } from './shop-routes';

export type { ApplicationNeeds } from './needs';
export { presentApplication, rejectApplication } from './service';

export const applicationsModule: FastifyPluginAsync<ApplicationNeeds> = async (app, needs) => {
  applicationRoutes(app, needs);
  applicationAdminRoutes(app, needs.backOffice);
};
