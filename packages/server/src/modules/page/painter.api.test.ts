/**
 * A visitor's page drawn on the server is kept and sent again while the answers it was drawn from are the
 * same; it is drawn again when what it shows changes, and a signed-in buyer's page is drawn every time.
 * The renderer here is a small stand-in module at the place the page's build puts its own
 * (dist-ssr/entry-server.js), so the server loads and calls it as it does the real one.
 */
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../../server-root';
import { call, makeCustomer, OWNER, staffSignIn } from '../../test/admin';
import { DEMO, signIn, useSecondApp, useTestApp } from '../../test/harness';
import { waitFor } from '../../test/mail-sink';

const root = mkdtempSync(join(tmpdir(), 'shop-painter-'));
const dist = join(root, 'dist');
mkdirSync(dist);
mkdirSync(join(root, 'dist-ssr'));
copyFileSync(resolve(SERVER_ROOT, '../web/index.html'), join(dist, 'index.html'));
writeFileSync(
  join(root, 'dist-ssr', 'entry-server.js'),
  `export async function render(input) {
    globalThis.__pagesDrawn = (globalThis.__pagesDrawn ?? 0) + 1;
    const id = new URL(input.url).pathname.split('/')[3];
    const customer = /(?:^|;\\s*)customerid=([^;]*)/.exec(input.cookie)?.[1] ?? 'visitors';
    const answer = await input.get('/product/' + id + '/', { customerid: customer });
    const item = answer.body.itemInfo.itemDetail[0];
    const price = item.personal_price === undefined ? '' : ' ' + item.personal_price;
    // A page that writes who its buyer is (?leak): it may not be shared.
    const who = new URL(input.url).searchParams.has('leak') ? '<p class="who">' + customer + '</p>' : '';
    // As a page may write a number: as it is, or (asked with ?formatted) with separators.
    const stock = new URL(input.url).searchParams.has('formatted') ? item.stock.toLocaleString('en-CA') : item.stock;
    return {
      kind: 'page',
      html: '<h1>' + item.item_name + '</h1><p>' + input.lang + price + '</p><p class="stock">' + stock + ' in stock</p>' + who,
      data: JSON.stringify({ stock: item.stock }),
    };
  }`,
);
const ctx = useTestApp({ WEB_DIST: dist });
// On PostgreSQL, a second server process on the same database, with its own kept pages.
const second = useSecondApp(ctx);

const drawn = () => (globalThis as { __pagesDrawn?: number }).__pagesDrawn ?? 0;

async function page(url: string, cookie = '', app: FastifyInstance = ctx.app) {
  const response = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  return { status: response.statusCode, html: response.body };
}

/** The buyer's price of the page's product, as the API answers them (the price the page must show). */
async function priceFor(app: FastifyInstance, url: string, cookie: string): Promise<string> {
  const path = new URL(url, 'http://shop').pathname.replace('/acer/product/', '/api/product/');
  const answer = await app.inject({ method: 'GET', url: path, headers: { cookie } });
  expect(answer.statusCode).toBe(200);
  return String(answer.json().itemInfo.itemDetail[0].personal_price);
}

function anOffer() {
  const item = [...ctx.app.services.catalog.items.values()].find(
    (p) => p.isActive && ctx.app.services.catalog.row(p.itemId, p.itemCondition as never),
  )!;
  return item;
}

