/**
 * npm run bench: seeds ~20,000 listing rows, then loads with autocannon (50 connections) a bare Fastify
 * route, the shop's listing, search and product detail, and the HTML of the product, category, cart and
 * account orders pages, all in one run on this machine, and reports each as a ratio of the bare route. Every
 * signed-in row asks as three buyers of three price classes in turn (seed.ts, PRICE_CLASSES). Then Lighthouse (mobile) on home, category and product, and
 * the initial JavaScript of the built page. Last, the order lists at scale on PostgreSQL (order-lists.ts).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { formatMoney } from '@shop/domain/core/money';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuSample } from './cpu';
import { lighthouseScores } from './lighthouse';
import { type MixedResult, mixedScenario, type PoolItem } from './mixed';
import { orderListsBench } from './order-lists';
import { PRICE_CLASSES, seedBench, seedBuyers, seedPriceClassBuyers } from './seed';

const root = resolve(import.meta.dirname, '../..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
/**
 * Load-generator threads (autocannon workers) for the throughput scenarios. With one, reading the shop's
 * 11 KB answers kept the generator busier than the shop (which sat 35 % idle): two measure the shop.
 */
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
/** The mixed scenario: browsing connections and buyers ordering at the same time. */
const BROWSERS = 40;
const BUYERS = Number(process.env.BENCH_BUYERS ?? 10);
/** Orders a second, all buyers together, in the mixed scenario's paced phase. */
const ORDER_RATE = Number(process.env.BENCH_ORDER_RATE ?? 50);
if (!(ORDER_RATE > 0))
  throw new Error('BENCH_ORDER_RATE must be a number of orders a second above 0, e.g. 50');
const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
const SHOP_PORT = 3200;
const BARE_PORT = 3201;
const dataDir = resolve(root, '.data/bench/pglite');
/** Page weight: Lighthouse mobile performance on each page, and the buyers' first download. */
const PERFORMANCE_TARGET = 95;
const BEST_PRACTICES_TARGET = 95;
const LCP_TARGET_MS = 1500;
const INITIAL_JS_TARGET_KB = 130;
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** The shop runs with the Node flags of `npm run serve`, as in production. */
const SERVE_FLAGS = (
  JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { scripts: { serve: string } }
).scripts.serve
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));

/** Starts a server; TypeScript sources run through tsx, the shop runs compiled as in production. */
async function start(script: string, env: Record<string, string>): Promise<ChildProcess> {
  // A server left listening there (another run) would answer for this one: the figures would be its.
  const taken = await fetch(`http://127.0.0.1:${env.PORT}/`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${env.PORT} is in use: stop what listens there and run again`);
  return new Promise((ready, fail) => {
    const child = fork(script, [], {
      cwd: root,
      execArgv: script.endsWith('.ts')
        ? ['--import', 'tsx']
        : [
            ...SERVE_FLAGS,
            // BENCH_PROFILE=dir: the shop writes a CPU profile there when the bench ends.
            ...(process.env.BENCH_PROFILE
              ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
              : []),
          ],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`${script} exited with ${code}`)));
    const poll = setInterval(async () => {
      try {
        const res = await fetch(`http://127.0.0.1:${env.PORT}${env.READY_PATH ?? '/'}`);
        if (res.ok) {
          clearInterval(poll);
          child.removeAllListeners('exit');
          ready(child);
        }
      } catch {
        // not listening yet
      }
    }, 250);
  });
}

interface Sink {
  url: string;
  pid: number | undefined;
  received(): Promise<number>;
  close(): void;
}

