/**
 * /metrics in the Prometheus text format (prom-client): every request by route pattern, method and status
 * with its latency; the Node.js figures (event-loop delay, heap, CPU; prom-client's defaults); the
 * PostgreSQL pool and how long its connections are held; the outbox; and what the modules count
 * (counters.ts). Kept off the public address: on PORT only with METRICS_TOKEN as a bearer token, or on a
 * port of its own (METRICS_PORT); with neither, /metrics answers 404. docs/operations.md#metrics.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { collectDefaultMetrics, Gauge, register } from 'prom-client';
import type { Platform } from '../lib/platform';
import { answerPrimaryMetrics, clusterMetrics, isClusterWorker } from './cluster';
import { connectionHold, httpDuration, httpRequests } from './counters';

export { observePageDraw } from './counters';

/** The label of a request no route took: the page's paths, answered by its not-found handler, or others. */
const PAGE_ROUTE = '(page)';
const UNMATCHED_ROUTE = '(unmatched)';

/** The apps of this process (one in production; a test file may build more), read on each scrape. */
const sources = new Set<Platform>();

function redefine<T>(name: string, make: () => T): T {
  register.removeSingleMetric(name);
  return make();
}

redefine(
  'shop_db_pool_connections',
  () =>
    new Gauge({
      name: 'shop_db_pool_connections',
      help: 'PostgreSQL pool connections by state: in_use, idle, and waiting (requests queued for one); 0 on the embedded database',
      labelNames: ['state'] as const,
      collect() {
        const totals = { in_use: 0, idle: 0, waiting: 0 };
        for (const { database } of sources) {
          const pool = poolOf(database);
          if (!pool) continue;
          totals.in_use += pool.totalCount - pool.idleCount;
          totals.idle += pool.idleCount;
          totals.waiting += pool.waitingCount;
        }
        for (const [state, value] of Object.entries(totals)) this.set({ state }, value);
      },
    }),
);

/** The outbox as a whole (one query on each scrape); every process reads the same, so the sum takes the largest. */
const outbox = {
  backlog: redefine(
    'shop_outbox_backlog',
    () =>
      new Gauge({
        name: 'shop_outbox_backlog',
        help: 'Mails in the outbox not yet delivered nor given up',
        aggregator: 'max',
        async collect() {
          await readOutbox();
        },
      }),
  ),
  oldestAge: redefine(
    'shop_outbox_oldest_age_seconds',
    () =>
      new Gauge({
        name: 'shop_outbox_oldest_age_seconds',
        help: 'Age of the oldest mail waiting in the outbox (0 when none waits)',
        aggregator: 'max',
      }),
  ),
  failed: redefine(
    'shop_outbox_failed',
    () =>
      new Gauge({
        name: 'shop_outbox_failed',
        help: 'Mails given up after too many failed tries, kept in the outbox',
        aggregator: 'max',
      }),
  ),
};

async function readOutbox(): Promise<void> {
  const [source] = sources;
  if (!source) return;
  try {
    const stats = await source.mailer.stats();
    outbox.backlog.set(stats.pending);
    outbox.failed.set(stats.failed);
    outbox.oldestAge.set(
      stats.oldestPendingAt ? Math.max(0, (Date.now() - stats.oldestPendingAt.getTime()) / 1000) : 0,
    );
  } catch (error) {
    // The scrape still answers (the database's trouble shows in /readyz and the pool); the gauges keep
    // their last reading.
    source.log.warn({ err: error }, 'metrics: the outbox could not be read');
  }
}

function poolOf(database: Platform['database']): pg.Pool | null {
  const client = (database.db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

const timedPools = new WeakSet<pg.Pool>();

/** Times each checkout of the pool's connections, from acquire to release. */
function timeConnections(pool: pg.Pool): void {
  if (timedPools.has(pool)) return;
  timedPools.add(pool);
  const since = new WeakMap<pg.PoolClient, number>();
  pool.on('acquire', (client) => since.set(client, performance.now()));
  pool.on('release', (_error, client) => {
    const started = since.get(client);
    if (started === undefined) return;
    since.delete(client);
    connectionHold.observe((performance.now() - started) / 1000);
  });
}

function routeLabel(request: FastifyRequest): string {
  const url = request.routeOptions.url;
  if (url) return url;
  return (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/')
    ? PAGE_ROUTE
    : UNMATCHED_ROUTE;
}

/** Every process's figures under WEB_CONCURRENCY, else this one's. */
function scrape(): Promise<string> {
  return isClusterWorker() ? clusterMetrics() : register.metrics();
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/** The scrape on METRICS_PORT: a bare HTTP server that answers GET /metrics and nothing else. */
function metricsServer(token: string | undefined, log: Platform['log']): Server {
  return createServer((request: IncomingMessage, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found.\n');
      return;
    }
    if (token !== undefined && !bearerMatches(request.headers.authorization, token)) {
      response.writeHead(401, { 'www-authenticate': 'Bearer realm="metrics"' }).end();
      return;
    }
    scrape().then(
      (text) =>
        response
          .writeHead(200, { 'content-type': register.contentType, 'cache-control': 'no-store' })
          .end(text),
      (error: unknown) => {
        log.error({ err: error }, 'metrics: the scrape failed');
        response
          .writeHead(503, { 'content-type': 'text/plain' })
          .end('The metrics could not be collected.\n');
      },
    );
  });
}

async function metrics(app: FastifyInstance, services: Platform): Promise<void> {
  const { config, database, log } = services;
  // Heap, event-loop delay, CPU, handles: once per process.
  if (!register.getSingleMetric('process_cpu_user_seconds_total')) collectDefaultMetrics();
  if (isClusterWorker()) answerPrimaryMetrics();
  sources.add(services);
  const pool = poolOf(database);
  if (pool) timeConnections(pool);

  // Every request, once answered: its route's pattern (never its URL, so the labels stay few).
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeLabel(request);
    httpRequests.inc({ route, method: request.method, status: String(reply.statusCode) });
    httpDuration.observe({ route, method: request.method }, reply.elapsedTime / 1000);
    done();
  });

  const token = config.METRICS_TOKEN;
  const ownPort = config.METRICS_PORT;
  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    // Off on the public port when it has a port of its own, or no token to ask for.
    if (ownPort !== undefined || token === undefined)
      return reply.code(404).send({ scode: 404, smessage: request.say('api.notFound') });
    if (!bearerMatches(request.headers.authorization, token))
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send();
    let text: string;
    try {
      text = await scrape();
    } catch (error) {
      request.log.error({ err: error }, 'metrics: the scrape failed');
      return reply.code(503).type('text/plain').send('The metrics could not be collected.\n');
    }
    return reply.header('cache-control', 'no-store').type(register.contentType).send(text);
  });

  let server: Server | null = null;
  if (ownPort !== undefined) {
    // Opened with the app (several processes share it, as they share PORT), closed with it.
    app.addHook('onReady', async () => {
      server = metricsServer(token, log);
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(ownPort, config.HOST || undefined, () => {
          listening.off('error', reject);
          resolve();
        });
      });
    });
  }
  app.addHook('onClose', async () => {
    sources.delete(services);
    const open = server;
    if (open) await new Promise<void>((resolve) => open.close(() => resolve()));
  });
}

/** Registered by app.ts before the modules, so its hook sees every route's requests. */
export const metricsModule = fp(metrics, { name: 'metrics' });
