/** Configuration, read and checked once at start-up; a bad value stops the server with a clear message. */
import { isIP } from 'node:net';
import { DEFAULT_KEY_RATE_LIMIT } from '@shop/domain/company-api/schemas';
import { DEFAULT_SHOP_TIME_ZONE } from '@shop/domain/core/shop-time-zone';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** proxy-addr's named ranges, accepted by Fastify's trustProxy beside addresses and CIDR blocks. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const TRUST_PROXY_HELP =
  'give the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8,127.0.0.1)';

/**
 * Which X-Forwarded-For entries to believe: false (none), a hop count, or the proxies' addresses.
 * `true` would believe whatever a client writes there, so per-address limits could be dodged: refused.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): false | number | string[] => {
    const value = raw?.trim() ?? '';
    if (value === '' || value === 'false' || value === '0') return false;
    if (value === 'true') {
      ctx.addIssue({
        code: 'custom',
        message: `true would believe an X-Forwarded-For header written by anyone, so per-address limits could be bypassed; ${TRUST_PROXY_HELP}`,
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 100) return hops;
      ctx.addIssue({ code: 'custom', message: `${value} proxies is not plausible; ${TRUST_PROXY_HELP}` });
      return z.NEVER;
    }
    const entries = value.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `${bad.map((e) => `"${e}"`).join(', ')} is not an address or CIDR block; ${TRUST_PROXY_HELP}`,
      });
      return z.NEVER;
    }
    return entries;
  });

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (family === 4 ? 32 : 128);
  // proxy-addr also takes an IPv4 netmask (10.0.0.0/255.0.0.0).
  return family === 4 && isIP(prefix) === 4;
}

/** smtp:// or smtps:// with a host; the value itself is never repeated (it may hold a password). */
const smtpUrl = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    const value = raw?.trim() ?? '';
    if (value === '') return undefined;
    const url = URL.canParse(value) ? new URL(value) : null;
    if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || url.hostname === '') {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.com:587 (URL-encode special characters in the password)',
      });
      return z.NEVER;
    }
    return value;
  });

/**
 * The shop's time zone, an IANA name (America/Toronto): its day dates invoices, ends quotes, ages what is
 * owed and bounds the back office's day filters; mails and the back office show times in it. A name this
 * runtime does not know is refused, and so is an offset (+05:00), which PostgreSQL reads the other way round.
 */
const shopTimeZone = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    const value = raw?.trim() || DEFAULT_SHOP_TIME_ZONE;
    const zone = /^[A-Za-z]/.test(value) ? knownTimeZone(value) : null;
    if (!zone) {
      ctx.addIssue({
        code: 'custom',
        message: `"${value.slice(0, 64)}" is not a time zone; give an IANA name such as America/Toronto or America/Vancouver`,
      });
      return z.NEVER;
    }
    return zone;
  });

