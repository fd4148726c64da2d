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
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../../server-root';
import { call, OWNER, staffSignIn } from '../../test/admin';
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
    // As a page may write a number: as it is, or (asked with ?formatted) with separators.
    const stock = new URL(input.url).searchParams.has('formatted') ? item.stock.toLocaleString('en-CA') : item.stock;
    return {
      kind: 'page',
      html: '<h1>' + item.item_name + '</h1><p>' + input.lang + price + '</p><p class="stock">' + stock + ' in stock</p>',
      data: JSON.stringify({ stock: item.stock }),
    };
  }`,
);
const ctx = useTestApp({ WEB_DIST: dist });
// On PostgreSQL, a second server process on the same database, with its own kept pages.
const second = useSecondApp(ctx);

const drawn = () => (globalThis as { __pagesDrawn?: number }).__pagesDrawn ?? 0;

async function page(url: string, cookie = '') {
  const response = await ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  return { status: response.statusCode, html: response.body };
}

function anOffer() {
  const item = [...ctx.app.services.catalog.items.values()].find(
    (p) => p.isActive && ctx.app.services.catalog.row(p.itemId, p.itemCondition as never),
  )!;
  return item;
}

describe("a visitor's page drawn on the server", () => {
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

  it("is never a signed-in buyer's: their page is drawn for each request, with their price", async () => {
    const cookie = await signIn(ctx.app, DEMO.C10001.username, DEMO.C10001.password);
    const item = anOffer();
    const url = `/acer/product/${item.itemId}/${item.itemCondition}`;
    const visitor = await page(url);
    const before = drawn();
    const mine = await page(url, cookie);
    await page(url, cookie);
    expect(drawn()).toBe(before + 2);
    expect(mine.html).toMatch(/<p>en \d+(\.\d+)?<\/p>/);
    expect(visitor.html).not.toMatch(/<p>en \d/);
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
    },
  );
});
