/**
 * Orders over the company API: a key with orders:write places an order with the checkout's rules (stock,
 * limits, the server's prices); the same Idempotency-Key, again or at the same moment, gives back the one
 * order; a read-only key is refused (403); another company's key sees none of it; the invoice's PDF comes
 * once there is one; each key is limited in requests a minute; a browser's cross-site check does not
 * stand in the way of a key.
 */

import { randomBytes } from 'node:crypto';
import { orderTotals } from '@shop/domain/cart/rules';
import { API_MSG, type ApiOrder } from '@shop/domain/company-api/schemas';
import { personalPrice } from '@shop/domain/core/money';
import { seededComponents } from '@shop/domain/tax/history';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addresses,
  cartItems,
  contacts,
  customers,
  orderApprovals,
  orders,
  products,
  sessions,
} from '../../db/schema';
import { translators } from '../../i18n/lang';
import { call, clientAddress } from '../../test/admin';
import { cartAddBody, checkoutBody, createBuyers } from '../../test/buyers';
import { en } from '../../test/english';
import { DEMO, signIn, useSecondApp, useTestApp } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { createInvoice } from '../invoices';
import { changeOrderStatus } from '../orders';
import { hashToken } from '../sessions';

const LIMIT = 60;
const ctx = useTestApp({ API_KEY_RATE_LIMIT: LIMIT });
// On PostgreSQL, a second server process on the same database (on PGlite, requests go to the first).
const secondServer = useSecondApp(ctx);

let c1 = '';
let c2 = '';
let writer = '';
let reader = '';
let otherWriter = '';
let ontario = 0;
let otherAddress = 0;
type Product = typeof products.$inferSelect;
let item: Product;
let second: Product;

async function makeKey(cookie: string, scopes: string[], name = `Key ${scopes}`) {
  const made = await call(ctx.app, 'POST', '/api/user/api-keys', cookie, { name, scopes });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.secret as string;
}

async function address(customerId: string, province: string) {
  const [row] = await ctx.database.db
    .insert(addresses)
    .values({
      customerId,
      firstName: 'Olivia',
      lastName: 'Martin',
      addressLine1: '10 King St W',
      city: 'Toronto',
      province,
      zip: 'M5H1A1',
      phoneNumber: '4165550101',
    })
    .returning({ id: addresses.addressId });
  return row!.id;
}

beforeAll(async () => {
  c1 = await signIn(ctx.app, DEMO.C10001.username, DEMO.C10001.password);
  c2 = await signIn(ctx.app, DEMO.C10002.username, DEMO.C10002.password);
  writer = await makeKey(c1, ['prices:read', 'orders:write']);
  reader = await makeKey(c1, ['prices:read']);
  otherWriter = await makeKey(c2, ['orders:write']);
  ontario = await address('C10001', 'Ontario');
  otherAddress = await address('C10002', 'Alberta');
  const stocked = (await ctx.database.db.select().from(products)).filter(
    (p) => p.isActive && p.itemCondition === 'BrandNew' && !p.isSale && p.priceCents > 0,
  );
  [item, second] = stocked as [Product, Product];
  await ctx.database.db.update(products).set({ stock: 100 }).where(eq(products.itemId, item.itemId));
  await ctx.database.db.update(products).set({ stock: 100 }).where(eq(products.itemId, second.itemId));
});

function send(
  secret: string,
  method: 'GET' | 'POST',
  url: string,
  options: { payload?: unknown; idempotencyKey?: string; headers?: Record<string, string> } = {},
  app = ctx.app,
) {
  return app.inject({
    method,
    url,
    remoteAddress: clientAddress(),
    headers: {
      authorization: `Bearer ${secret}`,
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
      ...options.headers,
    },
    ...(options.payload === undefined ? {} : { payload: options.payload as never }),
  });
}

const orderBody = (quantity = 2, po = 'PO-API-1') => ({
  purchase_order_number: po,
  shipping_address_id: ontario,
  lines: [
    { sku: item.sku, condition: 'BrandNew', quantity },
    { item_id: second.itemId, condition: 'BrandNew', quantity: 1 },
  ],
});

let counter = 0;
const newKey = () => `test-${Date.now()}-${++counter}`;

async function stockOf(itemId: string) {
  const [row] = await ctx.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.itemId, itemId));
  return row!.stock;
}