/** The zone's name as this runtime writes it (america/toronto is America/Toronto), or null for none. */
function knownTimeZone(name: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const schema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Unset: every interface (0.0.0.0), or only this machine (127.0.0.1) for the demo of `npm start`. */
    HOST: z.string().trim().min(1).optional(),
    /** PostgreSQL connection string; when unset the embedded database under DATA_DIR is used. */
    DATABASE_URL: z
      .string()
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Connections each process keeps to PostgreSQL at most. */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
    /** Keep statements prepared on each PostgreSQL connection; false behind a pooler that cannot. */
    DATABASE_PREPARE: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
    DATA_DIR: z.string().default('.data/pglite'),
    /** smtp://user:pass@host:port; when unset mail goes to the outbox table and the log only. */
    SMTP_URL: smtpUrl,
    MAIL_FROM: z.string().default('Acer Store <no-reply@example.com>'),
    /** Connections each process keeps to the mail server, so messages it delivers at once. */
    MAIL_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(3),
    SHOP_INBOX: z.string().email().default('info@example.com'),
    SHOP_PHONE: z.string().default('+1 905 555 0100'),
    SHOP_EMAIL: z.string().email().default('info@example.com'),
    SHOP_SALES_EMAIL: z.string().email().default('sales@example.com'),
    SHOP_ADDRESS: z.string().default('10 East Beaver Creek Rd, Richmond Hill, ON L4B 1H3, Canada'),
    /** Where the footer's "RMA Request" goes: unset, the shop's own returns (the account's Returns). */
    SHOP_RMA_URL: z.url({ protocol: /^https?$/ }).optional(),
    SHOP_TIME_ZONE: shopTimeZone,
    /** On invoices: the seller's legal name and GST/HST registration number (terms are each company's). */
    SHOP_LEGAL_NAME: z.string().min(1).default('Acer Store for Business Inc.'),
    SHOP_TAX_NUMBER: z.string().min(1).default('12345 6789 RT0001'),
    /** The seller's Quebec (QST) registration number, on every invoice beside the GST/HST number. */
    SHOP_QST_NUMBER: z.string().min(1).default('1234567890 TQ0001'),
    IMAGE_PREFIX: z.string().default('/images/'),
    IMAGE_SUFFIX: z.string().default('.svg'),
    /** Secure cookies: the browser sends them over HTTPS only (set it whenever the shop is served over HTTPS). */
    COOKIE_SECURE: bool,
    /** Behind a reverse proxy: how many proxies, or which addresses, may tell the client's address. */
    TRUST_PROXY: trustProxy,
    SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /**
     * The cost of the password hashes the shop makes (argon2id): memory in KiB and passes. The defaults are
     * the OWASP baseline (19 MiB, 2 passes); the test runs lower them, production keeps them.
     */
    PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(8).max(4_194_304).default(19_456),
    PASSWORD_HASH_PASSES: z.coerce.number().int().min(1).max(100).default(2),
    /** How often each process asks the database for catalog changes made by others. */
    CATALOG_POLL_MS: z.coerce.number().int().min(50).default(1000),
    /** How often each process looks for invoices whose overdue reminder is due (0: this process never does). */
    REMINDER_POLL_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
    LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
    /** Requests a company API key may make a minute, over every /api/v1 call, counted across processes. */
    API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).default(DEFAULT_KEY_RATE_LIMIT),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * Traces (OpenTelemetry) go to this OTLP/HTTP collector (http://collector:4318; `/v1/traces` is added);
     * unset, nothing is traced and tracing costs nothing.
     */
    OTEL_EXPORTER_OTLP_ENDPOINT: z
      .url({ protocol: /^https?$/ })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** The service name on the traces. */
    OTEL_SERVICE_NAME: z.string().trim().min(1).default('shop'),
    /**
     * The address people open the shop at (https://shop.example.com): links in mail start with it, and a change
     * sent from a page of that origin is accepted even when a proxy gives the server another Host.
     */
    PUBLIC_URL: z
      .string()
      .url()
      .optional()
      .transform((v) => v?.replace(/\/+$/, '')),
    /**
     * Where pictures uploaded in the back office were kept as files before MEDIA_STORE: the seller's
     * `media move` command moves them into the store, and a picture not moved yet is still served from it.
     */
    MEDIA_DIR: z.string().default('.data/media'),
    /**
     * Webhook endpoints may be on private, loopback or link-local networks (refused otherwise, at creation
     * and at each delivery): for tests, and a receiver on the seller's own network.
     */
    WEBHOOKS_ALLOW_PRIVATE: bool,
    /**
     * The key secrets the shop must use again (webhooks' signing secrets) are encrypted with at rest, the
     * same on every server; without it the embedded database's shop keeps one beside DATA_DIR
     * (lib/secret-box.ts), and a shop on PostgreSQL cannot add webhook endpoints.
     */
    SECRETS_KEY: z.string().min(32, 'SECRETS_KEY must be at least 32 characters.').optional(),
    /** Where uploaded pictures are kept: the database (PostgreSQL or the embedded one) or S3 object storage. */
    MEDIA_STORE: z.enum(['database', 's3']).default('database'),
    /** Each process keeps the pictures it served last in memory, up to this many megabytes. */
    MEDIA_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
    /** With MEDIA_STORE=s3: the bucket (required), its region, an endpoint for S3-compatible storage. */
    MEDIA_S3_BUCKET: z.string().trim().optional(),
    MEDIA_S3_REGION: z.string().trim().optional(),
    MEDIA_S3_ENDPOINT: z
      .url({ protocol: /^https?$/ })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Keys start with this (`media/`); path-style addresses for stores that need them (MinIO). */
    MEDIA_S3_PREFIX: z.string().default('media/'),
    MEDIA_S3_FORCE_PATH_STYLE: bool,
    /** Where the built page lives; the API runs without it. */
    WEB_DIST: z.string().optional(),
    /**
     * Seed the demo catalog and the demo customers (with their published passwords) into an empty
     * database. Unset: only into the embedded database, never into PostgreSQL unless asked.
     */
    SEED_DEMO: z.enum(['true', 'false', '1', '0']).optional(),
    /**
     * Check every JSON answer against the schema its route declares, and fail the request that breaks
     * it (500): for the test runs. Off in production, where the answers pay nothing for their schemas.
     */
    CHECK_ANSWERS: bool,
    /** Server processes started on this machine (node:cluster), each with its own app and pool. */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /** How long a stop may take to finish requests in flight before the process exits anyway. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    /**
     * /metrics (Prometheus): the bearer token a scrape must send, at least 16 characters. Unset and without
     * METRICS_PORT, /metrics answers 404.
     */
    METRICS_TOKEN: z
      .string()
      .trim()
      .min(16, 'give at least 16 characters (e.g. openssl rand -hex 32)')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** /metrics on a port of its own (kept from the public), and no longer on PORT; with METRICS_TOKEN too if set. */
    METRICS_PORT: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce.number().int().min(1).max(65535).optional(),
    ),
  })
  .superRefine((c, ctx) => {
    if (c.WEB_CONCURRENCY > 1 && !c.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_CONCURRENCY'],
        message:
          'more than one process needs DATABASE_URL: the embedded database belongs to a single process; run on PostgreSQL to start several',
      });
    }
  })
  .transform(({ SEED_DEMO, PUBLIC_URL, HOST, ...c }) => ({
    ...c,
    /** Set by loadConfig: HOST, else the default of the way the shop was started. */
    HOST: HOST ?? '',
    /** Unset, the address of this machine at PORT, where mail links then lead. */
    PUBLIC_URL: PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    SEED_DEMO: SEED_DEMO === undefined ? !c.DATABASE_URL : SEED_DEMO === 'true' || SEED_DEMO === '1',
  }));

