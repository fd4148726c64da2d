/**
 * The recycling fee table (owners): per province and fee category, per unit, from a day on. The shop
 * starts with demo values, marked; a change is a new row from its day; a row that has started is never
 * rewritten, one that has not may be corrected; every change audited.
 */
import { DEMO_FEE_CENTS, DEMO_FEE_PROVINCES, FEE_CATEGORIES } from '@shop/domain/tax/fees';
import { provinceDay } from '@shop/domain/tax/rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, OWNER, staffSignIn } from '../../test/admin';
import { useTestApp } from '../../test/harness';
import { clerkCookie, send } from './test-support';

const ctx = useTestApp();
let owner = '';
let clerk = '';

function daysAfter(day: string, n: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

const ontarioToday = () => provinceDay(new Date(), 'Ontario');

beforeAll(async () => {
  owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
  clerk = await clerkCookie(ctx.app, ctx.database.db);
});

describe('the fee table', () => {
  it('starts with the demo values, marked demo and in force, for owners only', async () => {
    expect((await call(ctx.app, 'GET', '/api/admin/fees', clerk)).status).toBe(403);
    const list = await call(ctx.app, 'GET', '/api/admin/fees', owner);
    expect(list.status).toBe(200);
    expect(list.body.fees).toHaveLength(DEMO_FEE_PROVINCES.length * FEE_CATEGORIES.length);
    expect(list.body.fees[0]).toMatchObject({
      province: 'Ontario',
      category: 'portable',
      category_name: 'Portable computers',
      amount: DEMO_FEE_CENTS.portable / 100,
      demo: true,
      in_force: true,
      state: 'in_force',
      provincial_tax: true,
    });
    expect(list.body.fees.every((f: { demo: boolean }) => f.demo)).toBe(true);
  });

  it('takes a new fee from a later day as a row of its own, not demo, audited', async () => {
    const day = daysAfter(ontarioToday(), 2);
    const added = await call(ctx.app, 'POST', '/api/admin/fees', owner, {
      province: 'Ontario',
      category: 'display',
      amount: '3.50',
      effective_from: day,
      provincial_tax: 'false',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.fee).toMatchObject({
      province: 'Ontario',
      category: 'display',
      amount: 3.5,
      effective_from: day,
      provincial_tax: false,
      demo: false,
      in_force: false,
      state: 'scheduled',
      created_by: OWNER.email,
    });
    const rows = added.body.fees.filter(
      (f: { province: string; category: string }) => f.province === 'Ontario' && f.category === 'display',
    );
    expect(
      rows.map((f: { amount: number; state: string; demo: boolean }) => [f.amount, f.state, f.demo]),
    ).toEqual([
      [DEMO_FEE_CENTS.display / 100, 'in_force', true],
      [3.5, 'scheduled', false],
    ]);
    const audit = await call(ctx.app, 'GET', '/api/admin/audit?entity_type=fee', owner);
    expect(audit.body.audit.items[0]).toMatchObject({
      actor: OWNER.email,
      action: 'fee.add',
      entity_id: String(added.body.fee.fee_id),
      after: {
        province: 'Ontario',
        category: 'display',
        amount: 3.5,
        effective_from: day,
        provincial_tax: false,
      },
    });
    const twice = await call(ctx.app, 'POST', '/api/admin/fees', owner, {
      province: 'Ontario',
      category: 'display',
      amount: 4,
      effective_from: day,
    });
    expect(twice.status).toBe(409);
  });

  it('changes a row that has not started; one in force is never rewritten', async () => {
    const day = daysAfter(ontarioToday(), 3);
    const added = await call(ctx.app, 'POST', '/api/admin/fees', owner, {
      province: 'Ontario',
      category: 'tablet',
      amount: 0.75,
      effective_from: day,
    });
    const id = added.body.fee.fee_id;
    const changed = await send(ctx.app, 'PUT', `/api/admin/fees/${id}`, owner, {
      amount: 0.8,
      provincial_tax: true,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.fee).toMatchObject({
      fee_id: id,
      amount: 0.8,
      effective_from: day,
      state: 'scheduled',
    });
    const audit = await call(ctx.app, 'GET', `/api/admin/audit?entity_type=fee&entity_id=${id}`, owner);
    expect(audit.body.audit.items[0]).toMatchObject({
      action: 'fee.change',
      before: { amount: 0.75 },
      after: { amount: 0.8 },
    });
    const inForce = (await call(ctx.app, 'GET', '/api/admin/fees', owner)).body.fees.find(
      (f: { province: string; category: string; in_force: boolean }) =>
        f.province === 'Ontario' && f.category === 'tablet' && f.in_force,
    );
    const refused = await send(ctx.app, 'PUT', `/api/admin/fees/${inForce.fee_id}`, owner, { amount: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body.smessage).toContain('never rewritten');
    expect((await send(ctx.app, 'PUT', '/api/admin/fees/999999', owner, { amount: 1 })).status).toBe(404);
    expect((await send(ctx.app, 'PUT', `/api/admin/fees/${id}`, clerk, { amount: 1 })).status).toBe(403);
  });

  it('refuses a day before today and bad input with 400 and the field', async () => {
    const good = {
      province: 'Quebec',
      category: 'phone',
      amount: 0.5,
      effective_from: daysAfter(provinceDay(new Date(), 'Quebec'), 5),
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ effective_from: daysAfter(provinceDay(new Date(), 'Quebec'), -1) }, 'effective_from'],
      [{ effective_from: 'soon' }, 'effective_from'],
      [{ province: 'Quebec City' }, 'province'],
      [{ category: 'Laptop' }, 'category'],
      [{ amount: -1 }, 'amount'],
      [{ amount: 1001 }, 'amount'],
      [{ amount: 0.001 }, 'amount'],
      [{ provincial_tax: 'maybe' }, 'provincial_tax'],
    ];
    for (const [change, field] of cases) {
      const answer = await call(ctx.app, 'POST', '/api/admin/fees', owner, { ...good, ...change });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(Object.keys(answer.body.errors), JSON.stringify(change)).toEqual([field]);
    }
  });
});
