/**
 * The shop's own figures for /metrics (Prometheus, prom-client), one set per process in prom-client's
 * global registry: the modules count what happens (an order placed, a mail sent) by calling the functions
 * below, which cost an increment each. The HTTP figures, the pool and the outbox are read in index.ts.
 * Nothing here imports the rest of the server, so any layer may count.
 *
 * With several processes (WEB_CONCURRENCY) the primary adds every process's figures up (cluster.ts):
 * these are sums; the gauges of index.ts say how they add up.
 */
import { Counter, Histogram, register } from 'prom-client';

/** Every name starts so; the Node.js figures keep prom-client's standard names (process_, nodejs_). */
const PREFIX = 'shop_';

/** Seconds: from a fast answer (5 ms) to a page that keeps a person waiting (10 s). */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * prom-client's registry is one per process: a module loaded again (a test that resets its modules) takes
 * the name over, so what it counts is what is reported.
 */
function define<T>(name: string, make: () => T): T {
  register.removeSingleMetric(`${PREFIX}${name}`);
  return make();
}

export const httpRequests = define(
  'http_requests_total',
  () =>
    new Counter({
      name: `${PREFIX}http_requests_total`,
      help: 'Requests answered, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'] as const,
    }),
);

export const httpDuration = define(
  'http_request_duration_seconds',
  () =>
    new Histogram({
      name: `${PREFIX}http_request_duration_seconds`,
      help: 'Time from a request received to its answer sent, by route pattern and method',
      labelNames: ['route', 'method'] as const,
      buckets: LATENCY_BUCKETS,
    }),
);

const pageDraw = define(
  'page_draw_seconds',
  () =>
    new Histogram({
      name: `${PREFIX}page_draw_seconds`,
      help: 'Time to draw a page on the server, by outcome (page, redirect, left to the browser, kept)',
      labelNames: ['kind'] as const,
      buckets: LATENCY_BUCKETS,
    }),
);

export const connectionHold = define(
  'db_connection_hold_seconds',
  () =>
    new Histogram({
      name: `${PREFIX}db_connection_hold_seconds`,
      help: 'Time a pool connection is held: one query, or a transaction with its queries (PostgreSQL only)',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    }),
);

const mailsSent = define(
  'mails_sent_total',
  () => new Counter({ name: `${PREFIX}mails_sent_total`, help: 'Mails the mail server accepted' }),
);

const mailFailures = define(
  'mail_failures_total',
  () =>
    new Counter({
      name: `${PREFIX}mail_failures_total`,
      help: 'Failed mail deliveries: tried again later (retry) or given up after the last try (given_up)',
      labelNames: ['outcome'] as const,
    }),
);

const remindersSent = define(
  'reminders_sent_total',
  () =>
    new Counter({
      name: `${PREFIX}reminders_sent_total`,
      help: 'Overdue invoice reminders queued, by stage (days past due)',
      labelNames: ['stage'] as const,
    }),
);

const stockAlertsSent = define(
  'stock_alerts_sent_total',
  () => new Counter({ name: `${PREFIX}stock_alerts_sent_total`, help: 'Stock alerts fired (one mail each)' }),
);

const catalogCache = define(
  'catalog_cache_requests_total',
  () =>
    new Counter({
      name: `${PREFIX}catalog_cache_requests_total`,
      help: "Catalog answers asked of the process's answer cache: hit (kept and current) or miss (built)",
      labelNames: ['result'] as const,
    }),
);

const ordersPlaced = define(
  'orders_placed_total',
  () =>
    new Counter({
      name: `${PREFIX}orders_placed_total`,
      help: 'Orders placed (committed), by where they came from (cart, lines, quote)',
      labelNames: ['source'] as const,
    }),
);

const orderValue = define(
  'order_value_cents_total',
  () =>
    new Counter({
      name: `${PREFIX}order_value_cents_total`,
      help: 'The total (taxes included) of the orders placed, in cents',
      labelNames: ['source'] as const,
    }),
);

/** A page drawn on the server took `seconds`; `kind` is the outcome (page, redirect, browser, kept). */
export function observePageDraw(seconds: number, kind: string): void {
  pageDraw.observe({ kind }, seconds);
}

export function countMailSent(): void {
  mailsSent.inc();
}

export function countMailFailure(givenUp: boolean): void {
  mailFailures.inc({ outcome: givenUp ? 'given_up' : 'retry' });
}

export function countReminder(stage: number): void {
  remindersSent.inc({ stage: String(stage) });
}

export function countStockAlert(): void {
  stockAlertsSent.inc();
}

export function countCatalogCache(hit: boolean): void {
  catalogCache.inc({ result: hit ? 'hit' : 'miss' });
}

export function countOrder(source: string, totalCents: number): void {
  ordersPlaced.inc({ source });
  orderValue.inc({ source }, totalCents);
}
