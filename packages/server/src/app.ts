/** Builds the whole server: database, in-memory catalog, sessions, mail, API routes and the page. */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { resolve } from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { isLang, LANG_COOKIE } from '@shop/domain/i18n';
import { MSG } from '@shop/domain/messages';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { accountRoutes } from './account/routes';
import { registerAdmin } from './admin/plugin';
import { checkCustomerHeader, SESSION_COOKIE } from './auth/plugin';
import { authRoutes } from './auth/routes';
import { SessionService, type SessionUser } from './auth/sessions';
import { cartRoutes } from './cart/routes';
import { catalogRoutes } from './catalog/routes';
import { CatalogStore } from './catalog/store';
import { type Config, trustProxyOption } from './config';
import { contactRoutes } from './contact/routes';
import type { Database } from './db/client';
import { openDatabase } from './db/client';
import { Notifier } from './db/notify';
import { healthRoutes } from './health/routes';
import { registerLanguage, requestLang } from './i18n/lang';
import { imageRoutes } from './images/routes';
import { apiCacheHeaders } from './lib/cache-control';
import { COMPRESS_THRESHOLD, sendCompressed } from './lib/compressed';
import { refuseCrossSite } from './lib/cross-site';
import { HttpError } from './lib/http';
import { databaseRateLimitStore } from './lib/rate-limit-store';
import { requestForLog } from './lib/request-log';
import { apiSecurityHeaders, securityHeaders } from './lib/security-headers';
import { Mailer } from './mail/mailer';
import { orderRoutes } from './orders/routes';
import { PageHeads } from './page/head';
import { PageHtml } from './page/preload';
import { drawnOnServer, isVisitor, loadRenderer, PagePainter } from './page/render';
import { seedDemo } from './seed/seed';
import { registerSeo } from './seo/routes';
import { SERVER_ROOT } from './server-root';

export interface Services {
  config: Config;
  database: Database;
  catalog: CatalogStore;
  sessions: SessionService;
  mailer: Mailer;
  /** Cross-process signals (LISTEN/NOTIFY); handlers are registered before it starts. */
  notifier: Notifier;
  /** For work that outlives a request (its own log is request.log). */
  log: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** Every route as registered (tests check that none under /api/admin is left open). */
    routeTable: { method: string; url: string; config: unknown }[];
  }
}

