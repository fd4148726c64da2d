import { CART_MSG } from '@shop/domain/cart/rules';
import { seededComponents } from '@shop/domain/tax/history';
import { taxLines, taxTotal } from '@shop/domain/tax/rules';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addresses, contacts, outbox, products } from '../../db/schema';
import { en } from '../../test/english';
import { DEMO, signIn, useTestApp } from '../../test/harness';
import { createInvoice } from '../invoices';
import { changeOrderStatus } from './admin-service';

const ctx = useTestApp();

interface Line {
  item_id: string;
  item_name: string;
  item_condition: string;
  quantity: number;
  is_sale: boolean;
  personal_price: number;
  personal_sale_price: number;
  personal_scratch_dent_price: number;
  stock: number;
  scratch_dent_stock: number;
}

let c1 = '';
let c2 = '';
let ontario = 0;
let quebec = 0;
let otherCustomersAddress = 0;

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
  ontario = await address('C10001', 'Ontario');
  quebec = await address('C10001', 'Quebec');
  otherCustomersAddress = await address('C10002', 'Alberta');
  // C10001 orders billed in Quebec below, which would make its answers French: its buyer chose English.
  await ctx.database.db.update(contacts).set({ language: 'en' }).where(eq(contacts.customerId, 'C10001'));
});

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: unknown) {
  const response = await ctx.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    payload: payload as never,
  });
  return { status: response.statusCode, body: response.json() };
}

/** An active item with at least `min` units in stock, in the given condition. */
function stocked(min: number, condition = 'BrandNew') {
  const item = [...ctx.app.services.catalog.items.values()].find(
    (p) => p.isActive && p.itemCondition === condition && p.stock >= min && p.stock < 500,
  );
  if (!item) throw new Error('no stocked item in the demo catalog');
  return item;
}

const add = (
  cookie: string,
  item_id: string,
  quantity: number,
  item_condition = 'BrandNew',
  is_replaced = false,
) =>
  call('POST', '/api/user/cart/add', cookie, {
    itemData: { item_id, item_condition, quantity },
    is_replaced,
  });

async function emptyCart(cookie: string, customerId: string) {
  // Orders of the tests before have taken stock: the catalog the tests pick items from reads it first.
  await ctx.app.services.catalog.refresh();
  const { body } = await call('GET', '/api/header', cookie);
  for (const line of body.cartItems as Line[]) {
    await call(
      'DELETE',
      `/api/user/${customerId}/cart/${line.item_id}/${line.item_condition}/remove`,
      cookie,
    );
  }
}

function unit(l: Line) {
  if (l.item_condition === 'ScratchDent' && l.personal_scratch_dent_price)
    return l.personal_scratch_dent_price;
  if (l.is_sale && l.personal_sale_price) return l.personal_sale_price;
  return l.personal_price;
}

let visits = 0;

/** The order request the checkout page would send, totals computed like the page does; one key per visit. */
async function checkout(cookie: string, shipping: number, rate: number, extra: Record<string, unknown> = {}) {
  const { body } = await call('GET', '/api/header', cookie);
  const lines = body.cartItems as Line[];
  const subtotalCents = lines.reduce((n, l) => n + Math.round(unit(l) * 100) * l.quantity, 0);
  // Each component rounded once (GST and QST apart in Quebec).
  const taxCents = taxTotal(taxLines(subtotalCents, seededComponents(rate === 13 ? 'Ontario' : 'Quebec')));
  return {
    orderInfo: {
      customer_id: body.customer[0].customer_id,
      shipping_address_id: shipping,
      billing_address_id: shipping,
      created_time: '2026-11-22T10:00:00',
      line_items: lines.map((l) => ({
        item_id: l.item_id,
        item_condition: l.item_condition,
        quantity: l.quantity,
      })),
      subtotal: subtotalCents / 100,
      items_tax: taxCents / 100,
      total: (subtotalCents + taxCents) / 100,
      purchase_order_id: 'PO-4471',
      shipping_method: 'Standard',
    },
    checkout_key: `test-checkout-visit-${++visits}`,
    ...extra,
  };
}

