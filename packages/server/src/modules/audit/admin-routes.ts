/** /api/admin/audit: the whole trail, for the owner (each order, customer and product carries its own). */
import { AuditAnswer, auditQuerySchema } from '@shop/domain/back-office/schemas';
import { REFUSALS } from '@shop/domain/core/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AdminDeps } from '../../lib/back-office';
import { pageOf } from '../../lib/back-office-http';
import { routeDocs, SECURITY } from '../../lib/contract';
import { listAudit } from './audit';

export function auditRoutes(app: FastifyInstance, deps: AdminDeps) {
  const doc = routeDocs(['Back office: audit'], SECURITY.staff);
  const schema = doc('The whole audit trail, newest first (owners only)', {
    querystring: auditQuerySchema,
    response: { 200: AuditAnswer, ...REFUSALS },
  });
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/admin/audit', { config: { staffRole: 'owner' }, schema }, async (request, reply) => {
      const query = request.query;
      const { rows, total } = await listAudit(deps.db, query);
      return reply.send({ scode: 200, audit: pageOf(rows, total, query) });
    });
}
