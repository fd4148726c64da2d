/**
 * Health checks for load balancers and orchestrators. /healthz: the process answers (restart it if
 * not). /readyz: it can serve (send it traffic only then): the database answers within a second and the
 * catalog is loaded and fresh. The outbox backlog is reported beside, since taking a process out of
 * rotation would not deliver the mail.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HealthNeeds } from './needs';

const CHECK_TIMEOUT_MS = 1000;

type Check<T> = { ok: true; ms: number; value: T } | { ok: false; ms: number; error: 'timeout' | 'failed' };

/** Runs one check with a deadline; the cause of a failure goes to the log, not to the answer. */
async function timed<T>(request: FastifyRequest, name: string, work: () => Promise<T>): Promise<Check<T>> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), CHECK_TIMEOUT_MS);
  });
  const ms = () => Math.round(performance.now() - started);
  try {
    const outcome = await Promise.race([work().then((value) => ({ value })), deadline]);
    if (outcome === 'timeout') {
      request.log.warn({ check: name }, `readiness: ${name} did not answer within ${CHECK_TIMEOUT_MS} ms`);
      return { ok: false, ms: ms(), error: 'timeout' };
    }
    return { ok: true, ms: ms(), value: outcome.value };
  } catch (error) {
    request.log.warn({ check: name, err: error }, `readiness: ${name} failed`);
    return { ok: false, ms: ms(), error: 'failed' };
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(app: FastifyInstance, services: HealthNeeds): void {
  const { database, catalog, mailer, config } = services;
  // A catalog that has not refreshed for this long is serving other processes' changes late.
  const staleAfterMs = Math.max(30_000, 10 * config.CATALOG_POLL_MS);
  // Probes come every few seconds: their own request lines would drown the log.
  const quiet = { logLevel: 'warn' } as const;

  app.get('/healthz', quiet, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({
      status: 'ok',
      pid: process.pid,
      uptimeSeconds: Math.round(process.uptime()),
    }),
  );

  app.get('/readyz', quiet, async (request, reply) => {
    const [db, outbox] = await Promise.all([
      timed(request, 'database', () => database.db.execute(sql`select 1`)),
      timed(request, 'outbox', () => mailer.stats()),
    ]);
    const sync = catalog.syncState();
    const lagMs = sync.lastSyncAt === null ? null : Date.now() - sync.lastSyncAt;
    const catalogOk = sync.loaded && lagMs !== null && lagMs <= staleAfterMs;
    const ready = db.ok && catalogOk;
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status: ready ? 'ready' : 'not ready',
        database: db.ok ? { ok: true, ms: db.ms } : { ok: false, ms: db.ms, error: db.error },
        catalog: {
          ok: catalogOk,
          loaded: sync.loaded,
          items: sync.items,
          lastSyncAt: sync.lastSyncAt === null ? null : new Date(sync.lastSyncAt).toISOString(),
          lagMs,
        },
        outbox: outbox.ok
          ? {
              ok: true,
              pending: outbox.value.pending,
              oldestPendingAt: outbox.value.oldestPendingAt?.toISOString() ?? null,
              failed: outbox.value.failed,
            }
          : { ok: false, error: outbox.error },
      });
  });
}