export type Config = z.output<typeof schema>;

/**
 * The argument `npm start` gives the server: the demo, with its published passwords, listens on this machine
 * only (127.0.0.1) unless HOST says otherwise. `npm run serve` goes without it and listens on 0.0.0.0.
 */
export const LOCAL_ARGUMENT = '--local';

/** Where an unset HOST listens: 127.0.0.1 for the demo of `npm start` (`local`), else every interface. */
function defaultHost(local: boolean): string {
  return local ? '127.0.0.1' : '0.0.0.0';
}

/** The line the shop logs once it listens: where to open it, and who can reach it. */
export function startLine(config: Pick<Config, 'HOST' | 'PORT' | 'PUBLIC_URL'>, processes = 1): string {
  const where = `the shop is at ${config.PUBLIC_URL}/acer`;
  const count = processes > 1 ? `${processes} processes, ` : '';
  const reach =
    config.HOST === '127.0.0.1' || config.HOST === 'localhost' || config.HOST === '::1'
      ? `listening on ${config.HOST}:${config.PORT}: this machine only; set HOST=0.0.0.0 to open it to others`
      : `listening on ${config.HOST}:${config.PORT}`;
  return `${where} (${count}${reach})`;
}

/**
 * TRUST_PROXY as Fastify takes it. Fastify refuses a bare hop count (it cannot tell a proxy from a
 * client), so a count becomes the function Express uses: believe the last `hops` addresses added.
 */
export function trustProxyOption(
  value: Config['TRUST_PROXY'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

/**
 * The configuration from the environment. `local`: started as the demo of `npm start` (the server was given
 * LOCAL_ARGUMENT), so an unset HOST listens on 127.0.0.1.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
  { local = false }: { local?: boolean } = {},
): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const data = { ...parsed.data, HOST: parsed.data.HOST || defaultHost(local) };
  return { ...data, ...overrides };
}