describe('cart', () => {
  it('refuses a visitor', async () => {
    const item = stocked(2);
    const { status, body } = await add('', item.itemId, 1);
    expect(status).toBe(401);
    expect(body.smessage).toBe('Please log in first.');
  });

  it('adds, adds more, sets with is_replaced and removes; the header shows the cart', async () => {
    const item = stocked(5);
    await emptyCart(c1, 'C10001');
    let r = await add(c1, item.itemId, 1);
    expect(r.status).toBe(200);
    expect(r.body.smessage).toBe(`${item.itemName} has been added to your cart.`);
    r = await add(c1, item.itemId, 2);
    expect(r.body.cartItems.find((l: Line) => l.item_id === item.itemId).quantity).toBe(3);
    r = await add(c1, item.itemId, 1, 'BrandNew', true);
    expect(r.body.cartItems.find((l: Line) => l.item_id === item.itemId).quantity).toBe(1);
    const header = await call('GET', '/api/header', c1);
    expect(header.body.cartItems).toHaveLength(1);
    expect(header.body.cartItems[0].personal_price).toBeGreaterThan(0);
    r = await call('DELETE', `/api/user/C10001/cart/${item.itemId}/BrandNew/remove`, c1);
    expect(r.status).toBe(200);
    expect(r.body.smessage).toBe(`${item.itemName} has been removed from your cart.`);
    expect(r.body.cartItems).toHaveLength(0);
    r = await call('DELETE', `/api/user/C10001/cart/${item.itemId}/BrandNew/remove`, c1);
    expect(r.status).toBe(201);
  });

  it('refuses quantities above the stock with the spec messages', async () => {
    const item = stocked(2);
    await emptyCart(c1, 'C10001');
    let r = await add(c1, item.itemId, item.stock + 1);
    expect(r.status).toBe(400);
    expect(r.body.smessage).toBe(`This item currently only have ${item.stock} left.`);
    await add(c1, item.itemId, item.stock);
    r = await add(c1, item.itemId, 1);
    expect(r.body.smessage).toBe(
      `Cannot add quantity due to this item currently only have ${item.stock} left.`,
    );
    await emptyCart(c1, 'C10001');
  });

  it.each([
    [{ itemData: { item_id: 'x', item_condition: 'BrandNew', quantity: 0 } }, en(CART_MSG.quantityInvalid)],
    [
      { itemData: { item_id: 'x', item_condition: 'BrandNew', quantity: 'lots' } },
      en(CART_MSG.quantityInvalid),
    ],
    [{ itemData: { item_id: 'x', item_condition: 'Used', quantity: 1 } }, 'Condition must be one of'],
    [{}, 'Send the item as itemData'],
  ])('refuses %o with 400', async (payload, message) => {
    const r = await call('POST', '/api/user/cart/add', c1, payload);
    expect(r.status).toBe(400);
    expect(r.body.smessage).toContain(message);
  });

  it('refuses an out-of-stock item, a removed item and an unknown one', async () => {
    const out = [...ctx.app.services.catalog.items.values()].find(
      (p) => p.isActive && p.stock === 0 && p.itemCondition !== 'Warranty',
    )!;
    expect((await add(c1, out.itemId, 1, out.itemCondition)).body.smessage).toBe(en(CART_MSG.outOfStock));
    const removed = [...ctx.app.services.catalog.items.values()].find((p) => !p.isActive)!;
    expect((await add(c1, removed.itemId, 1, removed.itemCondition)).status).toBe(400);
    expect((await add(c1, '0000', 1)).status).toBe(404);
  });

  it("refuses another customer's cart with 403", async () => {
    const item = stocked(1);
    const forged = await call('POST', '/api/user/cart/add', c2, {
      itemData: { customer_id: 'C10001', item_id: item.itemId, item_condition: 'BrandNew', quantity: 1 },
    });
    expect(forged.status).toBe(403);
    const remove = await call('DELETE', `/api/user/C10001/cart/${item.itemId}/BrandNew/remove`, c2);
    expect(remove.status).toBe(403);
  });
});

