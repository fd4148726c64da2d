/**
 * What a catalog change costs the cached answers: a sale that leaves an offer in stock costs nothing (the
 * stock number is filled in when an answer is sent); an offer selling out, a price, name or category change
 * start over only the listings and searches that hold the item.
 */
import { runListing } from '@shop/domain/catalog/listing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { products } from '../../db/schema';
import { openTestDatabase, testConfig } from '../../test/harness';
import { AnswerCache, queryKey } from './answers';
import { brief } from './present';
import { parseListingQuery } from './shop-routes';
import { type Bucket, CatalogStore } from './store';

let database: Database;
let drop: () => Promise<void>;
let store: CatalogStore;
let cache: AnswerCache;
const builds = new Map<string, number>();

beforeAll(async () => {
  const opened = await openTestDatabase();
  database = opened.database;
  drop = opened.drop;
  store = new CatalogStore(database.db, testConfig());
  await store.load();
  cache = new AnswerCache(store);
});
afterAll(async () => drop());

type Brief = { item_id: string; stock: number; personal_price: number };

/** A listing answer as the routes build it, counting how often it is actually computed. */
function listing(category: string, url = ''): Brief[] {
  const bucket = store.bucket(category) as Bucket;
  const raw: Record<string, string[]> = {};
  for (const [k, v] of new URLSearchParams(url)) raw[k] = [...(raw[k] ?? []), v];
  const query = parseListingQuery(raw, false);
  const key = `${category}|${queryKey(query)}`;
  const body = cache.answer(key, { bucket }, (skeleton) => {
    builds.set(key, (builds.get(key) ?? 0) + 1);
    const result = runListing(bucket.rows(), query, (r) => r.price);
    return { items: result.items.map((r) => brief(r, 15, (row, f) => skeleton.stock(row, f))) };
  });
  return JSON.parse(body).items;
}

function search(text: string): Brief[] {
  const query = parseListingQuery({ string: text, column: 'all' }, true);
  const key = `search|${queryKey(query)}`;
  const body = cache.answer(
    key,
    { search: { column: 'all', terms: query.search?.terms ?? [] } },
    (skeleton) => {
      builds.set(key, (builds.get(key) ?? 0) + 1);
      const result = runListing(store.allRows(), query, (r) => r.price);
      return { items: result.items.map((r) => brief(r, 15, (row, f) => skeleton.stock(row, f))) };
    },
  );
  return JSON.parse(body).items;
}

/** A product page's answer as the route keeps it: it depends on the item, its stock numbers are holes. */
function product(itemId: string): { stock: number; price: number } {
  const key = `product|${itemId}`;
  const body = cache.answer(key, { itemIds: [itemId] }, (skeleton) => {
    builds.set(key, (builds.get(key) ?? 0) + 1);
    const row = store.anyRow(itemId, store.items.get(itemId)!.itemCondition as never)!;
    const b = brief(row, 15, (r, f) => skeleton.stock(r, f));
    return { stock: b.stock, price: b.personal_price };
  });
  return JSON.parse(body);
}

const built = (prefix: string) =>
  [...builds.entries()].filter(([k]) => k.startsWith(prefix)).reduce((n, [, v]) => n + v, 0);

/** An in-stock brand new item on the first page of a category (A to Z). */
function firstPageItem(category: string) {
  const items = listing(category);
  const hit = items.find((i) => {
    const p = store.items.get(i.item_id)!;
    return i.stock > 1 && p.itemCondition === 'BrandNew';
  });
  if (!hit) throw new Error(`no stocked item on the first page of ${category}`);
  return store.items.get(hit.item_id)!;
}

async function write(itemId: string, set: Partial<typeof products.$inferInsert>) {
  await database.db.update(products).set(set).where(eq(products.itemId, itemId));
  await store.refresh();
}

