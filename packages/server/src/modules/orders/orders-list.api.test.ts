/** The orders list as a buyer with many orders finds them: search by order or PO number, status, dates, pages. */
import { ORDERS_PAGE_SIZE } from '@shop/domain/orders/schemas';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, signIn, useTestApp } from '../../test/harness';

const ctx = useTestApp();
const COUNT = 2000;
let cookie = '';

beforeAll(async () => {
  cookie = await signIn(ctx.app, DEMO.C10002.username, DEMO.C10002.password);
  // 2,000 orders over 2,000 hours back, every seventh canceled; PO numbers PO-00000 ... PO-01999.
  await ctx.database.db.execute(sql`
    insert into orders (order_number, customer_id, contact_person_id, checkout_key, status, purchase_order_id,
      shipping_method, subtotal_cents, items_tax_cents, tax_rate_milli, total_cents, created_time, created_at,
      shipping_attention, shipping_address_1, shipping_city, shipping_province, shipping_zip, shipping_country,
      billing_attention, billing_address_1, billing_city, billing_province, billing_zip, billing_country)
    select 'SO-L' || lpad(g::text, 5, '0'), 'C10002', c.contact_person_id, 'list-' || g,
      case when g % 7 = 0 then 'Canceled' else 'Pending' end, 'PO-' || lpad(g::text, 5, '0'),
      'Standard', 10000, 1300, 13000, 11300, '', timestamptz '2026-11-20 12:00:00-05' - make_interval(hours => g),
      'A B', '1 Main', 'Toronto', 'Ontario', 'M5H1A1', 'Canada', 'A B', '1 Main', 'Toronto', 'Ontario', 'M5H1A1', 'Canada'
    from generate_series(0, ${COUNT - 1}) g, (select contact_person_id from contacts where customer_id = 'C10002' limit 1) c`);
});

async function list(query = '') {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/user/C10002/orders${query}`,
    headers: { cookie },
  });
  return { status: response.statusCode, body: response.json() };
}

describe('the orders list', () => {
  it('pages through every order, newest first', async () => {
    const first = await list();
    expect(first.body.orders).toHaveLength(ORDERS_PAGE_SIZE);
    expect(first.body.ordersPage).toMatchObject({ total: COUNT, page: 1, pages: COUNT / ORDERS_PAGE_SIZE });
    expect(first.body.orders[0].purchase_order_id).toBe('PO-00000');
    const last = await list(`?page=${COUNT / ORDERS_PAGE_SIZE}`);
    expect(last.body.orders.at(-1).purchase_order_id).toBe('PO-01999');
  });

  it('shows the last page for a page past it', async () => {
    const pages = COUNT / ORDERS_PAGE_SIZE;
    const past = await list(`?page=${pages + 5}`);
    expect(past.body.ordersPage).toMatchObject({ total: COUNT, page: pages, pages });
    expect(past.body.orders).toHaveLength(ORDERS_PAGE_SIZE);
    expect(past.body.orders.at(-1).purchase_order_id).toBe('PO-01999');
    const none = await list('?q=PO-99999&page=3');
    expect(none.body.ordersPage).toMatchObject({ total: 0, page: 1, pages: 1 });
    expect(none.body.orders).toEqual([]);
  });

  it('finds an order by PO number or order number, case-insensitively', async () => {
    expect(
      (await list('?q=po-01234')).body.orders.map((o: { purchase_order_id: string }) => o.purchase_order_id),
    ).toEqual(['PO-01234']);
    expect((await list('?q=SO-L00042')).body.orders[0].order_number).toBe('SO-L00042');
    expect((await list('?q=%25')).body.ordersPage.total).toBe(0);
  });

  it('filters by status and by the days it was placed', async () => {
    const canceled = await list('?status=Canceled');
    expect(canceled.body.ordersPage.total).toBe(Math.ceil(COUNT / 7));
    expect(canceled.body.orders.every((o: { status: string }) => o.status === 'Canceled')).toBe(true);
    // Placed on 19 and 20 November (Toronto): hours 0 to 36 before noon of the 20th.
    const days = await list('?from=2026-11-19&to=2026-11-20');
    expect(days.body.ordersPage.total).toBe(37);
  });

  it('answers a bad filter with 400 and a message', async () => {
    for (const [query, message] of [
      ['?status=Lost', 'Status must be one of'],
      ['?from=22/11/2026', 'Dates are written YYYY-MM-DD'],
      ['?from=0000-01-01', 'That date does not exist.'],
      ['?to=2026-02-30', 'That date does not exist.'],
      ['?from=2026-11-20&to=2026-11-01', 'The start date must not be after the end date.'],
      ['?page=0', 'Page must be a whole number'],
    ]) {
      const { status, body } = await list(query);
      expect(status).toBe(400);
      expect(body.smessage).toContain(message);
    }
  });
});
