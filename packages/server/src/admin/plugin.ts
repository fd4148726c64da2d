/**
 * The back office's API under /api/admin: one guard for every route there, whoever registered it. A route
 * is open to any signed-in staff member unless its config says `staffRole: 'owner'` (or `'public'` for the
 * sign-in). Customer sessions play no part here, and staff sessions none in the shop.
 */
import multipart from '@fastify/multipart';
import { ADMIN_MSG, type StaffRole } from '@shop/domain/admin';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../app';
import { HttpError } from '../lib/http';
import { auditRoutes } from './audit/routes';
import type { AdminDeps } from './context';
import { customerRoutes } from './customers/routes';
import { messageRoutes } from './messages/routes';
import { orderAdminRoutes } from './orders/routes';
import { mediaRoutes } from './products/media';
import { productRoutes } from './products/routes';
import { staffRoutes } from './staff/routes';
import { STAFF_COOKIE, StaffSessions, type StaffUser } from './staff/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffUser | null;
  }
  interface FastifyContextConfig {
    /** Who may call a route under /api/admin: any staff (default), owners only, or anyone (sign-in). */
    staffRole?: StaffRole | 'public';
  }
}

export const ADMIN_PREFIX = '/api/admin';

export function adminDeps(app: FastifyInstance, services: Services): AdminDeps {
  return {
    db: services.database.db,
    config: services.config,
    log: app.log,
    mailer: services.mailer,
    catalog: services.catalog,
    sessions: services.sessions,
  };
}

export async function registerAdmin(app: FastifyInstance, services: Services): Promise<void> {
  const deps = adminDeps(app, services);
  const sessions = new StaffSessions(deps.db);
  app.decorateRequest('staff', null);
  // Every request passes here, so the hook calls back instead of returning a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    // Decided by the route that matched, so no spelling of the path gets around it.
    const route = request.routeOptions.url;
    if (!route || (route !== ADMIN_PREFIX && !route.startsWith(`${ADMIN_PREFIX}/`))) return done();
    const needed = request.routeOptions.config.staffRole ?? 'clerk';
    if (needed === 'public') return done();
    sessions.resolve(request.cookies[STAFF_COOKIE]).then((staff) => {
      request.staff = staff;
      if (!staff) done(new HttpError(401, ADMIN_MSG.notStaff));
      else if (needed === 'owner' && staff.role !== 'owner') done(new HttpError(403, ADMIN_MSG.ownerOnly));
      else done();
    }, done);
  });
  // Uploads (pictures, import files) are parsed for the back office's routes only.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 10, parts: 12 },
    });
    staffRoutes(scope, services, deps, sessions);
    orderAdminRoutes(scope, deps);
    customerRoutes(scope, deps);
    productRoutes(scope, deps);
    messageRoutes(scope, deps);
    auditRoutes(scope, deps);
    mediaRoutes(scope, deps);
  });
}
