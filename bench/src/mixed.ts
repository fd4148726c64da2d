/**
 * Browsing while orders flow: signed-in browsing (listings over many pages, sorts and filters, searches,
 * product pages) alone, then while N buyers order continuously, then the orders alone. Each buyer is one
 * customer in a closed loop: add one or two items to the cart, place the order, again. Afterwards the stock
 * taken from the ordered items must equal the units of the orders the shop acknowledged.
 *
 * A closed loop takes every order the shop can make: the faster orders get, the more of them flow, and the
 * more of the machine they take from browsing. So browsing is also measured while the same buyers order at
 * a fixed rate (BENCH_ORDER_RATE a second, together), which says what each order costs the listings.
 */

import { Agent, request } from 'node:http';
import { seededComponents } from '@shop/domain/tax/history';
import { taxLines, taxTotal } from '@shop/domain/tax/rules';
import autocannon from 'autocannon';
import { type CpuSample, type CpuUse, cpuBetween } from './cpu';
import type { BenchBuyer } from './seed';

export interface BrowseFigures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface OrderFigures {
  ordersPerSecond: number;
  /** Latency of placing an order (the POST /api/placeorder), ms. */
  p50: number;
  p99: number;
  /** Latency of a cart add, ms. */
  addP99: number;
  errors: number;
  units: number;
}

export interface MixedResult {
  browseAlone: BrowseFigures;
  browseWhileOrdering: BrowseFigures;
  ordersWhileBrowsing: OrderFigures;
  /** Browsing while the buyers order at a fixed rate, and those orders. */
  paced: { rate: number; browse: BrowseFigures; orders: OrderFigures };
  ordersAlone: OrderFigures;
  stock: { taken: number; acknowledged: number; exact: boolean };
  /** Cores each process used in each phase. */
  cpu: { browseAlone: CpuUse; whileOrdering: CpuUse; whilePaced: CpuUse; ordersAlone: CpuUse };
}

export interface PoolItem {
  itemId: string;
  /** What a bench buyer (15 %) pays, in cents. */
  unitCents: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function call(
  base: URL,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  cookie: string,
  body?: unknown,
): Promise<{ status: number; ms: number; text: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((done, fail) => {
    const req = request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method,
        path,
        headers: {
          cookie,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => done({ status: res.statusCode ?? 0, ms: performance.now() - started, text }));
      },
    );
    req.on('error', fail);
    if (payload) req.write(payload);
    req.end();
  });
}

