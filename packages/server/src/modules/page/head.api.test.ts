/**
 * What a crawler or a link preview reads in a page's first answer, before any script runs: the status,
 * the title and description from the page's content, one canonical URL, the English and French URLs,
 * Open Graph tags and JSON-LD; never a price. Served from a copy of the page's index.html.
 */
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Condition } from '@shop/domain/catalog/rules';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../../server-root';
import { call, OWNER, staffSignIn } from '../../test/admin';
import { DEMO, signIn, useTestApp } from '../../test/harness';

const dist = mkdtempSync(join(tmpdir(), 'shop-page-'));
copyFileSync(resolve(SERVER_ROOT, '../web/index.html'), join(dist, 'index.html'));
const ctx = useTestApp({ WEB_DIST: dist, PUBLIC_URL: 'https://shop.example.ca' });

async function page(url: string, cookie = '') {
  const response = await ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  return { status: response.statusCode, html: response.body, headers: response.headers };
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const canonicalOf = (html: string) =>
  attr(html, /<link rel="canonical" href="([^"]+)"/)?.replaceAll('&amp;', '&');

function activeOffers() {
  const { catalog } = ctx.app.services;
  const offers: { itemId: string; condition: Condition; name: string; sku: string }[] = [];
  for (const item of catalog.items.values()) {
    if (!item.isActive) continue;
    for (const condition of [item.itemCondition as Condition, 'ScratchDent' as const]) {
      if (catalog.row(item.itemId, condition))
        offers.push({ itemId: item.itemId, condition, name: item.itemName, sku: item.sku });
    }
  }
  return offers;
}

const SCHEMA_CONDITION: Record<Condition, string> = {
  BrandNew: 'https://schema.org/NewCondition',
  Recertified: 'https://schema.org/RefurbishedCondition',
  ScratchDent: 'https://schema.org/DamagedCondition',
  Warranty: 'https://schema.org/NewCondition',
};

function expectNoPrice(html: string) {
  expect(html).not.toMatch(/\$\s?\d|\d\s?\$|price|%/i);
}

describe('the HTML of a product page', () => {
  it('holds the product in its title, description, preview tags and JSON-LD, for every active offer', async () => {
    const offers = activeOffers();
    expect(offers.some((o) => o.condition === 'ScratchDent')).toBe(true);
    expect(offers.some((o) => o.condition === 'Recertified')).toBe(true);
    for (const offer of offers) {
      const { status, html } = await page(`/acer/product/${offer.itemId}/${offer.condition}`);
      expect(status).toBe(200);
      const title = attr(html, /<title>([^<]*)<\/title>/)!;
      expect(title.replaceAll('&amp;', '&').replaceAll('&quot;', '"')).toContain(offer.name);
      const ld = jsonLd(html);
      const product = ld.find((d) => d['@type'] === 'Product')!;
      expect(product).toMatchObject({
        name: offer.name,
        sku: offer.sku,
        brand: { '@type': 'Brand', name: 'Acer' },
        itemCondition: SCHEMA_CONDITION[offer.condition],
      });
      expect(product).not.toHaveProperty('offers');
      expect(ld.map((d) => d['@type'])).toEqual(expect.arrayContaining(['BreadcrumbList', 'Organization']));
      expect(canonicalOf(html)).toBe(
        `https://shop.example.ca/acer/product/${offer.itemId}/${offer.condition}`,
      );
      expect(html).toContain('<meta property="og:type" content="product">');
      expectNoPrice(html.slice(0, html.indexOf('</head>')));
    }
  });

  it('names one canonical URL whether or not the condition is in the path, and the French URL', async () => {
    const [offer] = activeOffers();
    const item = ctx.app.services.catalog.items.get(offer!.itemId)!;
    const bare = await page(`/acer/product/${item.itemId}`);
    expect(canonicalOf(bare.html)).toBe(
      `https://shop.example.ca/acer/product/${item.itemId}/${item.itemCondition}`,
    );
    expect(bare.html).toContain(
      `<link rel="alternate" hreflang="fr-CA" href="https://shop.example.ca/acer/product/${item.itemId}/${item.itemCondition}?lang=fr">`,
    );
    // The French URL is answered in French without a cookie, and keeps the choice for the page's reads.
    const fr = await page(`/acer/product/${item.itemId}?lang=fr`);
    expect(fr.html).toContain('<html lang="fr"');
    expect(fr.html).toContain('Boutique Acer');
    expect(String(fr.headers['set-cookie'])).toContain('lang=fr');
    expect(canonicalOf(fr.html)).toBe(
      `https://shop.example.ca/acer/product/${item.itemId}/${item.itemCondition}?lang=fr`,
    );
  });

  it('of a product turned off or unknown is a 404 that says it is no longer available', async () => {
    const owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
    const [offer] = activeOffers();
    const off = await call(ctx.app, 'PATCH', `/api/admin/products/${offer!.itemId}`, owner, {
      is_active: false,
    });
    expect(off.status).toBe(200);
    for (const url of [
      `/acer/product/${offer!.itemId}`,
      '/acer/product/no-such-item',
      '/acer/product/x/Bogus',
    ]) {
      const gone = await page(url);
      expect(gone.status, url).toBe(404);
      expect(gone.html).toContain('This product is no longer available');
      expect(gone.html).toContain('<meta name="robots" content="noindex">');
      expect(jsonLd(gone.html).some((d) => d['@type'] === 'Product')).toBe(false);
    }
    const fr = await page(`/acer/product/${offer!.itemId}?lang=fr`);
    expect([fr.status, fr.html.includes("Ce produit n'est plus offert")]).toEqual([404, true]);
    await call(ctx.app, 'PATCH', `/api/admin/products/${offer!.itemId}`, owner, { is_active: true });
  });
});

