import { REFUSALS } from '@shop/domain/core/contract';
import { DISPLAY_COOKIES } from '@shop/domain/core/cookies';
import {
  PUNCHOUT_MSG,
  PunchoutReturnAnswer,
  PunchoutSessionAnswer,
  PunchoutSettingsAnswer,
  PunchoutSettingsBody,
} from '@shop/domain/punchout/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Said } from '../../i18n/lang';
import { routeDocs, SECURITY } from '../../lib/contract';
import { HttpError } from '../../lib/http';
import {
  requireCompanyAdmin,
  requireUser,
  SESSION_COOKIE,
  type SessionUser,
  setSignInCookies,
} from '../sessions';
import { ociFields, orderMessage, takeCart } from './cart-return';
import { handleCxml, responseDocument } from './cxml';
import type { PunchoutNeeds } from './needs';
import { buyerById, contactFor, openPunchout, punchoutOf, takeStart } from './sessions';
import { checkCredentials, readSettings, remakeSecret, saveSettings } from './settings';
import { MAX_XML_BYTES } from './xml';

/** Marks a browser whose session is a punchout one, so only its pages look for framing origins. */
export const PUNCHOUT_COOKIE = 'punchout';

const doc = routeDocs(['Account: punchout'], SECURITY.session);
const adminsOnly = {
  preValidation: async (request: FastifyRequest) => {
    requireCompanyAdmin(request, PUNCHOUT_MSG.adminOnly);
  },
};