function startSink(): Promise<Sink> {
  return new Promise((ready, fail) => {
    const child = fork(resolve(import.meta.dirname, 'mail-sink-process.ts'), [], {
      cwd: root,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('error', fail);
    child.once('message', (m: { url: string }) =>
      ready({
        url: m.url,
        pid: child.pid,
        received: () =>
          new Promise((done) => {
            child.once('message', (r: { received: number }) => done(r.received));
            child.send({ count: true });
          }),
        close: () => child.disconnect(),
      }),
    );
  });
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Why the row was not measured: its page was not the one meant (a redirect, an error, no prices). */
  failed?: string;
}

interface LoadOptions {
  /** Headers of every request. */
  headers?: Record<string, string>;
  /**
   * Session cookies the requests take in turn (each connection asks as one buyer, then the next...), so a
   * row is measured with several buyers at once; none: a visitor.
   */
  cookies?: string[];
  /**
   * Checked once before the load, with each cookie: the first path answers 200, HTML when `html`, and its
   * body holds each text of `holds(i)` (i: the cookie's place), e.g. that buyer's price. A row that fails
   * is not measured and says why.
   */
  html?: boolean;
  holds?: (i: number) => string[];
  /** Texts the body must not hold with the i-th cookie, e.g. another price class's price. */
  lacks?: (i: number) => string[];
}

async function load(name: string, url: string, paths: string[], options: LoadOptions = {}): Promise<Row> {
  const headers = options.headers ?? {};
  const cookies = options.cookies ?? [undefined];
  const asked = (cookie: string | undefined) => (cookie ? { ...headers, cookie } : headers);
  for (const [i, cookie] of cookies.entries()) {
    const res = await fetch(url + paths[0], { headers: asked(cookie), redirect: 'manual' });
    const body = await res.text();
    const type = res.headers.get('content-type') ?? '';
    const missing = (options.holds?.(i) ?? []).filter((text) => !body.includes(text));
    const leaked = (options.lacks?.(i) ?? []).filter((text) => body.includes(text));
    const wrong =
      res.status !== 200
        ? `answered ${res.status}${res.headers.get('location') ? ` to ${res.headers.get('location')}` : ''}`
        : options.html && !type.startsWith('text/html')
          ? `answered ${type}, not HTML`
          : missing.length > 0
            ? `the page lacks ${missing.map((m) => JSON.stringify(m)).join(', ')}`
            : leaked.length > 0
              ? `the page holds ${leaked.map((m) => JSON.stringify(m)).join(', ')}, not this buyer's`
              : undefined;
    if (wrong) {
      const failed = `${paths[0]}${cookie ? ` as buyer ${i + 1}` : ''} ${wrong}`;
      console.error(`\n!!! ${name}: NOT MEASURED: ${failed}\n`);
      process.exitCode = 1;
      return { name, rps: 0, p50: 0, p99: 0, errors: 0, failed };
    }
  }
  // One pass first, as a shop that has been serving already: the first answer of a page is computed and
  // cached, and the figures are of answers served, not of 216 cold computations within the 10 s.
  for (const path of paths)
    for (const cookie of cookies) await (await fetch(url + path, { headers: asked(cookie) })).arrayBuffer();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    ...(WORKERS > 1 ? { workers: WORKERS } : {}),
    headers,
    // Autocannon adds each request's headers to the common ones: the buyers take turns on every connection.
    requests: paths.flatMap((path) =>
      cookies.map((cookie) => ({ method: 'GET' as const, path, ...(cookie ? { headers: { cookie } } : {}) })),
    ),
  });
  const errors = result.errors + result.non2xx + result.timeouts;
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors };
}

