/**
 * The price list over the company API: a nightly pull of the whole list, paged JSON and CSV, matches what
 * the company's buyer sees on the site (prices and stock); another company's key gets its own prices;
 * `changed_since` gives exactly the items a price edit in the back office, a sale, a withdrawal or a
 * change of the company's percentage moved, and nothing else.
 */

import { availableStock, unitPrice } from '@shop/domain/catalog/pricing';
import type { PriceListItem } from '@shop/domain/company-api/schemas';
import { API_MSG, PRICE_LIST_CSV_COLUMNS } from '@shop/domain/company-api/schemas';
import { personalPrice, toCents } from '@shop/domain/core/money';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { call, clientAddress, OWNER, placeOrder, staffSignIn } from '../../test/admin';
import { en } from '../../test/english';
import { DEMO, signIn, useTestApp } from '../../test/harness';

const ctx = useTestApp({ API_KEY_RATE_LIMIT: 1000 });

let c1 = '';
let c2 = '';
let owner = '';
let prices1 = '';
let prices2 = '';
let ordersOnly = '';

async function makeKey(cookie: string, scopes: string[]) {
  const made = await call(ctx.app, 'POST', '/api/user/api-keys', cookie, { name: `Key ${scopes}`, scopes });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.secret as string;
}

beforeAll(async () => {
  c1 = await signIn(ctx.app, DEMO.C10001.username, DEMO.C10001.password);
  c2 = await signIn(ctx.app, DEMO.C10002.username, DEMO.C10002.password);
  owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
  prices1 = await makeKey(c1, ['prices:read']);
  prices2 = await makeKey(c2, ['prices:read']);
  ordersOnly = await makeKey(c1, ['orders:write']);
});

const get = (secret: string, url: string) =>
  ctx.app.inject({
    method: 'GET',
    url,
    remoteAddress: clientAddress(),
    headers: { authorization: `Bearer ${secret}` },
  });

/** Every page of the JSON list, following `next`. */
async function pullJson(secret: string, query = 'page_size=37') {
  const items: PriceListItem[] = [];
  let url: string | null = `/api/v1/price-list?${query}`;
  let first: { total: number; next_changed_since: string } | null = null;
  let pages = 0;
  while (url) {
    const res = await get(secret, url);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    first ??= body;
    items.push(...body.items);
    url = body.next;
    pages++;
    expect(pages).toBeLessThan(1000);
  }
  return { items, total: first!.total, watermark: first!.next_changed_since, pages };
}