async function emptyCart(base: URL, buyer: BenchBuyer, lines: PoolItem[]): Promise<void> {
  for (const line of lines) {
    await call(
      base,
      'DELETE',
      `/api/user/${buyer.customerId}/cart/${line.itemId}/BrandNew/remove`,
      buyer.cookie,
    );
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

/**
 * N buyers ordering for `seconds`: in closed loops, or, given `rate`, starting `rate` orders a second
 * between them (a buyer whose order is late starts the next at once).
 */
async function orders(
  base: URL,
  buyers: BenchBuyer[],
  pool: PoolItem[],
  seconds: number,
  units: Map<string, number>,
  rate?: number,
): Promise<OrderFigures> {
  const start = Date.now();
  const until = start + seconds * 1000;
  // Each buyer's orders start every `every` ms, the buyers spread evenly over that interval.
  const every = rate ? (buyers.length * 1000) / rate : 0;
  const placeMs: number[] = [];
  const addMs: number[] = [];
  let errors = 0;
  let placed = 0;
  let unitCount = 0;
  let firstError = '';
  await Promise.all(
    buyers.map(async (buyer, b) => {
      for (let n = 0; Date.now() < until; n++) {
        if (rate) {
          const due = start + (b / buyers.length) * every + n * every;
          if (due >= until) break;
          if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
        }
        // One or two lines, spread over the pool, one or two units each.
        const lines = [pool[(b * 7 + n) % pool.length]!];
        if (n % 2 === 1) lines.push(pool[(b * 7 + n + 13) % pool.length]!);
        const quantities = lines.map((_, i) => 1 + ((n + i) % 2));
        let ok = true;
        for (let i = 0; i < lines.length; i++) {
          const add = await call(base, 'POST', '/api/user/cart/add', buyer.cookie, {
            itemData: { item_id: lines[i]!.itemId, item_condition: 'BrandNew', quantity: quantities[i] },
          });
          addMs.push(add.ms);
          if (add.status !== 200) {
            ok = false;
            errors++;
            firstError ||= `cart add ${add.status}: ${add.text.slice(0, 200)}`;
          }
        }
        if (!ok) {
          await emptyCart(base, buyer, lines);
          continue;
        }
        const subtotal = lines.reduce((sum, line, i) => sum + line.unitCents * quantities[i]!, 0);
        const tax = taxTotal(taxLines(subtotal, seededComponents('Ontario')));
        const order = await call(base, 'POST', '/api/placeorder', buyer.cookie, {
          checkout_key: `mixed-${process.pid}-${b}-${n}-${Date.now()}`,
          orderInfo: {
            shipping_address_id: buyer.addressId,
            billing_address_id: buyer.addressId,
            line_items: lines.map((line, i) => ({
              item_id: line.itemId,
              item_condition: 'BrandNew',
              quantity: quantities[i],
            })),
            subtotal: subtotal / 100,
            items_tax: tax / 100,
            total: (subtotal + tax) / 100,
            purchase_order_id: `PO-MIX-${b}-${n}`,
            shipping_method: 'Standard',
          },
        });
        placeMs.push(order.ms);
        if (order.status === 200) {
          placed++;
          lines.forEach((line, i) => {
            units.set(line.itemId, (units.get(line.itemId) ?? 0) + quantities[i]!);
            unitCount += quantities[i]!;
          });
        } else {
          errors++;
          firstError ||= `place order ${order.status}: ${order.text.slice(0, 200)}`;
          await emptyCart(base, buyer, lines);
        }
      }
    }),
  );
  if (firstError) console.log(`  first error: ${firstError}`);
  return {
    ordersPerSecond: Math.round((placed / seconds) * 10) / 10,
    p50: percentile(placeMs, 50),
    p99: percentile(placeMs, 99),
    addP99: percentile(addMs, 99),
    errors,
    units: unitCount,
  };
}

async function browse(url: string, paths: string[], cookie: string, seconds: number, connections: number) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { cookie },
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

async function stockOf(base: URL, cookie: string, pool: PoolItem[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const item of pool) {
    const answer = await call(base, 'GET', `/api/product/${item.itemId}/BrandNew`, cookie);
    out.set(item.itemId, JSON.parse(answer.text).itemInfo.itemDetail[0].stock);
  }
  return out;
}

export async function mixedScenario(options: {
  shopUrl: string;
  browseCookie: string;
  browsePaths: string[];
  buyers: BenchBuyer[];
  pool: PoolItem[];
  seconds: number;
  browseConnections: number;
  /** Reads the stock of the pool from the database itself (PostgreSQL), when it can. */
  databaseStock?: () => Promise<Map<string, number>>;
  cpu: () => CpuSample;
  /** Orders a second, all buyers together, in the paced phase. */
  orderRate: number;
}): Promise<MixedResult> {
  const base = new URL(options.shopUrl);
  const { browsePaths, browseCookie, seconds, buyers, pool } = options;
  const read = options.databaseStock ?? (() => stockOf(base, browseCookie, pool));
  const before = await read();
  const units = new Map<string, number>();

  // Warm the order path (its code is compiled by the JIT like any other) and the answers, then browse alone.
  await orders(base, buyers, pool, 3, units);
  await browse(options.shopUrl, browsePaths, browseCookie, 2, options.browseConnections);
  const c0 = options.cpu();
  const browseAlone = await browse(
    options.shopUrl,
    browsePaths,
    browseCookie,
    seconds,
    options.browseConnections,
  );
  const c1 = options.cpu();
  const [browseWhileOrdering, ordersWhileBrowsing] = await Promise.all([
    browse(options.shopUrl, browsePaths, browseCookie, seconds, options.browseConnections),
    orders(base, buyers, pool, seconds, units),
  ]);
  const c2 = options.cpu();
  const [browsePaced, ordersPaced] = await Promise.all([
    browse(options.shopUrl, browsePaths, browseCookie, seconds, options.browseConnections),
    orders(base, buyers, pool, seconds, units, options.orderRate),
  ]);
  const c3 = options.cpu();
  const ordersAlone = await orders(base, buyers, pool, seconds, units);
  const c4 = options.cpu();

  // Give every process time to read the last sales before the API is asked.
  await new Promise((r) => setTimeout(r, 1_500));
  const after = await read();
  let taken = 0;
  let acknowledged = 0;
  let exact = true;
  for (const item of pool) {
    const t = before.get(item.itemId)! - after.get(item.itemId)!;
    const a = units.get(item.itemId) ?? 0;
    taken += t;
    acknowledged += a;
    if (t !== a) exact = false;
  }
  return {
    browseAlone,
    browseWhileOrdering,
    ordersWhileBrowsing,
    paced: { rate: options.orderRate, browse: browsePaced, orders: ordersPaced },
    ordersAlone,
    stock: { taken, acknowledged, exact },
    cpu: {
      browseAlone: cpuBetween(c0, c1),
      whileOrdering: cpuBetween(c1, c2),
      whilePaced: cpuBetween(c2, c3),
      ordersAlone: cpuBetween(c3, c4),
    },
  };
}
