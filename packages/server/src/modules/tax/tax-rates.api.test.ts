/**
 * Tax rates by authority, dated: an order in Nova Scotia today pays HST 14 %; a rate the owner adds for a
 * later day leaves today's orders and the checkout alone until then; an order keeps the rates it was
 * placed with whatever is added after it. Only owners add rates, each addition audited, bad input a 400.
 */
import { componentTax, type Province, provinceDay } from '@shop/domain/tax/rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, OWNER, staffSignIn } from '../../test/admin';
import { type Buyer, createBuyers } from '../../test/buyers';
import { useTestApp } from '../../test/harness';
import type { ProductRecord } from '../catalog';
import { addressIn, checkoutTaxesOf, clerkCookie, orderOf, placeTo, send, stockedItem } from './test-support';

const ctx = useTestApp();
let owner = '';
let clerk = '';
let buyer: Buyer;
let item: ProductRecord;
const addressOf: Partial<Record<Province, number>> = {};

/** The day after `day` (YYYY-MM-DD). */
function nextDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function previousDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

const today = (province: Province) => provinceDay(new Date(), province);

beforeAll(async () => {
  const db = ctx.database.db;
  owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
  clerk = await clerkCookie(ctx.app, db);
  buyer = (await createBuyers(db, 1, 'TR'))[0]!;
  item = await stockedItem(ctx.app, db);
  for (const province of ['Nova Scotia', 'New Brunswick'] as const)
    addressOf[province] = await addressIn(db, buyer!.customerId, province);
});

