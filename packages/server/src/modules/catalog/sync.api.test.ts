/**
 * The catalog in memory stays exact across processes: a change committed by a long transaction is seen once
 * it commits, even when other writes committed around it; a sale on one process reaches the other's listing,
 * product page and In Stock filter. The cross-process part needs PostgreSQL (PGlite is one process).
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';
import { addresses, products } from '../../db/schema';
import { DEMO, openTestDatabase, signIn, testConfig } from '../../test/harness';
import { waitFor } from '../../test/mail-sink';
import { CatalogStore } from './store';

const POLL_MS = 500;
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

let database: Database;
let url: string | undefined;
let drop: () => Promise<void>;
const extra: Database[] = [];

beforeAll(async () => {
  const opened = await openTestDatabase();
  database = opened.database;
  url = opened.url;
  drop = opened.drop;
});
afterAll(async () => {
  for (const d of extra) await d.close();
  await drop();
});

function someItem(catalog: CatalogStore, skip: string[] = []) {
  const item = [...catalog.items.values()].find(
    (p) =>
      p.isActive && p.itemCondition === 'BrandNew' && !p.isSale && p.stock > 3 && !skip.includes(p.itemId),
  );
  if (!item) throw new Error('no suitable item');
  return item;
}

describe('the transaction-id watermark', () => {
  it.runIf(ON_POSTGRES)(
    'picks up a write whose transaction committed after later writes were seen (PostgreSQL only)',
    async () => {
      const store = new CatalogStore(database.db, testConfig());
      await store.load();
      const slow = someItem(store);
      const other = someItem(store, [slow.itemId]);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('begin');
        await client.query('update products set price_cents = price_cents + 777 where item_id = $1', [
          slow.itemId,
        ]);
        // Others commit around the open transaction, and this process sees them.
        for (let i = 1; i <= 3; i++) {
          await database.db
            .update(products)
            .set({ stock: other.stock + i })
            .where(eq(products.itemId, other.itemId));
          await store.refresh();
          expect(store.items.get(other.itemId)!.stock).toBe(other.stock + i);
        }
        expect(store.items.get(slow.itemId)!.priceCents).toBe(slow.priceCents);
        await client.query('commit');
      } finally {
        await client.end();
      }
      await store.refresh();
      expect(store.items.get(slow.itemId)!.priceCents).toBe(slow.priceCents + 777);
    },
  );

  it('reloads everything when the table no longer matches memory', async () => {
    const store = new CatalogStore(database.db, testConfig());
    await store.load();
    const item = someItem(store);
    // A row changed behind the store's back, in a way no transaction id can show (as if a change was lost):
    // its transaction id is set to 0, older than any look's watermark.
    await database.db.execute(sql`alter table products disable trigger products_touch`);
    try {
      await database.db
        .update(products)
        .set({
          itemName: 'Changed Behind Its Back',
          rowVersion: sql`nextval('catalog_version_seq')`,
          rowXid: 0,
        })
        .where(eq(products.itemId, item.itemId));
    } finally {
      await database.db.execute(sql`alter table products enable trigger products_touch`);
    }
    await store.refresh();
    expect(store.items.get(item.itemId)!.itemName).not.toBe('Changed Behind Its Back');
    store.verifySoon();
    await store.refresh(); // the check finds the difference and asks for a full read
    await store.refresh();
    expect(store.items.get(item.itemId)!.itemName).toBe('Changed Behind Its Back');
  });
});

describe.runIf(ON_POSTGRES)('two server processes on one database (PostgreSQL only)', () => {
  const apps: FastifyInstance[] = [];
  const cookies: string[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const own = await openDatabase({ url, poolSize: 4 });
      extra.push(own);
      const app = await buildApp(testConfig({ CATALOG_POLL_MS: POLL_MS }), { database: own, prepared: true });
      apps.push(app);
      cookies.push(await signIn(app, DEMO.C10001.username, DEMO.C10001.password));
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  async function product(app: FastifyInstance, cookie: string, itemId: string) {
    const response = await app.inject({ method: 'GET', url: `/api/product/${itemId}`, headers: { cookie } });
    return response.json().itemInfo.itemDetail[0] as {
      personal_price: number;
      stock: number;
      item_name: string;
    };
  }

  it('both show a change whose transaction stayed open while they saw later writes commit, at their first look after it commits', async () => {
    const catalog = apps[0]!.services.catalog;
    const slow = someItem(catalog);
    const other = someItem(catalog, [slow.itemId]);
    const before = await product(apps[0]!, cookies[0]!, slow.itemId);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('begin');
      await client.query(
        `update products set price_cents = price_cents + 10000, item_name = item_name || ' (held)' where item_id = $1`,
        [slow.itemId],
      );
      // Writes commit around the open transaction, and both processes see each of them (their polls and
      // announcements move their watermarks on while the held write is still invisible).
      for (let i = 1; i <= 3; i++) {
        await database.db
          .update(products)
          .set({ stock: other.stock + i })
          .where(eq(products.itemId, other.itemId));
        for (let a = 0; a < 2; a++) {
          await waitFor(
            `process ${a + 1} to see write ${i}`,
            async () => (await product(apps[a]!, cookies[a]!, other.itemId)).stock === other.stock + i,
          );
          expect((await product(apps[a]!, cookies[a]!, slow.itemId)).item_name).toBe(before.item_name);
        }
      }
      await client.query('commit');
    } finally {
      await client.end();
    }
    const expected = Math.round((before.personal_price + 100 * 1.15) * 100) / 100;
    for (let a = 0; a < 2; a++) {
      // A look that starts after the commit (this one, a poll or an announcement's) finds the change.
      await apps[a]!.services.catalog.refresh();
      const seen = await product(apps[a]!, cookies[a]!, slow.itemId);
      expect(seen.item_name).toBe(`${before.item_name} (held)`);
      expect(seen.personal_price).toBeCloseTo(expected, 2);
    }
  });

  it('a sale on one shows on the other: stock on the product page, In Stock filter, and sold out goes last', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const catalog = a.services.catalog;
    // An item on the first page of a small listing, with two units left.
    const listing = (app: FastifyInstance, cookie: string, query = '') =>
      app
        .inject({ method: 'GET', url: `/api/category/Tablet?sort=name_asc${query}`, headers: { cookie } })
        .then(
          (r) =>
            r.json().categoryItems as {
              itemsBrief: { item_id: string; stock: number }[];
              total: number;
              inStockCount: number;
            },
        );
    const first = await listing(b, cookies[1]!);
    const target = first.itemsBrief.find(
      (i) => i.stock > 0 && catalog.items.get(i.item_id)?.itemCondition === 'BrandNew',
    )!;
    await database.db.update(products).set({ stock: 2 }).where(eq(products.itemId, target.item_id));
    await waitFor(
      'the other process to see the stock',
      async () => (await product(b, cookies[1]!, target.item_id)).stock === 2,
    );
    const inStockBefore = (await listing(b, cookies[1]!, '&in_stock=1')).total;

    // C10001 buys both units through process A.
    const [addr] = await database.db
      .insert(addresses)
      .values({
        customerId: 'C10001',
        firstName: 'Olivia',
        lastName: 'Martin',
        addressLine1: '10 King St W',
        city: 'Toronto',
        province: 'Ontario',
        zip: 'M5H1A1',
        phoneNumber: '4165550101',
      })
      .returning({ id: addresses.addressId });
    const add = await a.inject({
      method: 'POST',
      url: '/api/user/cart/add',
      headers: { cookie: cookies[0]! },
      payload: { itemData: { item_id: target.item_id, item_condition: 'BrandNew', quantity: 2 } },
    });
    expect(add.statusCode).toBe(200);
    const unit = (await product(a, cookies[0]!, target.item_id)).personal_price;
    const subtotal = Math.round(unit * 2 * 100);
    const tax = Math.round(subtotal * 0.13);
    const placed = await a.inject({
      method: 'POST',
      url: '/api/placeorder',
      headers: { cookie: cookies[0]! },
      payload: {
        orderInfo: {
          shipping_address_id: addr!.id,
          billing_address_id: addr!.id,
          line_items: [{ item_id: target.item_id, item_condition: 'BrandNew', quantity: 2 }],
          subtotal: subtotal / 100,
          items_tax: tax / 100,
          total: (subtotal + tax) / 100,
          purchase_order_id: 'PO-SYNC-1',
          shipping_method: 'Standard',
        },
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);

    await waitFor(
      'the other process to see the sale',
      async () => (await product(b, cookies[1]!, target.item_id)).stock === 0,
    );
    const after = await listing(b, cookies[1]!);
    // Sold out: listed after every item in stock.
    const at = after.itemsBrief.findIndex((i) => i.item_id === target.item_id);
    const lastInStock = after.itemsBrief.map((i) => i.stock > 0).lastIndexOf(true);
    if (at >= 0) expect(at).toBeGreaterThan(lastInStock);
    expect(
      after.itemsBrief.slice(0, Math.max(lastInStock, 0)).some((i) => i.item_id === target.item_id),
    ).toBe(false);
    const inStock = await listing(b, cookies[1]!, '&in_stock=1');
    expect(inStock.total).toBe(inStockBefore - 1);
    expect(inStock.itemsBrief.some((i) => i.item_id === target.item_id)).toBe(false);
  });
});
