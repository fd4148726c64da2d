/**
 * /metrics as a scraper reads it: refused without the bearer token; after known requests and an order, the
 * counts by route pattern, a latency histogram, the order and its value, the pool and the outbox; and every
 * metric the Grafana dashboard's queries name. (Several processes: cluster.api.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { orders, products } from '../db/schema';
import type { ProductRecord } from '../modules/catalog';
import { SERVER_ROOT } from '../server-root';
import { cartAddBody, checkoutBody, createBuyers } from '../test/buyers';
import { useTestApp } from '../test/harness';
import { metricNames, sampleOf } from '../test/metrics-text';

const TOKEN = 'a-metrics-token-for-the-tests';
const ctx = useTestApp({ METRICS_TOKEN: TOKEN });
let product: ProductRecord;

beforeAll(async () => {
  product = [...ctx.app.services.catalog.items.values()].find(
    (p) => p.isActive && p.itemCondition === 'BrandNew' && !p.isSale,
  )!;
  await ctx.database.db.update(products).set({ stock: 1000 }).where(eq(products.itemId, product.itemId));
});

async function scrape(): Promise<string> {
  const answer = await ctx.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return answer.body;
}

describe('/metrics', () => {
  it('is refused without the bearer token, or with another', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(none.body).toBe('');
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer not-the-metrics-token' },
    });
    expect(other.statusCode).toBe(401);
  });

  it('counts requests by route pattern, method and status, with their latency', async () => {
    const route = '/api/product/:itemid/:condition';
    const before = await scrape();
    for (let i = 0; i < 3; i++) {
      const answer = await ctx.app.inject({ method: 'GET', url: `/api/product/${product.itemId}/BrandNew` });
      expect(answer.statusCode).toBe(200);
    }
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/product/NO-SUCH-ITEM/BrandNew' });
    expect(missing.statusCode).toBe(404);
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/no-such-route/12345' });
    expect(unknown.statusCode).toBe(404);
    // A page's path is answered by the page (here not built: 404), under one label whatever the path.
    const page = await ctx.app.inject({ method: 'GET', url: '/acer/no-such-page-98765' });
    expect(page.statusCode).toBe(404);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      sampleOf(after, name, labels) - sampleOf(before, name, labels);

    expect(delta('shop_http_requests_total', { route, method: 'GET', status: '200' })).toBe(3);
    expect(delta('shop_http_requests_total', { route, method: 'GET', status: '404' })).toBe(1);
    expect(delta('shop_http_requests_total', { route: '(unmatched)', method: 'GET', status: '404' })).toBe(1);
    // Never the URL: no item id, no unknown path as a label.
    expect(after).not.toContain(`route="/api/product/${product.itemId}`);
    expect(delta('shop_http_requests_total', { route: '(page)', method: 'GET', status: '404' })).toBe(1);
    expect(after).not.toContain('no-such-route');
    expect(after).not.toContain('no-such-page');
    // The histogram of the route: 4 answers, each in the +Inf bucket, with their time.
    expect(delta('shop_http_request_duration_seconds_count', { route, method: 'GET' })).toBe(4);
    expect(delta('shop_http_request_duration_seconds_bucket', { route, method: 'GET', le: '+Inf' })).toBe(4);
    expect(delta('shop_http_request_duration_seconds_sum', { route, method: 'GET' })).toBeGreaterThan(0);
    // The product's answer was built once and then kept.
    expect(delta('shop_catalog_cache_requests_total', { result: 'miss' })).toBeGreaterThanOrEqual(1);
    expect(delta('shop_catalog_cache_requests_total', { result: 'hit' })).toBeGreaterThanOrEqual(2);
    // The Node.js figures: event-loop delay and heap.
    expect(sampleOf(after, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleOf(after, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('counts an order and its value, and reads the pool and the outbox', async () => {
    const before = await scrape();
    const [buyer] = await createBuyers(ctx.database.db, 1, 'MTRC');
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/cart/add',
      headers: { cookie: buyer!.cookie },
      payload: cartAddBody(buyer!, product.itemId, 2),
    });
    expect(added.statusCode).toBe(200);
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/placeorder',
      headers: { cookie: buyer!.cookie },
      payload: checkoutBody(buyer!, product, 2),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const [order] = await ctx.database.db
      .select({ total: orders.totalCents })
      .from(orders)
      .where(eq(orders.orderId, placed.json().orderId));

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      sampleOf(after, name, labels) - sampleOf(before, name, labels);
    expect(delta('shop_orders_placed_total', { source: 'cart' })).toBe(1);
    expect(delta('shop_order_value_cents_total', { source: 'cart' })).toBe(Number(order!.total));
    expect(
      delta('shop_http_requests_total', { route: '/api/placeorder', method: 'POST', status: '200' }),
    ).toBe(1);

    const pool = ['in_use', 'idle', 'waiting'].map((state) =>
      sampleOf(after, 'shop_db_pool_connections', { state }),
    );
    if (ctx.url) {
      // PostgreSQL: the pool has connections open, and their hold times are observed.
      expect(pool[0]! + pool[1]!).toBeGreaterThan(0);
      expect(sampleOf(after, 'shop_db_connection_hold_seconds_count')).toBeGreaterThan(0);
    } else {
      // The embedded database has no pool.
      expect(pool).toEqual([0, 0, 0]);
    }
    for (const gauge of ['shop_outbox_backlog', 'shop_outbox_oldest_age_seconds', 'shop_outbox_failed'])
      expect(sampleOf(after, gauge)).toBeGreaterThanOrEqual(0);

    // The order's mail leaves the outbox (without SMTP_URL, recorded as delivered) and is counted.
    await vi.waitFor(
      async () => {
        const now = await scrape();
        expect(sampleOf(now, 'shop_outbox_backlog')).toBe(0);
        expect(sampleOf(now, 'shop_outbox_oldest_age_seconds')).toBe(0);
        expect(
          sampleOf(now, 'shop_mails_sent_total') - sampleOf(before, 'shop_mails_sent_total'),
        ).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 100 },
    );
  });

  it("serves every metric the Grafana dashboard's queries name", async () => {
    const dashboard = JSON.parse(
      readFileSync(join(SERVER_ROOT, '../../docs/grafana/shop-dashboard.json'), 'utf8'),
    ) as { panels: { targets?: { expr: string }[] }[] };
    const queries = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));
    expect(queries.length).toBeGreaterThan(10);
    const named = new Set(queries.flatMap((query) => query.match(/\b(?:shop|nodejs|process)_\w+/g) ?? []));
    expect(named.size).toBeGreaterThan(10);
    const served = metricNames(await scrape());
    expect([...named].filter((name) => !served.has(name))).toEqual([]);
  });
});
