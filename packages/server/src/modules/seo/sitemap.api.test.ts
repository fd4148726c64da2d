/**
 * /sitemap.xml and /robots.txt: the sitemap is well-formed XML in the sitemap namespace; it lists the home
 * page, every listing of the menu, the informational pages and blog articles, and every active product in
 * each condition it is offered in, each in English and French with both named as alternates; it holds no
 * price and no inactive product, follows the catalog when a product is turned off or on, and is the same
 * for everyone. robots.txt names it and keeps crawlers out of the buyer's own pages, the back office and
 * the API. Neither is shadowed by the page's catch-all or by a file of the built page.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SUBCATEGORIES, TOP_CATEGORIES } from '@shop/domain/catalog/rules';
import { pageAt } from '@shop/domain/core/pages';
import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { call, OWNER, staffSignIn } from '../../test/admin';
import { DEMO, signIn, useTestApp } from '../../test/harness';
import { Sitemap } from './sitemap';

const ORIGIN = 'https://shop.example.com';
const ctx = useTestApp({ PUBLIC_URL: ORIGIN });

interface Link {
  '@_rel': string;
  '@_hreflang': string;
  '@_href': string;
}
interface UrlEntry {
  loc: string;
  lastmod?: string;
  'xhtml:link': Link[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  ignoreDeclaration: true,
  parseTagValue: false,
  isArray: (name) => name === 'url' || name === 'xhtml:link',
});

function parse(text: string) {
  expect(XMLValidator.validate(text)).toBe(true);
  const doc = parser.parse(text) as { urlset: Record<string, unknown> & { url: UrlEntry[] } };
  return doc.urlset;
}

async function sitemap(headers: Record<string, string> = {}) {
  const response = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml', headers });
  expect(response.statusCode).toBe(200);
  const urlset = parse(response.body);
  const byLoc = new Map(urlset.url.map((u) => [u.loc, u]));
  return { response, text: response.body, urlset, urls: urlset.url, byLoc };
}

/** Paths (without origin) of the English entries. */
function englishPaths(urls: UrlEntry[]): string[] {
  return urls.filter((u) => !u.loc.endsWith('?lang=fr')).map((u) => u.loc.slice(ORIGIN.length));
}

/** The offers the catalog in memory holds: every active item in its own condition and, if any, scratch and dent. */
function activeOffers() {
  const offers: { itemId: string; condition: string; updatedAt: Date }[] = [];
  for (const p of ctx.app.services.catalog.items.values()) {
    if (!p.isActive) continue;
    offers.push({ itemId: p.itemId, condition: p.itemCondition, updatedAt: p.updatedAt });
    if (p.isScratchDent) offers.push({ itemId: p.itemId, condition: 'ScratchDent', updatedAt: p.updatedAt });
  }
  return offers;
}

const productUrl = (itemId: string, condition: string) =>
  `${ORIGIN}/acer/product/${encodeURIComponent(itemId)}/${condition}`;
const second = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

const DISALLOWED = [
  '/acer/cart',
  '/acer/checkout',
  '/acer/add-to-cart',
  '/acer/quick-order',
  '/acer/account',
  '/acer/order/',
  '/acer/invoice/',
  '/acer/returns/',
  '/acer/credit-notes/',
  '/acer/signin',
  '/acer/set-password',
  '/acer/quote-request',
  '/acer/quote-checkout/',
  '/acer/admin',
  '/api/',
];

const INFO_PAGES = [
  '/acer/faq',
  '/acer/warranty',
  '/acer/extended-warranty',
  '/acer/subscribe',
  '/acer/blog',
  '/acer/blog/test',
  '/acer/blog/game-on',
  '/acer/legal-notice',
  '/acer/term-of-sale',
  '/acer/location',
  '/acer/contact-us',
];

