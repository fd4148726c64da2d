/**
 * The checkout's limits (GET /api/user/{customerid}/checkout-limits): the signed-in person's order limit and
 * what the company may still order on credit, so the checkout forecasts with the placing's own rules
 * (domain/orders/checkout-limits.ts). What it forecasts is what placing then does; the company's balance is
 * never given (the room stops at 0), an administrator has no order limit, and only one's own company is read.
 */
import { randomBytes } from 'node:crypto';
import { toCents } from '@shop/domain/core/money';
import { checkoutForecast } from '@shop/domain/orders/checkout-limits';
import { beforeAll, describe, expect, it } from 'vitest';
import { contacts, sessions } from '../../db/schema';
import { call, OWNER, staffSignIn } from '../../test/admin';
import { type Buyer, createBuyers } from '../../test/buyers';
import { useTestApp } from '../../test/harness';
import type { ProductRecord } from '../catalog';
import { hashToken } from '../sessions';
import { orderOf, placeTo, send, stockedItem } from '../tax/test-support';

const ctx = useTestApp();
let owner = '';
let item: ProductRecord;
let companies: Buyer[] = [];
/** What an order of one unit comes to, tax included, in cents. */
let unitTotal = 0;

interface Limits {
  order_limit: number | null;
  credit_limit: number | null;
  credit_room: number | null;
}

async function limitsOf(who: Buyer, customerId = who.customerId) {
  const answer = await ctx.app.inject({
    method: 'GET',
    url: `/api/user/${customerId}/checkout-limits`,
    headers: { cookie: who.cookie },
  });
  return { status: answer.statusCode, body: answer.json(), headers: answer.headers };
}

async function limits(who: Buyer): Promise<Limits> {
  const answer = await limitsOf(who);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.limits;
}

/** The forecast the checkout page makes for an order of `totalCents` from the answer. */
function forecast(answer: Limits, totalCents: number) {
  const cents = (dollars: number | null) => (dollars === null ? null : toCents(dollars));
  return checkoutForecast(totalCents, {
    orderLimitCents: cents(answer.order_limit),
    creditLimitCents: cents(answer.credit_limit),
    creditRoomCents: cents(answer.credit_room),
  });
}

async function placeOne(who: Buyer) {
  const placed = await placeTo(ctx.app, ctx.database.db, who, {
    addressId: who.addressId,
    province: 'Ontario',
    item,
    quantity: 1,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return placed.body;
}

async function setCreditLimit(who: Buyer, dollars: number | null) {
  const set = await send(ctx.app, 'PUT', `/api/admin/customers/${who.customerId}/credit`, owner, {
    payment_terms: 'net30',
    credit_limit: dollars,
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
}

/** A buyer (not an administrator) of the company, signed in. */
async function buyerOf(company: Buyer): Promise<Buyer & { contactPersonId: string }> {
  const contactPersonId = `${company.customerId}-B`;
  const email = `buyer.${company.customerId.toLowerCase()}@buyers.example`;
  await ctx.database.db.insert(contacts).values({
    contactPersonId,
    customerId: company.customerId,
    firstName: 'Bea',
    lastName: 'Buyer',
    username: email,
    email,
    passwordHash: 'not-used',
    role: 'buyer',
    isPrimary: false,
  });
  const token = randomBytes(32).toString('base64url');
  await ctx.database.db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), contactPersonId, expiresAt: new Date(Date.now() + 3_600_000) });
  return { ...company, email, cookie: `sid=${token}`, contactPersonId };
}

beforeAll(async () => {
  owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
  companies = await createBuyers(ctx.database.db, 4, 'CL');
  item = await stockedItem(ctx.app, ctx.database.db);
  const scout = companies[3]!;
  unitTotal = toCents((await orderOf(ctx.app, scout, (await placeOne(scout)).orderId)).total);
});

describe('the checkout limits', () => {
  it('are none for an administrator of a company without a credit limit; the answer is not kept', async () => {
    const admin = companies[0]!;
    const answer = await limitsOf(admin);
    expect(answer.status).toBe(200);
    expect(answer.body.limits).toEqual({ order_limit: null, credit_limit: null, credit_room: null });
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(forecast(answer.body.limits, 100_000_000)).toBeNull();
  });

  it('give what the company may still order on credit, never its balance, and forecast the hold', async () => {
    const admin = companies[1]!;
    // Room for one order and a half.
    const limitCents = Math.round(unitTotal * 1.5);
    await setCreditLimit(admin, limitCents / 100);
    expect(await limits(admin)).toEqual({
      order_limit: null,
      credit_limit: limitCents / 100,
      credit_room: limitCents / 100,
    });
    expect(forecast(await limits(admin), unitTotal)).toBeNull();
    expect((await placeOne(admin)).status).toBe('Pending');

    // Half an order is left: the next one is forecast held, and placing it holds it.
    const left = await limits(admin);
    expect(left.credit_room).toBe((limitCents - unitTotal) / 100);
    expect(forecast(left, unitTotal)).toEqual({ kind: 'creditHold', creditLimitCents: limitCents });
    expect((await placeOne(admin)).status).toBe('OnHold');

    // Past the limit the room is 0, not how far past it the company is.
    const none = await limits(admin);
    expect(none.credit_room).toBe(0);
    expect(forecast(none, 1)).toEqual({ kind: 'creditHold', creditLimitCents: limitCents });

    // Exactly the room is within it, as placing counts it.
    await setCreditLimit(admin, (2 * unitTotal + unitTotal) / 100);
    const exact = await limits(admin);
    expect(exact.credit_room).toBe(unitTotal / 100);
    expect(forecast(exact, unitTotal)).toBeNull();
    expect((await placeOne(admin)).status).toBe('Pending');
  });

  it('give a buyer their own order limit (an administrator none) and forecast the approval request', async () => {
    const admin = companies[2]!;
    const buyer = await buyerOf(admin);
    expect((await limits(buyer)).order_limit).toBeNull();
    // The company's limit for every buyer, below one order.
    const set = await call(ctx.app, 'POST', '/api/user/order-limits', admin.cookie, {
      buyer_order_limit: ((unitTotal - 1) / 100).toFixed(2),
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await limits(admin)).order_limit).toBeNull();
    const own = await limits(buyer);
    expect(own.order_limit).toBe((unitTotal - 1) / 100);
    expect(forecast(own, unitTotal)).toEqual({ kind: 'approval', limitCents: unitTotal - 1 });
    const sent = await placeOne(buyer);
    expect(sent.approval).toMatchObject({ limit: (unitTotal - 1) / 100, total: unitTotal / 100 });

    // Over both limits, the request for approval comes first (it owes nothing): so says the forecast.
    await setCreditLimit(admin, 0);
    expect(forecast(await limits(buyer), unitTotal)).toEqual({ kind: 'approval', limitCents: unitTotal - 1 });
    expect((await placeOne(buyer)).approval).toBeDefined();
  });

  it('are read only by the signed-in company', async () => {
    const [a, b] = companies as [Buyer, Buyer];
    const other = await limitsOf(a, b.customerId);
    expect(other.status).toBe(403);
    expect(other.body.limits).toBeUndefined();
    const visitor = await ctx.app.inject({ method: 'GET', url: `/api/user/${a.customerId}/checkout-limits` });
    expect(visitor.statusCode).toBe(401);
  });
});
