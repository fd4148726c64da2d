/**
 * The mail an order sends, read at a real SMTP server on loopback. On PostgreSQL the orders go through
 * three server instances on one database; on PGlite through the one instance the database allows.
 */
import { formatMoney } from '@shop/domain/core/money';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';
import { addresses, contacts, customers, orders, outbox, products } from '../../db/schema';
import { unitSerials } from '../../test/admin';
import { type Buyer, cartAddBody, checkoutBody, createBuyers } from '../../test/buyers';
import { useTestApp } from '../../test/harness';
import { type MailSink, startMailSink, waitFor } from '../../test/mail-sink';
import type { ProductRecord } from '../catalog';
import { createInvoice } from '../invoices';
import { changeOrderStatus } from './admin-service';

const INBOX = 'orders@shop.example';
const sink: MailSink = await startMailSink();
const ctx = useTestApp({ SMTP_URL: sink.url, SHOP_INBOX: INBOX });
const extra: { app: FastifyInstance; database: Database }[] = [];
let instances: FastifyInstance[] = [];
let product: ProductRecord;

beforeAll(async () => {
  const item = [...ctx.app.services.catalog.items.values()].find(
    (p) => p.isActive && p.itemCondition === 'BrandNew' && !p.isSale,
  )!;
  await ctx.database.db.update(products).set({ stock: 1000 }).where(eq(products.itemId, item.itemId));
  product = item;
  if (ctx.url) {
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ url: ctx.url, poolSize: 5 });
      extra.push({ app: await buildApp(ctx.config, { database, prepared: true }), database });
    }
  }
  instances = [ctx.app, ...extra.map((e) => e.app)];
});

afterAll(async () => {
  for (const { app, database } of extra) {
    await app.close();
    await database.close();
  }
  await sink.close();
});

async function placeOrder(app: FastifyInstance, buyer: Buyer, quantity = 1, createdTime?: string) {
  const added = await app.inject({
    method: 'POST',
    url: '/api/user/cart/add',
    headers: { cookie: buyer.cookie },
    payload: cartAddBody(buyer, product.itemId, quantity),
  });
  expect(added.statusCode).toBe(200);
  const placed = await app.inject({
    method: 'POST',
    url: '/api/placeorder',
    headers: { cookie: buyer.cookie },
    payload: checkoutBody(buyer, product, quantity, { createdTime }),
  });
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json() as { orderId: number; orderNumber: string };
}

const mailsTo = (address: string, orderNumber: string) =>
  sink.received.filter((m) => m.to.includes(address) && m.subject.includes(orderNumber));

/**
 * Waits until every listed mail has come and the outbox has nothing left to send: a message is marked sent
 * only once the mail server took it, so no duplicate can still be on its way.
 */
async function settle(what: string, done: () => boolean) {
  await waitFor(what, done);
  await waitFor(
    'the outbox to be delivered',
    async () =>
      (await ctx.database.db.$count(outbox, and(isNull(outbox.sentAt), isNull(outbox.failedAt)))) === 0,
  );
}