describe('GET /sitemap.xml', () => {
  it('is well-formed XML in the sitemap namespace, served as XML that caches may keep an hour', async () => {
    const { response, urlset, urls } = await sitemap();
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(urlset['@_xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml');
    expect(urls.length).toBeGreaterThan(100);
    expect(urls.length).toBeLessThanOrEqual(50_000);
  });

  it('gives every page in English and in French (?lang=fr), each entry naming both, English the default', async () => {
    const { urls, byLoc } = await sitemap();
    expect(urls.length % 2).toBe(0);
    for (const url of urls) {
      expect(url.loc.startsWith(`${ORIGIN}/acer`)).toBe(true);
      const en = url.loc.replace(/\?lang=fr$/, '');
      const fr = `${en}?lang=fr`;
      expect(byLoc.has(en) && byLoc.has(fr)).toBe(true);
      expect(url['xhtml:link']).toEqual([
        { '@_rel': 'alternate', '@_hreflang': 'en-CA', '@_href': en },
        { '@_rel': 'alternate', '@_hreflang': 'fr-CA', '@_href': fr },
        { '@_rel': 'alternate', '@_hreflang': 'x-default', '@_href': en },
      ]);
      expect(byLoc.get(en)!.lastmod).toBe(byLoc.get(fr)!.lastmod);
    }
  });

  it("lists every active product in each condition it is offered in, dated by the product's last change, and no inactive one", async () => {
    const { urls, byLoc } = await sitemap();
    const offers = activeOffers();
    expect(offers.some((o) => o.condition === 'ScratchDent')).toBe(true);
    const expected = offers.flatMap((o) => [
      productUrl(o.itemId, o.condition),
      `${productUrl(o.itemId, o.condition)}?lang=fr`,
    ]);
    const listed = urls.map((u) => u.loc).filter((loc) => loc.startsWith(`${ORIGIN}/acer/product/`));
    expect(new Set(listed)).toEqual(new Set(expected));
    expect(listed).toHaveLength(expected.length);
    for (const o of offers) {
      expect(byLoc.get(productUrl(o.itemId, o.condition))!.lastmod).toBe(second(o.updatedAt));
    }
    const inactive = [...ctx.app.services.catalog.items.values()].filter((p) => !p.isActive);
    expect(inactive.length).toBeGreaterThan(0);
    for (const p of inactive) {
      expect(listed.some((loc) => loc.includes(`/acer/product/${p.itemId}/`))).toBe(false);
    }
    // Each listed offer is one the shop shows.
    for (const o of offers.slice(0, 20)) {
      const page = await ctx.app.inject({ method: 'GET', url: `/api/product/${o.itemId}/${o.condition}` });
      expect(page.statusCode).toBe(200);
    }
  });

  it('holds no price, percentage or personal field, and is the same for a signed-in customer', async () => {
    const { text, urlset } = await sitemap();
    expect(text).not.toContain('$');
    expect(text.toLowerCase()).not.toMatch(/price|percent|personal|stock|cost|amount/);
    // A percent sign only as part of an address's %XX encoding.
    expect(text).not.toMatch(/%(?![0-9A-F]{2})/);
    // Only addresses and dates: these elements and attributes and nothing else.
    const elements = new Set<string>();
    const attributes = new Set<string>();
    const walk = (node: unknown, name: string) => {
      if (Array.isArray(node)) {
        for (const n of node) walk(n, name);
        return;
      }
      elements.add(name);
      if (node === null || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key.startsWith('@_')) attributes.add(key.slice(2));
        else if (key !== '#text') walk(value, key);
      }
    };
    walk(urlset, 'urlset');
    expect([...elements].sort()).toEqual(['lastmod', 'loc', 'url', 'urlset', 'xhtml:link']);
    expect([...attributes].sort()).toEqual(['href', 'hreflang', 'rel', 'xmlns', 'xmlns:xhtml']);
    for (const date of urlset.url.flatMap((u) => (u.lastmod ? [u.lastmod] : []))) {
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    }

    const cookie = await signIn(ctx.app, DEMO.C10001.username, DEMO.C10001.password);
    const signedIn = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { cookie } });
    expect(signedIn.body).toBe(text);
  });

  it('lists the home page, every listing of the menu, the informational pages and the blog articles, all pages of the router', async () => {
    const { urls } = await sitemap();
    const paths = englishPaths(urls);
    const listings = TOP_CATEGORIES.flatMap((c) => [
      `/acer/category/${c}`,
      ...(SUBCATEGORIES[c] ?? []).map((s) => `/acer/category/${c}/${s}`),
    ]);
    expect(listings).toContain('/acer/category/Gaming/Monitor');
    for (const path of ['/acer', ...listings, ...INFO_PAGES]) expect(paths).toContain(path);
    for (const section of ['what-covered', 'how-to-claim', 'locate-serial-number', 'terms-and-conditions']) {
      expect(paths).toContain(`/acer/extended-warranty/${section}`);
    }
    // Listings and the home page are dated by the catalog's latest change; static pages are not dated.
    const latest = Math.max(
      ...[...ctx.app.services.catalog.items.values()].map((p) => p.updatedAt.getTime()),
    );
    const enEntry = (path: string) => urls.find((u) => u.loc === `${ORIGIN}${path}`)!;
    expect(enEntry('/acer/category/Notebook').lastmod).toBe(second(new Date(latest)));
    expect(enEntry('/acer').lastmod).toBe(second(new Date(latest)));
    expect(enEntry('/acer/faq').lastmod).toBeUndefined();

    // A page of the shop's table of pages, which the page's router is built from (app/routes.test.ts).
    for (const path of paths) expect(pageAt(path)?.id, path).toBeDefined();
    for (const path of paths) {
      expect(
        DISALLOWED.some((d) => path.startsWith(d)),
        path,
      ).toBe(false);
    }
  });

  it('drops a product turned off in the back office and lists it again once it is turned on', async () => {
    const owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
    const item = [...ctx.app.services.catalog.items.values()].find((p) => p.isActive && p.isScratchDent)!;
    const urls = [
      productUrl(item.itemId, item.itemCondition),
      productUrl(item.itemId, 'ScratchDent'),
    ].flatMap((u) => [u, `${u}?lang=fr`]);
    const before = await sitemap();
    for (const url of urls) expect(before.byLoc.has(url)).toBe(true);

    const off = await call(ctx.app, 'PATCH', `/api/admin/products/${item.itemId}`, owner, {
      is_active: false,
    });
    expect(off.status).toBe(200);
    const during = await sitemap();
    for (const url of urls) expect(during.byLoc.has(url)).toBe(false);
    expect(during.urls.length).toBe(before.urls.length - 4);

    // Written straight to the database: the sitemap follows once the catalog has read the change.
    await ctx.database.db.update(products).set({ isActive: true }).where(eq(products.itemId, item.itemId));
    await ctx.app.services.catalog.refresh();
    const after = await sitemap();
    for (const url of urls) expect(after.byLoc.has(url)).toBe(true);
    const updatedAt = ctx.app.services.catalog.items.get(item.itemId)!.updatedAt;
    expect(updatedAt.getTime()).toBeGreaterThan(item.updatedAt.getTime());
    expect(after.byLoc.get(urls[0]!)!.lastmod).toBe(second(updatedAt));
  });

  it('is built once and kept until the catalog changes', async () => {
    const catalog = ctx.app.services.catalog;
    const map = new Sitemap(catalog, ORIGIN);
    const first = map.xml();
    expect(map.xml()).toBe(first);
    expect(map.builds).toBe(1);
    const item = [...catalog.items.values()].find((p) => p.isActive && p.stock > 2)!;
    await ctx.database.db
      .update(products)
      .set({ stock: item.stock - 1 })
      .where(eq(products.itemId, item.itemId));
    await catalog.refresh();
    map.xml();
    expect(map.builds).toBe(2);
    map.xml();
    expect(map.builds).toBe(2);
  });

  it('escapes what an address may hold', async () => {
    const itemId = `it's&<new>"`;
    await ctx.database.db.insert(products).values({
      itemId,
      itemName: 'Escaping test notebook',
      sku: 'SEO.ESCAPE.001',
      category: 'Notebook',
      itemCondition: 'BrandNew',
      priceCents: 100_00,
      stock: 1,
    });
    await ctx.app.services.catalog.refresh();
    const { byLoc, text } = await sitemap();
    expect(text).toContain('&apos;');
    const url = `${ORIGIN}/acer/product/it's%26%3Cnew%3E%22/BrandNew`;
    expect(byLoc.get(url)!['xhtml:link'][1]!['@_href']).toBe(`${url}?lang=fr`);

    // An origin with characters XML must escape still gives well-formed XML with the same addresses.
    const odd = `https://shop.example.com/a&b'c"d`;
    const urlset = parse(new Sitemap(ctx.app.services.catalog, odd).xml());
    expect(urlset.url[0]!.loc).toBe(`${odd}/acer`);
    expect(urlset.url[0]!['xhtml:link'][1]!['@_href']).toBe(`${odd}/acer?lang=fr`);
  });
});

