/** Builds the whole server: database, in-memory catalog, sessions, mail, API routes and the page. */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { MSG } from '@shop/domain/core/messages';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Config, trustProxyOption } from './config';
import type { Database } from './db/client';
import { openDatabase } from './db/client';
import { Notifier } from './db/notify';
import { registerLanguage } from './i18n/lang';
import { registerApiDocs } from './lib/api-docs';
import { backOfficeDeps } from './lib/back-office';
import { apiCacheHeaders } from './lib/cache-control';
import { COMPRESS_THRESHOLD } from './lib/compressed';
import { useContract } from './lib/contract';
import { refuseCrossSite } from './lib/cross-site';
import { HttpError, type Said } from './lib/http';
import type { Platform } from './lib/platform';
import { databaseRateLimitStore } from './lib/rate-limit-store';
import { requestForLog } from './lib/request-log';
import { SecretBox } from './lib/secret-box';
import { apiSecurityHeaders, securityHeaders } from './lib/security-headers';
import { traceRequests } from './lib/tracing';
import { Mailer } from './mail/mailer';
import { metricsModule } from './metrics';
import { accountingModule } from './modules/accounting';
import { accountsModule } from './modules/accounts';
import { alertsModule } from './modules/alerts';
import { applicationsModule } from './modules/applications';
import { approvalChecks, approvalsModule } from './modules/approvals';
import { auditModule } from './modules/audit';
import { cartModule } from './modules/cart';
import { CatalogStore, catalogModule } from './modules/catalog';
import { companyApiModule } from './modules/company-api';
import { creditCanceledOrder, creditNotesModule } from './modules/credit-notes';
import { customersModule, recordProductView } from './modules/customers';
import { devicesModule } from './modules/devices';
import { healthModule } from './modules/health';
import { createInvoice, invoicesModule } from './modules/invoices';
import { messagesModule } from './modules/messages';
import { ordersModule } from './modules/orders';
import { pageModule } from './modules/page';
import { punchoutModule } from './modules/punchout';
import { quotesModule } from './modules/quotes';
import { returnsModule } from './modules/returns';
import { seoModule } from './modules/seo';
import { SessionService, StaffSessions, sessionsModule, setPasswordCost } from './modules/sessions';
import { staffModule } from './modules/staff';
import { staffTokensModule } from './modules/staff-tokens';
import { taxModule } from './modules/tax';
import { warrantyClaimsModule } from './modules/warranty-claims';
import { WebhookSender, webhooksModule } from './modules/webhooks';
import { seedDemo } from './seed/seed';