describe('cached catalog answers', () => {
  it('keep their answer through a sale that leaves the offer in stock, with the new stock number', async () => {
    const item = firstPageItem('Tablet');
    listing('Notebook');
    const before = [built('Tablet'), built('Notebook')];
    await write(item.itemId, { stock: item.stock - 1 });
    const card = listing('Tablet').find((i) => i.item_id === item.itemId)!;
    expect(card.stock).toBe(item.stock - 1);
    listing('Notebook');
    expect([built('Tablet'), built('Notebook')]).toEqual(before);
  });

  it('keep a product page through sales that leave it in stock; start it over when it sells out or its price moves', async () => {
    const item = firstPageItem('Desktop');
    const key = `product|${item.itemId}`;
    product(item.itemId);
    const first = builds.get(key);
    await write(item.itemId, { stock: item.stock - 1 });
    expect(product(item.itemId).stock).toBe(item.stock - 1);
    expect(builds.get(key)).toBe(first);
    await write(item.itemId, { stock: 0 });
    expect(product(item.itemId).stock).toBe(0);
    expect(builds.get(key)).toBe(first! + 1);
    await write(item.itemId, { stock: 5 });
    expect(product(item.itemId).stock).toBe(5);
    expect(builds.get(key)).toBe(first! + 2);
    await write(item.itemId, { priceCents: item.priceCents + 1000 });
    expect(product(item.itemId).price).toBeCloseTo(((item.priceCents + 1000) * 1.15) / 100, 1);
    expect(builds.get(key)).toBe(first! + 3);
  });

  it('start over only the listings holding an offer that sells out, which then goes last', async () => {
    const item = firstPageItem('Tablet');
    listing('Notebook');
    const notebookBuilds = built('Notebook');
    const tabletBuilds = built('Tablet');
    await write(item.itemId, { stock: 0 });
    const items = listing('Tablet');
    expect(built('Tablet')).toBe(tabletBuilds + 1);
    const index = items.findIndex((i) => i.item_id === item.itemId);
    expect(index === -1 || items.slice(index).every((i) => i.stock === 0)).toBe(true);
    const inStock = listing('Tablet', 'in_stock=1');
    expect(inStock.some((i) => i.item_id === item.itemId)).toBe(false);
    listing('Notebook');
    expect(built('Notebook')).toBe(notebookBuilds);
  });

  it('start over the listings and searches that hold an item whose price changes, and only those', async () => {
    const item = firstPageItem('Notebook');
    const term = item.sku.toLowerCase();
    search(term);
    search('zzz-no-such-thing');
    listing('Tablet');
    const before = { notebook: built('Notebook'), tablet: built('Tablet'), mine: built('search|') };
    const unrelated = builds.get([...builds.keys()].find((k) => k.includes('zzz'))!)!;
    await write(item.itemId, { priceCents: item.priceCents + 5000 });
    const card = listing('Notebook').find((i) => i.item_id === item.itemId);
    if (card) expect(card.personal_price).toBeCloseTo(((item.priceCents + 5000) * 1.15) / 100, 1);
    expect(built('Notebook')).toBe(before.notebook + 1);
    expect(search(term)[0]!.item_id).toBe(item.itemId);
    expect(built('search|')).toBe(before.mine + 1);
    search('zzz-no-such-thing');
    expect(builds.get([...builds.keys()].find((k) => k.includes('zzz'))!)).toBe(unrelated);
    listing('Tablet');
    expect(built('Tablet')).toBe(before.tablet);
  });

  it('move an item between listings when its category changes', async () => {
    const item = firstPageItem('Notebook');
    listing('Tablet');
    const tabletBuilds = built('Tablet');
    await write(item.itemId, { category: 'Tablet', subCategory: '' });
    expect(listing('Tablet', 'sort=name_asc&page=1&in_stock=1').length).toBeGreaterThan(0);
    expect(
      store
        .bucket('Tablet')!
        .rows()
        .some((r) => r.item_id === item.itemId),
    ).toBe(true);
    expect(
      store
        .bucket('Notebook')!
        .rows()
        .some((r) => r.item_id === item.itemId),
    ).toBe(false);
    listing('Tablet');
    expect(built('Tablet')).toBeGreaterThan(tabletBuilds);
  });

  it('share one entry for equal queries however the URL is written, and know only the tree’s categories', () => {
    const size = cache.size;
    listing('Desktop', 'sort=name_asc&junk=1&product_series=B&product_series=A');
    listing('Desktop', 'product_series=A&product_series=B&other=2&sort=name_asc');
    listing('Desktop', 'product_series=A&product_series=B&product_series=A&page=1');
    expect(cache.size).toBe(size + 1);
    expect(store.bucket('Spaceships')).toBeNull();
    expect(store.bucket('Desktop', 'Spaceships')).toBeNull();
    expect(store.bucket('Desktop', 'Tower')).not.toBeNull();
  });
});