describe('GET /robots.txt', () => {
  it('allows the shop, names the sitemap and keeps crawlers out of private pages, the back office and the API', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /acer');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    const disallowed = lines.filter((l) => l.startsWith('Disallow:')).map((l) => l.slice(10).trim());
    expect(disallowed.sort()).toEqual([...DISALLOWED].sort());
  });
});

describe('with a built page that still holds files of those names', () => {
  const dist = mkdtempSync(join(tmpdir(), 'shop-seo-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  writeFileSync(join(dist, 'sitemap.xml'), '<urlset/>');
  const built = useTestApp({ PUBLIC_URL: ORIGIN, WEB_DIST: dist });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  let page = '';
  beforeAll(async () => {
    page = (await built.app.inject({ method: 'GET', url: '/acer/faq' })).body;
  });

  it('the server answers them, not the files nor the page', async () => {
    expect(page).toContain('<!doctype html>');
    const robots = await built.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    const map = await built.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(map.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(parse(map.body).url.length).toBeGreaterThan(100);
  });

  it('every address it lists answers 200 with its page, whose canonical address is the one listed', async () => {
    const map = await built.app.inject({ method: 'GET', url: '/sitemap.xml' });
    for (const url of parse(map.body).url) {
      const response = await built.app.inject({ method: 'GET', url: url.loc.slice(ORIGIN.length) });
      expect(response.statusCode, url.loc).toBe(200);
      const canonical = response.body.match(/<link rel="canonical" href="([^"]+)">/)?.[1];
      expect(canonical, url.loc).toBe(url.loc);
    }
  });
});