type CsvRow = Record<(typeof PRICE_LIST_CSV_COLUMNS)[number], string>;
async function pullCsv(secret: string, query = '') {
  const res = await get(secret, `/api/v1/price-list.csv${query}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  expect(res.headers['x-next-changed-since']).toMatch(/^\d{4}-\d\d-\d\dT/);
  expect(res.body.split('\r\n')[0]).toBe(PRICE_LIST_CSV_COLUMNS.join(','));
  return parse(res.body, { columns: true }) as CsvRow[];
}

/** The CSV lines the JSON items make: one per offer. */
function asCsvLines(items: PriceListItem[]) {
  return items.flatMap((i) =>
    i.offers.map((o) => ({
      sku: i.sku,
      condition: o.condition,
      price_cents: String(o.price_cents),
      sale_price_cents: o.sale_price_cents === null ? '' : String(o.sale_price_cents),
      unit_price_cents: String(o.unit_price_cents),
      stock: String(o.stock),
      updated_at: i.updated_at,
    })),
  );
}

interface ShopRow {
  sku: string;
  item_condition: 'BrandNew' | 'Recertified' | 'ScratchDent' | 'Warranty';
  is_sale: boolean;
  personal_price: number;
  personal_sale_price: number;
  personal_scratch_dent_price: number;
  stock: number;
  scratch_dent_stock: number;
}

/** Every listing row the signed-in buyer's search shows, page by page (16 a page). */
async function shopRows(cookie: string): Promise<Map<string, ShopRow>> {
  const rows = new Map<string, ShopRow>();
  for (let page = 1; ; page++) {
    const res = await call(ctx.app, 'GET', `/api/search?string=&page=${page}`, cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const listing = res.body.categoryItems;
    for (const r of listing.itemsBrief as ShopRow[]) rows.set(`${r.sku}|${r.item_condition}`, r);
    if (page >= listing.pages) break;
  }
  return rows;
}

describe('a nightly pull of the whole price list', () => {
  it('paged JSON and CSV hold the same rows, and match what the buyer sees on the site', async () => {
    const json = await pullJson(prices1);
    const active = await ctx.database.db.select().from(products).where(eq(products.isActive, true));
    expect(json.total).toBe(active.length);
    expect(json.items.length).toBe(active.length);
    expect(json.pages).toBe(Math.ceil(active.length / 37));
    expect(new Set(json.items.map((i) => i.sku)).size).toBe(active.length);
    expect(json.items.every((i) => i.active && i.offers.length > 0)).toBe(true);

    const csv = await pullCsv(prices1);
    expect(
      csv.map((r) => ({
        sku: r.sku,
        condition: r.condition,
        price_cents: r.price_cents,
        sale_price_cents: r.sale_price_cents,
        unit_price_cents: r.unit_price_cents,
        stock: r.stock,
        updated_at: r.updated_at,
      })),
    ).toEqual(asCsvLines(json.items));

    // The site: every listing row of the buyer's search, at their prices.
    const shop = await shopRows(c1);
    const offers = json.items.flatMap((i) => i.offers.map((o) => ({ item: i, offer: o })));
    expect(offers.length).toBe(shop.size);
    let onSale = 0;
    let scratchDent = 0;
    for (const { item, offer } of offers) {
      const row = shop.get(`${item.sku}|${offer.condition}`);
      expect(row, `${item.sku} ${offer.condition} on the site`).toBeDefined();
      const seen = {
        item_condition: row!.item_condition,
        is_sale: row!.is_sale,
        price: toCents(row!.personal_price),
        sale_price: toCents(row!.personal_sale_price),
        scratch_dent_price: toCents(row!.personal_scratch_dent_price),
      };
      expect(offer.unit_price_cents, `${item.sku} ${offer.condition}`).toBe(unitPrice(seen));
      expect(offer.stock, `${item.sku} ${offer.condition}`).toBe(availableStock(row!));
      if (offer.sale_price_cents !== null) onSale++;
      if (offer.condition === 'ScratchDent') scratchDent++;
      else expect(offer.price_cents).toBe(seen.price);
    }
    // The demo catalog has both, so the comparison covered them.
    expect(onSale).toBeGreaterThan(0);
    expect(scratchDent).toBeGreaterThan(0);
  });

  it("another company's key reads its own prices, at its own percentage", async () => {
    const mine = await pullJson(prices1, 'page_size=500');
    const theirs = await pullJson(prices2, 'page_size=500');
    expect(theirs.items.map((i) => i.sku)).toEqual(mine.items.map((i) => i.sku));
    const base = new Map(
      (await ctx.database.db.select().from(products)).map((p) => [p.sku, p.priceCents] as const),
    );
    const item = mine.items.find((i) => (base.get(i.sku) ?? 0) > 10_000)!;
    const other = theirs.items.find((i) => i.sku === item.sku)!;
    expect(item.offers[0]!.price_cents).toBe(personalPrice(base.get(item.sku)!, DEMO.C10001.percentage));
    expect(other.offers[0]!.price_cents).toBe(personalPrice(base.get(item.sku)!, DEMO.C10002.percentage));
    expect(other.offers[0]!.price_cents).not.toBe(item.offers[0]!.price_cents);
  });

  it('refuses a key without prices:read (403), and bad paging (400), with messages', async () => {
    const refused = await get(ordersOnly, '/api/v1/price-list');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ scode: 403, smessage: en(API_MSG.needsPrices) });
    expect((await get(ordersOnly, '/api/v1/price-list.csv')).statusCode).toBe(403);
    const big = await get(prices1, '/api/v1/price-list?page_size=501');
    expect(big.statusCode).toBe(400);
    expect(big.json().smessage).toBe(en(API_MSG.pageSize));
    const since = await get(prices1, '/api/v1/price-list?changed_since=yesterday');
    expect(since.statusCode).toBe(400);
    expect(since.json().smessage).toBe(en(API_MSG.changedSince));
    const past = await get(prices1, '/api/v1/price-list?page=999');
    expect(past.statusCode).toBe(200);
    expect(past.json()).toMatchObject({ items: [], next_page: null, next: null });
  });
});

describe('changed_since', () => {
  it('gives exactly the items a price edit and a sale moved, then nothing', async () => {
    const start = (await get(prices1, '/api/v1/price-list?page_size=1')).json().next_changed_since as string;
    const candidates = (await ctx.database.db.select().from(products)).filter(
      (p) => p.isActive && p.itemCondition === 'BrandNew' && !p.isSale && p.stock > 5,
    );
    const edited = candidates[0]!;
    const sold = candidates[1]!;
    const edit = await call(ctx.app, 'PATCH', `/api/admin/products/${edited.itemId}`, owner, {
      price: (edited.priceCents + 10_000) / 100,
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    await placeOrder(ctx.app, c1, [{ itemId: sold.itemId, quantity: 2 }], 'PO-CHANGED');

    const changed = await get(
      prices1,
      `/api/v1/price-list?changed_since=${encodeURIComponent(start)}&page_size=500`,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const body = changed.json();
    expect(body.items.map((i: PriceListItem) => i.sku).sort()).toEqual([edited.sku, sold.sku].sort());
    expect(body.total).toBe(2);
    const e = body.items.find((i: PriceListItem) => i.sku === edited.sku);
    expect(e.offers[0].price_cents).toBe(personalPrice(edited.priceCents + 10_000, DEMO.C10001.percentage));
    expect(Date.parse(e.updated_at)).toBeGreaterThanOrEqual(Date.parse(start));
    const s = body.items.find((i: PriceListItem) => i.sku === sold.sku);
    expect(s.offers[0].stock).toBe(sold.stock - 2);

    // The CSV, with the same filter, holds the same two items' lines.
    const csv = await pullCsv(prices1, `?changed_since=${encodeURIComponent(start)}`);
    expect([...new Set(csv.map((r) => r.sku))].sort()).toEqual([edited.sku, sold.sku].sort());

    // From the answer's own watermark on, nothing has changed.
    const after = await get(
      prices1,
      `/api/v1/price-list?changed_since=${encodeURIComponent(body.next_changed_since)}`,
    );
    expect(after.json().items).toEqual([]);
    expect(after.json().total).toBe(0);
  });

  it('an item withdrawn from sale comes as active: false, with no offers', async () => {
    const start = (await get(prices1, '/api/v1/price-list?page_size=1')).json().next_changed_since as string;
    const [item] = (await ctx.database.db.select().from(products)).filter((p) => p.isActive).slice(-1);
    const off = await call(ctx.app, 'PATCH', `/api/admin/products/${item!.itemId}`, owner, {
      is_active: false,
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const changed = (
      await get(prices1, `/api/v1/price-list?changed_since=${encodeURIComponent(start)}`)
    ).json();
    expect(changed.items).toHaveLength(1);
    expect(changed.items[0]).toMatchObject({ sku: item!.sku, active: false, offers: [] });
    const csv = await pullCsv(prices1, `?changed_since=${encodeURIComponent(start)}`);
    expect(csv).toHaveLength(1);
    expect(csv[0]).toMatchObject({ sku: item!.sku, active: 'false', condition: '', price_cents: '' });
    // The whole list no longer has it.
    const whole = await pullJson(prices1, 'page_size=500');
    expect(whole.items.map((i) => i.sku)).not.toContain(item!.sku);
  });

  it("a change of the company's percentage moves its whole list, and no other company's", async () => {
    const start1 = (await get(prices1, '/api/v1/price-list?page_size=1')).json().next_changed_since as string;
    const start2 = (await get(prices2, '/api/v1/price-list?page_size=1')).json().next_changed_since as string;
    const changed = await call(ctx.app, 'PATCH', '/api/admin/customers/C10002', owner, { percentage: 12 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const theirs = (
      await get(prices2, `/api/v1/price-list?changed_since=${encodeURIComponent(start2)}&page_size=500`)
    ).json();
    const active = await ctx.database.db.select().from(products).where(eq(products.isActive, true));
    expect(theirs.total).toBeGreaterThanOrEqual(active.length);
    const item = theirs.items.find((i: PriceListItem) => i.active)!;
    const base = active.find((p) => p.sku === item.sku)!;
    expect(item.offers[0].price_cents).toBe(personalPrice(base.priceCents, 12));
    const mine = (
      await get(prices1, `/api/v1/price-list?changed_since=${encodeURIComponent(start1)}`)
    ).json();
    expect(mine.items).toEqual([]);
  });
});
