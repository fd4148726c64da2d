/** /api/admin/audit: the whole trail, for the owner (each order, customer and product carries its own). */
import { auditQuerySchema } from '@shop/domain/admin';
import type { FastifyInstance } from 'fastify';
import type { AdminDeps } from '../../lib/back-office';
import { pageOf } from '../../lib/back-office-http';
import { parseOr400 } from '../../lib/http';
import { listAudit } from './audit';

export function auditRoutes(app: FastifyInstance, deps: AdminDeps) {
  app.get('/api/admin/audit', { config: { staffRole: 'owner' } }, async (request, reply) => {
    const query = parseOr400(auditQuerySchema, request.query);
    const { rows, total } = await listAudit(deps.db, query);
    return reply.send({ scode: 200, audit: pageOf(rows, total, query) });
  });
}