describe('placing an order with a key', () => {
  it('places it at the company’s prices, takes the stock, leaves the cart, and answers 201', async () => {
    const addresses = await send(writer, 'GET', '/api/v1/addresses');
    expect(addresses.statusCode).toBe(200);
    expect(addresses.json().addresses.map((a: { address_id: number }) => a.address_id)).toContain(ontario);
    // Something in the key maker's cart stays there.
    const added = await call(ctx.app, 'POST', '/api/user/cart/add', c1, {
      itemData: { item_id: second.itemId, item_condition: 'BrandNew', quantity: 1 },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const before = [await stockOf(item.itemId), await stockOf(second.itemId)];

    const placed = await send(writer, 'POST', '/api/v1/orders', {
      payload: orderBody(3),
      idempotencyKey: newKey(),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as ApiOrder;
    const price = (p: Product) => personalPrice(p.priceCents, DEMO.C10001.percentage);
    const totals = orderTotals(
      [
        {
          item_condition: 'BrandNew',
          is_sale: false,
          price: price(item),
          sale_price: 0,
          scratch_dent_price: 0,
          quantity: 3,
        },
        {
          item_condition: 'BrandNew',
          is_sale: false,
          price: price(second),
          sale_price: 0,
          scratch_dent_price: 0,
          quantity: 1,
        },
      ],
      seededComponents('Ontario'),
    );
    expect(order).toMatchObject({
      status: 'Pending',
      purchase_order_number: 'PO-API-1',
      subtotal_cents: totals.subtotal,
      tax_cents: totals.tax,
      total_cents: totals.total,
      tax_rate_percent: 13,
      // The tax by component, in cents: Ontario's HST alone.
      taxes: [
        {
          component: 'HST',
          rate_percent: 13,
          base_cents: totals.subtotal,
          tax_cents: totals.tax,
          exemption: null,
        },
      ],
      invoice: null,
      shipping_address: { city: 'Toronto', province: 'Ontario' },
    });
    expect(order.lines).toEqual([
      expect.objectContaining({
        sku: item.sku,
        quantity: 3,
        unit_price_cents: price(item),
        line_total_cents: 3 * price(item),
      }),
      expect.objectContaining({ sku: second.sku, quantity: 1, unit_price_cents: price(second) }),
    ]);
    expect(order.placed_by).toBeTruthy();
    expect([await stockOf(item.itemId), await stockOf(second.itemId)]).toEqual([
      before[0]! - 3,
      before[1]! - 1,
    ]);
    const cart = await ctx.database.db.select().from(cartItems).where(eq(cartItems.customerId, 'C10001'));
    expect(cart.map((c) => c.itemId)).toEqual([second.itemId]);

    // The order is the company's, on the site as over the API.
    const list = await send(reader, 'GET', '/api/v1/orders');
    expect(list.statusCode).toBe(200);
    expect(list.json().orders[0]).toMatchObject({
      order_number: order.order_number,
      total_cents: totals.total,
    });
    const one = await send(reader, 'GET', `/api/v1/orders/${order.order_number}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().order).toEqual(order);
    const site = await call(ctx.app, 'GET', '/api/user/C10001/orders', c1);
    expect(site.body.orders.map((o: { order_number: string }) => o.order_number)).toContain(
      order.order_number,
    );
  });

  it('the same Idempotency-Key again gives back the same order, and places no second one', async () => {
    const key = newKey();
    const first = await send(writer, 'POST', '/api/v1/orders', {
      payload: orderBody(1, 'PO-IDEM'),
      idempotencyKey: key,
    });
    expect(first.statusCode, first.body).toBe(201);
    const stock = await stockOf(item.itemId);
    const again = await send(writer, 'POST', '/api/v1/orders', {
      payload: orderBody(1, 'PO-IDEM'),
      idempotencyKey: key,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await stockOf(item.itemId)).toBe(stock);
    const rows = await ctx.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.customerId, 'C10001'), eq(orders.checkoutKey, `api:${key}`)));
    expect(rows).toHaveLength(1);
    // The same key with another order is refused, naming the first.
    const other = await send(writer, 'POST', '/api/v1/orders', {
      payload: orderBody(5, 'PO-IDEM'),
      idempotencyKey: key,
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().smessage).toBe(en(API_MSG.idempotencyReused(first.json().order.order_number)));
  });

  it('the same Idempotency-Key with another shipping method or address is refused; the same request written otherwise is the same order', async () => {
    const key = newKey();
    const body = orderBody(1, 'PO-IDEM-WHOLE');
    const first = await send(writer, 'POST', '/api/v1/orders', { payload: body, idempotencyKey: key });
    expect(first.statusCode, first.body).toBe(201);
    const number = first.json().order.order_number as string;
    // The defaults named (Standard, billed where it ships) and the lines in another order: the same request.
    const same = await send(writer, 'POST', '/api/v1/orders', {
      payload: {
        ...body,
        shipping_method: 'Standard',
        billing_address_id: ontario,
        lines: [...body.lines].reverse(),
      },
      idempotencyKey: key,
    });
    expect(same.statusCode, same.body).toBe(201);
    expect(same.json()).toEqual(first.json());

    const elsewhere = await address('C10001', 'Ontario');
    const changes: Record<string, unknown>[] = [
      { shipping_method: 'Pick Up' },
      { shipping_address_id: elsewhere },
      { billing_address_id: elsewhere },
    ];
    for (const change of changes) {
      const other = await send(writer, 'POST', '/api/v1/orders', {
        payload: { ...body, ...change },
        idempotencyKey: key,
      });
      expect(other.statusCode, JSON.stringify(change)).toBe(409);
      expect(other.json().smessage).toBe(en(API_MSG.idempotencyReused(number)));
    }
    // An order placed before requests were kept as a hash is compared by its lines, PO and shipping method.
    await ctx.database.db.update(orders).set({ requestHash: null }).where(eq(orders.orderNumber, number));
    const older = await send(writer, 'POST', '/api/v1/orders', { payload: body, idempotencyKey: key });
    expect(older.statusCode, older.body).toBe(201);
    expect(older.json().order.order_number).toBe(number);
    const pickUp = await send(writer, 'POST', '/api/v1/orders', {
      payload: { ...body, shipping_method: 'Pick Up' },
      idempotencyKey: key,
    });
    expect(pickUp.statusCode).toBe(409);
    const rows = await ctx.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.customerId, 'C10001'), eq(orders.checkoutKey, `api:${key}`)));
    expect(rows).toHaveLength(1);
  });

  it('a site checkout sent with a key’s text as its own (api:<key>) leaves that key to the API', async () => {
    const [company] = await createBuyers(ctx.database.db, 1, 'CS');
    const secret = await makeKey(company!.cookie, ['orders:write']);
    const key = newKey();
    await ctx.database.db.update(products).set({ stock: 100 }).where(eq(products.itemId, item.itemId));
    const product = { ...item, images: [] };
    const added = await call(
      ctx.app,
      'POST',
      '/api/user/cart/add',
      company!.cookie,
      cartAddBody(company!, item.itemId, 1, true),
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const site = await call(
      ctx.app,
      'POST',
      '/api/placeorder',
      company!.cookie,
      checkoutBody(company!, product, 1, { checkoutKey: `api:${key}`, po: 'PO-SAME' }),
    );
    expect(site.status, JSON.stringify(site.body)).toBe(200);

    // The same lines and PO number over the API, with that key: a new order of its own, not the site's.
    const api = await send(secret, 'POST', '/api/v1/orders', {
      payload: {
        purchase_order_number: 'PO-SAME',
        shipping_address_id: company!.addressId,
        lines: [{ sku: item.sku, condition: 'BrandNew', quantity: 1 }],
      },
      idempotencyKey: key,
    });
    expect(api.statusCode, api.body).toBe(201);
    expect(api.json().order.order_number).not.toBe(site.body.orderNumber);
    const placed = await ctx.database.db
      .select()
      .from(orders)
      .where(eq(orders.customerId, company!.customerId));
    expect(placed).toHaveLength(2);
  });

  it('the same Idempotency-Key sent ten times at once (to two servers on PostgreSQL) places one order', async () => {
    const key = newKey();
    const stock = await stockOf(item.itemId);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        send(
          writer,
          'POST',
          '/api/v1/orders',
          { payload: orderBody(2, 'PO-RACE'), idempotencyKey: key },
          i % 2 === 1 && secondServer.app ? secondServer.app : ctx.app,
        ),
      ),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(201);
    expect(new Set(answers.map((a) => a.json().order.order_number)).size).toBe(1);
    const rows = await ctx.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.customerId, 'C10001'), eq(orders.checkoutKey, `api:${key}`)));
    expect(rows).toHaveLength(1);
    expect(await stockOf(item.itemId)).toBe(stock - 2);
  });

  it('the checkout’s rules: stock, items sold, addresses, limits; each refusal says what to do', async () => {
    const post = (payload: unknown, key = newKey()) =>
      send(writer, 'POST', '/api/v1/orders', { payload, idempotencyKey: key });
    const apiOrders = () =>
      ctx.database.db
        .select()
        .from(orders)
        .where(and(eq(orders.customerId, 'C10001'), like(orders.checkoutKey, 'api:test-%')));
    const before = (await apiOrders()).length;
    const noKey = await send(writer, 'POST', '/api/v1/orders', { payload: orderBody() });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().smessage).toBe(en(API_MSG.idempotencyKey));
    const badKey = await post(orderBody(), 'has spaces in it');
    expect(badKey.statusCode).toBe(400);

    const tooMany = await post({
      ...orderBody(),
      lines: [{ sku: item.sku, condition: 'BrandNew', quantity: 1000 }],
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().smessage).toBe(
      en(API_MSG.notEnoughStock(item.itemName, await stockOf(item.itemId))),
    );
    const wrongCondition = await post({
      ...orderBody(),
      lines: [{ sku: item.sku, condition: 'Recertified', quantity: 1 }],
    });
    expect(wrongCondition.statusCode).toBe(409);
    expect(wrongCondition.json().smessage).toBe(en(API_MSG.notOffered(item.itemName)));
    const unknown = await post({
      ...orderBody(),
      lines: [{ sku: 'NO-SUCH-SKU', condition: 'BrandNew', quantity: 1 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().smessage).toBe(en(API_MSG.unknownSku('NO-SUCH-SKU')));
    const both = await post({
      ...orderBody(),
      lines: [
        { sku: item.sku, condition: 'BrandNew', quantity: 1 },
        { item_id: item.itemId, condition: 'BrandNew', quantity: 1 },
      ],
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().smessage).toBe(en(API_MSG.duplicateLine));
    const foreignAddress = await post({ ...orderBody(), shipping_address_id: otherAddress });
    expect(foreignAddress.statusCode).toBe(400);
    expect(foreignAddress.json().smessage).toBe(en(API_MSG.addressId));
    const noLines = await post({ ...orderBody(), lines: [] });
    expect(noLines.statusCode).toBe(400);
    expect(noLines.json().smessage).toBe(en(API_MSG.lines));
    const noPo = await post({ ...orderBody(), purchase_order_number: '' });
    expect(noPo.statusCode).toBe(400);
    expect(noPo.json().smessage).toBe(en(API_MSG.poNumber));
    const quantity = await post({
      ...orderBody(),
      lines: [{ sku: item.sku, condition: 'BrandNew', quantity: 0 }],
    });
    expect(quantity.statusCode).toBe(400);
    expect(quantity.json().smessage).toBe(en(API_MSG.lineQuantity));
    // A total above the order limit ($99,999,999.99): 9999 units of an item made to cost $2,000,000.
    const [pricey] = (await ctx.database.db.select().from(products)).filter(
      (p) =>
        p.isActive &&
        p.itemCondition === 'BrandNew' &&
        !p.isSale &&
        p.itemId !== item.itemId &&
        p.itemId !== second.itemId,
    );
    await ctx.database.db
      .update(products)
      .set({ stock: 9999, priceCents: 200_000_000 })
      .where(eq(products.itemId, pricey!.itemId));
    const over = await post({
      ...orderBody(),
      lines: [{ sku: pricey!.sku, condition: 'BrandNew', quantity: 9999 }],
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().smessage).toBe(en(API_MSG.orderTooLarge));
    await ctx.database.db
      .update(products)
      .set({ stock: pricey!.stock, priceCents: pricey!.priceCents })
      .where(eq(products.itemId, pricey!.itemId));
    // Nothing was placed by any of these.
    expect(await apiOrders()).toHaveLength(before);
  });

  it('a read-only key may read orders but not place one (403, in French too)', async () => {
    const refused = await send(reader, 'POST', '/api/v1/orders', {
      payload: orderBody(),
      idempotencyKey: newKey(),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ scode: 403, smessage: en(API_MSG.needsOrders) });
    const french = await send(reader, 'POST', '/api/v1/orders', {
      payload: orderBody(),
      idempotencyKey: newKey(),
      headers: { 'accept-language': 'fr' },
    });
    expect(french.statusCode).toBe(403);
    expect(french.json().smessage).toBe(translators.fr.t('companyApi.needsOrders'));
    expect((await send(reader, 'GET', '/api/v1/orders')).statusCode).toBe(200);
  });

  it('a request from a browser on another site is not refused as cross-site: the key decides', async () => {
    const placed = await send(writer, 'POST', '/api/v1/orders', {
      payload: orderBody(1, 'PO-CROSS'),
      idempotencyKey: newKey(),
      headers: { origin: 'https://erp.example.com', 'sec-fetch-site': 'cross-site' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    // The shop's own calls still are.
    const shop = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/cart/add',
      headers: { cookie: c1, origin: 'https://evil.example.com', 'sec-fetch-site': 'cross-site' },
      payload: { itemData: { item_id: item.itemId, item_condition: 'BrandNew', quantity: 1 } },
    });
    expect(shop.statusCode).toBe(403);
  });
});

describe('the credit limit', () => {
  it('holds an order that would take the company past it, as the checkout does', async () => {
    await ctx.database.db
      .update(customers)
      .set({ creditLimitCents: 1 })
      .where(eq(customers.customerId, 'C10001'));
    try {
      const before = await stockOf(item.itemId);
      const placed = await send(writer, 'POST', '/api/v1/orders', {
        payload: orderBody(1, 'PO-API-HELD'),
        idempotencyKey: newKey(),
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json().order as ApiOrder;
      expect(order.status).toBe('OnHold');
      // Held with its stock, until the seller releases or declines it.
      expect(await stockOf(item.itemId)).toBe(before - 1);
      await changeOrderStatus(ctx.database.db, ctx.config.SHOP_TIME_ZONE, order.order_number, 'decline', {
        reason: 'Over the credit limit.',
      });
      expect(await stockOf(item.itemId)).toBe(before);
    } finally {
      await ctx.database.db
        .update(customers)
        .set({ creditLimitCents: null })
        .where(eq(customers.customerId, 'C10001'));
    }
  });
});

describe('a key whose maker is no longer an administrator', () => {
  it('places its orders in the primary contact’s name, never as a buyer held by an order limit', async () => {
    const [company] = await createBuyers(ctx.database.db, 1, 'CK');
    const db = ctx.database.db;
    const maker = `CP${company!.customerId}-2`;
    await db.insert(contacts).values({
      contactPersonId: maker,
      customerId: company!.customerId,
      contactName: 'Second Admin',
      username: 'ck-second-admin@buyers.example',
      email: 'ck-second-admin@buyers.example',
      passwordHash: 'not-used',
      isPrimary: false,
      role: 'admin',
    });
    const token = randomBytes(32).toString('base64url');
    await db.insert(sessions).values({
      tokenHash: hashToken(token),
      contactPersonId: maker,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const key = await makeKey(`sid=${token}`, ['orders:write']);
    // Made a buyer with a $1 limit since: the key does not act as them.
    await db
      .update(contacts)
      .set({ role: 'buyer', orderLimitCents: 100 })
      .where(eq(contacts.contactPersonId, maker));
    await db.update(products).set({ stock: 100 }).where(eq(products.itemId, item.itemId));
    const placed = await send(key, 'POST', '/api/v1/orders', {
      payload: {
        purchase_order_number: 'PO-API-DEMOTED',
        shipping_address_id: company!.addressId,
        lines: [{ sku: item.sku, condition: 'BrandNew', quantity: 1 }],
      },
      idempotencyKey: newKey(),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [row] = await db
      .select({ by: orders.contactPersonId })
      .from(orders)
      .where(eq(orders.customerId, company!.customerId));
    expect(row!.by).toBe(`CP${company!.customerId}`);
    expect(
      await db.select().from(orderApprovals).where(eq(orderApprovals.customerId, company!.customerId)),
    ).toEqual([]);
  });
});

describe('another company', () => {
  it("cannot see this company's orders or invoices, and its own list holds none of them", async () => {
    const placed = await send(writer, 'POST', '/api/v1/orders', {
      payload: orderBody(1, 'PO-MINE'),
      idempotencyKey: newKey(),
    });
    const number = placed.json().order.order_number as string;
    await createInvoice(ctx.database.db, ctx.config.SHOP_TIME_ZONE, number, 2500);
    expect((await send(otherWriter, 'GET', `/api/v1/orders/${number}`)).statusCode).toBe(404);
    const pdf = await send(otherWriter, 'GET', `/api/v1/orders/${number}/invoice.pdf`);
    expect(pdf.statusCode).toBe(404);
    expect(pdf.json().smessage).toBe(en(API_MSG.orderNotFound));
    const list = await send(otherWriter, 'GET', '/api/v1/orders');
    expect(list.json().orders.map((o: { order_number: string }) => o.order_number)).not.toContain(number);
    // Nor can it place an order to this company's address.
    const theirs = await send(otherWriter, 'POST', '/api/v1/orders', {
      payload: { ...orderBody(), shipping_address_id: ontario },
      idempotencyKey: newKey(),
    });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().smessage).toBe(en(API_MSG.addressId));
  });
});

describe('invoices', () => {
  it('404 with a message until the seller invoices the order, then the PDF', async () => {
    const placed = await send(writer, 'POST', '/api/v1/orders', {
      payload: orderBody(1, 'PO-INV'),
      idempotencyKey: newKey(),
    });
    const number = placed.json().order.order_number as string;
    const none = await send(reader, 'GET', `/api/v1/orders/${number}/invoice.pdf`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ scode: 404, smessage: en(API_MSG.noInvoice) });
    const missing = await send(reader, 'GET', '/api/v1/orders/SO-999999/invoice.pdf');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().smessage).toBe(en(API_MSG.orderNotFound));
    const invoice = await createInvoice(ctx.database.db, ctx.config.SHOP_TIME_ZONE, number, 2500);
    const pdf = await send(reader, 'GET', `/api/v1/orders/${number}/invoice.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfText(pdf.rawPayload)).toContain(invoice.invoiceNumber);
    const order = (await send(reader, 'GET', `/api/v1/orders/${number}`)).json().order as ApiOrder;
    expect(order.invoice).toMatchObject({
      invoice_number: invoice.invoiceNumber,
      shipping_cents: 2500,
      pdf: `/api/v1/orders/${number}/invoice.pdf`,
    });
    expect(order.invoice_total_cents).toBe(order.invoice!.total_cents);
    // Its tax by component is the order's plus the tax on what it added; nothing paid yet; Net 30 by default.
    const taxed = order.invoice!.taxes.reduce((n, t) => n + t.tax_cents, 0);
    expect(order.invoice!.taxes.map((t) => t.component)).toEqual(['HST']);
    expect(taxed).toBe(order.tax_cents + order.invoice!.shipping_tax_cents);
    expect(order.invoice!.terms).toBe('net30');
    expect(order.invoice!.due_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(order.invoice!.balance_cents).toBe(order.invoice!.total_cents);
  });
});

describe('the rate limit', () => {
  it(`answers 429 after ${LIMIT} requests a minute of one key, with a message; other keys go on`, async () => {
    const busy = await makeKey(c1, ['prices:read'], 'Busy');
    for (let i = 0; i < LIMIT; i++) {
      const ok = await send(busy, 'GET', '/api/v1/orders');
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const limited = await send(busy, 'GET', '/api/v1/price-list?page_size=1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().scode).toBe(429);
    expect(limited.json().smessage).toMatch(
      new RegExp(
        `^Too many requests with this API key: at most ${LIMIT} a minute\\. Try again in \\d+ seconds\\.$`,
      ),
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const french = await send(busy, 'GET', '/api/v1/orders', { headers: { 'accept-language': 'fr' } });
    expect(french.statusCode).toBe(429);
    expect(french.json().smessage).toMatch(/^Trop de demandes avec cette clé d'API/);
    expect((await send(reader, 'GET', '/api/v1/orders')).statusCode).toBe(200);
  });
});
