import { ACCOUNT_MSG, APPLICATION_MSG } from '@shop/domain/account/schemas';
import { MSG } from '@shop/domain/core/messages';
import { parse } from 'csv-parse/sync';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { accountApplications, customerMessages, outbox, recentlyViewed, sessions } from '../../db/schema';
import { en } from '../../test/english';
import { DEMO, signIn, useTestApp } from '../../test/harness';
import type { CatalogRow } from '../catalog/store';
import type { CustomerNeeds } from './needs';
import { flushProductViews, recordProductView } from './recently-viewed';

const ctx = useTestApp();

let c1 = '';
let c2 = '';
beforeAll(async () => {
  c1 = await signIn(ctx.app, 'C10001', DEMO.C10001.password);
  c2 = await signIn(ctx.app, 'C10002', DEMO.C10002.password);
});

function get(url: string, cookie?: string) {
  return ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

const SECTIONS = [
  'orders',
  'messages',
  'addresses',
  'addressForm',
  'wishLists',
  'wishListCreate',
  'recentlyViewed',
  'accountSettings',
  'subscription',
] as const;

describe('GET /api/user/{customerid}/{session}', () => {
  it.each(SECTIONS)('answers %s with an array under its name', async (section) => {
    const response = await get(`/api/user/C10001/${section}`, c1);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.scode).toBe(200);
    expect(Array.isArray(body[section])).toBe(true);
  });

  it.each(SECTIONS)('refuses %s of another customer with 403', async (section) => {
    const response = await get(`/api/user/C10002/${section}`, c1);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ scode: 403, smessage: en(MSG.forbidden) });
  });

  it('answers a visitor with 401', async () => {
    const response = await get('/api/user/C10001/addresses');
    expect(response.statusCode).toBe(401);
  });

  it.each([
    '/api/user/C10001/passwords',
    '/api/user/C10001/addresses/1',
    '/api/user/C10001/accountSettings/x',
  ])('refuses %s with 400', async (url) => {
    const response = await get(url, c1);
    expect(response.statusCode).toBe(400);
    expect(response.json().smessage).toBe('Unknown account section.');
  });

  it('shows the account settings of the session', async () => {
    const response = await get('/api/user/C10001/accountSettings', c1);
    expect(response.json().accountSettings).toEqual([
      {
        customer_id: 'C10001',
        contact_person_id: 'CP10001',
        contact_name: 'Olivia Martin',
        first_name: 'Olivia',
        last_name: 'Martin',
        email: 'olivia.martin@northwind.example',
        company: 'Northwind Systems Inc.',
        phone_number: '4165550101',
        username: 'C10001',
        percentage: 15,
        role: 'admin',
        is_primary: true,
      },
    ]);
  });
});