describe('a page drawn on the server', () => {
  it('is drawn once and sent again while what it shows stays the same, per language', async () => {
    const item = anOffer();
    const url = `/acer/product/${item.itemId}/${item.itemCondition}`;
    const before = drawn();
    const first = await page(url);
    expect(first.status).toBe(200);
    expect(first.html).toContain(`<div id="root"><h1>${item.itemName}</h1><p>en</p><p class="stock">`);
    expect(first.html).toContain('<script type="application/json" id="page-data">');
    const second = await page(url);
    expect(second.html).toBe(first.html);
    expect(drawn()).toBe(before + 1);
    // Another language is another page.
    const fr = await page(`${url}?lang=fr`);
    expect(fr.html).toContain('<p>fr</p>');
    expect(drawn()).toBe(before + 2);
  });

  it('is sent compressed as the browser accepts, Brotli first, and plain otherwise', async () => {
    const item = anOffer();
    const url = `/acer/product/${item.itemId}/${item.itemCondition}`;
    const plain = await ctx.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gz = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    expect(String(gz.headers.vary)).toContain('Accept-Encoding');
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });

  it('is kept through a price change a visitor cannot see, and drawn again when its name changes', async () => {
    const owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
    const item = anOffer();
    const url = `/acer/product/${item.itemId}/${item.itemCondition}`;
    await page(url);
    const before = drawn();
    const priced = await call(ctx.app, 'PATCH', `/api/admin/products/${item.itemId}`, owner, {
      price: 1234.56,
    });
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    await page(url);
    expect(drawn()).toBe(before);
    const renamed = await call(ctx.app, 'PATCH', `/api/admin/products/${item.itemId}`, owner, {
      item_name: `${item.itemName} Pro`,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const after = await page(url);
    expect(after.html).toContain(`<h1>${item.itemName} Pro</h1>`);
    expect(drawn()).toBe(before + 1);
  });

  it('is kept through a sale that leaves it in stock, with the new number, and drawn again when it sells out', async () => {
    const owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
    const item = anOffer();
    const url = `/acer/product/${item.itemId}/${item.itemCondition}`;
    const setStock = async (stock: number) => {
      const changed = await call(ctx.app, 'PATCH', `/api/admin/products/${item.itemId}`, owner, { stock });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    };
    await setStock(40);
    const first = await page(url);
    expect(first.html).toContain('<p class="stock">40 in stock</p>');
    expect(first.html).toContain('<script type="application/json" id="page-data">{"stock":40}</script>');
    const before = drawn();
    await setStock(37);
    const sold = await page(url);
    expect(sold.html).toContain('<p class="stock">37 in stock</p>');
    expect(sold.html).toContain('{"stock":37}');
    expect(drawn()).toBe(before);
    // Sold out: what the page says beside it may change, so it is drawn again.
    await setStock(0);
    const out = await page(url);
    expect(out.html).toContain('<p class="stock">0 in stock</p>');
    expect(drawn()).toBe(before + 1);
    await page(url);
    expect(drawn()).toBe(before + 1);
    await setStock(40);
  });

  it('is drawn with the real numbers, and not kept, when it writes a stock number otherwise than as digits', async () => {
    const owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
    const item = anOffer();
    const changed = await call(ctx.app, 'PATCH', `/api/admin/products/${item.itemId}`, owner, {
      stock: 1234,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const url = `/acer/product/${item.itemId}/${item.itemCondition}?formatted=1`;
    const before = drawn();
    const shown = await page(url);
    expect(shown.html).toContain('<p class="stock">1,234 in stock</p>');
    expect(shown.html).not.toMatch(/8\D?675\D?309/);
    await page(url);
    expect(drawn()).toBeGreaterThan(before + 2);
  });

  it("a signed-in buyer's is kept for their price class: buyers of one percentage share it, others get their own", async () => {
    const owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
    const first = await signIn(ctx.app, DEMO.C10001.username, DEMO.C10001.password);
    const same = (await makeCustomer(ctx.app, owner, { percentage: DEMO.C10001.percentage })).cookie;
    const other = await signIn(ctx.app, DEMO.C10002.username, DEMO.C10002.password);
    const item = anOffer();
    const url = `/acer/product/${item.itemId}/${item.itemCondition}`;
    const visitor = await page(url);
    const before = drawn();
    const mine = await page(url, first);
    expect(await page(url, same)).toEqual(mine);
    expect(drawn()).toBe(before + 1);
    const theirs = await page(url, other);
    expect(drawn()).toBe(before + 2);
    expect(mine.html).toContain(`<p>en ${await priceFor(ctx.app, url, first)}</p>`);
    expect(theirs.html).toContain(`<p>en ${await priceFor(ctx.app, url, other)}</p>`);
    expect(theirs.html).not.toBe(mine.html);
    expect(visitor.html).not.toMatch(/<p>en \d/);
    // Each is sent again as it was kept, to each class.
    expect(await page(url, other)).toEqual(theirs);
    expect(await page(url, first)).toEqual(mine);
    expect(await page(url)).toEqual(visitor);
    expect(drawn()).toBe(before + 2);
  });

  it("is the buyer's alone when it writes who they are: drawn for each buyer, never sent to another", async () => {
    const owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
    const first = await signIn(ctx.app, DEMO.C10001.username, DEMO.C10001.password);
    const made = await makeCustomer(ctx.app, owner, { percentage: DEMO.C10001.percentage });
    const item = anOffer();
    const url = `/acer/product/${item.itemId}/${item.itemCondition}?leak=1`;
    const before = drawn();
    const mine = await page(url, first);
    const theirs = await page(url, made.cookie);
    expect(mine.html).toContain('<p class="who">C10001</p>');
    expect(theirs.html).toContain(`<p class="who">${made.customerId}</p>`);
    expect(theirs.html).not.toContain('C10001');
    expect((await page(url, first)).html).toContain('<p class="who">C10001</p>');
    // The first was drawn for the class, found to name its buyer and drawn again; each after for its buyer.
    expect(drawn()).toBe(before + 4);
  });

  it("is the buyer's alone when the browser's cookies name another buyer than the session's", async () => {
    const first = await signIn(ctx.app, DEMO.C10001.username, DEMO.C10001.password);
    const item = anOffer();
    const url = `/acer/product/${item.itemId}/${item.itemCondition}`;
    await page(url, first);
    const before = drawn();
    const named = first.replace(/customerid=C10001/, 'customerid=C10002');
    expect(named).not.toBe(first);
    await page(url, named);
    await page(url, named);
    expect(drawn()).toBe(before + 2);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "is exact across processes: a sale or a rename made by another process reaches this one's kept page (PostgreSQL only)",
    async () => {
      const other = second.app!;
      const owner = await staffSignIn(other, OWNER.email, OWNER.password);
      const item = anOffer();
      const url = `/acer/product/${item.itemId}/${item.itemCondition}`;
      const change = async (body: Record<string, unknown>) => {
        const changed = await call(other, 'PATCH', `/api/admin/products/${item.itemId}`, owner, body);
        expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      };
      await change({ stock: 40 });
      await waitFor('40 in stock on this process', async () =>
        (await page(url)).html.includes('40 in stock'),
      );
      const before = drawn();
      // A sale in the other process: this process's kept page shows the new number without being drawn.
      await change({ stock: 33 });
      await waitFor('33 in stock on this process', async () =>
        (await page(url)).html.includes('33 in stock'),
      );
      expect(drawn()).toBe(before);
      // A rename there: drawn again here with the new name.
      await change({ item_name: `${item.itemName} Max` });
      await waitFor('the new name on this process', async () =>
        (await page(url)).html.includes(`<h1>${item.itemName} Max</h1>`),
      );
      expect(drawn()).toBe(before + 1);
      await change({ item_name: item.itemName, stock: 40 });
      await waitFor('the name as it was on this process', async () =>
        (await page(url)).html.includes(`<h1>${item.itemName}</h1><p>en</p><p class="stock">40 in stock`),
      );
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'shows each of two price classes and a visitor only their own prices, in turn on two processes, and a price or percentage change on their next page (PostgreSQL only)',
    async () => {
      const apps = [ctx.app, second.app!];
      const owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
      const high = await makeCustomer(ctx.app, owner, { percentage: 22 });
      const low = await makeCustomer(ctx.app, owner, { percentage: 5 });
      const items = [...ctx.app.services.catalog.items.values()]
        .filter((p) => p.isActive && ctx.app.services.catalog.row(p.itemId, p.itemCondition as never))
        .slice(0, 2);
      const urls = items.map((item) => `/acer/product/${item.itemId}/${item.itemCondition}`);
      const viewers = [
        { name: 'visitor', cookie: '' },
        { name: '22 %', cookie: high.cookie },
        { name: '5 %', cookie: low.cookie },
      ];
      /** What each viewer must see on each page: their price as the API answers it, or none. */
      const expected = async () => {
        const prices = new Map<string, string | null>();
        for (const viewer of viewers)
          for (const url of urls)
            prices.set(
              `${viewer.name} ${url}`,
              viewer.cookie ? await priceFor(ctx.app, url, viewer.cookie) : null,
            );
        return prices;
      };
      const shows = (html: string, price: string | null) =>
        price === null ? !/<p>en \d/.test(html) : html.includes(`<p>en ${price}</p>`);
      /** Every viewer opens every page on both processes, in turn; each must see their own price alone. */
      const round = async (prices: Map<string, string | null>) => {
        const wrong: string[] = [];
        for (const url of urls)
          for (const app of apps)
            for (const viewer of viewers) {
              const { status, html } = await page(url, viewer.cookie, app);
              const own = prices.get(`${viewer.name} ${url}`)!;
              const others = viewers
                .filter((v) => v !== viewer)
                .map((v) => prices.get(`${v.name} ${url}`))
                .filter((price): price is string => price !== null && price !== own);
              if (
                status !== 200 ||
                !shows(html, own) ||
                others.some((price) => html.includes(`<p>en ${price}</p>`))
              )
                wrong.push(`${viewer.name} on ${url} (process ${apps.indexOf(app) + 1})`);
            }
        return wrong;
      };
      let prices = await expected();
      expect(new Set(prices.values()).size).toBe(prices.size - urls.length + 1);
      // The changes earlier tests made reach the second process when they reach it: once a round has
      // drawn nothing, every page is kept for each class on each process, and is sent as it was kept.
      await waitFor('a round sent as kept', async () => {
        const start = drawn();
        expect(await round(prices)).toEqual([]);
        return drawn() === start;
      });
      const before = drawn();
      for (let i = 0; i < 5; i++) expect(await round(prices)).toEqual([]);
      expect(drawn()).toBe(before);
      // A price change made on one process shows on every buyer's next page, on both.
      const changed = await call(second.app!, 'PATCH', `/api/admin/products/${items[0]!.itemId}`, owner, {
        price: 1777.77,
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      await waitFor('the new price on both processes', async () => {
        prices = await expected();
        return (await round(prices)).length === 0 && [...prices.values()].some((p) => p?.startsWith('1'));
      });
      // A percentage change: that buyer's next page shows their new prices, on both processes.
      const percentage = await call(ctx.app, 'PATCH', `/api/admin/customers/${low.customerId}`, owner, {
        percentage: 12,
      });
      expect(percentage.status, JSON.stringify(percentage.body)).toBe(200);
      const old = prices.get(`5 % ${urls[0]}`);
      await waitFor("the buyer's new percentage on both processes", async () => {
        prices = await expected();
        return prices.get(`5 % ${urls[0]}`) !== old && (await round(prices)).length === 0;
      });
      expect(await round(prices)).toEqual([]);
    },
  );
});
