/** The audit trail: who changed what in the back office, and the owner's view of it. */
import type { FastifyPluginAsync } from 'fastify';
import type { AdminDeps } from '../../lib/back-office';
import { auditRoutes } from './admin-routes';

export { auditOf, recordAudit } from './audit';

export interface AuditNeeds {
  backOffice: AdminDeps;
}

export const auditModule: FastifyPluginAsync<AuditNeeds> = async (app, needs) => {
  auditRoutes(app, needs.backOffice);
};