describe('the HTML of other pages', () => {
  it('redirects an unknown path to /acer over HTTP', async () => {
    for (const url of ['/acer/no-such-page', '/elsewhere', '/acer/category', '/acer/order']) {
      const answer = await page(url);
      expect([answer.status, answer.headers.location], url).toEqual([302, '/acer']);
    }
    expect((await page('/acer/admin/orders')).status).toBe(200);
  });

  it("gives a listing one canonical URL whatever the order of its query's parameters; a paged one is its own", async () => {
    const a = await page('/acer/category/Notebook?sort=price_asc&product_series=Aspire&page=2&color=Black');
    const b = await page('/acer/category/Notebook?color=Black&page=2&product_series=Aspire&sort=price_asc');
    expect(a.status).toBe(200);
    expect(canonicalOf(a.html)).toBe(canonicalOf(b.html));
    expect(canonicalOf(a.html)).toBe(
      'https://shop.example.ca/acer/category/Notebook?color=Black&page=2&product_series=Aspire&sort=price_asc',
    );
    const first = await page('/acer/category/Notebook?page=1&sort=name_asc');
    expect(canonicalOf(first.html)).toBe('https://shop.example.ca/acer/category/Notebook');
    expect(first.html).toContain('<title>Notebooks | Acer Store</title>');
    const ld = jsonLd(first.html).find((d) => d['@type'] === 'BreadcrumbList') as {
      itemListElement: { name: string; item: string }[];
    };
    expect(ld.itemListElement.map((c) => c.name)).toEqual(['Acer Store', 'Notebooks']);
  });

  it('names the shop with its address and phone, and keeps a signed-in buyer’s prices out of the head', async () => {
    const cookie = await signIn(ctx.app, DEMO.C10001.username, DEMO.C10001.password);
    const home = await page('/acer', cookie);
    expect(home.status).toBe(200);
    const org = jsonLd(home.html).find((d) => d['@type'] === 'Organization')!;
    expect(org).toMatchObject({ telephone: ctx.config.SHOP_PHONE, address: ctx.config.SHOP_ADDRESS });
    expectNoPrice(home.html.slice(0, home.html.indexOf('</head>')));
    expect(home.html).toContain('hreflang="en-CA" href="https://shop.example.ca/acer"');
    expect(home.html).toContain('hreflang="fr-CA" href="https://shop.example.ca/acer?lang=fr"');
  });
});