describe('placing an order', () => {
  it('places one order from the cart, takes the stock and empties the cart; a repeat gives the same order', async () => {
    await emptyCart(c1, 'C10001');
    const item = stocked(6);
    await add(c1, item.itemId, 2);
    const request = await checkout(c1, ontario, 13, { checkout_key: 'test-checkout-0001' });
    const first = await call('POST', '/api/placeorder', c1, request);
    expect(first.status).toBe(200);
    expect(first.body.orderNumber).toMatch(/^SO-\d{6}$/);
    const [after] = await ctx.database.db.select().from(products).where(eq(products.itemId, item.itemId));
    expect(after!.stock).toBe(item.stock - 2);
    expect((await call('GET', '/api/header', c1)).body.cartItems).toHaveLength(0);
    const again = await call('POST', '/api/placeorder', c1, request);
    expect(again.status).toBe(200);
    expect(again.body.orderId).toBe(first.body.orderId);
    const [still] = await ctx.database.db.select().from(products).where(eq(products.itemId, item.itemId));
    expect(still!.stock).toBe(item.stock - 2);

    const list = await call('GET', `/api/user/C10001/orders/${first.body.orderId}`, c1);
    expect(list.status).toBe(200);
    const order = list.body.orderInfo.order;
    expect(order.status).toBe('Pending');
    expect(order.purchase_order_id).toBe('PO-4471');
    expect(order.total).toBe(request.orderInfo.total);
    expect(order.items_tax).toBe(request.orderInfo.items_tax);
    expect(order.line_items[0]).toMatchObject({ item_id: item.itemId, quantity: 2, status: 'Pending' });
    expect(list.body.orderInfo.shippingAddress.province).toBe('Ontario');
  });

  it('taxes by the shipping province (Quebec 14.975 %)', async () => {
    await emptyCart(c1, 'C10001');
    await add(c1, stocked(3).itemId, 1);
    const request = await checkout(c1, quebec, 14.975);
    const placed = await call('POST', '/api/placeorder', c1, request);
    expect(placed.status).toBe(200);
    const view = await call('GET', `/api/user/C10001/orders/${placed.body.orderId}`, c1);
    expect(view.body.orderInfo.order.tax_rate).toBe(14.975);
    // Each component on a line of its own, rounded once on the subtotal.
    const subtotal = view.body.orderInfo.order.subtotal;
    const expected = taxLines(Math.round(subtotal * 100), seededComponents('Quebec'));
    expect(view.body.orderInfo.order.taxes).toEqual([
      { component: 'GST', rate: 5, base: subtotal, amount: expected[0]!.taxCents / 100, exemption: null },
      { component: 'QST', rate: 9.975, base: subtotal, amount: expected[1]!.taxCents / 100, exemption: null },
    ]);
    expect(view.body.orderInfo.order.items_tax).toBe((expected[0]!.taxCents + expected[1]!.taxCents) / 100);
  });

  it('refuses a forged total or price with a clear message and changes nothing', async () => {
    await emptyCart(c1, 'C10001');
    const item = stocked(3);
    await add(c1, item.itemId, 1);
    const request = await checkout(c1, ontario, 13);
    request.orderInfo.total = 1;
    request.orderInfo.subtotal = 0.5;
    const r = await call('POST', '/api/placeorder', c1, request);
    expect(r.status).toBe(409);
    expect(r.body.smessage).toBe(en(CART_MSG.totalsChanged));
    const [same] = await ctx.database.db.select().from(products).where(eq(products.itemId, item.itemId));
    expect(same!.stock).toBe(item.stock);
    expect((await call('GET', '/api/header', c1)).body.cartItems).toHaveLength(1);
  });

  it('treats the same content sent twice without a key as one checkout', async () => {
    await emptyCart(c1, 'C10001');
    await add(c1, stocked(3).itemId, 1);
    const { checkout_key: _, ...request } = await checkout(c1, ontario, 13);
    const first = await call('POST', '/api/placeorder', c1, request);
    const second = await call('POST', '/api/placeorder', c1, request);
    expect(first.status).toBe(200);
    expect(second.body.orderId).toBe(first.body.orderId);
  });

  it('refuses a missing PO number, an empty cart, a foreign address and a changed cart', async () => {
    await emptyCart(c1, 'C10001');
    await add(c1, stocked(3).itemId, 1);
    const request = await checkout(c1, ontario, 13);
    let r = await call('POST', '/api/placeorder', c1, {
      orderInfo: { ...request.orderInfo, purchase_order_id: '' },
    });
    expect(r.body.smessage).toBe(
      'Purchase order number is mandatory, the length should be 1 - 50 characters and cannot be 0.',
    );
    r = await call('POST', '/api/placeorder', c1, {
      orderInfo: { ...request.orderInfo, shipping_address_id: otherCustomersAddress },
    });
    expect(r.status).toBe(400);
    expect(r.body.smessage).toBe('please make sure you have select your shipping and billing address.');
    // An id past what the database holds is no address either (not a database error).
    r = await call('POST', '/api/placeorder', c1, {
      orderInfo: { ...request.orderInfo, billing_address_id: 99_999_999_999 },
    });
    expect(r.status).toBe(400);
    expect(r.body.smessage).toBe('please make sure you have select your shipping and billing address.');
    r = await call('POST', '/api/placeorder', c1, {
      orderInfo: { ...request.orderInfo, line_items: [{ ...request.orderInfo.line_items[0], quantity: 2 }] },
    });
    expect(r.status).toBe(409);
    expect(r.body.smessage).toBe(en(CART_MSG.cartChanged));
    await emptyCart(c1, 'C10001');
    r = await call('POST', '/api/placeorder', c1, request);
    expect(r.body.smessage).toBe('There is no item in your cart needs to check out.');
    r = await call('POST', '/api/placeorder', '', request);
    expect(r.status).toBe(401);
  });

  it('refuses an item whose stock fell below the quantity, naming it', async () => {
    await emptyCart(c1, 'C10001');
    const item = stocked(3);
    await add(c1, item.itemId, 2);
    await ctx.database.db.update(products).set({ stock: 1 }).where(eq(products.itemId, item.itemId));
    const r = await call('POST', '/api/placeorder', c1, await checkout(c1, ontario, 13));
    expect(r.status).toBe(409);
    expect(r.body.smessage).toBe(
      `${item.itemName} only has 1 left in stock. Please update the quantity in your cart.`,
    );
    await ctx.database.db.update(products).set({ stock: item.stock }).where(eq(products.itemId, item.itemId));
    await emptyCart(c1, 'C10001');
  });

  it("keeps another customer's orders and invoices out of reach", async () => {
    await add(c1, stocked(3).itemId, 1);
    const placed = await call('POST', '/api/placeorder', c1, await checkout(c1, ontario, 13));
    expect((await call('GET', `/api/user/C10001/orders/${placed.body.orderId}`, c2)).status).toBe(403);
    expect((await call('GET', `/api/user/C10002/orders/${placed.body.orderId}`, c2)).status).toBe(404);
    const invoice = await createInvoice(
      ctx.database.db,
      ctx.config.SHOP_TIME_ZONE,
      String(placed.body.orderId),
      2500,
    );
    expect((await call('GET', `/api/user/C10002/invoices/${invoice.invoiceId}`, c2)).status).toBe(404);
    expect((await call('GET', `/api/user/C10001/invoices/${invoice.invoiceId}`, c2)).status).toBe(403);
    expect((await call('GET', '/api/user/C10001/orders/abc', c1)).status).toBe(404);
  });
});

