/**
 * The page's direct reads answer what the routes answer, for the same buyer: the header and the orders
 * list, searched, filtered and paged; any read the route would refuse, or another route's, is left to it.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { contacts, customers } from '../../db/schema';
import { DEMO, signIn, useTestApp } from '../../test/harness';
import { BUYER_COLUMNS, buyerOf, type SessionUser } from '../sessions';
import { type DirectRead, directReads } from './direct-read';

const ctx = useTestApp();
let cookie = '';
let read: DirectRead;
let request: FastifyRequest;

async function buyer(username: string): Promise<SessionUser> {
  const [row] = await ctx.database.db
    .select({ ...BUYER_COLUMNS, language: contacts.language })
    .from(contacts)
    .innerJoin(customers, eq(customers.customerId, contacts.customerId))
    .where(eq(contacts.username, username));
  return buyerOf(row!) as SessionUser;
}

function routeAnswer(path: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url: `/api${path}`, headers: { ...headers, cookie } });
}

beforeAll(async () => {
  cookie = await signIn(ctx.app, DEMO.C10001.username, DEMO.C10001.password);
  read = directReads(ctx.app.services);
  request = { user: await buyer('C10001') } as FastifyRequest;
  // Something in each part of the header: a cart line, an address, a wish list with an item.
  const row = ctx.app.services.catalog.allRows().find((r) => r.item_condition === 'BrandNew' && r.stock > 5)!;
  const added = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/cart/add',
    headers: { cookie },
    payload: { itemData: { item_id: row.item_id, item_condition: row.item_condition, quantity: 2 } },
  });
  expect(added.statusCode).toBe(200);
  const address = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/address/create',
    headers: { cookie },
    payload: {
      addressInfo: {
        first_name: 'Olivia',
        last_name: 'Martin',
        address_line_1: '100 King Street West',
        city: 'Toronto',
        province: 'Ontario',
        zip: 'M5X1A9',
        phone_number: '4165550101',
      },
    },
  });
  expect(address.statusCode).toBe(200);
  const list = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/wishList/create',
    headers: { cookie },
    payload: { wishList: { list_name: 'Office', customer_id: 'C10001' } },
  });
  const listId = list.json().wishLists[0].list_id;
  await ctx.app.inject({
    method: 'POST',
    url: '/api/user/wishList/item/add',
    headers: { cookie },
    payload: { listId, itemId: row.item_id, sku: row.sku, item_condition: row.item_condition },
  });
  // 45 orders an hour apart, every fifth canceled.
  await ctx.database.db.execute(sql`
    insert into orders (order_number, customer_id, contact_person_id, checkout_key, status, purchase_order_id,
      shipping_method, subtotal_cents, items_tax_cents, tax_rate_milli, total_cents, created_time, created_at,
      shipping_attention, shipping_address_1, shipping_city, shipping_province, shipping_zip, shipping_country,
      billing_attention, billing_address_1, billing_city, billing_province, billing_zip, billing_country)
    select 'SO-D' || lpad(g::text, 5, '0'), 'C10001', c.contact_person_id, 'direct-' || g,
      case when g % 5 = 0 then 'Canceled' else 'Pending' end, 'PO-D' || lpad(g::text, 5, '0'),
      'Standard', 10000, 1300, 13000, 11300, '', timestamptz '2026-11-20 12:00:00-05' - make_interval(hours => g),
      'A B', '1 Main', 'Toronto', 'Ontario', 'M5H1A1', 'Canada', 'A B', '1 Main', 'Toronto', 'Ontario', 'M5H1A1', 'Canada'
    from generate_series(0, 44) g, (select contact_person_id from contacts where customer_id = 'C10001' limit 1) c`);
});

describe('the direct reads of a buyer page', () => {
  it('answer the header as GET /api/header does', async () => {
    const route = await routeAnswer('/header');
    expect(route.statusCode).toBe(200);
    const direct = await read(request, '/header', {});
    expect(direct).toEqual({ status: 200, body: route.json() });
    const body = direct!.body as { cartItems: unknown[]; addresses: unknown[]; wishListsItems: unknown[] };
    expect([body.cartItems.length, body.addresses.length, body.wishListsItems.length]).toEqual([1, 1, 1]);
  });

  it.each([
    '',
    '?page=2',
    '?page=3',
    '?page=40',
    '?status=Canceled',
    '?q=PO-D0001&page=1',
    '?from=2026-11-19&to=2026-11-20',
    '?status=',
  ])('answer the orders list%s as the route does', async (query) => {
    const route = await routeAnswer(`/user/C10001/orders${query}`);
    expect(route.statusCode).toBe(200);
    expect(await read(request, `/user/C10001/orders${query}`, {})).toEqual({
      status: 200,
      body: route.json(),
    });
  });

  it('leave to the route every read it would refuse, and every other read', () => {
    const refused: [string, Record<string, string>][] = [
      ['/user/C10002/orders', {}],
      ['/user/C10001/orders?page=0', {}],
      ['/user/C10001/orders?status=Lost', {}],
      ['/user/C10001/orders?status=Pending&status=Canceled', {}],
      ['/header', { customerid: 'C10002' }],
      ['/user/C10001/taxes', {}],
      ['/user/approvals', {}],
    ];
    for (const [path, headers] of refused) expect(read(request, path, headers)).toBeNull();
    expect(read({ user: null } as FastifyRequest, '/header', {})).toBeNull();
  });
});
