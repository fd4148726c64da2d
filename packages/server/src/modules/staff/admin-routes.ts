/** Sign-in, sign-out, the signed-in staff member, and the owner's staff management. */
import { ADMIN_MSG } from '@shop/domain/admin';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { accountApplications, contactMessages, orders, staff } from '../../db/schema';
import type { AdminDeps } from '../../lib/back-office';
import { numericId } from '../../lib/back-office-http';
import { actorOf, STAFF_COOKIE, type StaffSessions, staffOf } from '../sessions';
import { checkLink, setPasswordByLink } from './links';
import {
  addStaff,
  changeOwnPassword,
  listStaff,
  presentStaff,
  StaffLocked,
  sendStaffLink,
  signInStaff,
  updateStaff,
} from './service';

const NO_STAFF = 'There is no such staff member.';

/** Runs a check of a staff password; while the account waits, the 429 says how long in Retry-After. */
async function tellingTheWait<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StaffLocked) reply.header('retry-after', Math.ceil(error.retryAfterMs / 1000));
    throw error;
  }
}

export function staffRoutes(app: FastifyInstance, deps: AdminDeps, sessions: StaffSessions) {
  const { config } = deps;
  const db = deps.db;
  const cookie = {
    // Sent only to the back office's API, never to the shop's.
    path: '/api/admin',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: config.COOKIE_SECURE,
  };
  const limited = { rateLimit: { max: config.LOGIN_RATE_LIMIT, timeWindow: '1 minute' } };

  app.post('/api/admin/login', { config: { staffRole: 'public', ...limited } }, async (request, reply) => {
    const { token, user } = await tellingTheWait(reply, () => signInStaff(deps, sessions, request.body));
    reply.setCookie(STAFF_COOKIE, token, cookie);
    const [row] = await db.select().from(staff).where(eq(staff.staffId, user.staffId));
    return reply.send({ scode: 200, staff: presentStaff(row!) });
  });

  app.post('/api/admin/logout', async (request, reply) => {
    await sessions.destroy(request.cookies[STAFF_COOKIE]);
    reply.clearCookie(STAFF_COOKIE, cookie);
    return reply.send({ scode: 200, smessage: 'Signed out.' });
  });

  app.get('/api/admin/me', async (request, reply) => {
    const me = staffOf(request);
    const count = sql<number>`count(*)::int`;
    const [[row], [pending], [applications], [contact]] = await Promise.all([
      db.select().from(staff).where(eq(staff.staffId, me.staffId)),
      db.select({ n: count }).from(orders).where(eq(orders.status, 'Pending')),
      db.select({ n: count }).from(accountApplications).where(eq(accountApplications.status, 'New')),
      db.select({ n: count }).from(contactMessages).where(eq(contactMessages.status, 'new')),
    ]);
    // The navigation's counts come with who is signed in.
    return reply.send({
      scode: 200,
      staff: presentStaff(row!),
      pending_orders: pending?.n ?? 0,
      new_applications: applications?.n ?? 0,
      new_contact_messages: contact?.n ?? 0,
    });
  });

  app.post('/api/admin/me/password', async (request, reply) => {
    await tellingTheWait(reply, () =>
      changeOwnPassword(deps, staffOf(request), request.cookies[STAFF_COOKIE], request.body),
    );
    return reply.send({ scode: 200, smessage: 'Your password has been changed.' });
  });

  const owner = { config: { staffRole: 'owner' as const } };

  app.get('/api/admin/staff', owner, async (_request, reply) =>
    reply.send({ scode: 200, staff: await listStaff(deps) }),
  );

  app.post('/api/admin/staff', owner, async (request, reply) => {
    const added = await addStaff(deps, actorOf(request), request.body);
    return reply.send({
      scode: 200,
      smessage: `${added.staff.email} has been mailed a link to set their password.`,
      staff: added.staff,
    });
  });

  app.patch<{ Params: { staffId: string } }>('/api/admin/staff/:staffId', owner, async (request, reply) => {
    const id = numericId(request.params.staffId, NO_STAFF);
    return reply.send({ scode: 200, staff: await updateStaff(deps, actorOf(request), id, request.body) });
  });

  app.post<{ Params: { staffId: string } }>(
    '/api/admin/staff/:staffId/send-link',
    owner,
    async (request, reply) => {
      const id = numericId(request.params.staffId, NO_STAFF);
      const sent = await sendStaffLink(deps, actorOf(request), id);
      return reply.send({
        scode: 200,
        smessage: `${sent.staff.email} has been mailed a new link to set their password.`,
        staff: sent.staff,
      });
    },
  );

  // ---- One-time set-password links (public: the person has no password yet)

  const linkLimit = { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } };
  app.post('/api/password-link/check', linkLimit, async (request, reply) =>
    reply.send({ scode: 200, link: await checkLink(deps, request.body) }),
  );
  app.post('/api/password-link/set', linkLimit, async (request, reply) => {
    const link = await setPasswordByLink(deps, request.body);
    return reply.send({ scode: 200, smessage: ADMIN_MSG.passwordSet, link });
  });
}