/** What the composition root builds once and hands to the modules, each taking what it declares. */
export interface Services extends Platform {
  catalog: CatalogStore;
  sessions: SessionService;
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
  // Before the demo seed, whose passwords are hashed too.
  setPasswordCost(config);
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
  // Before the database opens and before any other request hook; nothing at all unless configured.
  await traceRequests(app, config);
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
    // Without SMTP_URL, mail is printed readable to the terminal, as far as the log level shows warnings.
    mailLog: !config.SMTP_URL && showsWarnings(config.LOG_LEVEL) ? process.stderr : null,
  });
  // Posts the webhooks written by any process; it listens on the notifier, so it is made before it starts.
  const secrets = SecretBox.of(config);
  const webhooks = new WebhookSender(database, app.log, {
    notifier,
    mailer,
    allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE,
    secrets,
  });
  // Listening starts before the first read, so no commit falls between the two.
  await notifier.start();
  await catalog.load();
  catalog.startPolling(config.CATALOG_POLL_MS);
  await mailer.start();
  await webhooks.start();
  app.decorate('webhooks', webhooks);
  const services: Services = { config, database, catalog, sessions, mailer, notifier, log: app.log };
  app.decorate('services', services);
  // Before the routes: /metrics counts every request (metrics/index.ts).
  await app.register(metricsModule, services);

  app.addHook('onClose', async () => {
    catalog.stopPolling();
    await webhooks.close();
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
  const NUL_MESSAGE = 'api.nul';
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
    errorResponseBuilder: (request) => ({
      statusCode: 429,
      scode: 429,
      smessage: request.say(MSG.tooManyAttempts),
    }),
  });

  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined && hasNul(request.body)) throw new HttpError(400, NUL_MESSAGE);
  });

  const staffSessions = new StaffSessions(database.db);
  await app.register(sessionsModule, { sessions, staffSessions });
  registerLanguage(app, { strict: config.CHECK_ANSWERS });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      const said = Array.isArray(error.said) ? error.said : [error.said as Said];
      const { errors, ...extra } = error.extra as { errors?: Record<string, Said> };
      return reply.code(error.statusCode).send({
        scode: error.statusCode,
        smessage: said.map((one) => request.say(one)).join('\n'),
        ...extra,
        ...(errors
          ? {
              errors: Object.fromEntries(
                Object.entries(errors).map(([field, one]) => [field, request.say(one)]),
              ),
            }
          : {}),
      });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 429)
      return reply.code(429).send({ scode: 429, smessage: request.say(MSG.tooManyAttempts) });
    if (status >= 400 && status < 500) {
      const code = (error as { code?: string }).code;
      const said: Said =
        code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'api.invalidJson'
          : code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'api.tooLarge'
            : code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'api.sendJson'
              : MSG.invalidRequest;
      return reply.code(status).send({ scode: status, smessage: request.say(said) });
    }
    request.log.error(error);
    return reply.code(500).send({ scode: 500, smessage: request.say('api.serverError') });
  });

  // ---- The contract: every route's schemas check what comes in (and, in the test runs, what goes out)
  // and make the API's document.
  useContract(app, { checkAnswers: config.CHECK_ANSWERS });
  await registerApiDocs(app, config.PUBLIC_URL);

  // ---- The modules, each a plugin given what it declares it needs.
  const backOffice = backOfficeDeps(services);
  const shop = { ...services, backOffice };
  await app.register(healthModule, services);
  await app.register(customersModule, {
    ...shop,
    // The stock alerts of a company enabled again are checked at once (none fired while it was disabled).
    onCustomerEnabled: (customerId) => app.stockAlerts.checkCustomer(customerId),
  });
  await app.register(applicationsModule, shop);
  await app.register(catalogModule, {
    ...shop,
    onProductViewed: (customerId, itemId, condition) =>
      recordProductView(shop, customerId, itemId, condition),
  });
  await app.register(cartModule, shop);
  await app.register(ordersModule, {
    ...shop,
    approvals: approvalChecks(shop),
    createInvoice,
    // An invoiced order's cancel issues its credit note in the same transaction.
    creditCanceled: creditCanceledOrder,
  });
  await app.register(approvalsModule, shop);
  await app.register(invoicesModule, shop);
  await app.register(creditNotesModule, shop);
  await app.register(quotesModule, shop);
  await app.register(returnsModule, shop);
  await app.register(taxModule, shop);
  await app.register(accountsModule, shop);
  await app.register(companyApiModule, shop);
  await app.register(punchoutModule, shop);
  await app.register(devicesModule, shop);
  await app.register(messagesModule, shop);
  await app.register(alertsModule, shop);
  await app.register(warrantyClaimsModule, shop);
  await app.register(staffModule, { backOffice, staffSessions });
  await app.register(staffTokensModule, { backOffice, config });
  await app.register(accountingModule, { backOffice });
  await app.register(auditModule, { backOffice });
  await app.register(webhooksModule, { backOffice, sender: webhooks, secrets });
  await app.register(seoModule, services);
  await app.register(pageModule, { config, catalog });
  return app;
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

/** Whether a log at this level shows warnings (the development mail log prints at that level). */
function showsWarnings(level: Config['LOG_LEVEL']): boolean {
  return !['error', 'fatal', 'silent'].includes(level);
}