/** The cookies a browser keeps after signing in through the shop's sign-in (session and display cookies). */
async function signIn(shopUrl: string, username: string, password: string): Promise<string> {
  const login = await fetch(`${shopUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!login.ok) throw new Error(`sign-in of ${username} failed: ${await login.text()}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** An answer of the shop's API read as the given buyer. */
// biome-ignore lint/suspicious/noExplicitAny: a quick read of the answer
async function read(shopUrl: string, path: string, cookie: string): Promise<any> {
  const res = await fetch(shopUrl + path, { headers: { cookie } });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return res.json();
}

/** A price as a page shows it in English ($1,234.56), from the API's dollars. */
const shown = (dollars: number) => formatMoney(Math.round(dollars * 100));

/** The price a card or a product page shows first: the sale price of an item on sale, else the price. */
const shownPrice = (item: { is_sale?: boolean; personal_price: number; personal_sale_price?: number }) =>
  shown(item.is_sale && item.personal_sale_price ? item.personal_sale_price : item.personal_price);

/** Listings narrowed by each of the first values of a few filters, with and without In Stock. */
function filterPaths(filters: { field: string; values: { value: string }[] }[]): string[] {
  const out: string[] = [];
  for (const f of filters.slice(0, 6)) {
    for (const v of f.values.slice(0, 3)) {
      const q = `${f.field}=${encodeURIComponent(v.value)}`;
      out.push(`/api/category/Notebook?${q}`, `/api/category/Notebook?${q}&in_stock=1&sort=price_desc`);
    }
  }
  return out;
}

/**
 * A new, empty database named shop_bench on the server of `url` (dropped first if a run left one), so each
 * run starts from the same state: no orders, sessions or mail of an earlier run.
 */
async function freshDatabase(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('drop database if exists shop_bench with (force)');
    await client.query('create database shop_bench');
  } finally {
    await client.end();
  }
  const bench = new URL(url);
  bench.pathname = '/shop_bench';
  return bench.toString();
}

async function databaseStock(url: string, ids: string[]): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ item_id: string; stock: number }>(
      'select item_id, stock from products where item_id = any($1)',
      [ids],
    );
    return new Map(rows.map((r) => [r.item_id, r.stock]));
  } finally {
    await client.end();
  }
}

function printMixed(m: MixedResult, paths: number): void {
  const ratio = m.browseWhileOrdering.rps / m.browseAlone.rps;
  console.log(`\nbrowsing (${BROWSERS} connections over ${paths} listings, searches and product pages):`);
  console.log(
    `  alone                ${String(m.browseAlone.rps).padStart(7)} req/s  p99 ${m.browseAlone.p99} ms  errors ${m.browseAlone.errors}`,
  );
  console.log(
    `  while ${String(BUYERS).padEnd(2)} buyers order ${String(m.browseWhileOrdering.rps).padStart(7)} req/s  p99 ${m.browseWhileOrdering.p99} ms  errors ${m.browseWhileOrdering.errors}`,
  );
  console.log(`  ratio ${ratio.toFixed(2)}`);
  const paced = m.paced.browse;
  console.log(
    `  while ${String(m.paced.rate).padEnd(3)} orders/s  ${String(paced.rps).padStart(7)} req/s  p99 ${paced.p99} ms  errors ${paced.errors}  ratio ${(paced.rps / m.browseAlone.rps).toFixed(2)}`,
  );
  console.log(`orders (${BUYERS} buyers, each add + place in a loop):`);
  for (const [name, o] of [
    ['while browsing', m.ordersWhileBrowsing],
    ['paced, browsing', m.paced.orders],
    ['alone', m.ordersAlone],
  ] as const) {
    console.log(
      `  ${name.padEnd(15)} ${String(o.ordersPerSecond).padStart(7)} orders/s  place p50 ${o.p50} ms  p99 ${o.p99} ms  add p99 ${o.addP99} ms  errors ${o.errors}`,
    );
  }
  console.log('cores used (shop, mail sink, database, load generator):');
  for (const [name, c] of [
    ['browsing alone', m.cpu.browseAlone],
    ['while ordering', m.cpu.whileOrdering],
    ['while paced', m.cpu.whilePaced],
    ['orders alone', m.cpu.ordersAlone],
  ] as const) {
    console.log(
      `  ${name.padEnd(15)} shop ${c.shop.toFixed(2)}  mail ${c.mail.toFixed(2)}  database ${c.database.toFixed(2)}  generator ${c.generator.toFixed(2)}  total ${(c.shop + c.mail + c.database + c.generator).toFixed(2)}`,
    );
  }
  const perOrder = (cores: number) => ((cores * 1000) / m.ordersAlone.ordersPerSecond).toFixed(2);
  const a = m.cpu.ordersAlone;
  console.log(
    `  CPU per order, orders alone: shop ${perOrder(a.shop)} ms  mail ${perOrder(a.mail)} ms  database ${perOrder(a.database)} ms  generator ${perOrder(a.generator)} ms`,
  );
  console.log(
    `stock taken ${m.stock.taken} = units acknowledged ${m.stock.acknowledged}: ${m.stock.exact ? 'exact' : 'NOT EXACT'}`,
  );
  const met =
    ratio >= 0.8 &&
    m.browseWhileOrdering.p99 <= 25 &&
    m.ordersAlone.ordersPerSecond >= 300 &&
    m.ordersAlone.p99 <= 100 &&
    m.stock.exact &&
    m.browseAlone.errors +
      m.browseWhileOrdering.errors +
      m.ordersAlone.errors +
      m.ordersWhileBrowsing.errors +
      paced.errors +
      m.paced.orders.errors ===
      0;
  console.log(
    `target: browsing while ordering >= 0.8 of alone with p99 <= 25 ms; orders alone >= 300/s with p99 <= 100 ms; no error; stock exact -> ${met ? 'met' : 'not met'}`,
  );
}