describe('messages', () => {
  let ids: number[] = [];
  let theirs = 0;
  beforeAll(async () => {
    const db = ctx.database.db;
    const rows = await db
      .insert(customerMessages)
      .values([
        { customerId: 'C10001', body: 'Your RMA was approved.', createdAt: new Date('2024-05-01T10:00:00Z') },
        { customerId: 'C10001', body: 'Your invoice is ready.', createdAt: new Date('2024-05-02T10:00:00Z') },
      ])
      .returning({ id: customerMessages.messageId });
    ids = rows.map((r) => r.id);
    const [other] = await db
      .insert(customerMessages)
      .values({ customerId: 'C10002', body: 'Private to C10002.' })
      .returning({ id: customerMessages.messageId });
    theirs = other!.id;
  });

  it('lists them newest first, counts the unread in the header and marks one read when opened', async () => {
    const list = await get('/api/user/C10001/messages', c1);
    expect(list.json().messages).toEqual([
      {
        message_id: ids[1],
        body: 'Your invoice is ready.',
        created_at: '2024-05-02T10:00:00.000Z',
        is_read: false,
      },
      {
        message_id: ids[0],
        body: 'Your RMA was approved.',
        created_at: '2024-05-01T10:00:00.000Z',
        is_read: false,
      },
    ]);
    expect((await get('/api/header', c1)).json().unreadMessages).toBe(2);

    const opened = await get(`/api/user/C10001/messages/${ids[0]}`, c1);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().messages).toEqual([expect.objectContaining({ message_id: ids[0], is_read: true })]);
    expect((await get('/api/header', c1)).json().unreadMessages).toBe(1);
    const again = await get('/api/user/C10001/messages', c1);
    expect(again.json().messages.map((m: { is_read: boolean }) => m.is_read)).toEqual([false, true]);
  });

  it("does not open another customer's message", async () => {
    const response = await get(`/api/user/C10001/messages/${theirs}`, c1);
    expect(response.statusCode).toBe(404);
    const [row] = await ctx.database.db
      .select()
      .from(customerMessages)
      .where(eq(customerMessages.messageId, theirs));
    expect(row!.readAt).toBeNull();
    expect((await get('/api/header', c2)).json().unreadMessages).toBe(1);
  });

  it.each(['abc', '0', '99999999999'])('refuses the message id %s with 400', async (id) => {
    expect((await get(`/api/user/C10001/messages/${id}`, c1)).statusCode).toBe(400);
  });
});

describe('subscription', () => {
  it('is off until set, and follows what is set', async () => {
    expect((await get('/api/user/C10001/subscription', c1)).json().subscription).toEqual([
      { subscribed: false },
    ]);
    for (const subscribed of [true, false, true]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/user/subscription',
        headers: { cookie: c1 },
        payload: { subscribed },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ scode: 200, subscription: [{ subscribed }] });
      expect(typeof response.json().smessage).toBe('string');
    }
    expect((await get('/api/user/C10001/subscription', c1)).json().subscription).toEqual([
      { subscribed: true },
    ]);
    expect((await get('/api/user/C10002/subscription', c2)).json().subscription).toEqual([
      { subscribed: false },
    ]);
  });

  it('refuses a value that is not true or false, and a visitor', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/subscription',
      headers: { cookie: c1 },
      payload: { subscribed: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    const visitor = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/subscription',
      payload: { subscribed: true },
    });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('recently viewed', () => {
  it('keeps the newest 20 product pages a customer opened, newest first', async () => {
    const rows = ctx.app.services.catalog
      .allRows()
      .filter((r) => r.item_condition !== 'ScratchDent')
      .slice(0, 25);
    expect(rows).toHaveLength(25);
    const order: CatalogRow[] = [...rows, rows[10]!];
    for (const row of order) {
      const response = await get(`/api/product/${row.item_id}/${row.item_condition}`, c1);
      expect(response.statusCode).toBe(200);
    }
    await flushProductViews(ctx.app.services);
    const expected = order
      .filter((row, i) => order.lastIndexOf(row) === i)
      .reverse()
      .slice(0, 20)
      .map((r) => r.item_id);
    const response = await get('/api/user/C10001/recentlyViewed', c1);
    const items = response.json().recentlyViewed;
    expect(items.map((i: { item_id: string }) => i.item_id)).toEqual(expected);
    expect(items[0].personal_price).toBeTypeOf('number');
    const stored = await ctx.database.db
      .select()
      .from(recentlyViewed)
      .where(eq(recentlyViewed.customerId, 'C10001'));
    expect(stored).toHaveLength(20);
    expect((await get('/api/user/C10002/recentlyViewed', c2)).json().recentlyViewed).toEqual([]);
  });

  it('writes a batch of 100 at once and survives a view of a customer that does not exist', async () => {
    const rows = ctx.app.services.catalog.allRows().slice(0, 100);
    recordProductView(ctx.app.services, 'NO-SUCH-CUSTOMER', rows[0]!.item_id, rows[0]!.item_condition);
    for (const row of rows.slice(1))
      recordProductView(ctx.app.services, 'C10002', row.item_id, row.item_condition);
    await flushProductViews(ctx.app.services);
    const stored = await ctx.database.db
      .select()
      .from(recentlyViewed)
      .where(eq(recentlyViewed.customerId, 'C10002'));
    expect(stored).toHaveLength(20);
    const items = (await get('/api/user/C10002/recentlyViewed', c2)).json().recentlyViewed;
    expect(items[0].item_id).toBe(rows[99]!.item_id);
  });
});

