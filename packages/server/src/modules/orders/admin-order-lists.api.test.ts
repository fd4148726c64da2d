/**
 * The back office's orders list at work: its filters (days, customer, buyer, province, SKU, total, PO,
 * status), the count that stops at ORDER_COUNT_CAP, the bulk actions with a result per order, and the CSV
 * export of chosen or matching orders.
 */
import { ORDER_COUNT_CAP } from '@shop/domain/back-office/schemas';
import { trackingUrl } from '@shop/domain/orders/carriers';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceLines, invoices, orders } from '../../db/schema';
import {
  call,
  itemPicker,
  makeCustomer,
  OWNER,
  placeOrder,
  staffSignIn,
  unitSerials,
  waitForMail,
} from '../../test/admin';
import { useTestApp } from '../../test/harness';
import { startMailSink } from '../../test/mail-sink';

const sink = await startMailSink();
const ctx = useTestApp({ SMTP_URL: sink.url });
afterAll(() => sink.close());

let owner = '';
beforeAll(async () => {
  owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
});

const items = itemPicker(() => ctx.app, 10);

const idsOf = (answer: { body: Record<string, unknown> }) =>
  (answer.body.orders as { items: { order_id: number }[] }).items.map((o) => o.order_id);

async function list(query: string) {
  const answer = await call(ctx.app, 'GET', `/api/admin/orders?${query}`, owner);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer;
}