describe('the seller side', () => {
  it('makes an invoice with a shipping line that the invoice view shows as an extra row', async () => {
    await emptyCart(c1, 'C10001');
    await add(c1, stocked(3).itemId, 1);
    const request = await checkout(c1, ontario, 13);
    const placed = await call('POST', '/api/placeorder', c1, request);
    // The seller's own lines, no fee line from the fee table.
    const invoice = await createInvoice(
      ctx.database.db,
      ctx.config.SHOP_TIME_ZONE,
      placed.body.orderNumber,
      2500,
      [{ name: 'Recycling fee', cents: 500 }],
      { fees: 'given' },
    );
    const view = await call('GET', `/api/user/C10001/invoices/${invoice.invoiceId}`, c1);
    const order = view.body.orderInfo.order;
    expect(order.shipping).toBe(25);
    const [mail] = await ctx.database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(mail?.subject).toBe(`Invoice ${invoice.invoiceNumber} for order ${placed.body.orderNumber}`);
    expect(mail?.body).toContain('Shipping: $25.00, Recycling fee: $5.00.');
    expect(order.shipping_tax).toBe(3.9); // 13 % of 30.00
    expect(order.total).toBe(Math.round((request.orderInfo.total + 25 + 5 + 3.9) * 100) / 100);
    const names = order.zoho_line_items.map((l: { zoho_item_name: string }) => l.zoho_item_name);
    expect(names).toEqual(expect.arrayContaining(['Shipping (Standard)', 'Recycling fee']));
    expect(order.line_items).toHaveLength(1);
    const orders = await call('GET', '/api/user/C10001/orders', c1);
    expect(
      orders.body.orders.find((o: { order_id: number }) => o.order_id === placed.body.orderId).invoice_id,
    ).toBe(invoice.invoiceId);
    await expect(
      createInvoice(ctx.database.db, ctx.config.SHOP_TIME_ZONE, placed.body.orderNumber, 100),
    ).rejects.toThrow(/already has invoice/);
  });

  it('moves an order through its statuses; cancel puts the stock back', async () => {
    await emptyCart(c1, 'C10001');
    const item = stocked(4);
    await add(c1, item.itemId, 3);
    const placed = await call('POST', '/api/placeorder', c1, await checkout(c1, ontario, 13));
    const [taken] = await ctx.database.db.select().from(products).where(eq(products.itemId, item.itemId));
    expect(taken!.stock).toBe(item.stock - 3);
    expect(
      (
        await changeOrderStatus(
          ctx.database.db,
          ctx.config.SHOP_TIME_ZONE,
          placed.body.orderNumber,
          'confirm',
        )
      ).status,
    ).toBe('Confirmed');
    await expect(
      changeOrderStatus(ctx.database.db, ctx.config.SHOP_TIME_ZONE, String(placed.body.orderId), 'cancel'),
    ).rejects.toThrow(/give a reason/);
    const canceled = await changeOrderStatus(
      ctx.database.db,
      ctx.config.SHOP_TIME_ZONE,
      String(placed.body.orderId),
      'cancel',
      {
        reason: 'The customer asked to cancel.',
      },
    );
    expect(canceled.status).toBe('Canceled');
    const [back] = await ctx.database.db.select().from(products).where(eq(products.itemId, item.itemId));
    expect(back!.stock).toBe(item.stock);
    await expect(
      changeOrderStatus(ctx.database.db, ctx.config.SHOP_TIME_ZONE, placed.body.orderNumber, 'ship'),
    ).rejects.toThrow(/Canceled/);
    const view = await call('GET', `/api/user/C10001/orders/${placed.body.orderId}`, c1);
    expect(view.body.orderInfo.order.status).toBe('Canceled');
    expect(view.body.orderInfo.order.line_items[0].status).toBe('Canceled');
  });
});
