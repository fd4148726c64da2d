/**
 * A store for @fastify/rate-limit in the database, so every process counts the same requests and a limit
 * per address holds behind a load balancer (the plugin's own store counts per process). It costs one
 * statement per limited request; the limited routes (sign-in, password reset, forms) write anyway.
 * The key is the plugin's: `request.ip` as Fastify derives it under TRUST_PROXY, never a header as sent.
 */
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { rateLimitHits } from '../db/schema';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

const SWEEP_EVERY_MS = 60_000;

export function databaseRateLimitStore(db: Db, log: Pick<FastifyBaseLogger, 'warn'>) {
  let lastSweep = 0;
  const sweep = () => {
    const now = Date.now();
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    db.execute(sql`delete from ${rateLimitHits} where window_ends_at < now()`).catch((error: unknown) =>
      log.warn({ err: error }, 'clearing old rate-limit windows failed'),
    );
  };

  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    /** Each route counts apart: `POST /api/user/login|203.0.113.7`. */
    readonly prefix: string;

    constructor(_options: FastifyRateLimitOptions, prefix = '') {
      this.prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      sweep();
      const window = sql`${timeWindow} * interval '1 millisecond'`;
      const expired = sql`r.window_ends_at <= now()`;
      db.execute(sql`
        insert into ${rateLimitHits} as r (key, hits, window_ends_at)
        values (${this.prefix + key}, 1, now() + ${window})
        on conflict (key) do update set
          hits = case when ${expired} then 1 else r.hits + 1 end,
          window_ends_at = case when ${expired} then now() + ${window} else r.window_ends_at end
        returning hits, (extract(epoch from window_ends_at - now()) * 1000)::float8 as ttl_ms`).then(
        (result) => {
          const row = (result as unknown as { rows: [{ hits: number; ttl_ms: number }] }).rows[0];
          callback(null, { current: row.hits, ttl: Math.max(0, Math.ceil(row.ttl_ms)) });
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(',') : String(route?.method ?? '');
      return new DatabaseRateLimitStore({}, `${method} ${String(route?.url ?? '')}|`);
    }
  };
}