export function accountRoutes(app: FastifyInstance, needs: PunchoutNeeds): void {
  const db = needs.database.db;
  const publicUrl = needs.config.PUBLIC_URL;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/user/punchout',
    {
      ...adminsOnly,
      schema: doc("The company's punchout settings", {
        description:
          'The identity a procurement system names (the Customer ID), whether a shared secret is set (never the secret), the origins allowed to frame the shop, and where cXML and OCI requests go. Administrators only.',
        response: { 200: PunchoutSettingsAnswer, ...REFUSALS },
      }),
    },
    async (request) => {
      const user = requireCompanyAdmin(request, PUNCHOUT_MSG.adminOnly);
      return {
        scode: 200 as const,
        punchout: await readSettings(db, user.customerId, publicUrl),
        secret: null,
      };
    },
  );

  api.put(
    '/api/user/punchout',
    {
      ...adminsOnly,
      schema: doc('Turn punchout on or off and list the framing origins', {
        description:
          'Saves on/off and the procurement system’s origins (https://host[:port], at most 10). The first save makes the shared secret and answers it (`secret`) this once; only its hash is kept.',
        body: PunchoutSettingsBody,
        response: { 200: PunchoutSettingsAnswer, ...REFUSALS },
      }),
    },
    async (request) => {
      const user = requireCompanyAdmin(request, PUNCHOUT_MSG.adminOnly);
      const saved = await saveSettings(db, user.customerId, user.contactPersonId, request.body, publicUrl);
      return {
        scode: 200 as const,
        smessage: request.say(saved.secret ? PUNCHOUT_MSG.secretMade : PUNCHOUT_MSG.saved),
        punchout: saved.settings,
        secret: saved.secret,
      };
    },
  );

  api.post(
    '/api/user/punchout/secret',
    {
      ...adminsOnly,
      schema: doc('Make a new shared secret', {
        description:
          'A new shared secret, answered this once (only its hash is kept); the previous one stops working at once. Turns punchout on when it was never set up.',
        response: { 200: PunchoutSettingsAnswer, ...REFUSALS },
      }),
    },
    async (request) => {
      const user = requireCompanyAdmin(request, PUNCHOUT_MSG.adminOnly);
      const made = await remakeSecret(db, user.customerId, user.contactPersonId, publicUrl);
      return {
        scode: 200 as const,
        smessage: request.say(PUNCHOUT_MSG.secretMade),
        punchout: made.settings,
        secret: made.secret,
      };
    },
  );

  api.get(
    '/api/user/punchout/session',
    {
      schema: doc('Whether this session is a punchout one', {
        description:
          'The protocol of the session’s punchout (cxml or oci), or null: the cart shows "Return to procurement" only in one.',
        response: { 200: PunchoutSessionAnswer, ...REFUSALS },
      }),
    },
    async (request) => {
      const found = request.user ? await punchoutOf(db, request.cookies[SESSION_COOKIE]) : null;
      return { scode: 200 as const, punchout: found ? { protocol: found.protocol } : null };
    },
  );

  api.post(
    '/api/user/punchout/return',
    {
      schema: doc('Send the cart back to the procurement system', {
        description:
          'Empties the cart and answers the form the page posts to the procurement system: cXML’s PunchOutOrderMessage in `cxml-urlencoded` to the BrowserFormPost URL, or OCI’s NEW_ITEM-* fields to HOOK_URL, at the buyer’s prices. The punchout session ends.',
        response: { 200: PunchoutReturnAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const token = request.cookies[SESSION_COOKIE];
      const punchout = await punchoutOf(db, token);
      if (!punchout || punchout.customerId !== user.customerId)
        throw new HttpError(409, PUNCHOUT_MSG.notPunchout);
      const lines = await takeCart(needs, user, punchout.punchoutId);
      if (lines === null) throw new HttpError(409, PUNCHOUT_MSG.notPunchout);
      if (lines.length === 0) throw new HttpError(409, PUNCHOUT_MSG.cartEmpty);
      const host = new URL(publicUrl).host;
      const fields =
        punchout.protocol === 'cxml'
          ? [{ name: 'cxml-urlencoded', value: orderMessage(lines, punchout, host, request.lang ?? 'en') }]
          : ociFields(lines);
      // The punchout is over: the shop's session with it.
      if (token) await needs.sessions.destroy(token);
      const base = cookieBase(needs);
      reply.clearCookie(SESSION_COOKIE, base);
      reply.clearCookie(PUNCHOUT_COOKIE, base);
      for (const name of DISPLAY_COOKIES) reply.clearCookie(name, base);
      return {
        scode: 200 as const,
        smessage: request.say(PUNCHOUT_MSG.cartReturned),
        url: punchout.returnUrl,
        fields,
      };
    },
  );
}

function cookieBase(needs: PunchoutNeeds) {
  // Framed in a procurement system's page, the session cookie must go with cross-site frames: None, over TLS.
  const framed = needs.config.COOKIE_SECURE;
  return {
    path: '/',
    sameSite: framed ? ('none' as const) : ('lax' as const),
    secure: needs.config.COOKIE_SECURE,
    // In a frame, kept apart for the procurement system's site (CHIPS): browsers that block other sites'
    // cookies still send these to the shop's pages inside it.
    partitioned: framed,
  };
}

/** Signs the punchout's buyer in: the sign-in's cookies, and the punchout mark. */
function signIn(needs: PunchoutNeeds, reply: FastifyReply, token: string, user: SessionUser) {
  const base = cookieBase(needs);
  setSignInCookies(reply, token, user, base, needs.config.SESSION_DAYS);
  // A mark, not a credential: it tells the server to look the session's punchout up (framing) and the cart
  // to offer the return, which the server answers only to the punchout session itself.
  reply.setCookie(PUNCHOUT_COOKIE, '1', { ...base, maxAge: needs.config.SESSION_DAYS * 86_400 });
}

function page(reply: FastifyReply, status: number, words: string, lang: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="${lang}"><meta charset="utf-8"><title>Punchout</title><p>${words.replace(/[<&]/g, (c) => (c === '<' ? '&lt;' : '&amp;'))}</p></html>`,
    );
}

/** The procurement system's routes: cXML documents, OCI's sign-in and the one-time start URL. */
export async function procurementRoutes(app: FastifyInstance, needs: PunchoutNeeds): Promise<void> {
  const db = needs.database.db;
  const host = new URL(needs.config.PUBLIC_URL).host;
  app.addContentTypeParser(
    ['text/xml', 'application/xml'],
    { parseAs: 'string', bodyLimit: MAX_XML_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const limit = { rateLimit: { max: 120, timeWindow: '1 minute' } };

  app.post('/punchout/cxml', { config: limit }, async (request, reply) => {
    const body = typeof request.body === 'string' ? request.body : '';
    const answer = await handleCxml(needs, request, body);
    const words = request.say(answer.said);
    return reply
      .code(answer.status)
      .type('text/xml; charset=utf-8')
      .send(responseDocument(answer, words, host));
  });

  // One use, within minutes: signs the buyer in for the punchout session and opens the shop.
  app.get<{ Params: { token: string } }>(
    '/punchout/start/:token',
    { config: limit },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('referrer-policy', 'no-referrer');
      const started = await takeStart(db, request.params.token, async (contactPersonId) => {
        const { token } = await needs.sessions.create(contactPersonId);
        return token;
      });
      const user = started ? await buyerById(db, started.contactPersonId) : null;
      if (!started || !user)
        return page(reply, 403, request.say(PUNCHOUT_MSG.startUsed), request.lang ?? 'en');
      signIn(needs, reply, started.sessionToken, user);
      return reply.redirect('/acer', 303);
    },
  );

  // OCI 4.0: USERNAME (the identity), PASSWORD (the shared secret) and HOOK_URL, by GET or a form POST.
  const oci = async (request: FastifyRequest, reply: FastifyReply) => {
    const fields = {
      ...(request.query as Record<string, unknown>),
      ...(request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {}),
    };
    const field = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : '');
    reply.header('cache-control', 'no-store');
    const lang = request.lang ?? 'en';
    const company = await checkCredentials(db, field('USERNAME'), field('PASSWORD'));
    const refuse = (status: number, said: Said) => page(reply, status, request.say(said), lang);
    if (!company) return refuse(401, PUNCHOUT_MSG.badCredentials);
    let hook: URL;
    try {
      hook = new URL(field('HOOK_URL'));
    } catch {
      return refuse(400, PUNCHOUT_MSG.noReturnUrl);
    }
    if (hook.protocol !== 'https:' && hook.protocol !== 'http:') return refuse(400, PUNCHOUT_MSG.noReturnUrl);
    const contactPersonId = await contactFor(db, company.customerId, field('EMAIL').slice(0, 200));
    if (!contactPersonId) return refuse(401, PUNCHOUT_MSG.badCredentials);
    const start = await openPunchout(db, {
      customerId: company.customerId,
      contactPersonId,
      protocol: 'oci',
      returnUrl: hook.href,
      buyerCookie: '',
    });
    const started = await takeStart(db, start, async (id) => (await needs.sessions.create(id)).token);
    const user = started ? await buyerById(db, started.contactPersonId) : null;
    if (!started || !user) return refuse(401, PUNCHOUT_MSG.badCredentials);
    signIn(needs, reply, started.sessionToken, user);
    return reply.redirect('/acer', 303);
  };
  app.get('/punchout/oci', { config: limit }, oci);
  app.post('/punchout/oci', { config: limit }, oci);
}
