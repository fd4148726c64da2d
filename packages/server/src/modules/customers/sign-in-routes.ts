/** Sign in, sign out and the header data of a signed-in customer. */

import { HeaderAnswer, LanguageAnswer, SignInAnswer, SignOutAnswer } from '@shop/domain/account/answers';
import { loginSchema } from '@shop/domain/account/contact';
import { languageSchema } from '@shop/domain/account/schemas';
import { ADMIN_MSG } from '@shop/domain/back-office/schemas';
import { REFUSALS } from '@shop/domain/core/contract';
import { DISPLAY_COOKIES } from '@shop/domain/core/cookies';
import { LANG_COOKIE } from '@shop/domain/core/i18n';
import { MSG, tooManySignInAttempts } from '@shop/domain/core/messages';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contacts, customers } from '../../db/schema';
import { namedLang } from '../../i18n/lang';
import { routeDocs, SECURITY } from '../../lib/contract';
import { fail } from '../../lib/http';
import {
  attemptSubject,
  beginAttempt,
  clearAttempts,
  customerInfo,
  dummyHash,
  requireUser,
  SESSION_COOKIE,
  SIGN_IN_POLICY,
  setSignInCookies,
  verifyPassword,
} from '../sessions';
import type { CustomerNeeds } from './needs';
import { headerAnswer } from './queries';

const LANGUAGE_SAVED = 'api.languageSaved';
/** The language cookie lasts a year. */
const LANG_COOKIE_SECONDS = 365 * 86_400;
const doc = routeDocs(['Sign-in'], SECURITY.session);

export function authRoutes(app: FastifyInstance, services: CustomerNeeds) {
  const { config, sessions } = services;
  const db = services.database.db;
  const cookieBase = { path: '/', sameSite: 'lax' as const, secure: config.COOKIE_SECURE };
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/user/login',
    {
      config: { rateLimit: { max: config.LOGIN_RATE_LIMIT, timeWindow: '1 minute' } },
      schema: doc(
        'Signs in with the Customer ID (primary contact) or e-mail (buyers): sets the session cookie',
        { body: loginSchema, response: { 200: SignInAnswer, ...REFUSALS } },
        SECURITY.open,
      ),
    },
    async (request, reply) => {
      const { username, password } = request.body;
      // The primary contact signs in with the Customer ID, further buyers with their e-mail.
      const [contact] = await db
        .select({
          contactPersonId: contacts.contactPersonId,
          passwordHash: contacts.passwordHash,
          active: contacts.active,
          language: contacts.language,
          disabledAt: customers.disabledAt,
        })
        .from(contacts)
        .innerJoin(customers, eq(customers.customerId, contacts.customerId))
        .where(sql`lower(${contacts.username}) = ${username.toLowerCase()}`)
        .limit(1);
      // Counted per account in the database, whatever address or process the guesses come through.
      const subject = attemptSubject(SIGN_IN_POLICY, contact?.contactPersonId, username);
      const verdict = await beginAttempt(db, request.log, SIGN_IN_POLICY, subject);
      if (!verdict.allowed) {
        reply.header('retry-after', Math.ceil(verdict.retryAfterMs / 1000));
        return fail(reply, 429, tooManySignInAttempts(verdict.retryAfterMs));
      }
      // An unknown Customer ID costs the same time as a wrong password, so timing tells nothing.
      const ok = await verifyPassword(
        contact?.passwordHash || (await dummyHash()),
        password,
        request.log,
        contact?.contactPersonId ?? '',
      );
      if (!contact || !ok) return fail(reply, 401, MSG.loginFailed);
      await clearAttempts(db, subject);
      if (contact.disabledAt) return fail(reply, 403, ADMIN_MSG.customerDisabled);
      if (!contact.active) return fail(reply, 403, ADMIN_MSG.contactInactive);
      // A buyer who has not chosen a language yet keeps the one they signed in with.
      const named = namedLang(request);
      if (contact.language === null && named) {
        await db.transaction(async (tx) => {
          await tx
            .update(contacts)
            .set({ language: named })
            .where(eq(contacts.contactPersonId, contact.contactPersonId));
          await sessions.refreshContact(contact.contactPersonId, tx);
        });
      }
      const { token } = await sessions.create(contact.contactPersonId);
      const user = await sessions.resolve(token);
      if (!user) return fail(reply, 401, MSG.loginFailed);
      setSignInCookies(reply, token, user, cookieBase, config.SESSION_DAYS);
      return reply.send({ scode: 200, customerInfo: customerInfo(user) });
    },
  );

  api.post(
    '/api/user/logout',
    {
      schema: doc(
        'Signs out: ends the session and clears its cookies',
        { response: { 200: SignOutAnswer, ...REFUSALS } },
        SECURITY.open,
      ),
    },
    async (request, reply) => {
      await sessions.destroy(request.cookies[SESSION_COOKIE]);
      reply.clearCookie(SESSION_COOKIE, cookieBase);
      for (const name of DISPLAY_COOKIES) reply.clearCookie(name, cookieBase);
      return reply.send({ scode: 200, smessage: request.say('api.signedOut') });
    },
  );

  /** The buyer's language: kept on their account (their mail follows it) and in the page's cookie. */
  api.post(
    '/api/user/language',
    {
      schema: doc("Keeps the buyer's language (en or fr) on their account and in the page's cookie", {
        tags: ['Account'],
        body: languageSchema,
        response: { 200: LanguageAnswer, ...REFUSALS },
      }),
      preValidation: async (request) => {
        requireUser(request);
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { language } = request.body;
      await db.transaction(async (tx) => {
        await tx.update(contacts).set({ language }).where(eq(contacts.contactPersonId, user.contactPersonId));
        await sessions.refreshContact(user.contactPersonId, tx);
      });
      reply.setCookie(LANG_COOKIE, language, { ...cookieBase, maxAge: LANG_COOKIE_SECONDS });
      request.lang = language;
      return reply.send({ scode: 200, smessage: request.say(LANGUAGE_SAVED), language });
    },
  );

  api.get(
    '/api/header',
    {
      schema: doc('What every page of a signed-in buyer shows: cart, addresses, wish lists, who they are', {
        tags: ['Account'],
        response: { 200: HeaderAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      return reply.send(await headerAnswer(services, requireUser(request)));
    },
  );
}