export interface BuildOptions {
  /** An already opened (and migrated) database, e.g. one per test file. */
  database?: Database;
  /** Skip migrations and seeding (the database is prepared by the caller). */
  prepared?: boolean;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : // A one-time link's token in a page's URL is not written to the log.
          { level: config.LOG_LEVEL, serializers: { req: requestForLog } },
    bodyLimit: 1_048_576,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    requestIdHeader: false,
    genReqId: requestId,
    // Long inputs fail validation with a message, not the router.
    routerOptions: { maxParamLength: 200 },
  });
  const routeTable: FastifyInstance['routeTable'] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routeTable.push({ method, url: route.url, config: route.config });
  });

  const database =
    options.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: config.DATABASE_POOL_SIZE,
      prepare: config.DATABASE_PREPARE,
      owner: 'the shop server',
      log: app.log,
    }));
  if (!options.prepared) {
    let seeded = false;
    try {
      // Inside the migration lock: of several processes starting on an empty database, one seeds.
      await database.migrate(async (db) => {
        if (config.SEED_DEMO) seeded = await seedDemo(db);
      });
    } catch (error) {
      // A start that fails leaves no pool or embedded-database lock behind.
      if (!options.database) await database.close();
      throw error;
    }
    if (seeded) app.log.info('seeded the demo catalog and customers');
  }

  const notifier = new Notifier(database, app.log);
  const catalog = new CatalogStore(database.db, config, app.log);
  catalog.listen(notifier);
  const sessions = new SessionService(database.db, config.SESSION_DAYS, notifier, app.log);
  const mailer = new Mailer(database, app.log, {
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    notifier,
    lanes: config.MAIL_CONNECTIONS,
  });
  // Listening starts before the first read, so no commit falls between the two.
  await notifier.start();
  await catalog.load();
  catalog.startPolling(config.CATALOG_POLL_MS);
  await mailer.start();
  app.decorate('services', { config, database, catalog, sessions, mailer, notifier, log: app.log });

  app.addHook('onClose', async () => {
    catalog.stopPolling();
    await mailer.close();
    // Last: while its connection is open, other processes know this one's mail claims are alive.
    await notifier.close();
    if (!options.database) await database.close();
  });

  await app.register(cookie);
  // Answers made for each request are compressed as they are sent; kept answers (the catalog's, a
  // visitor's page) come already compressed (lib/compressed.ts) and are left as they are. Request bodies
  // are not decompressed: none of the shop's clients sends one compressed.
  await app.register(compress, {
    globalCompression: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
  });
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:'],
        'frame-src': ['https://www.openstreetmap.org'],
        'script-src': ["'self'"],
        // Only behind TLS; on plain http it would send the page's own requests to https.
        'upgrade-insecure-requests': config.COOKIE_SECURE ? [] : null,
      },
    },
    // The page is same-origin; HSTS is for the TLS terminator in front of it.
    strictTransportSecurity: false,
  });
  const apiHeaders = apiSecurityHeaders(headers);
  // PostgreSQL text cannot hold a NUL character: a request carrying one is refused before it reaches SQL.
  const NUL_MESSAGE = 'The request contains a character that is not allowed (NUL).';
  // Every request passes here, so these hooks call back instead of returning a promise.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : headers);
    // Operations: the request id on every answer.
    reply.header('x-request-id', request.id);
    done(request.url.includes('%00') ? new HttpError(400, NUL_MESSAGE) : undefined);
  });
  app.addHook('onRequest', refuseCrossSite(config.PUBLIC_URL));
  app.addHook('onSend', apiCacheHeaders);
  await app.register(rateLimit, {
    global: false,
    // Counted in the database for every process; keyed on request.ip (the plugin's default key).
    store: databaseRateLimitStore(database.db, app.log),
    errorResponseBuilder: () => ({ statusCode: 429, scode: 429, smessage: MSG.tooManyAttempts }),
  });

  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined && hasNul(request.body)) throw new HttpError(400, NUL_MESSAGE);
  });

  app.decorateRequest('user', null);
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
  registerLanguage(app);

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .send({ scode: error.statusCode, smessage: error.message, ...error.extra });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 429) return reply.code(429).send({ scode: 429, smessage: MSG.tooManyAttempts });
    if (status >= 400 && status < 500) {
      const code = (error as { code?: string }).code;
      const smessage =
        code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request is too large.'
            : code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Send the request as JSON (Content-Type: application/json).'
              : MSG.invalidRequest;
      return reply.code(status).send({ scode: status, smessage });
    }
    request.log.error(error);
    return reply
      .code(500)
      .send({ scode: 500, smessage: 'Something went wrong on our side, please try again.' });
  });

  // ---- Operations: health checks for load balancers.
  healthRoutes(app, app.services);

  const services = app.services;
  authRoutes(app, services);
  catalogRoutes(app, services);
  accountRoutes(app, services);
  cartRoutes(app, services);
  orderRoutes(app, services);
  contactRoutes(app, database.db, mailer, config);
  imageRoutes(app);
  registerSeo(app, services);
  await registerAdmin(app, services);

  await registerPage(app, config, new PageHeads(catalog, config));
  return app;
}

