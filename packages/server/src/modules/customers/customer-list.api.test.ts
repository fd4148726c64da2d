/** The back office's customers list: by percentage, by the day of the last order or never ordered, sorted. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { call, makeCustomer, OWNER, placeOrder, staffSignIn } from '../../test/admin';
import { useTestApp } from '../../test/harness';

const ctx = useTestApp();
let owner = '';
beforeAll(async () => {
  owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
});

const idsOf = (answer: { body: Record<string, unknown> }) =>
  (answer.body.customers as { items: { customer_id: string }[] }).items.map((c) => c.customer_id);

describe('the customers list', () => {
  it('filters by percentage and last order, and sorts by the latest order', async () => {
    const ordered = await makeCustomer(ctx.app, owner, { company: 'Zeta Listing Co', percentage: 37 });
    const idle = await makeCustomer(ctx.app, owner, { company: 'Alpha Listing Co', percentage: 37 });
    const item = [...ctx.app.services.catalog.items.values()].find(
      (p) => p.isActive && p.itemCondition === 'BrandNew' && p.stock >= 5,
    )!;
    const order = await placeOrder(ctx.app, ordered.cookie, [{ itemId: item.itemId, quantity: 1 }]);
    await ctx.database.db
      .update(orders)
      .set({ createdAt: new Date('2025-06-10T15:00:00Z') })
      .where(eq(orders.orderId, order.orderId));
    const list = async (query: string) => {
      const answer = await call(ctx.app, 'GET', `/api/admin/customers?${query}`, owner);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer;
    };
    const both = await list('percentage=37&q=listing co');
    expect(idsOf(both).sort()).toEqual([ordered.customerId, idle.customerId].sort());
    expect(
      both.body.customers.items.find((c: { customer_id: string }) => c.customer_id === ordered.customerId),
    ).toMatchObject({ last_order_at: '2025-06-10T15:00:00.000Z' });
    expect(idsOf(await list('q=listing co&never_ordered=true'))).toEqual([idle.customerId]);
    expect(idsOf(await list('q=listing co&last_order_from=2025-06-10&last_order_to=2025-06-10'))).toEqual([
      ordered.customerId,
    ]);
    expect(idsOf(await list('q=listing co&last_order_from=2025-06-11'))).toEqual([]);
    expect(idsOf(await list('q=listing co&sort=company'))).toEqual([idle.customerId, ordered.customerId]);
    expect(idsOf(await list('q=listing co&sort=last_order'))).toEqual([ordered.customerId, idle.customerId]);
    // Empty fields of the page's form are "not given".
    expect(idsOf(await list('q=listing co&percentage=&sort=&last_order_from='))).toHaveLength(2);
  });

  it('answers a filter it cannot read with 400 and what to write', async () => {
    const cases: [string, RegExp][] = [
      ['percentage=120', /The percentage is a whole number from 0 to 100/],
      ['last_order_from=2025-13-01', /The first day of the last order is a day written YYYY-MM-DD|not a day/],
      [
        'last_order_from=2025-05-02&last_order_to=2025-05-01',
        /The last day must not be before the first day/,
      ],
      ['never_ordered=true&last_order_from=2025-05-01', /never ordered has no last order/],
      ['sort=size', /Sort by id, company, last_order/],
    ];
    for (const [query, message] of cases) {
      const answer = await call(ctx.app, 'GET', `/api/admin/customers?${query}`, owner);
      expect(answer.status, query).toBe(400);
      expect(answer.body.smessage, query).toMatch(message);
    }
  });
});
