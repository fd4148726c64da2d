/** Sign-in, sign-out, the signed-in staff member, and the owner's staff management. */
import {
  ADMIN_MSG,
  AdminMeAnswer,
  AdminMessageAnswer,
  AdminSignInAnswer,
  changeOwnPasswordSchema,
  PasswordLinkAnswer,
  PasswordSetAnswer,
  passwordTokenSchema,
  StaffAnswer,
  StaffListAnswer,
  setPasswordSchema,
  staffCreateSchema,
  staffLoginSchema,
  staffUpdateSchema,
} from '@shop/domain/back-office/schemas';
import { REFUSALS } from '@shop/domain/core/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountApplications,
  contactMessages,
  customerMessages,
  orders,
  quotes,
  staff,
  warrantyClaims,
} from '../../db/schema';
import type { AdminDeps } from '../../lib/back-office';
import { numericId } from '../../lib/back-office-http';
import { waitingReturns } from '../returns';
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
const TAGS = ['Back office: staff'];
const STAFF: { [scheme: string]: string[] }[] = [{ staff: [] }];
const StaffParams = z.object({ staffId: z.string().describe('The staff member’s number.') });

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

  const api = app.withTypeProvider<ZodTypeProvider>();
  const doc = <P extends object>(summary: string, parts: P, security: typeof STAFF = STAFF) => ({
    tags: TAGS,
    summary,
    security,
    ...parts,
  });
  api.post(
    '/api/admin/login',
    {
      config: { staffRole: 'public', ...limited },
      schema: doc(
        'Sign in to the back office (sets the staff session cookie)',
        { body: staffLoginSchema, response: { 200: AdminSignInAnswer, ...REFUSALS } },
        [],
      ),
    },
    async (request, reply) => {
      const { token, user } = await tellingTheWait(reply, () => signInStaff(deps, sessions, request.body));
      reply.setCookie(STAFF_COOKIE, token, cookie);
      const [row] = await db.select().from(staff).where(eq(staff.staffId, user.staffId));
      return reply.send({ scode: 200, staff: presentStaff(row!) });
    },
  );

  api.post(
    '/api/admin/logout',
    { schema: doc('Sign out of the back office', { response: { 200: AdminMessageAnswer, ...REFUSALS } }) },
    async (request, reply) => {
      await sessions.destroy(request.cookies[STAFF_COOKIE]);
      reply.clearCookie(STAFF_COOKIE, cookie);
      return reply.send({ scode: 200, smessage: 'Signed out.' });
    },
  );

  api.get(
    '/api/admin/me',
    {
      schema: doc("Who is signed in, with the navigation's counts", {
        response: { 200: AdminMeAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const me = staffOf(request);
      const count = sql<number>`count(*)::int`;
      const [[row], [pending], [held], [applications], [contact], [replies]] = await Promise.all([
        db.select().from(staff).where(eq(staff.staffId, me.staffId)),
        db.select({ n: count }).from(orders).where(eq(orders.status, 'Pending')),
        db.select({ n: count }).from(orders).where(eq(orders.status, 'OnHold')),
        db.select({ n: count }).from(accountApplications).where(eq(accountApplications.status, 'New')),
        db.select({ n: count }).from(contactMessages).where(eq(contactMessages.status, 'new')),
        db.select({ n: count }).from(customerMessages).where(eq(customerMessages.sellerStatus, 'new')),
      ]);
      const [quotesNew] = await db.select({ n: count }).from(quotes).where(eq(quotes.status, 'requested'));
      const [claimsWaiting] = await db
        .select({ n: count })
        .from(warrantyClaims)
        .where(eq(warrantyClaims.state, 'submitted'));
      const returnsWaiting = await waitingReturns(db);
      // The navigation's counts come with who is signed in.
      return reply.send({
        scode: 200,
        staff: presentStaff(row!),
        pending_orders: pending?.n ?? 0,
        held_orders: held?.n ?? 0,
        new_applications: applications?.n ?? 0,
        new_contact_messages: contact?.n ?? 0,
        new_customer_replies: replies?.n ?? 0,
        new_quotes: quotesNew?.n ?? 0,
        waiting_claims: claimsWaiting?.n ?? 0,
        waiting_returns: returnsWaiting,
      });
    },
  );

  api.post(
    '/api/admin/me/password',
    {
      schema: doc('Change your own password', {
        body: changeOwnPasswordSchema,
        response: { 200: AdminMessageAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      await tellingTheWait(reply, () =>
        changeOwnPassword(deps, staffOf(request), request.cookies[STAFF_COOKIE], request.body),
      );
      return reply.send({ scode: 200, smessage: 'Your password has been changed.' });
    },
  );

  const owner = { staffRole: 'owner' as const };

  api.get(
    '/api/admin/staff',
    {
      config: owner,
      schema: doc('The staff (owners only)', { response: { 200: StaffListAnswer, ...REFUSALS } }),
    },
    async (_request, reply) => reply.send({ scode: 200, staff: await listStaff(deps) }),
  );

  api.post(
    '/api/admin/staff',
    {
      config: owner,
      schema: doc('Add a staff member, mailed a link to set their password (owners only)', {
        body: staffCreateSchema,
        response: { 200: StaffAnswer.extend({ smessage: z.string() }), ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const added = await addStaff(deps, actorOf(request), request.body);
      return reply.send({
        scode: 200,
        smessage: `${added.staff.email} has been mailed a link to set their password.`,
        staff: added.staff,
      });
    },
  );

  api.patch(
    '/api/admin/staff/:staffId',
    {
      config: owner,
      schema: doc('Change a staff member’s name, role or access (owners only)', {
        params: StaffParams,
        body: staffUpdateSchema,
        response: { 200: StaffAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const id = numericId(request.params.staffId, NO_STAFF);
      return reply.send({ scode: 200, staff: await updateStaff(deps, actorOf(request), id, request.body) });
    },
  );

  api.post(
    '/api/admin/staff/:staffId/send-link',
    {
      config: owner,
      schema: doc('Mail a staff member a new set-password link (owners only)', {
        params: StaffParams,
        response: { 200: StaffAnswer.extend({ smessage: z.string() }), ...REFUSALS },
      }),
    },
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

  const linkLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };
  const linkDoc = <P extends object>(summary: string, parts: P) => ({
    tags: ['Sign-in'],
    summary,
    security: [],
    ...parts,
  });
  api.post(
    '/api/password-link/check',
    {
      config: linkLimit,
      schema: linkDoc('Whether a one-time set-password link still holds, and for whom', {
        body: passwordTokenSchema,
        response: { 200: PasswordLinkAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => reply.send({ scode: 200, link: await checkLink(deps, request.body) }),
  );
  api.post(
    '/api/password-link/set',
    {
      config: linkLimit,
      schema: linkDoc('Set a password with a one-time link (then sign in with it)', {
        body: setPasswordSchema,
        response: { 200: PasswordSetAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const link = await setPasswordByLink(deps, request.body);
      return reply.send({ scode: 200, smessage: request.say(ADMIN_MSG.passwordSet), link });
    },
  );
}
