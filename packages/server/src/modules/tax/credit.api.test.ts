/**
 * Payment terms and the credit limit: the owner sets them (audited); an order that would take the company's
 * open balance past its limit is still placed, but held (OnHold) with its stock, and the buyer is told so;
 * the seller releases it (the buyer is mailed, the order goes on as Pending) or declines it (stock back,
 * mailed). Two orders of one company at once are checked one after the other: together they cannot both
 * pass un-held. On PostgreSQL the two go through two server instances.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, sessions } from '../../db/schema';
import { call, OWNER, staffSignIn, waitForMail } from '../../test/admin';
import { type Buyer, createBuyers } from '../../test/buyers';
import { useSecondApp, useTestApp } from '../../test/harness';
import { startMailSink } from '../../test/mail-sink';
import type { ProductRecord } from '../catalog';
import { hashToken } from '../sessions';
import { clerkCookie, orderOf, type Placed, placeTo, send, stockedItem, stockOf } from './test-support';

const sink = await startMailSink();
const ctx = useTestApp({ SMTP_URL: sink.url });
const second = useSecondApp(ctx);
afterAll(() => sink.close());

let owner = '';
let clerk = '';
let itemA: ProductRecord;
let itemB: ProductRecord;
let buyers: Buyer[] = [];
/** What one unit of A and of B comes to, tax included, for these buyers (15 %, Ontario). */
let totalA = 0;
let totalB = 0;

const creditUrl = (buyer: Buyer) => `/api/admin/customers/${buyer.customerId}/credit`;

