/** Configuration, read and checked once at start-up; a bad value stops the server with a clear message. */
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** PostgreSQL connection string; when unset the embedded database under DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().default('.data/pglite'),
  /** smtp://user:pass@host:port; when unset mail goes to the outbox table and the log only. */
  SMTP_URL: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().default('Acer Store <no-reply@example.com>'),
  SHOP_INBOX: z.string().email().default('info@example.com'),
  SHOP_PHONE: z.string().default('+1 905 555 0100'),
  SHOP_EMAIL: z.string().email().default('info@example.com'),
  SHOP_SALES_EMAIL: z.string().email().default('sales@example.com'),
  SHOP_ADDRESS: z.string().default('10 East Beaver Creek Rd, Richmond Hill, ON L4B 1H3, Canada'),
  /** The shop's address as its customers reach it; links in mail start with it. */
  PUBLIC_URL: z
    .string()
    .url()
    .default('http://localhost:3000')
    .transform((v) => v.replace(/\/+$/, '')),
  /** Where pictures uploaded in the back office are kept; every server process must see the same one. */
  MEDIA_DIR: z.string().default('.data/media'),
  IMAGE_PREFIX: z.string().default('/images/'),
  IMAGE_SUFFIX: z.string().default('.svg'),
  COOKIE_SECURE: bool,
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (rate limits key on it). */
  TRUST_PROXY: bool,
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** How often each process asks the database for catalog changes made by others. */
  CATALOG_POLL_MS: z.coerce.number().int().min(50).default(1000),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built page lives; the API runs without it. */
  WEB_DIST: z.string().optional(),
  /** Seed the demo catalog and customers into an empty database. */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
});

export type Config = z.output<typeof schema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, ...overrides };
}