describe('the orders list finds orders by each filter', () => {
  it('filters by days, customer, buyer, province, SKU, total, PO and status, and says how many match', async () => {
    const north = await makeCustomer(ctx.app, owner, { company: 'Northwind Filtering Inc' });
    const south = await makeCustomer(ctx.app, owner, { company: 'Southbay Filtering Ltd' });
    const [a, b] = items(2);
    const first = await placeOrder(
      ctx.app,
      north.cookie,
      [{ itemId: a!.itemId, quantity: 1 }],
      'NW-ALPHA-881',
    );
    const second = await placeOrder(
      ctx.app,
      north.cookie,
      [{ itemId: b!.itemId, quantity: 3 }],
      'NW-BETA-882',
    );
    const third = await placeOrder(
      ctx.app,
      south.cookie,
      [{ itemId: a!.itemId, quantity: 2 }],
      'SB-GAMMA-883',
    );
    const db = ctx.database.db;
    // One order went to Quebec, one was placed in March 2025 (Toronto's day).
    await db.update(orders).set({ shippingProvince: 'Quebec' }).where(eq(orders.orderId, second.orderId));
    await db
      .update(orders)
      .set({ createdAt: new Date('2025-03-15T16:00:00Z') })
      .where(eq(orders.orderId, third.orderId));

    expect(idsOf(await list(`customer=${north.customerId.toLowerCase()}`))).toEqual([
      second.orderId,
      first.orderId,
    ]);
    expect(idsOf(await list(`buyer=${encodeURIComponent(south.email.toUpperCase())}`))).toEqual([
      third.orderId,
    ]);
    const byProvince = await list(`customer=${north.customerId}&province=Quebec`);
    expect(idsOf(byProvince)).toEqual([second.orderId]);
    expect(byProvince.body.orders.items[0]).toMatchObject({ province: 'Quebec', buyer: 'Test Buyer' });
    expect(idsOf(await list(`sku=${encodeURIComponent(a!.sku.toLowerCase())}&q=filtering`))).toEqual([
      first.orderId,
      third.orderId,
    ]);
    expect(idsOf(await list('from=2025-03-15&to=2025-03-15&q=filtering'))).toEqual([third.orderId]);
    expect(idsOf(await list('from=2025-03-16&to=2025-03-31&q=filtering'))).toEqual([]);
    // A PO number by any part of it (three characters or more), or whole when shorter.
    expect(idsOf(await list('po=beta-88'))).toEqual([second.orderId]);
    expect(idsOf(await list('q=alpha-881'))).toEqual([first.orderId]);
    // The order number however it is typed.
    const digits = first.orderNumber.replace(/^SO-0*/, '');
    expect(idsOf(await list(`q=${digits}`))).toContain(first.orderId);
    expect(idsOf(await list(`q=${first.orderNumber.toLowerCase()}`))).toEqual([first.orderId]);
    expect(idsOf(await list(`q=${first.orderNumber.replace('SO-', 'SO-000')}`))).toEqual([first.orderId]);
    // The buyer by contact id, in any case.
    const [placed] = await db.select().from(orders).where(eq(orders.orderId, third.orderId));
    expect(idsOf(await list(`buyer=${placed!.contactPersonId.toLowerCase()}`))).toEqual([third.orderId]);

    const [firstRow] = await db.select().from(orders).where(eq(orders.orderId, first.orderId));
    const total = Number(firstRow!.totalCents) / 100;
    const around = await list(`customer=${north.customerId}&total_min=${total}&total_max=${total}`);
    expect(idsOf(around)).toEqual([first.orderId]);
    expect(around.body.orders).toMatchObject({ total: 1, pages: 1, capped: false });
    expect(idsOf(await list(`customer=${north.customerId}&status=Confirmed`))).toEqual([]);
    // Empty fields of the page's form are "not given".
    expect(idsOf(await list(`customer=${north.customerId}&status=&province=&from=&sku=`))).toHaveLength(2);
  });

  it('answers a filter it cannot read with 400 and a message a person can act on', async () => {
    const cases: [string, RegExp][] = [
      ['from=2025-02-30', /The first day is not a day of the calendar/],
      ['from=2025-04-01&to=2025-03-01', /The last day must not be before the first day/],
      ['total_min=50&total_max=10', /The highest total must not be below the lowest total/],
      ['total_min=ten', /The lowest total must be an amount in dollars/],
      ['province=Atlantis', /The province is one of Ontario, Quebec/],
      ['customer=C%20100', /customer/i],
      [`sku=${'X'.repeat(41)}`, /A SKU has at most 40 characters/],
    ];
    for (const [query, message] of cases) {
      const answer = await call(ctx.app, 'GET', `/api/admin/orders?${query}`, owner);
      expect(answer.status, query).toBe(400);
      expect(answer.body.smessage, query).toMatch(message);
    }
  });

  it(`counts matching orders up to ${ORDER_COUNT_CAP} and then says more match`, async () => {
    const buyer = await makeCustomer(ctx.app, owner, { company: 'Capped Count Co' });
    const [item] = items(1);
    const one = await placeOrder(ctx.app, buyer.cookie, [{ itemId: item!.itemId, quantity: 1 }], 'CAP-0');
    // Copies of the order straight in the database, more than the list counts.
    await ctx.database.db.execute(sql`
      insert into orders (order_number, customer_id, contact_person_id, checkout_key, status, purchase_order_id,
        shipping_method, subtotal_cents, items_tax_cents, tax_rate_milli, total_cents, created_time,
        shipping_attention, shipping_address_1, shipping_city, shipping_province, shipping_zip, shipping_country,
        billing_attention, billing_address_1, billing_city, billing_province, billing_zip, billing_country)
      select 'SO-CAP' || n, customer_id, contact_person_id, 'cap-' || n, status, 'CAP-' || n, shipping_method,
        subtotal_cents, items_tax_cents, tax_rate_milli, total_cents, created_time, shipping_attention,
        shipping_address_1, shipping_city, shipping_province, shipping_zip, shipping_country, billing_attention,
        billing_address_1, billing_city, billing_province, billing_zip, billing_country
      from orders, generate_series(1, ${ORDER_COUNT_CAP + 5}) as n where order_id = ${one.orderId}`);
    const capped = await list(`customer=${buyer.customerId}&page_size=100`);
    expect(capped.body.orders).toMatchObject({
      total: ORDER_COUNT_CAP,
      capped: true,
      pages: ORDER_COUNT_CAP / 100,
    });
    expect(capped.body.orders.items).toHaveLength(100);
    const last = await list(`customer=${buyer.customerId}&page_size=100&page=${ORDER_COUNT_CAP / 100}`);
    expect(last.body.orders.items).toHaveLength(100);
    const narrowed = await list(`customer=${buyer.customerId}&po=CAP-1000`);
    // CAP-1000 and CAP-10000 to CAP-10005.
    expect(narrowed.body.orders).toMatchObject({ total: 7, capped: false });
  });
});