async function place(buyer: Buyer, item: ProductRecord, app: FastifyInstance = ctx.app): Promise<Placed> {
  const placed = await placeTo(app, ctx.database.db, buyer, {
    addressId: buyer.addressId,
    province: 'Ontario',
    item,
    quantity: 1,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return placed;
}

async function setLimit(buyer: Buyer, limit: number | null, terms = 'net30') {
  const set = await send(ctx.app, 'PUT', creditUrl(buyer), owner, {
    payment_terms: terms,
    credit_limit: limit,
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return set.body;
}

/** A second buyer of the buyer's company, with a session of its own (its own cart). */
async function colleagueOf(buyer: Buyer): Promise<Buyer> {
  const contactPersonId = `CP2${buyer.customerId}`;
  await ctx.database.db.insert(contacts).values({
    contactPersonId,
    customerId: buyer.customerId,
    contactName: `Colleague of ${buyer.name}`,
    username: `colleague.${buyer.customerId.toLowerCase()}@buyers.example`,
    passwordHash: 'not-used',
    email: `colleague.${buyer.customerId.toLowerCase()}@buyers.example`,
    role: 'buyer',
  });
  const token = randomBytes(32).toString('base64url');
  await ctx.database.db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), contactPersonId, expiresAt: new Date(Date.now() + 3_600_000) });
  return {
    ...buyer,
    cookie: `sid=${token}`,
    email: `colleague.${buyer.customerId.toLowerCase()}@buyers.example`,
  };
}

beforeAll(async () => {
  const db = ctx.database.db;
  owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
  clerk = await clerkCookie(ctx.app, db);
  buyers = await createBuyers(db, 8, 'CR');
  itemA = await stockedItem(ctx.app, db, 0);
  itemB = await stockedItem(ctx.app, db, 1);
  // What an order of one unit comes to, from a company with no limit.
  const scout = buyers[7]!;
  totalA = (await orderOf(ctx.app, scout, (await place(scout, itemA)).body.orderId)).total;
  totalB = (await orderOf(ctx.app, scout, (await place(scout, itemB)).body.orderId)).total;
});

describe('payment terms and credit limit', () => {
  it('start as Net 30 and no limit, and the owner sets them (audited)', async () => {
    const buyer = buyers[0]!;
    const start = await call(ctx.app, 'GET', creditUrl(buyer), clerk);
    expect(start.body.credit).toEqual({
      customer_id: buyer.customerId,
      payment_terms: 'net30',
      credit_limit: null,
      open_balance: 0,
      held_orders: 0,
    });
    const refused = await send(ctx.app, 'PUT', creditUrl(buyer), clerk, {
      payment_terms: 'net15',
      credit_limit: 10,
    });
    expect(refused.status).toBe(403);
    const set = await send(ctx.app, 'PUT', creditUrl(buyer), owner, {
      payment_terms: 'net45',
      credit_limit: '2,500.50',
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.credit).toMatchObject({ payment_terms: 'net45', credit_limit: 2500.5 });
    expect(set.body.smessage).toContain('Net 45');
    const audit = await call(
      ctx.app,
      'GET',
      `/api/admin/audit?entity_type=customer&entity_id=${buyer.customerId}`,
      owner,
    );
    expect(audit.body.audit.items[0]).toMatchObject({
      actor: OWNER.email,
      action: 'customer.credit',
      before: { payment_terms: 'net30', credit_limit: null },
      after: { payment_terms: 'net45', credit_limit: 2500.5 },
    });
    // The same again changes nothing and records nothing.
    const same = await send(ctx.app, 'PUT', creditUrl(buyer), owner, {
      payment_terms: 'net45',
      credit_limit: 2500.5,
    });
    expect(same.body.smessage).toBe('Nothing changed.');
    // An empty limit is no limit.
    expect((await setLimit(buyer, null, 'due_on_receipt')).credit).toMatchObject({
      payment_terms: 'due_on_receipt',
      credit_limit: null,
    });
  });

  it('refuses bad terms or limits with 400 and the field', async () => {
    const buyer = buyers[0]!;
    const cases: [Record<string, unknown>, string][] = [
      [{ payment_terms: 'net90', credit_limit: null }, 'payment_terms'],
      [{ payment_terms: 'net30', credit_limit: -5 }, 'credit_limit'],
      [{ payment_terms: 'net30', credit_limit: 'lots' }, 'credit_limit'],
      [{ payment_terms: 'net30', credit_limit: 10.005 }, 'credit_limit'],
      [{ payment_terms: 'net30' }, 'credit_limit'],
    ];
    for (const [body, field] of cases) {
      const answer = await send(ctx.app, 'PUT', creditUrl(buyer), owner, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.body.errors), JSON.stringify(body)).toEqual([field]);
    }
    const none = await send(ctx.app, 'PUT', '/api/admin/customers/NOBODY1/credit', owner, {
      payment_terms: 'net30',
      credit_limit: null,
    });
    expect(none.status).toBe(404);
  });
});

describe('an order over the credit limit', () => {
  it('is placed on hold with its stock, the buyer told and mailed; the seller releases it', async () => {
    const buyer = buyers[1]!;
    // Room for one order and a half.
    await setLimit(buyer, Math.round(totalA * 150) / 100);
    const first = await place(buyer, itemA);
    expect(first.body.status).toBe('Pending');
    const stockBefore = await stockOf(ctx.database.db, itemA.itemId);
    const held = await place(buyer, itemA);
    expect(held.body.status).toBe('OnHold');
    expect(held.body.smessage).toContain('on hold for a credit review');
    // The stock is kept for it.
    expect(await stockOf(ctx.database.db, itemA.itemId)).toBe(stockBefore - 1);
    const order = await orderOf(ctx.app, buyer, held.body.orderId);
    expect(order.status).toBe('OnHold');
    await waitForMail(
      sink,
      buyer.email,
      new RegExp(`${held.body.orderNumber}[\\s\\S]*on hold for a credit review`),
    );
    const credit = await call(ctx.app, 'GET', creditUrl(buyer), clerk);
    expect(credit.body.credit).toMatchObject({
      held_orders: 1,
      open_balance: Math.round(totalA * 200) / 100,
    });
    // The back office's navigation counts it apart from the pending orders.
    const held0 = (await call(ctx.app, 'GET', '/api/admin/me', clerk)).body.held_orders;
    expect(held0).toBeGreaterThanOrEqual(1);
    // It cannot be invoiced while held.
    const invoice = await call(ctx.app, 'POST', `/api/admin/orders/${held.body.orderId}/invoice`, owner, {});
    expect(invoice.status).toBe(409);

    // A clerk cannot override the credit limit (only owners set it); an owner releases it.
    const byClerk = await call(ctx.app, 'POST', `/api/admin/orders/${held.body.orderId}/status`, clerk, {
      action: 'release',
    });
    expect(byClerk.status).toBe(403);
    expect(byClerk.body.smessage).toBe('Only an owner can release an order held for a credit review.');
    const released = await call(ctx.app, 'POST', `/api/admin/orders/${held.body.orderId}/status`, owner, {
      action: 'release',
    });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(released.body.order.status).toBe('Pending');
    expect((await orderOf(ctx.app, buyer, held.body.orderId)).status).toBe('Pending');
    expect((await call(ctx.app, 'GET', '/api/admin/me', clerk)).body.held_orders).toBe(held0 - 1);
    const mail = await waitForMail(sink, buyer.email, `Order ${held.body.orderNumber} released`);
    expect(mail).toContain('passed its credit review');
    expect(await stockOf(ctx.database.db, itemA.itemId)).toBe(stockBefore - 1);
    // Released once: a second release is refused.
    const again = await call(ctx.app, 'POST', `/api/admin/orders/${held.body.orderId}/status`, owner, {
      action: 'release',
    });
    expect(again.status).toBe(409);
  });

  it('declined by the seller gives its stock back and the buyer is mailed', async () => {
    const buyer = buyers[2]!;
    await setLimit(buyer, 0.01);
    const stockBefore = await stockOf(ctx.database.db, itemB.itemId);
    const held = await place(buyer, itemB);
    expect(held.body.status).toBe('OnHold');
    expect(await stockOf(ctx.database.db, itemB.itemId)).toBe(stockBefore - 1);
    const declined = await call(ctx.app, 'POST', `/api/admin/orders/${held.body.orderId}/status`, owner, {
      action: 'decline',
      reason: 'Credit review: the account has invoices past due.',
    });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect(declined.body.order.status).toBe('Declined');
    expect(await stockOf(ctx.database.db, itemB.itemId)).toBe(stockBefore);
    const mail = await waitForMail(sink, buyer.email, `Order ${held.body.orderNumber} declined`);
    expect(mail).toContain('invoices past due');
    // A declined order no longer counts toward the balance.
    expect((await call(ctx.app, 'GET', creditUrl(buyer), owner)).body.credit).toMatchObject({
      open_balance: 0,
      held_orders: 0,
    });
  });

  it('an order within the limit, or with none, goes on as Pending', async () => {
    const buyer = buyers[3]!;
    await setLimit(buyer, Math.round(totalA * 100) / 100);
    // Exactly at the limit is within it.
    expect((await place(buyer, itemA)).body.status).toBe('Pending');
    await setLimit(buyer, null);
    expect((await place(buyer, itemA)).body.status).toBe('Pending');
  });
});

describe('two orders of one company at once', () => {
  it('that together pass the limit: at most one goes on un-held', async () => {
    // A limit each order fits alone and the two together pass; the orders take different items, so
    // nothing but the company's credit check puts them one after the other.
    for (const buyer of buyers.slice(4, 7)) {
      await setLimit(buyer, Math.max(totalA, totalB));
      const colleague = await colleagueOf(buyer);
      const [a, b] = await Promise.all([place(buyer, itemA), place(colleague, itemB, second.app ?? ctx.app)]);
      expect([a.body.status, b.body.status].sort()).toEqual(['OnHold', 'Pending']);
      const credit = await call(ctx.app, 'GET', creditUrl(buyer), owner);
      expect(credit.body.credit).toMatchObject({
        held_orders: 1,
        open_balance: Math.round((totalA + totalB) * 100) / 100,
      });
    }
  });
});
