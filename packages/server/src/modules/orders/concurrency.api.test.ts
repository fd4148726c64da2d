/**
 * 50 customers check out the last 10 units of one item at once. On PostgreSQL the requests are spread
 * over two server instances on the same database; on PGlite they interleave in one.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addresses, cartItems, contacts, customers, orders, products, sessions } from '../../db/schema';
import { useSecondApp, useTestApp } from '../../test/harness';
import { hashToken } from '../sessions';

const ctx = useTestApp();
const BUYERS = 50;
const UNITS = 10;

const second = useSecondApp(ctx);
const buyers: { customerId: string; contactPersonId: string; cookie: string; addressId: number }[] = [];
let itemId = '';
let unitCents = 0;

beforeAll(async () => {
  const db = ctx.database.db;
  const item = [...ctx.app.services.catalog.items.values()].find(
    (p) => p.isActive && p.itemCondition === 'BrandNew' && !p.isSale && p.stock > 0,
  )!;
  itemId = item.itemId;
  await db.update(products).set({ stock: UNITS }).where(eq(products.itemId, itemId));
  // Fifty customers, each signed in (a session row) with an Ontario address and one unit in the cart.
  for (let i = 0; i < BUYERS; i++) {
    const customerId = `C2${String(i).padStart(4, '0')}`;
    const contactPersonId = `CP2${String(i).padStart(4, '0')}`;
    await db.insert(customers).values({ customerId, company: `Buyer ${i}`, percentage: 15 });
    await db.insert(contacts).values({
      contactPersonId,
      customerId,
      contactName: `Buyer ${i}`,
      username: customerId,
      passwordHash: 'not-used',
      email: `buyer${i}@example.com`,
    });
    const token = randomBytes(32).toString('base64url');
    await db
      .insert(sessions)
      .values({ tokenHash: hashToken(token), contactPersonId, expiresAt: new Date(Date.now() + 3_600_000) });
    const [address] = await db
      .insert(addresses)
      .values({
        customerId,
        firstName: 'Buyer',
        lastName: String(i),
        addressLine1: '1 Main St',
        city: 'Ottawa',
        province: 'Ontario',
        zip: 'K1A0B1',
        phoneNumber: '6135550100',
      })
      .returning({ id: addresses.addressId });
    await db
      .insert(cartItems)
      .values({ customerId, contactPersonId, itemId, itemCondition: 'BrandNew', quantity: 1 });
    buyers.push({ customerId, contactPersonId, cookie: `sid=${token}`, addressId: address!.id });
  }
  await ctx.app.services.catalog.refresh();
  unitCents = Math.floor((item.priceCents * 115) / 100 + 0.5 + 1e-9);
});

describe('the last units', () => {
  it('are sold exactly once: 10 orders, stock 0, every other buyer told why', async () => {
    const tax = Math.floor((unitCents * 13) / 100 + 0.5 + 1e-9);
    const results = await Promise.all(
      buyers.map((b, i) => {
        const app = second.app && i % 2 === 1 ? second.app : ctx.app;
        return app.inject({
          method: 'POST',
          url: '/api/placeorder',
          headers: { cookie: b.cookie },
          payload: {
            orderInfo: {
              customer_id: b.customerId,
              shipping_address_id: b.addressId,
              billing_address_id: b.addressId,
              created_time: '2026-11-22T12:00:00',
              line_items: [{ item_id: itemId, item_condition: 'BrandNew', quantity: 1 }],
              subtotal: unitCents / 100,
              items_tax: tax / 100,
              total: (unitCents + tax) / 100,
              purchase_order_id: `PO-${b.customerId}`,
              shipping_method: 'Standard',
            },
          },
        });
      }),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(UNITS);
    expect(refused).toHaveLength(BUYERS - UNITS);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json().smessage).toMatch(/is out of stock|only has \d+ left in stock/);
    }
    const [row] = await ctx.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.itemId, itemId));
    expect(row!.stock).toBe(0);
    const [placed] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`${orders.customerId} like 'C2%'`);
    expect(placed!.n).toBe(UNITS);
  });
});

describe('orders sharing several items', () => {
  it('never deadlock: 50 carts of three shared items, filled in different orders, all placed at once', async () => {
    const db = ctx.database.db;
    const shared = [...ctx.app.services.catalog.items.values()]
      .filter((p) => p.isActive && p.itemCondition === 'BrandNew' && !p.isSale && p.itemId !== itemId)
      .slice(0, 4);
    for (const p of shared)
      await db.update(products).set({ stock: 1000 }).where(eq(products.itemId, p.itemId));
    await db.delete(cartItems).where(sql`${cartItems.customerId} like 'C2%'`);
    const carts = buyers.map((_, i) => {
      // Three of the four items, rotated, so carts name them in every order.
      const picks = [0, 1, 2, 3].filter((k) => k !== i % 4).map((k) => shared[k]!);
      return i % 2 === 0 ? picks : picks.reverse();
    });
    for (let i = 0; i < buyers.length; i++) {
      for (const p of carts[i]!)
        await db.insert(cartItems).values({
          customerId: buyers[i]!.customerId,
          contactPersonId: buyers[i]!.contactPersonId,
          itemId: p.itemId,
          itemCondition: 'BrandNew',
          quantity: 1,
        });
    }
    await ctx.app.services.catalog.refresh();
    const results = await Promise.all(
      buyers.map((b, i) => {
        const lines = carts[i]!;
        const unit = (p: (typeof lines)[number]) => Math.floor((p.priceCents * 115) / 100 + 0.5 + 1e-9);
        const subtotal = lines.reduce((n, p) => n + unit(p), 0);
        const tax = Math.floor((subtotal * 13) / 100 + 0.5 + 1e-9);
        const app = second.app && i % 2 === 1 ? second.app : ctx.app;
        return app.inject({
          method: 'POST',
          url: '/api/placeorder',
          headers: { cookie: b.cookie },
          payload: {
            orderInfo: {
              shipping_address_id: b.addressId,
              billing_address_id: b.addressId,
              line_items: lines.map((p) => ({ item_id: p.itemId, item_condition: 'BrandNew', quantity: 1 })),
              subtotal: subtotal / 100,
              items_tax: tax / 100,
              total: (subtotal + tax) / 100,
              purchase_order_id: `PO-MANY-${b.customerId}`,
              shipping_method: 'Standard',
            },
          },
        });
      }),
    );
    expect(results.map((r) => r.statusCode)).toEqual(buyers.map(() => 200));
    const rows = await db
      .select({ itemId: products.itemId, stock: products.stock })
      .from(products)
      .where(sql`${products.itemId} in ${shared.map((p) => p.itemId)}`);
    const sold = new Map(shared.map((p) => [p.itemId, carts.filter((c) => c.includes(p)).length]));
    for (const row of rows) expect(row.stock).toBe(1000 - sold.get(row.itemId)!);
  });
});