/** The built page: hashed assets cached for good, index.html with the shop's details for every route. */
async function registerPage(app: FastifyInstance, config: Config, heads: PageHeads): Promise<void> {
  const dist = resolve(config.WEB_DIST ?? resolve(SERVER_ROOT, '../web/dist'));
  const shop = {
    phone: config.SHOP_PHONE,
    email: config.SHOP_EMAIL,
    salesEmail: config.SHOP_SALES_EMAIL,
    address: config.SHOP_ADDRESS,
  };
  const page = PageHtml.load(dist, (html) =>
    html.replace(
      '<!--shop-config-->',
      `<meta name="shop-config" content="${escapeAttr(JSON.stringify(shop))}">`,
    ),
  );
  const hasPage = page !== null;
  const renderer = hasPage ? await loadRenderer(dist) : null;
  const painter = renderer ? new PagePainter(app, renderer, shop) : null;
  if (hasPage && !renderer)
    app.log.warn('the page was built without its server renderer: the browser draws every page');

  app.get('/', async (_request, reply) => reply.redirect('/acer', 302));

  if (hasPage) {
    app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      index: false,
      // The build manifest (.vite/) is for the server, not for browsers.
      dotfiles: 'deny',
      wildcard: false,
      // Answered by seo/routes.ts, even should an old build still hold a file of that name.
      globIgnore: ['robots.txt', 'sitemap.xml'],
      preCompressed: true,
      setHeaders: (res, path) => {
        if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ scode: 404, smessage: 'Not found.' });
    }
    if (!hasPage) return reply.code(404).type('text/plain').send('The page is not built: run npm run build.');
    // Every other path is the page's: its own head and status, or a redirect of an unknown one to /acer.
    // `?lang=fr` (or en) names the language in the URL, for crawlers without a cookie; a person who
    // follows such a link keeps that language (the cookie), so the page's own reads answer in it too.
    const asked = (request.query as Record<string, unknown> | undefined)?.lang;
    const named = isLang(asked) ? asked : undefined;
    if (named && request.cookies[LANG_COOKIE] !== named) {
      reply.setCookie(LANG_COOKIE, named, { path: '/', maxAge: 31_536_000, sameSite: 'lax' });
      request.lang = named;
    }
    const lang = named ?? requestLang(request);
    const visitor = isVisitor(request);
    const pageHeaders = () =>
      reply
        // A signed-in buyer's page holds their prices: never kept by a cache on the way.
        .header('cache-control', visitor ? 'no-cache' : 'private, no-store')
        // In the language of the lang cookie, the buyer's account or Accept-Language.
        .header('vary', 'Cookie, Accept-Language, Accept-Encoding')
        .type('text/html; charset=utf-8');
    // A visitor's page kept as drawn, while what it shows has not changed (page/render.ts).
    const kept = painter && visitor ? await painter.keptPage(request, lang) : null;
    if (kept) return sendCompressed(pageHeaders().code(200), request, kept);
    const answer = heads.answer(request.url, lang);
    if (answer.kind === 'redirect') return reply.redirect(answer.location, 302);
    const path = request.url.split('?')[0] ?? '/';
    if (painter && answer.status === 200 && drawnOnServer(path)) {
      try {
        const painted = await painter.draw(request, lang, (drawn) =>
          page.render(path, lang, { ...answer, body: drawn.html, data: drawn.data }),
        );
        if (painted.kind === 'redirect') return reply.redirect(painted.location, painted.status);
        if (painted.kind === 'page') return sendCompressed(pageHeaders().code(200), request, painted.page);
        request.log.info({ url: request.url, reason: painted.reason }, 'page left to the browser to draw');
      } catch (error) {
        request.log.error({ err: error, url: request.url }, 'drawing the page failed; the browser draws it');
      }
    }
    return pageHeaders()
      .code(answer.status)
      .send(page.render(path, lang, answer));
  });
}

/**
 * The request id in every log line of a request: the one a proxy in front sent as X-Request-Id when it
 * looks like an id (so one id follows a request through both logs), else a new one.
 */
function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  if (typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given)) return given;
  return randomUUID();
}

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  for (const item of Object.values(value)) if (hasNul(item, depth + 1)) return true;
  return false;
}

function escapeAttr(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}