describe('bulk actions', () => {
  it('confirms, ships with each tracking number and invoices by one shipping rule, a result per order', async () => {
    const buyer = await makeCustomer(ctx.app, owner, { company: 'Bulk Buying Ltd' });
    const [x, y] = items(2);
    const placed = [];
    for (let i = 0; i < 3; i += 1)
      placed.push(
        await placeOrder(
          ctx.app,
          buyer.cookie,
          [{ itemId: (i === 2 ? y : x)!.itemId, quantity: i + 1 }],
          `BULK-${i}`,
        ),
      );
    const ids = placed.map((o) => o.orderId);
    // One of them is confirmed already: the bulk action says so for it and confirms the others.
    await call(ctx.app, 'POST', `/api/admin/orders/${ids[0]}/status`, owner, { action: 'confirm' });
    const confirmed = await call(ctx.app, 'POST', '/api/admin/orders/bulk', owner, {
      action: 'confirm',
      orders: [...ids, 999_999_999].map((order_id) => ({ order_id })),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.smessage).toBe('2 orders confirmed; 2 could not be.');
    expect(confirmed.body.results).toEqual([
      expect.objectContaining({ order_id: ids[0], ok: false, status: 'Confirmed' }),
      expect.objectContaining({ order_id: ids[1], ok: true, status: 'Confirmed', message: 'Confirmed.' }),
      expect.objectContaining({ order_id: ids[2], ok: true, status: 'Confirmed' }),
      {
        order_id: 999_999_999,
        order_number: null,
        ok: false,
        status: null,
        message: 'There is no order with id 999999999.',
      },
    ]);
    expect(confirmed.body.results[0].message).toMatch(/is Confirmed; it can be confirmed only when/);

    const shipped = await call(ctx.app, 'POST', '/api/admin/orders/bulk', owner, {
      action: 'ship',
      carrier: 'purolator',
      orders: await Promise.all(
        ids.map(async (order_id, i) => ({
          order_id,
          tracking_number: `PUR${i}77`,
          serials: await unitSerials(ctx.database.db, order_id),
        })),
      ),
    });
    expect(shipped.body.smessage).toBe('3 orders shipped.');
    expect(shipped.body.results.map((r: { message: string }) => r.message)).toEqual([
      'Shipped with Purolator, tracking PUR077.',
      'Shipped with Purolator, tracking PUR177.',
      'Shipped with Purolator, tracking PUR277.',
    ]);
    for (const [i, order] of placed.entries()) {
      const mail = await waitForMail(sink, buyer.email, `Order ${order.orderNumber} shipped`);
      expect(mail).toContain(trackingUrl('Purolator', `PUR${i}77`)!);
    }

    const invoiced = await call(ctx.app, 'POST', '/api/admin/orders/bulk', owner, {
      action: 'invoice',
      shipping_per_order: '12.50',
      shipping_per_unit: 2,
      orders: ids.map((order_id) => ({ order_id })),
    });
    expect(invoiced.body.smessage).toBe('3 orders invoiced.');
    const made = await ctx.database.db
      .select({ orderId: invoices.orderId, shipping: invoices.shippingCents, id: invoices.invoiceId })
      .from(invoices)
      .where(inArray(invoices.orderId, ids));
    // 12.50 an order plus 2.00 a unit: 1, 2 and 3 units.
    expect(Object.fromEntries(made.map((m) => [m.orderId, Number(m.shipping)]))).toEqual({
      [ids[0]!]: 1450,
      [ids[1]!]: 1650,
      [ids[2]!]: 1850,
    });
    expect(invoiced.body.results[0].message).toMatch(/^Invoice \S+ made, shipping \$14\.50\.$/);
    // The fee lines come from the fee table, as on the order page.
    const fees = await ctx.database.db
      .select()
      .from(invoiceLines)
      .where(
        inArray(
          invoiceLines.invoiceId,
          made.map((m) => m.id),
        ),
      );
    expect(fees.some((l) => l.kind === 'fee')).toBe(true);
    const again = await call(ctx.app, 'POST', '/api/admin/orders/bulk', owner, {
      action: 'invoice',
      orders: [{ order_id: ids[0] }],
    });
    expect(again.body.results[0]).toMatchObject({ ok: false });
  });

  it('refuses a bulk action it cannot read, before touching any order', async () => {
    const cases: [unknown, RegExp][] = [
      [{ action: 'ship', orders: [{ order_id: 1 }] }, /Choose the carrier the orders ship with/],
      [{ action: 'confirm', orders: [] }, /Choose at least one order/],
      [{ action: 'confirm', orders: [{ order_id: 1 }, { order_id: 1 }] }, /Each order is given once/],
      [
        { action: 'confirm', orders: Array.from({ length: 101 }, (_, i) => ({ order_id: i + 1 })) },
        /at most 100 orders/,
      ],
      [{ action: 'confirm', carrier: 'UPS', orders: [{ order_id: 1 }] }, /go with ship only/],
      [
        { action: 'confirm', shipping_per_order: 5, orders: [{ order_id: 1 }] },
        /A shipping rule goes with invoice only/,
      ],
      [{ action: 'deliver', orders: [{ order_id: 1 }] }, /The bulk action is confirm, ship or invoice/],
    ];
    for (const [body, message] of cases) {
      const answer = await call(ctx.app, 'POST', '/api/admin/orders/bulk', owner, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.smessage).toMatch(message);
    }
    expect(
      (
        await call(ctx.app, 'POST', '/api/admin/orders/bulk', '', {
          action: 'confirm',
          orders: [{ order_id: 1 }],
        })
      ).status,
    ).toBe(401);
  });
});

describe('the orders CSV', () => {
  it('exports the orders chosen, or every order matching the filters, with formulas kept as text', async () => {
    const buyer = await makeCustomer(ctx.app, owner, { company: '=Export Formula Co' });
    const [item] = items(1);
    const one = await placeOrder(ctx.app, buyer.cookie, [{ itemId: item!.itemId, quantity: 2 }], '+PO-EXP-1');
    const two = await placeOrder(ctx.app, buyer.cookie, [{ itemId: item!.itemId, quantity: 1 }], 'PO-EXP-2');
    const chosen = await call(ctx.app, 'GET', `/api/admin/orders.csv?ids=${one.orderId}`, owner);
    expect(chosen.status).toBe(200);
    expect(chosen.response.headers['content-type']).toMatch(/^text\/csv/);
    const lines = chosen.response.body.trim().split('\n');
    expect(lines[0]).toMatch(/^Order,Placed,Status,Customer ID,Company,Buyer,PO number,Province,City,Units,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${one.orderNumber},`);
    expect(lines[1]).toContain("'=Export Formula Co");
    expect(lines[1]).toContain("'+PO-EXP-1");
    expect(lines[1]).toContain(',Ontario,Toronto,2,');
    const matching = await call(ctx.app, 'GET', `/api/admin/orders.csv?customer=${buyer.customerId}`, owner);
    const rows = matching.response.body.trim().split('\n').slice(1);
    expect(rows.map((r) => r.split(',')[0])).toEqual([two.orderNumber, one.orderNumber]);
    // Statuses are written as words, as the back office shows them ("On hold", not "OnHold").
    expect(rows.map((r) => r.split(',')[2])).toEqual(['Pending', 'Pending']);
    await ctx.database.db.update(orders).set({ status: 'OnHold' }).where(eq(orders.orderId, two.orderId));
    const held = await call(ctx.app, 'GET', `/api/admin/orders.csv?ids=${two.orderId}`, owner);
    expect(held.response.body.trim().split('\n')[1]).toContain(`${two.orderNumber},`);
    expect(held.response.body.trim().split('\n')[1]!.split(',')[2]).toBe('On hold');
    const bad = await call(ctx.app, 'GET', '/api/admin/orders.csv?ids=1,x', owner);
    expect(bad.status).toBe(400);
    expect(bad.body.smessage).toMatch(/ids is a list of at most 100 order ids/);
  });
});
