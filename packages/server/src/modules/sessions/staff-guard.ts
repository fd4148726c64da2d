/**
 * The back office's API under /api/admin: one guard for every route there, whichever module registered
 * it. A route is open to any signed-in staff member unless its config says `staffRole: 'owner'` (or
 * `'public'` for the sign-in). Customer sessions play no part here, and staff sessions none in the shop.
 * A request with `Authorization: Bearer` is judged by its staff API token alone (the staff-tokens module's
 * gate): it passes only a route whose scope (domain/back-office/staff-tokens.ts) the token holds.
 */
// request.cookies is declared by the cookie plugin app.ts registers.
import type {} from '@fastify/cookie';
import { ADMIN_MSG, type StaffRole } from '@shop/domain/back-office/schemas';
import { STAFF_TOKEN_MSG, type StaffScope, scopeOfRoute } from '@shop/domain/back-office/staff-tokens';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Actor } from '../../lib/back-office';
import { HttpError } from '../../lib/http';
import { STAFF_COOKIE, type StaffSessions, type StaffUser } from './staff-sessions';

/**
 * Lets a request in with its staff API token for a route needing `scope` (null: none, tokens refused),
 * as the staff member it acts as; throws the refusal.
 */
export type StaffTokenGate = (
  request: FastifyRequest,
  reply: FastifyReply,
  scope: StaffScope | null,
) => Promise<StaffUser>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the staff-tokens module; without it, tokens are refused. */
    staffTokenGate?: StaffTokenGate;
  }
  interface FastifyRequest {
    staff: StaffUser | null;
  }
  interface FastifyContextConfig {
    /** Who may call a route under /api/admin: any staff (default), owners only, or anyone (sign-in). */
    staffRole?: StaffRole | 'public';
  }
}

const ADMIN_PREFIX = '/api/admin';

/** Refuses a route under /api/admin to anyone its `staffRole` does not admit; sets request.staff. */
export function staffGuard(sessions: StaffSessions): onRequestHookHandler {
  // Every request passes here, so the hook calls back instead of returning a promise.
  return (request, reply, done) => {
    // Decided by the route that matched, so no spelling of the path gets around it.
    const route = request.routeOptions.url;
    if (!route || (route !== ADMIN_PREFIX && !route.startsWith(`${ADMIN_PREFIX}/`))) return done();
    const needed = request.routeOptions.config.staffRole ?? 'clerk';
    if (needed === 'public') return done();
    if (/^bearer\s/i.test(request.headers.authorization ?? '')) {
      const gate = request.server.staffTokenGate;
      if (!gate) return done(new HttpError(401, STAFF_TOKEN_MSG.unknown));
      gate(request, reply, scopeOfRoute(request.method, route)).then((staff) => {
        request.staff = staff;
        done();
      }, done);
      return;
    }
    sessions.resolve(request.cookies[STAFF_COOKIE]).then((staff) => {
      request.staff = staff;
      if (!staff) done(new HttpError(401, ADMIN_MSG.notStaff));
      else if (needed === 'owner' && staff.role !== 'owner') done(new HttpError(403, ADMIN_MSG.ownerOnly));
      else done();
    }, done);
  };
}

/** The signed-in staff member (the guard has already refused everyone else). */
export function staffOf(request: FastifyRequest): StaffUser {
  if (!request.staff) throw new HttpError(401, 'Please sign in to the back office.');
  return request.staff;
}

export function actorOf(request: FastifyRequest): Actor {
  const staff = staffOf(request);
  return { staffId: staff.staffId, label: staff.email };
}