function initialScriptKb(): { gzip: number; files: string[] } {
  const dist = resolve(root, 'packages/web/dist');
  const html = readFileSync(resolve(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const gzip = files.reduce(
    (n, f) => n + gzipSync(readFileSync(resolve(dist, `.${f}`)), { level: 9 }).length,
    0,
  );
  return { gzip: Math.round(gzip / 102.4) / 10, files };
}

async function main() {
  const pgUrl = process.env.BENCH_DATABASE_URL
    ? await freshDatabase(process.env.BENCH_DATABASE_URL)
    : undefined;
  console.log(`seeding ${ROWS} listing rows on ${pgUrl ? 'PostgreSQL' : 'PGlite'}...`);
  if (!pgUrl) rmSync(resolve(root, '.data/bench'), { recursive: true, force: true });
  const t0 = Date.now();
  const seeded = await seedBench(pgUrl ? { url: pgUrl } : { dataDir }, ROWS);
  const rows = seeded.rows;
  console.log(`seeded ${rows} listing rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const buyers = await seedBuyers(pgUrl ? { url: pgUrl } : { dataDir }, BUYERS);
  const priceClasses = await seedPriceClassBuyers(pgUrl ? { url: pgUrl } : { dataDir });

  // The shop sends its mail over SMTP as in production, to a sink (a process of its own) that keeps it.
  const mail = await startSink();
  const shopEnv = {
    SMTP_URL: mail.url,
    PORT: String(SHOP_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: pgUrl ?? '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '1000',
    READY_PATH: '/api/mainpage',
  };
  const shop = await start(resolve(root, 'packages/server/dist/main.js'), shopEnv);
  const bare = await start(resolve(import.meta.dirname, 'bare.ts'), { PORT: String(BARE_PORT) });
  try {
    const login = await fetch(`http://127.0.0.1:${SHOP_PORT}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'C10001', password: 'Demo@10001' }),
    });
    if (!login.ok) throw new Error(`sign-in failed: ${await login.text()}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const shopUrl = `http://127.0.0.1:${SHOP_PORT}`;
    // biome-ignore lint/suspicious/noExplicitAny: a quick read of the answer
    const listing: any = await (
      await fetch(`${shopUrl}/api/category/Notebook`, { headers: { cookie } })
    ).json();
    const firstSeries = listing.categoryItems.filters.find(
      (f: { field: string }) => f.field === 'product_series',
    ).values[0].value as string;
    const product = listing.categoryItems.itemsBrief[0];
    const listingPath = `/api/category/Notebook?product_series=${encodeURIComponent(firstSeries)}&in_stock=1&sort=price_asc`;
    // Many distinct listings: every page of several categories under every sort.
    const variedPaths: string[] = [];
    for (const category of ['Notebook', 'Desktop', 'Monitor', 'Accessories', 'Gaming', 'Sale'])
      for (const sort of ['name_asc', 'price_asc', 'price_desc'])
        for (let page = 1; page <= 12; page++)
          variedPaths.push(`/api/category/${category}?sort=${sort}&page=${page}`);
    const searchPaths = ['aspire+16gb', 'swift+go', 'predator', 'nx.', 'monitor+27', 'chromebook+plus'].map(
      (s) => `/api/search?column=all&string=${s}`,
    );

    if (process.env.BENCH_SKIP_ROWS !== '1') {
      // Every signed-in row is measured as three buyers at once, one of each price class (PRICE_CLASSES),
      // each signed in through the shop's sign-in: a page kept per price class is kept three times over.
      const cookies = await Promise.all(priceClasses.map((b) => signIn(shopUrl, b.username, b.password)));
      const three = `${priceClasses.length} buyers (${PRICE_CLASSES.join('/')} %)`;
      const productApi = `/api/product/${product.item_id}/${product.item_condition}`;
      const productPage = `/acer/product/${product.item_id}/${product.item_condition}`;
      const categoryPage = '/acer/category/Notebook';
      const cartPage = '/acer/cart';
      const ordersPage = '/acer/account/orders';
      // What each buyer's page must show, read from the API as that buyer: the product's price, the first
      // card's price, the cart's SKUs and its first line's price, the newest order's number.
      const productPrices: string[] = [];
      let firstCard = '';
      const categoryPrices: string[] = [];
      const cartShown: string[][] = [];
      for (const [i, buyerCookie] of cookies.entries()) {
        const detail = (await read(shopUrl, productApi, buyerCookie)).itemInfo.itemDetail[0];
        productPrices.push(shownPrice(detail));
        const cards = (await read(shopUrl, '/api/category/Notebook', buyerCookie)).categoryItems.itemsBrief;
        categoryPrices.push(shownPrice(cards[0]));
        firstCard = cards[0].sku;
        const cart = (await read(shopUrl, '/api/header', buyerCookie)).cartItems;
        if (cart.length !== priceClasses[i]!.cartSkus.length)
          throw new Error(`buyer ${priceClasses[i]!.username}'s cart holds ${cart.length} lines`);
        cartShown.push([...priceClasses[i]!.cartSkus, shown(cart[0].unit_price)]);
      }
      if (new Set(productPrices).size !== cookies.length)
        throw new Error(`the price classes see the same product price: ${productPrices.join(', ')}`);

      console.log(`loading each for ${DURATION} s with ${CONNECTIONS} connections...`);
      const results: Row[] = [];
      // Like a browser, every row asks for compressed answers; one row without, for comparison.
      const enc = { 'accept-encoding': 'br, gzip' };
      const signedIn = { headers: enc, cookies };
      results.push(
        await load('bare Fastify route', `http://127.0.0.1:${BARE_PORT}`, ['/'], { headers: enc }),
      );
      results.push(await load('listing, signed in, filters + sort', shopUrl, [listingPath], signedIn));
      results.push(
        await load(`listing, signed in, ${variedPaths.length} pages/sorts`, shopUrl, variedPaths, signedIn),
      );
      results.push(await load('search, signed in, 6 terms', shopUrl, searchPaths, signedIn));
      results.push(await load('product detail, signed in', shopUrl, [productApi], signedIn));
      results.push(await load('listing, visitor', shopUrl, [listingPath], { headers: enc }));
      results.push(await load('product detail, no Accept-Encoding', shopUrl, [productApi], { cookies }));
      const apiRows = results.length - 1;
      const html = { html: true, headers: enc };
      const visitorRows = [
        await load('HTML product page, visitor', shopUrl, [productPage], {
          ...html,
          holds: () => [product.sku],
        }),
        await load('HTML category page, visitor', shopUrl, [categoryPage], {
          ...html,
          holds: () => [firstCard],
        }),
      ];
      const browsingRows = [
        await load('HTML product page, signed in', shopUrl, [productPage], {
          ...html,
          cookies,
          holds: (i) => [product.sku, productPrices[i]!],
          lacks: (i) => productPrices.filter((_, j) => j !== i),
        }),
        await load('HTML category page, signed in', shopUrl, [categoryPage], {
          ...html,
          cookies,
          holds: (i) => [firstCard, categoryPrices[i]!],
        }),
      ];
      const ownRows = [
        await load('HTML cart page, 4 lines', shopUrl, [cartPage], {
          ...html,
          cookies,
          holds: (i) => cartShown[i]!,
        }),
        await load('HTML account orders page, 30 orders', shopUrl, [ordersPage], {
          ...html,
          cookies,
          holds: (i) => [priceClasses[i]!.orderNumbers[0]!, '$'],
        }),
      ];
      results.push(...visitorRows, ...browsingRows, ...ownRows);

      const base = results[0]!.rps;
      const signedRows = new Set(
        [...results.slice(1, apiRows + 1), ...browsingRows, ...ownRows].filter(
          (r) => !r.name.includes('visitor'),
        ),
      );
      console.log(`\n${'scenario'.padEnd(48)}    req/s  p50 ms  p99 ms  errors  ratio to bare`);
      for (const r of results) {
        const name = `${r.name}${signedRows.has(r) ? ' *' : ''}`;
        console.log(
          r.failed
            ? `${name.padEnd(48)} NOT MEASURED: ${r.failed}`
            : `${name.padEnd(48)} ${r.rps.toFixed(0).padStart(8)}  ${String(r.p50).padStart(6)}  ${String(r.p99).padStart(6)}  ${String(r.errors).padStart(6)}  ${(r.rps / base).toFixed(3)}`,
        );
      }
      console.log(`* signed in: ${three}, each connection asking as each in turn`);
      // Each target as a ratio of the bare route in this run, with a p99 at 50 connections and no error.
      const verdict = (rows: Row[], ratio: number, p99: number) => {
        const slow = rows.filter((r) => r.failed || r.errors > 0 || r.rps / base < ratio || r.p99 > p99);
        return slow.length === 0 ? 'met' : `not met (${slow.map((r) => r.name).join('; ')})`;
      };
      console.log(
        `\ntarget: listing, search and product >= 0.5 of bare with p99 <= 25 ms -> ${verdict(results.slice(1, apiRows + 1), 0.5, 25)}`,
      );
      console.log(
        `target: visitor HTML of a product and a category page >= 0.3 of bare with p99 <= 10 ms -> ${verdict(visitorRows, 0.3, 10)}`,
      );
      console.log(
        `target: signed-in HTML of a product and a category page (${three}) >= 0.1 of bare with p99 <= 50 ms -> ${verdict(browsingRows, 0.1, 50)}`,
      );
      console.log(
        `target: signed-in HTML of the cart and the account's orders (${three}) >= 0.03 of bare with p99 <= 100 ms -> ${verdict(ownRows, 0.03, 100)}`,
      );
    }

    if (process.env.BENCH_SKIP_MIXED === '1') return;
    console.log(
      `\nmixed: browsing alone, then while ${BUYERS} buyers order, then while they order ${ORDER_RATE} a second, then the orders alone (${DURATION} s each)...`,
    );
    const pool: PoolItem[] = [];
    for (const itemId of seeded.poolItemIds) {
      // biome-ignore lint/suspicious/noExplicitAny: a quick read of the answer
      const answer: any = await (
        await fetch(`${shopUrl}/api/product/${itemId}/BrandNew`, { headers: { cookie: buyers[0]!.cookie } })
      ).json();
      pool.push({ itemId, unitCents: Math.round(answer.itemInfo.itemDetail[0].personal_price * 100) });
    }
    const browsePaths = [
      ...variedPaths,
      ...searchPaths,
      listingPath,
      ...filterPaths(listing.categoryItems.filters),
      ...seeded.poolItemIds.map((id) => `/api/product/${id}/BrandNew`),
      ...listing.categoryItems.itemsBrief.map(
        (i: { item_id: string; item_condition: string }) => `/api/product/${i.item_id}/${i.item_condition}`,
      ),
    ];
    const mixed = await mixedScenario({
      shopUrl,
      browseCookie: cookie,
      browsePaths,
      buyers,
      pool,
      seconds: DURATION,
      browseConnections: BROWSERS,
      databaseStock: pgUrl ? () => databaseStock(pgUrl, seeded.poolItemIds) : undefined,
      cpu: () => cpuSample({ shop: shop.pid, mail: mail.pid }),
      orderRate: ORDER_RATE,
    });
    printMixed(mixed, browsePaths.length);
    console.log(`mail: ${await mail.received()} messages received over SMTP so far`);

    if (process.env.BENCH_SKIP_LIGHTHOUSE !== '1') {
      // Issue 11: performance >= 95 on each page in LIGHTHOUSE_RUNS consecutive runs, not one lucky run.
      const pages = [
        `${shopUrl}/acer`,
        `${shopUrl}/acer/category/Notebook`,
        `${shopUrl}/acer/product/${product.item_id}/${product.item_condition}`,
      ];
      let allMet = true;
      let pagesMet = true;
      for (let run = 1; run <= LIGHTHOUSE_RUNS; run++) {
        console.log(`\nLighthouse (mobile), run ${run} of ${LIGHTHOUSE_RUNS}:`);
        const scores = await lighthouseScores(pages);
        // A page Lighthouse could not score (no LCP seen, a protocol error) is measured again once, and said.
        for (const [i, s] of scores.entries()) {
          if (!s.error) continue;
          console.log(
            `  ${s.url.replace(shopUrl, '')}: Lighthouse could not score it (${s.error}); measured again`,
          );
          scores[i] = (await lighthouseScores([s.url]))[0]!;
        }
        for (const s of scores) {
          console.log(
            `  ${s.url.replace(shopUrl, '').padEnd(50)} performance ${s.performance}  accessibility ${s.accessibility}  SEO ${s.seo}  best practices ${s.bestPractices}  LCP ${s.lcpMs} ms  scripts ${s.scriptKb} KB transferred${s.error ? `  (not scored: ${s.error})` : ''}`,
          );
        }
        allMet &&= scores.every((s) => s.performance >= PERFORMANCE_TARGET);
        // Issue 20: accessibility 100, SEO 100, best practices >= 95, LCP <= 1.5 s, in every run.
        pagesMet &&= scores.every(
          (s) =>
            s.accessibility === 100 &&
            s.seo === 100 &&
            s.bestPractices >= BEST_PRACTICES_TARGET &&
            s.lcpMs <= LCP_TARGET_MS,
        );
      }
      console.log(
        `target: performance >= ${PERFORMANCE_TARGET} on each page in ${LIGHTHOUSE_RUNS} consecutive runs -> ${allMet ? 'met' : 'not met'}`,
      );
      console.log(
        `target: accessibility 100, SEO 100, best practices >= ${BEST_PRACTICES_TARGET}, LCP <= ${LCP_TARGET_MS} ms on each page in every run -> ${pagesMet ? 'met' : 'not met'}`,
      );
    }
    const js = initialScriptKb();
    console.log(
      `\ninitial JavaScript (entry + preloads, gzip -9): ${js.gzip} KB in ${js.files.length} file(s)`,
    );
    console.log(
      `target: initial JavaScript <= ${INITIAL_JS_TARGET_KB} KB gzip -> ${js.gzip <= INITIAL_JS_TARGET_KB ? 'met' : 'not met'}`,
    );
  } finally {
    bare.kill();
    // The shop stops gracefully, still sending what its orders queued: the mail sink stays until it is gone.
    await new Promise<void>((gone) => {
      const timer = setTimeout(gone, 15_000);
      shop.once('exit', () => {
        clearTimeout(timer);
        gone();
      });
      shop.kill();
    });
    mail.close();
  }
}

// BENCH_ONLY=order-lists runs the order lists at scale alone; BENCH_SKIP_ORDERS=1 leaves them out.
const only = process.env.BENCH_ONLY;
if (only !== undefined && only !== 'order-lists')
  throw new Error(`BENCH_ONLY takes order-lists (the only part that runs alone), not "${only}"`);
if (only !== 'order-lists') await main();
if (process.env.BENCH_SKIP_ORDERS !== '1') await orderListsBench();