describe('recently viewed flush errors', () => {
  /** The app's services with a database that refuses while `refusing` is true, and a log to read. */
  function flaky() {
    const log = { warn: vi.fn(), error: vi.fn() };
    const state = { refusing: true };
    const real = ctx.app.services.database.db;
    const services = {
      ...ctx.app.services,
      log,
      database: {
        ...ctx.app.services.database,
        db: {
          transaction: (work: never) =>
            state.refusing ? Promise.reject(new Error('database is down')) : real.transaction(work),
        },
      },
    } as unknown as CustomerNeeds;
    return { services, log, state };
  }

  const viewsOf = async (itemId: string) =>
    (
      await ctx.database.db.select().from(recentlyViewed).where(eq(recentlyViewed.customerId, 'C10001'))
    ).filter((r) => r.itemId === itemId);

  it('never reject: a refused batch is logged with its error and written with the next flush', async () => {
    const { services, log, state } = flaky();
    const row = ctx.app.services.catalog.allRows().at(-1)!;
    recordProductView(services, 'C10001', row.item_id, row.item_condition);
    await expect(flushProductViews(services)).resolves.toBeUndefined();
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ err: new Error('database is down'), views: 1, retried: 1, dropped: 0 }),
      expect.stringContaining('recently viewed'),
    );
    expect(await viewsOf(row.item_id)).toHaveLength(0);
    state.refusing = false;
    await flushProductViews(services);
    expect(await viewsOf(row.item_id)).toHaveLength(1);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('drops a batch refused three times, with an error in the log', async () => {
    const { services, log, state } = flaky();
    const row = ctx.app.services.catalog.allRows().at(-2)!;
    recordProductView(services, 'C10001', row.item_id, row.item_condition);
    for (let i = 0; i < 3; i++) await expect(flushProductViews(services)).resolves.toBeUndefined();
    expect(log.warn).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ err: new Error('database is down'), dropped: 1 }),
      expect.stringContaining('recently viewed'),
    );
    state.refusing = false;
    await flushProductViews(services);
    expect(await viewsOf(row.item_id)).toHaveLength(0);
  });
});

describe('export', () => {
  it('lists every active item once with personal prices equal to the product page', async () => {
    const response = await get('/api/export', c1);
    expect(response.statusCode).toBe(200);
    const { itemList } = response.json();
    const active = [...ctx.app.services.catalog.items.values()].filter((p) => p.isActive);
    expect(itemList).toHaveLength(active.length);
    expect(new Set(itemList.map((i: { sku: string }) => i.sku)).size).toBe(active.length);
    const sale = active.find((p) => p.salePriceCents > 0) ?? active[0]!;
    const row = itemList.find((i: { sku: string }) => i.sku === sale.sku);
    const product = await get(`/api/product/${sale.itemId}/${sale.itemCondition}`, c1);
    const detail = product.json().itemInfo.itemDetail[0];
    expect(row).toEqual({
      product_model: sale.itemName,
      sku: sale.sku,
      category: sale.category,
      stock: sale.stock,
      scratch_dent_stock: sale.scratchDentStock,
      personal_price: detail.personal_price,
      personal_sale_price: detail.personal_sale_price,
      personal_scratch_dent_price: detail.personal_scratch_dent_price,
    });
  });

  it('downloads the same as CSV with the header row and 2-decimal prices', async () => {
    const response = await get('/api/export.csv', c2);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="Acer-Store-Inventory-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('Product Model,SKU,Category,Stock,S&D Stock,Price,Sale Price,S&D Price');
    const records: string[][] = parse(response.body);
    const json = (await get('/api/export', c2)).json().itemList;
    expect(records).toHaveLength(json.length + 1);
    const first = json[0];
    const record = records.find((r) => r[1] === first.sku)!;
    expect(record[5]).toBe(first.personal_price.toFixed(2));
    expect(record[5]).toMatch(/^\d+\.\d{2}$/);
    expect(record.slice(0, 5)).toEqual([
      first.product_model,
      first.sku,
      first.category,
      String(first.stock),
      String(first.scratch_dent_stock),
    ]);
    // C10002 (10%) sees their own prices, not C10001's (15%).
    const c1Json = (await get('/api/export', c1)).json().itemList[0];
    expect(c1Json.personal_price).toBeGreaterThan(first.personal_price);
  });

  it('answers a visitor with 401', async () => {
    expect((await get('/api/export')).statusCode).toBe(401);
    expect((await get('/api/export.csv')).statusCode).toBe(401);
  });
});