describe('order mail', () => {
  it('12 orders through every instance give exactly 12 confirmations and 12 notices to the shop inbox', async () => {
    const buyers = await createBuyers(ctx.database.db, 12, 'C3');
    const placed = await Promise.all(buyers.map((b, i) => placeOrder(instances[i % instances.length]!, b)));
    const numbers = placed.map((p) => p.orderNumber);
    expect(new Set(numbers).size).toBe(12);

    await settle('24 mails', () =>
      buyers.every(
        (b, i) => mailsTo(b.email, numbers[i]!).length > 0 && mailsTo(INBOX, numbers[i]!).length > 0,
      ),
    );
    for (const [i, buyer] of buyers.entries()) {
      const confirmations = mailsTo(buyer.email, numbers[i]!);
      const notices = mailsTo(INBOX, numbers[i]!);
      expect(confirmations, `confirmations of ${numbers[i]}`).toHaveLength(1);
      expect(notices, `inbox notices of ${numbers[i]}`).toHaveLength(1);
      expect(confirmations[0]!.text).toContain(`Thank you for your order ${numbers[i]}`);
      // The condition by its name, as the invoice's PDF writes it, never its code.
      expect(confirmations[0]!.text).toContain(`1 x ${product.itemName} (${product.sku}, Brand new) at `);
      expect(confirmations[0]!.text).not.toContain('BrandNew');
      // Who, which company, which purchase order, what and for how much.
      const notice = notices[0]!.text;
      expect(notices[0]!.subject).toBe(
        `New order ${numbers[i]} from ${buyer.company} (PO PO-${buyer.customerId})`,
      );
      expect(notice).toContain(`Customer: ${buyer.company} (${buyer.customerId})`);
      expect(notice).toContain(`Placed by: ${buyer.name} <${buyer.email}>`);
      expect(notice).toContain(`Purchase order: PO-${buyer.customerId}`);
      expect(notice).toContain(`1 x ${product.itemName} (${product.sku}, Brand new)`);
      expect(notice).not.toContain('BrandNew');
      const total = checkoutBody(buyer, product, 1).orderInfo.total;
      expect(notice).toContain(`Total: ${formatMoney(Math.round(total * 100))}`);
      expect(notices[0]!.raw).toMatch(new RegExp(`^Reply-To: ${buyer.email}`, 'im'));
      // The seller opens the order in the back office from the notice, the link on a line of its own.
      const lines = notice.split(/\r?\n/);
      expect(lines).toContain('Confirm it in the back office:');
      expect(lines).toContain(`${ctx.config.PUBLIC_URL}/acer/admin/orders/${placed[i]!.orderId}`);
      expect(notice).not.toContain('npm run seller');
    }
    const rows = await ctx.database.db
      .select({ sentAt: outbox.sentAt, attempts: outbox.attempts })
      .from(outbox)
      .where(inArray(outbox.to, [...buyers.map((b) => b.email), INBOX]));
    expect(rows).toHaveLength(24);
    for (const row of rows) expect(row).toMatchObject({ sentAt: expect.any(Date), attempts: 1 });
  });

  it('mails the customer each status the seller moves the order to, and its invoice', async () => {
    const [buyer, second, third] = await createBuyers(ctx.database.db, 3, 'C4');
    const { orderId, orderNumber } = await placeOrder(ctx.app, buyer!);
    const steps = [
      ['confirm', 'confirmed', 'We have confirmed your order and are preparing it for shipping.'],
      ['ship', 'shipped', 'Your order is on its way. Shipping takes 5-7 days.'],
      ['deliver', 'delivered', 'Your order has been delivered. Report any shipment damage within 7 days.'],
    ] as const;
    // As the seller's command does it: nothing wakes the servers but the queued row itself.
    for (const [action, word, text] of steps) {
      await changeOrderStatus(
        ctx.database.db,
        ctx.config.SHOP_TIME_ZONE,
        orderNumber,
        action,
        action === 'ship'
          ? {
              carrier: 'ups',
              trackingNumber: '1Z 999/AA',
              serials: await unitSerials(ctx.database.db, orderId),
            }
          : {},
      );
      const subject = `Order ${orderNumber} ${word}`;
      await settle(`the ${word} mail`, () => mailsTo(buyer!.email, subject).length > 0);
      const mails = mailsTo(buyer!.email, subject);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(text);
      if (action === 'ship') {
        // The carrier as the list spells it, the number, and its tracking page on a line of its own.
        const lines = mails[0]!.text.split(/\r?\n/);
        expect(lines).toContain('Carrier: UPS');
        expect(lines).toContain('Tracking number: 1Z 999/AA');
        expect(lines).toContain("Follow your parcel on the carrier's website:");
        expect(lines).toContain('https://www.ups.com/track?tracknum=1Z%20999%2FAA');
      }
    }
    const invoice = await createInvoice(ctx.database.db, ctx.config.SHOP_TIME_ZONE, orderNumber, 2500);
    await settle('the invoice mail', () => mailsTo(buyer!.email, invoice.invoiceNumber).length > 0);
    expect(mailsTo(buyer!.email, invoice.invoiceNumber)).toHaveLength(1);

    const canceled = await placeOrder(ctx.app, second!);
    await changeOrderStatus(ctx.database.db, ctx.config.SHOP_TIME_ZONE, canceled.orderNumber, 'cancel', {
      reason: 'Asked by the buyer',
    });
    const declined = await placeOrder(ctx.app, third!);
    await changeOrderStatus(ctx.database.db, ctx.config.SHOP_TIME_ZONE, declined.orderNumber, 'confirm');
    await changeOrderStatus(ctx.database.db, ctx.config.SHOP_TIME_ZONE, declined.orderNumber, 'decline', {
      reason: 'Out of stock at the supplier',
    });
    await settle('the cancel and decline mails', () =>
      Boolean(
        mailsTo(second!.email, `Order ${canceled.orderNumber} canceled`).length &&
          mailsTo(third!.email, `Order ${declined.orderNumber} declined`).length,
      ),
    );
    expect(mailsTo(second!.email, `Order ${canceled.orderNumber} canceled`)[0]!.text).toContain(
      'Your order has been canceled. Nothing is owed for it; anything already paid on it is refunded the way it was paid.',
    );
    expect(mailsTo(third!.email, `Order ${declined.orderNumber} declined`)[0]!.text).toContain(
      'We could not accept your order. Nothing is owed for it; anything already paid on it is refunded the way it was paid.',
    );
    // Placed, confirmed, declined: three mails for that order, no more.
    expect(mailsTo(third!.email, declined.orderNumber)).toHaveLength(3);
  });

  it("links the tracking page in the buyer's language, and has no link for Other", async () => {
    const [french, other] = await createBuyers(ctx.database.db, 2, 'C7');
    await ctx.database.db
      .update(contacts)
      .set({ language: 'fr' })
      .where(inArray(contacts.customerId, [french!.customerId, other!.customerId]));
    const first = await placeOrder(ctx.app, french!);
    const second = await placeOrder(ctx.app, other!);
    for (const { orderNumber } of [first, second])
      await changeOrderStatus(ctx.database.db, ctx.config.SHOP_TIME_ZONE, orderNumber, 'confirm');
    await changeOrderStatus(ctx.database.db, ctx.config.SHOP_TIME_ZONE, first.orderNumber, 'ship', {
      carrier: 'Canada Post',
      trackingNumber: '7023 2100',
      serials: await unitSerials(ctx.database.db, first.orderId),
    });
    // The seller's command is held to the list too.
    await expect(
      changeOrderStatus(ctx.database.db, ctx.config.SHOP_TIME_ZONE, second.orderNumber, 'ship', {
        carrier: 'Pigeon Express',
      }),
    ).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/carrier must be one of/) });
    await changeOrderStatus(ctx.database.db, ctx.config.SHOP_TIME_ZONE, second.orderNumber, 'ship', {
      carrier: 'Other',
      trackingNumber: 'LOCAL-42',
      serials: await unitSerials(ctx.database.db, second.orderId),
    });
    // The shipped mail, in French.
    const shipped = (buyer: Buyer) =>
      sink.received.filter((m) => m.to.includes(buyer.email) && m.text.includes('Transporteur'));
    await settle('the two shipped mails', () => Boolean(shipped(french!).length && shipped(other!).length));
    const lines = shipped(french!)[0]!.text.split(/\r?\n/);
    expect(lines).toContain('Transporteur\u00a0: Canada Post');
    expect(lines).toContain('Numéro de suivi\u00a0: 7023 2100');
    expect(lines).toContain('Suivez votre colis sur le site du transporteur\u00a0:');
    expect(lines).toContain(
      'https://www.canadapost-postescanada.ca/track-reperage/fr#/search?searchFor=7023%202100',
    );
    const otherText = shipped(other!)[0]!.text;
    expect(otherText.split(/\r?\n/)).toContain('Transporteur\u00a0: Autre');
    expect(otherText).toContain('LOCAL-42');
    expect(otherText).not.toContain('https://');
    expect(otherText).not.toContain('Suivez votre colis');
  });

  it('confirms an order billed in Quebec in French, the province named Québec', async () => {
    const [buyer] = await createBuyers(ctx.database.db, 1, 'C8');
    await ctx.database.db
      .update(addresses)
      .set({ city: 'Montréal', province: 'Quebec', zip: 'H2Y1C6' })
      .where(eq(addresses.addressId, buyer!.addressId));
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/cart/add',
      headers: { cookie: buyer!.cookie },
      payload: cartAddBody(buyer!, product.itemId, 1),
    });
    expect(added.statusCode).toBe(200);
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/placeorder',
      headers: { cookie: buyer!.cookie },
      payload: checkoutBody(buyer!, product, 1, { province: 'Quebec' }),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderNumber } = placed.json() as { orderNumber: string };
    await settle('the French confirmation', () => mailsTo(buyer!.email, orderNumber).length === 1);
    const [mail] = mailsTo(buyer!.email, orderNumber);
    const text = mail!.text.replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain(`Merci pour votre commande ${orderNumber}`);
    expect(text).toContain('Livraison : Standard, à Buyer 0, 1 Main St, Montréal, Québec H2Y 1C6');
    expect(text).toContain(', Neuf) à ');
    expect(text).toMatch(/TPS 5 %/);
    expect(text).not.toContain('Quebec');
    expect(text).not.toContain('BrandNew');
    // The shop's own notice stays in English.
    await settle('the notice', () => mailsTo(INBOX, orderNumber).length === 1);
    expect(mailsTo(INBOX, orderNumber)[0]!.text).toContain('Montréal, Quebec H2Y 1C6');
  });

  it('keeps what buyers typed from passing for lines of the order mails', async () => {
    const [buyer] = await createBuyers(ctx.database.db, 1, 'C6');
    // As kept by an older version that let line breaks through.
    await ctx.database.db
      .update(contacts)
      .set({ contactName: 'X\nBcc: name@example.com' })
      .where(eq(contacts.customerId, buyer!.customerId));
    await ctx.database.db
      .update(customers)
      .set({ company: 'Buyer Co\r\nBcc: company@example.com' })
      .where(eq(customers.customerId, buyer!.customerId));
    await ctx.database.db
      .update(addresses)
      .set({ firstName: 'Ann\nBcc: address@example.com' })
      .where(eq(addresses.addressId, buyer!.addressId));
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/cart/add',
      headers: { cookie: buyer!.cookie },
      payload: cartAddBody(buyer!, product.itemId, 1),
    });
    expect(added.statusCode).toBe(200);
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/placeorder',
      headers: { cookie: buyer!.cookie },
      payload: checkoutBody(buyer!, product, 1, { po: 'PO-6\nBcc: po@example.com' }),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderId, orderNumber } = placed.json() as { orderId: number; orderNumber: string };
    const [stored] = await ctx.database.db.select().from(orders).where(eq(orders.orderId, orderId));
    expect(stored!.purchaseOrderId).toBe('PO-6 Bcc: po@example.com');
    await settle('the confirmation and the notice', () =>
      Boolean(mailsTo(buyer!.email, orderNumber).length && mailsTo(INBOX, orderNumber).length),
    );
    const notice = mailsTo(INBOX, orderNumber)[0]!.text;
    const confirmation = mailsTo(buyer!.email, orderNumber)[0]!.text;
    for (const text of [notice, confirmation]) {
      expect(text.split('\n').filter((line) => /^\s*bcc:/i.test(line))).toEqual([]);
    }
    expect(notice).toContain('Placed by: X Bcc: name@example.com');
    expect(notice).toContain('Customer: Buyer Co Bcc: company@example.com');
    expect(notice).toContain('Purchase order: PO-6 Bcc: po@example.com');
    const rows = await ctx.database.db
      .select({ body: outbox.body })
      .from(outbox)
      .where(inArray(outbox.to, [buyer!.email, INBOX]));
    for (const { body } of rows) {
      expect(body.split(/\r\n|[\n\r]/).filter((line) => /^\s*bcc:/i.test(line))).toEqual([]);
    }
  });

  it('dates the order by the server clock everywhere the buyer sees it, whatever the page sent', async () => {
    const [buyer] = await createBuyers(ctx.database.db, 1, 'C5');
    const before = Date.now();
    const { orderId, orderNumber } = await placeOrder(ctx.app, buyer!, 1, '1999-01-01T09:30:00');
    const after = Date.now();
    const near = (iso: string) => {
      const t = new Date(iso).getTime();
      return t >= before - 1000 && t <= after + 1000;
    };
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/${buyer!.customerId}/orders`,
      headers: { cookie: buyer!.cookie },
    });
    const listed = (list.json().orders as Record<string, string | number>[]).find(
      (o) => o.order_id === orderId,
    )!;
    expect(near(String(listed.created_time))).toBe(true);
    expect(near(String(listed.created_at))).toBe(true);
    expect(listed.client_created_time).toBe('1999-01-01T09:30:00');

    const view = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/${buyer!.customerId}/orders/${orderId}`,
      headers: { cookie: buyer!.cookie },
    });
    expect(near(view.json().orderInfo.order.created_time)).toBe(true);
    expect(view.json().orderInfo.order.client_created_time).toBe('1999-01-01T09:30:00');
    const invoice = await createInvoice(ctx.database.db, ctx.config.SHOP_TIME_ZONE, orderNumber, 0);
    const invoiceView = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/${buyer!.customerId}/invoices/${invoice.invoiceId}`,
      headers: { cookie: buyer!.cookie },
    });
    expect(near(invoiceView.json().orderInfo.order.created_time)).toBe(true);

    const [stored] = await ctx.database.db.select().from(orders).where(eq(orders.orderId, orderId));
    expect(stored!.createdTime).toBe('1999-01-01T09:30:00');
    await settle('the confirmation', () => mailsTo(buyer!.email, orderNumber).length > 0);
    const confirmation = mailsTo(buyer!.email, orderNumber)[0]!.text;
    const year = new Date().getFullYear();
    expect(confirmation).toMatch(new RegExp(`placed [A-Z][a-z]+ \\d{1,2}, ${year} at \\d{1,2}:\\d{2}`));
    expect(confirmation).not.toContain('1999');
  });
});
