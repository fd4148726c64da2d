/**
 * Sessions: who is asking. Customer sessions (the shop's API and its pages), staff sessions (the back
 * office), passwords and the throttling of attempts. The plugin is not encapsulated: its hooks settle
 * request.user and guard /api/admin for every module's routes.
 */
// request.cookies is declared by the cookie plugin app.ts registers.
import type {} from '@fastify/cookie';
import fp from 'fastify-plugin';
import { checkCustomerHeader, SESSION_COOKIE } from './customer-guard';
import type { SessionService, SessionUser } from './customer-sessions';
import { staffGuard } from './staff-guard';
import type { StaffSessions } from './staff-sessions';

export {
  attemptSubject,
  beginAttempt,
  clearAttempts,
  RESET_POLICY,
  SIGN_IN_POLICY,
  STAFF_SIGN_IN_POLICY,
  staffAttemptSubject,
} from './attempts';
export {
  assertOwnCustomer,
  requireCompanyAdmin,
  requireUser,
  SESSION_COOKIE,
} from './customer-guard';
export {
  BUYER_COLUMNS,
  buyerOf,
  customerInfo,
  hashToken,
  SessionService,
  type SessionUser,
} from './customer-sessions';
export {
  dummyHash,
  hashPassword,
  setPasswordCost,
  verifyPassword,
} from './passwords';
export { type CookieBase, setSignInCookies } from './sign-in-cookies';
export { actorOf, type StaffTokenGate, staffOf } from './staff-guard';
export { endStaffSessions, STAFF_COOKIE, StaffSessions, type StaffUser } from './staff-sessions';

export interface SessionNeeds {
  sessions: SessionService;
  staffSessions: StaffSessions;
}

export const sessionsModule = fp<SessionNeeds>(
  async (app, { sessions, staffSessions }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('staff', null);
    // Every request passes here, so the hook calls back instead of returning a promise.
    app.addHook('onRequest', (request, reply, done) => {
      const api = request.url.startsWith('/api/');
      // The page is served in the buyer's language, which their account may hold.
      const page = !api && request.method === 'GET' && request.url.startsWith('/acer');
      if (!api && !page) return done();
      const token = request.cookies[SESSION_COOKIE];
      const settle = (user: SessionUser | null) => {
        let refused: Error | undefined;
        try {
          request.user = user;
          if (api) checkCustomerHeader(request, reply);
        } catch (error) {
          refused = error as Error;
        }
        done(refused);
      };
      // A session this process knows is settled at once; only the others wait for the database.
      const known = sessions.known(token);
      if (known !== undefined) return settle(known);
      sessions.resolve(token).then(settle, done);
    });
    app.addHook('onRequest', staffGuard(staffSessions));
  },
  { name: 'sessions' },
);