describe('POST /api/user/register', () => {
  const valid = {
    company: 'Great Lakes Tech',
    contactName: 'Noah Singh',
    email: 'noah@greatlakes.example',
    phoneNumber: '4165550199',
    province: 'Ontario',
    message: 'We need 40 notebooks a year.',
  };
  let address = 0;
  const register = (payload: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: payload as object,
      remoteAddress: `10.1.0.${++address}`,
    });

  it('stores an application from a visitor', async () => {
    const response = await register(valid);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ scode: 200, smessage: en(APPLICATION_MSG.received) });
    const [saved] = await ctx.database.db
      .select()
      .from(accountApplications)
      .orderBy(desc(accountApplications.applicationId))
      .limit(1);
    expect(saved).toMatchObject({ ...valid, status: 'New', customerId: null });
  });

  it('keeps what the applicant typed from passing for lines of the mail to the shop', async () => {
    const response = await register({
      ...valid,
      company: 'Great Lakes\nBcc: other@example.com',
      contactName: 'X\nBcc: someone@example.com',
      message: 'We need notebooks.\nBcc: x\n\nThanks',
    });
    expect(response.statusCode).toBe(200);
    const [saved] = await ctx.database.db
      .select()
      .from(accountApplications)
      .orderBy(desc(accountApplications.applicationId))
      .limit(1);
    expect(saved).toMatchObject({
      company: 'Great Lakes Bcc: other@example.com',
      contactName: 'X Bcc: someone@example.com',
      message: 'We need notebooks.\nBcc: x\n\nThanks',
    });
    const [mail] = await ctx.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, `Account application #${saved!.applicationId}: ${saved!.company}`));
    const lines = mail!.body.split(/\r\n|[\n\r\u2028\u2029\u0085]/);
    expect(lines.filter((line) => /^\s*bcc:/i.test(line))).toEqual([]);
    expect(lines).toContain('Contact: X Bcc: someone@example.com');
    expect(mail!.body).toContain('Message:\n> We need notebooks.\n> Bcc: x\n>\n> Thanks');
  });

  it.each([
    ['company', '', en(APPLICATION_MSG.company)],
    ['contactName', 'x'.repeat(51), en(APPLICATION_MSG.contactName)],
    ['email', 'noah@', en(APPLICATION_MSG.email)],
    ['phoneNumber', '416 555 0199', en(APPLICATION_MSG.phone)],
    ['province', '', en(APPLICATION_MSG.province)],
    ['message', 'x'.repeat(2001), en(APPLICATION_MSG.message)],
  ])('refuses %s = %j with 400: %s', async (field, value, message) => {
    const before = await ctx.database.db.select().from(accountApplications);
    const response = await register({ ...valid, [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
    expect(await ctx.database.db.select().from(accountApplications)).toHaveLength(before.length);
  });
});

describe('POST /api/user/information/update', () => {
  const info = {
    customer_id: 'C10002',
    contact_person_id: 'CP10002',
    contact_name: 'Liam Tremblay',
    first_name: 'Liam',
    last_name: 'Tremblay',
    email: 'liam.tremblay@mapleleaf.example',
    company: 'Maple Leaf Logistics Ltd.',
    phone_number: '6135550102',
    password: '',
    newPassword: null as string | null,
  };
  let address = 0;
  const update = (cookie: string, customerInfo: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/user/information/update',
      headers: { cookie },
      payload: { customerInfo },
      remoteAddress: `10.2.0.${++address}`,
    });

  it.each([
    ['first_name', '', en(ACCOUNT_MSG.firstName)],
    ['first_name', 'x'.repeat(51), en(ACCOUNT_MSG.firstName)],
    ['last_name', '', en(ACCOUNT_MSG.lastName)],
    ['email', 'liam@', en(ACCOUNT_MSG.email)],
    ['email', `${'x'.repeat(45)}@ex.com`, en(ACCOUNT_MSG.email)],
    ['company', 'x'.repeat(51), en(ACCOUNT_MSG.company)],
    ['phone_number', '613555010', en(ACCOUNT_MSG.phone)],
    ['newPassword', 'weakpass', en(ACCOUNT_MSG.newPassword)],
    ['newPassword', 'Strong#2024', en(ACCOUNT_MSG.newPassword)],
  ])('refuses %s = %j with 400: %s', async (field, value, message) => {
    const response = await update(c2, { ...info, password: DEMO.C10002.password, [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
    expect(response.json().smessage).toContain(message);
  });

  it('refuses a confirmation that differs and a missing current password', async () => {
    const confirm = await update(c2, {
      ...info,
      password: DEMO.C10002.password,
      newPassword: 'Strong@2024',
      confirmPassword: 'Strong@2025',
    });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json().errors.confirmPassword).toBe(en(ACCOUNT_MSG.confirm));
    const current = await update(c2, { ...info, password: '', newPassword: 'Strong@2024' });
    expect(current.statusCode).toBe(400);
    expect(current.json().errors.password).toBe(en(ACCOUNT_MSG.currentRequired));
  });

  it("refuses another customer's id with 403 and a wrong current password with 401", async () => {
    const other = await update(c1, { ...info, password: DEMO.C10001.password, newPassword: 'Strong@2024' });
    expect(other.statusCode).toBe(403);
    await signIn(ctx.app, 'C10001', DEMO.C10001.password);
    const wrong = await update(c2, { ...info, password: 'Wrong@2024', newPassword: 'Strong@2024' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ scode: 401, smessage: en(ACCOUNT_MSG.currentWrong) });
    await signIn(ctx.app, 'C10002', DEMO.C10002.password);
  });

  it('keeps the details read-only: without a new password nothing changes', async () => {
    const response = await update(c2, { ...info, first_name: 'Changed', email: 'changed@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      scode: 200,
      smessage: en(ACCOUNT_MSG.updated),
      customerInfo: { customer_id: 'C10002', first_name: 'Liam', email: info.email },
    });
  });

  it('changes the password; the other sessions end and this one stays', async () => {
    const other = await signIn(ctx.app, 'C10002', DEMO.C10002.password);
    const before = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.contactPersonId, 'CP10002'));
    expect(before.length).toBeGreaterThanOrEqual(2);
    const newPassword = 'Changed@2024';
    const response = await update(c2, {
      ...info,
      password: DEMO.C10002.password,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().smessage).toBe(en(ACCOUNT_MSG.updated));
    expect((await get('/api/header', c2)).statusCode).toBe(200);
    expect((await get('/api/header', other)).statusCode).toBe(401);
    const after = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.contactPersonId, 'CP10002'));
    expect(after).toHaveLength(1);
    const old = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'C10002', password: DEMO.C10002.password },
    });
    expect(old.statusCode).toBe(401);
    await signIn(ctx.app, 'C10002', newPassword);
  });
});
