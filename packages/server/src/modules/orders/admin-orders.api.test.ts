/** The back office's orders: the list and its search, one order with its history, actions, invoices. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
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

const items = itemPicker(() => ctx.app);

async function stockOf(itemId: string) {
  const [row] = await ctx.database.db.select().from(products).where(eq(products.itemId, itemId));
  return row!.stock;
}

describe('orders in the back office', () => {
  it('lists new orders first, filters by status, finds by number, PO, customer id or company, and counts Pending', async () => {
    const buyer = await makeCustomer(ctx.app, owner, { company: 'Lakeshore Findable Ltd' });
    const before = await call(ctx.app, 'GET', '/api/admin/orders/pending-count', owner);
    const [item] = items(1);
    const order = await placeOrder(
      ctx.app,
      buyer.cookie,
      [{ itemId: item!.itemId, quantity: 1 }],
      'PO-FIND-77',
    );
    expect((await call(ctx.app, 'GET', '/api/admin/orders/pending-count', owner)).body.pending).toBe(
      before.body.pending + 1,
    );
    expect((await call(ctx.app, 'GET', '/api/admin/me', owner)).body.pending_orders).toBe(
      before.body.pending + 1,
    );

    const all = await call(ctx.app, 'GET', '/api/admin/orders?page_size=5', owner);
    expect(all.body.orders.items[0]).toMatchObject({
      order_id: order.orderId,
      order_number: order.orderNumber,
      status: 'Pending',
      customer_id: buyer.customerId,
      company: 'Lakeshore Findable Ltd',
      purchase_order_id: 'PO-FIND-77',
    });
    expect(all.body.orders).toMatchObject({ page: 1, page_size: 5 });
    for (const q of [order.orderNumber, 'po-find-77', buyer.customerId, 'lakeshore findable']) {
      const found = await call(ctx.app, 'GET', `/api/admin/orders?q=${encodeURIComponent(q)}`, owner);
      expect(
        found.body.orders.items.map((o: { order_id: number }) => o.order_id),
        q,
      ).toEqual([order.orderId]);
    }
    const confirmed = await call(ctx.app, 'GET', '/api/admin/orders?status=Confirmed', owner);
    expect(confirmed.body.orders.items.some((o: { order_id: number }) => o.order_id === order.orderId)).toBe(
      false,
    );
    const bad = await call(ctx.app, 'GET', '/api/admin/orders?status=Lost&page=0', owner);
    expect(bad.status).toBe(400);
    expect(bad.body.smessage).toMatch(/Status must be one of|Page must be/);
  });

  it('moves an order on with the history, the mails, the carrier and tracking number the customer sees', async () => {
    const buyer = await makeCustomer(ctx.app, owner);
    const [item] = items(1);
    const order = await placeOrder(ctx.app, buyer.cookie, [{ itemId: item!.itemId, quantity: 2 }]);
    const url = `/api/admin/orders/${order.orderId}`;

    const detail = await call(ctx.app, 'GET', url, owner);
    expect(detail.body.order).toMatchObject({
      status: 'Pending',
      customer_id: buyer.customerId,
      actions: ['confirm', 'cancel', 'decline'],
      can_invoice: true,
      shipping_address: { city: 'Toronto', province: 'Ontario' },
      lines: [{ item_id: item!.itemId, quantity: 2 }],
      placed_by: { email: buyer.email },
    });
    expect(detail.body.order.history).toEqual([expect.objectContaining({ kind: 'placed' })]);
    // The history names the buyer who placed it, not their contact id.
    expect(detail.body.order.history[0].actor_name).toBe('Test Buyer');
    expect(detail.body.order.history[0].actor).not.toBe('Test Buyer');
    // The shop's inbox is told, with the order's page in the back office on a line of its own.
    const notice = await waitForMail(sink, ctx.config.SHOP_INBOX, `New order ${order.orderNumber}`);
    expect(notice.split(/\r?\n/)).toContain(`${ctx.config.PUBLIC_URL}/acer/admin/orders/${order.orderId}`);

    const early = await call(ctx.app, 'POST', `${url}/status`, owner, { action: 'ship' });
    expect(early.status).toBe(409);
    expect(early.body.smessage).toMatch(/is Pending; it can be shipped only when Confirmed/);

    const confirm = await call(ctx.app, 'POST', `${url}/status`, owner, { action: 'confirm' });
    expect(confirm.body.order.status).toBe('Confirmed');
    expect(await waitForMail(sink, buyer.email, `Order ${order.orderNumber} confirmed`)).toContain(
      'We have confirmed your order',
    );

    // A carrier not on the list is refused with the list; the order stays as it was.
    const unknown = await call(ctx.app, 'POST', `${url}/status`, owner, {
      action: 'ship',
      carrier: 'Pigeon Express',
      tracking_number: 'PE-1',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.smessage).toBe(
      'The carrier must be one of Canada Post, Purolator, UPS, FedEx, Canpar, Loomis, DHL, Other (or left empty).',
    );
    expect((await call(ctx.app, 'GET', url, owner)).body.order.status).toBe('Confirmed');

    const ship = await call(ctx.app, 'POST', `${url}/status`, owner, {
      action: 'ship',
      carrier: 'Purolator',
      tracking_number: 'PUR-332211',
      serials: await unitSerials(ctx.database.db, order.orderId),
    });
    expect(ship.body.order).toMatchObject({
      status: 'Shipped',
      carrier: 'Purolator',
      tracking_number: 'PUR-332211',
    });
    const shippedMail = await waitForMail(sink, buyer.email, `Order ${order.orderNumber} shipped`);
    expect(shippedMail).toContain('Carrier: Purolator');
    expect(shippedMail).toContain('Tracking number: PUR-332211');
    // The carrier's tracking page, on a line of its own.
    expect(shippedMail.split(/\r?\n/)).toContain(
      'https://www.purolator.com/en/shipping/tracker?pin=PUR-332211',
    );
    const mine = await call(
      ctx.app,
      'GET',
      `/api/user/${buyer.customerId}/orders/${order.orderId}`,
      buyer.cookie,
    );
    expect(mine.body.orderInfo.order).toMatchObject({
      status: 'Shipped',
      shipping_carrier: 'Purolator',
      tracking_number: 'PUR-332211',
    });

    const deliver = await call(ctx.app, 'POST', `${url}/status`, owner, { action: 'deliver' });
    expect(deliver.body.order.status).toBe('Delivered');
    expect(
      deliver.body.order.history.map((e: { kind: string; actor: string; actor_name: string }) => [
        e.kind,
        e.actor,
        e.actor_name,
      ]),
    ).toEqual([
      ['placed', expect.any(String), 'Test Buyer'],
      ['confirmed', OWNER.email, OWNER.email],
      ['shipped', OWNER.email, OWNER.email],
      ['delivered', OWNER.email, OWNER.email],
    ]);
    expect(deliver.body.order.audit[0]).toMatchObject({
      actor: OWNER.email,
      action: 'order.deliver',
      before: { status: 'Shipped' },
      after: { status: 'Delivered' },
    });
    expect(deliver.body.order.audit.find((a: { action: string }) => a.action === 'order.ship')).toMatchObject(
      {
        after: { status: 'Shipped', carrier: 'Purolator', tracking_number: 'PUR-332211' },
      },
    );
  });

  it('cancel and decline need a reason, mail it, and put the stock back', async () => {
    const buyer = await makeCustomer(ctx.app, owner);
    const [a, b] = items(2);
    const stockA = await stockOf(a!.itemId);
    const stockB = await stockOf(b!.itemId);
    const order = await placeOrder(ctx.app, buyer.cookie, [
      { itemId: b!.itemId, quantity: 2 },
      { itemId: a!.itemId, quantity: 3 },
    ]);
    expect(await stockOf(a!.itemId)).toBe(stockA - 3);
    const url = `/api/admin/orders/${order.orderId}/status`;
    const noReason = await call(ctx.app, 'POST', url, owner, { action: 'cancel' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.smessage).toMatch(/Please give a reason/);
    const cancel = await call(ctx.app, 'POST', url, owner, {
      action: 'cancel',
      reason: 'Out of production.',
    });
    expect(cancel.body.order.status).toBe('Canceled');
    expect(await stockOf(a!.itemId)).toBe(stockA);
    expect(await stockOf(b!.itemId)).toBe(stockB);
    expect(await waitForMail(sink, buyer.email, `Order ${order.orderNumber} canceled`)).toContain(
      'Reason: Out of production.',
    );
    // Buyers see the stock again at once.
    const product = await call(ctx.app, 'GET', `/api/product/${a!.itemId}`, buyer.cookie);
    expect(product.body.itemInfo.itemDetail[0].stock).toBe(stockA);
    expect((await call(ctx.app, 'POST', url, owner, { action: 'decline', reason: 'x' })).status).toBe(409);

    const second = await placeOrder(ctx.app, buyer.cookie, [{ itemId: a!.itemId, quantity: 1 }]);
    const decline = await call(ctx.app, 'POST', `/api/admin/orders/${second.orderId}/status`, owner, {
      action: 'decline',
      reason: 'We cannot ship to this address.',
    });
    expect(decline.body.order.history.at(-1)).toMatchObject({
      kind: 'declined',
      reason: 'We cannot ship to this address.',
    });
    expect(await stockOf(a!.itemId)).toBe(stockA);
  });

  it('invoices with shipping and extra lines, then a corrected invoice replaces it for the customer', async () => {
    const buyer = await makeCustomer(ctx.app, owner);
    const [item] = items(1);
    const order = await placeOrder(ctx.app, buyer.cookie, [{ itemId: item!.itemId, quantity: 1 }]);
    const url = `/api/admin/orders/${order.orderId}`;
    const noCorrection = await call(ctx.app, 'POST', `${url}/invoice/correct`, owner, { shipping: 10 });
    expect(noCorrection.status).toBe(409);
    // The seller's own lines, no fee line from the fee table (fees: given).
    const first = await call(ctx.app, 'POST', `${url}/invoice`, owner, {
      shipping: '25.00',
      lines: [{ name: 'Recycling fee', amount: 5 }],
      fees: 'given',
    });
    expect(first.status).toBe(200);
    const invoice = first.body.order.invoices[0];
    expect(invoice).toMatchObject({ shipping: 25, replaced_at: null });
    expect(invoice.lines.map((l: { item_name: string }) => l.item_name)).toEqual([
      item!.itemName,
      'Shipping (Standard)',
      'Recycling fee',
    ]);
    expect(first.body.order.can_invoice).toBe(false);
    await waitForMail(sink, buyer.email, `Invoice ${invoice.invoice_number} for order ${order.orderNumber}`);
    const twice = await call(ctx.app, 'POST', `${url}/invoice`, owner, { shipping: 1 });
    expect(twice.status).toBe(409);
    expect(twice.body.smessage).toMatch(/already has invoice .* make a corrected invoice instead/);

    const corrected = await call(ctx.app, 'POST', `${url}/invoice/correct`, owner, {
      shipping: 15,
      lines: [{ name: 'Price correction', amount: -10 }],
      fees: 'given',
      note: 'Shipping was overcharged.',
    });
    const [current, replaced] = corrected.body.order.invoices;
    expect(current).toMatchObject({ shipping: 15, replaced_at: null, note: 'Shipping was overcharged.' });
    expect(replaced).toMatchObject({ invoice_id: invoice.invoice_id, replaced_by: current.invoice_id });
    expect(replaced.replaced_at).not.toBeNull();
    // Shipping and extras go from 25 + 5 to 15 - 10, taxed at 13 %.
    expect(current.total).toBeCloseTo(invoice.total - 25 * 1.13, 2);
    expect(corrected.body.order.history.at(-1)).toMatchObject({
      kind: 'invoice_corrected',
      invoice_id: current.invoice_id,
    });
    expect(await waitForMail(sink, buyer.email, `Corrected invoice ${current.invoice_number}`)).toContain(
      `replaces invoice ${invoice.invoice_number}`,
    );

    // The customer's answers show the latest invoice, by the old link too.
    for (const id of [invoice.invoice_id, current.invoice_id]) {
      const seen = await call(ctx.app, 'GET', `/api/user/${buyer.customerId}/invoices/${id}`, buyer.cookie);
      expect(seen.body.orderInfo.order).toMatchObject({
        invoice_number: current.invoice_number,
        total: current.total,
      });
    }
    const list = await call(ctx.app, 'GET', `/api/user/${buyer.customerId}/orders`, buyer.cookie);
    expect(list.body.orders.find((o: { order_id: number }) => o.order_id === order.orderId)).toMatchObject({
      invoice_number: current.invoice_number,
    });
    expect(corrected.body.order.audit[0]).toMatchObject({
      action: 'order.correct_invoice',
      before: {
        invoice_number: invoice.invoice_number,
        shipping: 25,
        lines: [{ name: 'Recycling fee', amount: 5 }],
      },
      after: { invoice_number: current.invoice_number, shipping: 15, note: 'Shipping was overcharged.' },
    });
    const negative = await call(ctx.app, 'POST', `${url}/invoice/correct`, owner, {
      lines: [{ name: 'Too much', amount: -1_000_000 }],
    });
    expect(negative.status).toBe(400);
  });

  it('answers an unknown order with 404 and bad input with 400', async () => {
    expect((await call(ctx.app, 'GET', '/api/admin/orders/99999999', owner)).status).toBe(404);
    expect((await call(ctx.app, 'GET', '/api/admin/orders/abc', owner)).status).toBe(404);
    const bad = await call(ctx.app, 'POST', '/api/admin/orders/1/status', owner, { action: 'teleport' });
    expect(bad.status).toBe(400);
    expect(bad.body.smessage).toMatch(/The action must be one of confirm, ship, deliver, cancel, decline/);
  });
});