async function place(province: Province, quantity = 2) {
  const placed = await placeTo(ctx.app, ctx.database.db, buyer, {
    addressId: addressOf[province]!,
    province,
    item,
    quantity,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return orderOf(ctx.app, buyer, placed.body.orderId);
}

/** The order's taxes as the buyer's order page reads them, and the tax they add up to, in cents. */
function expectHst(order: Record<string, unknown>, ratePercent: number) {
  const subtotalCents = Math.round((order.subtotal as number) * 100);
  const taxCents = componentTax(subtotalCents, ratePercent * 1000);
  expect(order.taxes).toEqual([
    {
      component: 'HST',
      rate: ratePercent,
      base: subtotalCents / 100,
      amount: taxCents / 100,
      exemption: null,
    },
  ]);
  expect(order.items_tax).toBe(taxCents / 100);
  expect(order.tax_rate).toBe(ratePercent);
  expect(order.total).toBe((subtotalCents + taxCents) / 100);
}

describe('an order placed in Nova Scotia today', () => {
  it('is taxed HST 14 % (the rate from 1 April 2025), as the checkout shows', async () => {
    const taxes = await checkoutTaxesOf(ctx.app, buyer);
    expect(taxes['Nova Scotia']).toEqual([{ component: 'HST', rate_milli: 14_000, exemption: null }]);
    const order = await place('Nova Scotia');
    expectHst(order, 14);
  });
});

describe('the back office’s rates', () => {
  it('lists every rate by province and component, the one charged today marked in force', async () => {
    const list = await call(ctx.app, 'GET', '/api/admin/tax-rates', clerk);
    expect(list.status).toBe(200);
    const ns = list.body.rates.filter((r: { province: string }) => r.province === 'Nova Scotia');
    expect(ns).toEqual([
      expect.objectContaining({
        component: 'HST',
        rate: 15,
        effective_from: '2000-01-01',
        in_force: false,
        state: 'replaced',
      }),
      expect.objectContaining({
        component: 'HST',
        rate: 14,
        effective_from: '2025-04-01',
        in_force: true,
        state: 'in_force',
      }),
    ]);
    const quebec = list.body.rates.filter((r: { province: string }) => r.province === 'Quebec');
    expect(quebec.map((r: { component: string; rate: number }) => `${r.component} ${r.rate}`)).toEqual([
      'GST 5',
      'QST 9.975',
    ]);
    expect(list.body.today['Nova Scotia']).toBe(today('Nova Scotia'));
  });

  it('a rate added for tomorrow is listed as not in force and leaves today’s orders and checkout alone', async () => {
    const tomorrow = nextDay(today('Nova Scotia'));
    const added = await call(ctx.app, 'POST', '/api/admin/tax-rates', owner, {
      province: 'Nova Scotia',
      component: 'HST',
      rate: '13',
      effective_from: tomorrow,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.rate).toMatchObject({
      province: 'Nova Scotia',
      component: 'HST',
      rate: 13,
      effective_from: tomorrow,
      in_force: false,
      state: 'scheduled',
      created_by: OWNER.email,
    });
    expect(added.body.smessage).toContain(`from ${tomorrow}`);
    const list = await call(ctx.app, 'GET', '/api/admin/tax-rates', owner);
    const ns = list.body.rates.filter((r: { province: string }) => r.province === 'Nova Scotia');
    expect(ns.map((r: { rate: number; state: string }) => `${r.rate} ${r.state}`)).toEqual([
      '15 replaced',
      '14 in_force',
      '13 scheduled',
    ]);
    // Today's checkout and orders still pay 14 %.
    const taxes = await checkoutTaxesOf(ctx.app, buyer);
    expect(taxes['Nova Scotia']).toEqual([{ component: 'HST', rate_milli: 14_000, exemption: null }]);
    expectHst(await place('Nova Scotia', 3), 14);

    const audit = await call(ctx.app, 'GET', '/api/admin/audit?entity_type=tax_rate', owner);
    expect(audit.body.audit.items[0]).toMatchObject({
      actor: OWNER.email,
      action: 'tax_rate.add',
      entity_id: String(added.body.rate.rate_id),
      after: { province: 'Nova Scotia', component: 'HST', rate: 13, effective_from: tomorrow },
    });
  });

  it('an order keeps the rates it was placed with after a new rate takes effect', async () => {
    const before = await place('New Brunswick');
    expectHst(before, 15);
    const added = await call(ctx.app, 'POST', '/api/admin/tax-rates', owner, {
      province: 'New Brunswick',
      component: 'HST',
      rate: 16.5,
      effective_from: today('New Brunswick'),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.rate).toMatchObject({ rate: 16.5, in_force: true, state: 'in_force' });
    // The next order pays the new rate; the one placed before is as it was, to the cent.
    expectHst(await place('New Brunswick'), 16.5);
    const again = await orderOf(ctx.app, buyer, before.order_id);
    expect(again).toEqual(before);
    expectHst(again, 15);
  });
});

describe('adding a rate', () => {
  const good = () => ({
    province: 'Saskatchewan',
    component: 'PST',
    rate: 6,
    effective_from: nextDay(nextDay(today('Saskatchewan'))),
  });

  it('is for owners only', async () => {
    const refused = await call(ctx.app, 'POST', '/api/admin/tax-rates', clerk, good());
    expect(refused.status).toBe(403);
    expect(refused.body.smessage).toBe('Only an owner of the shop can do this.');
    expect((await call(ctx.app, 'POST', '/api/admin/tax-rates', '', good())).status).toBe(401);
  });

  it('refuses a day before today: days already charged keep their rates', async () => {
    const yesterday = previousDay(today('Saskatchewan'));
    const refused = await call(ctx.app, 'POST', '/api/admin/tax-rates', owner, {
      ...good(),
      effective_from: yesterday,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.smessage).toContain('cannot start before today');
    expect(refused.body.errors).toHaveProperty('effective_from');
  });

  it('refuses a second rate of the same component on the same day with 409', async () => {
    expect((await call(ctx.app, 'POST', '/api/admin/tax-rates', owner, good())).status).toBe(200);
    const again = await call(ctx.app, 'POST', '/api/admin/tax-rates', owner, { ...good(), rate: 7 });
    expect(again.status).toBe(409);
    expect(again.body.smessage).toContain('already has a rate from');
  });

  it('refuses bad input with 400 and the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ province: 'Atlantis' }, 'province'],
      [{ component: 'VAT' }, 'component'],
      [{ rate: 101 }, 'rate'],
      [{ rate: -1 }, 'rate'],
      [{ rate: 9.9751 }, 'rate'],
      [{ rate: 'twelve' }, 'rate'],
      [{ effective_from: '2030-02-30' }, 'effective_from'],
      [{ effective_from: '1 April 2030' }, 'effective_from'],
      [{ effective_from: undefined }, 'effective_from'],
    ];
    for (const [change, field] of cases) {
      const answer = await call(ctx.app, 'POST', '/api/admin/tax-rates', owner, { ...good(), ...change });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(Object.keys(answer.body.errors), JSON.stringify(change)).toEqual([field]);
    }
  });

  it('takes a rate with 3 decimals and 0 (a component that ends)', async () => {
    const day = nextDay(nextDay(nextDay(today('Quebec'))));
    const qst = await call(ctx.app, 'POST', '/api/admin/tax-rates', owner, {
      province: 'Quebec',
      component: 'QST',
      rate: '9.975',
      effective_from: day,
    });
    expect(qst.body.rate).toMatchObject({ rate: 9.975, state: 'scheduled' });
    const ended = await call(ctx.app, 'POST', '/api/admin/tax-rates', owner, {
      province: 'Alberta',
      component: 'GST',
      rate: 0,
      effective_from: nextDay(day),
    });
    expect(ended.status).toBe(200);
    expect(ended.body.smessage).toContain('ends from');
  });

  it('corrects a rate that has not started; one in force is never rewritten', async () => {
    const day = nextDay(nextDay(today('Manitoba')));
    const added = await call(ctx.app, 'POST', '/api/admin/tax-rates', owner, {
      province: 'Manitoba',
      component: 'RST',
      rate: 70,
      effective_from: day,
    });
    const id = added.body.rate.rate_id;
    expect((await send(ctx.app, 'PUT', `/api/admin/tax-rates/${id}`, clerk, { rate: 7 })).status).toBe(403);
    const fixed = await send(ctx.app, 'PUT', `/api/admin/tax-rates/${id}`, owner, { rate: 7 });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body.rate).toMatchObject({ rate_id: id, rate: 7, effective_from: day, state: 'scheduled' });
    const audit = await call(ctx.app, 'GET', `/api/admin/audit?entity_type=tax_rate&entity_id=${id}`, owner);
    expect(audit.body.audit.items[0]).toMatchObject({
      action: 'tax_rate.change',
      before: { rate: 70 },
      after: { rate: 7 },
    });
    const inForce = fixed.body.rates.find(
      (r: { province: string; component: string; in_force: boolean }) =>
        r.province === 'Manitoba' && r.component === 'RST' && r.in_force,
    );
    const refused = await send(ctx.app, 'PUT', `/api/admin/tax-rates/${inForce.rate_id}`, owner, { rate: 8 });
    expect(refused.status).toBe(409);
    expect(refused.body.smessage).toContain('never rewritten');
    expect((await send(ctx.app, 'PUT', '/api/admin/tax-rates/999999', owner, { rate: 8 })).status).toBe(404);
    expect((await send(ctx.app, 'PUT', `/api/admin/tax-rates/${id}`, owner, { rate: 'x' })).status).toBe(400);
  });
});
