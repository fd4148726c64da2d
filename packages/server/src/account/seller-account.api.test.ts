import { desc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { accountCommands } from '../cli/seller-account';
import type { SellerContext } from '../cli/seller-types';
import { accountApplications, contacts, customerMessages, customers } from '../db/schema';
import { signIn, useTestApp } from '../test/harness';

const ctx = useTestApp();

let log: MockInstance<typeof console.log>;
beforeEach(() => {
  log = vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => {
  log.mockRestore();
});

const seller = (): SellerContext => ({ db: ctx.database.db, config: ctx.config });
const printed = () => log.mock.calls.map((c) => c.join(' ')).join('\n');
const run = (name: string, args: string[]) => accountCommands[name]!.run(seller(), args);

async function apply(company: string, contactName: string): Promise<number> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: {
      company,
      contactName,
      email: `${contactName.split(' ')[0]!.toLowerCase()}@example.com`,
      phoneNumber: '9055550100',
      province: 'Alberta',
      message: 'Please open an account.',
    },
  });
  expect(response.statusCode).toBe(200);
  const [row] = await ctx.database.db
    .select({ id: accountApplications.applicationId })
    .from(accountApplications)
    .orderBy(desc(accountApplications.applicationId))
    .limit(1);
  return row!.id;
}

describe('seller account commands', () => {
  it('message: sends a message that the customer sees as unread', async () => {
    await run('message', ['C10002', 'Your order has shipped.']);
    expect(printed()).toMatch(/Message \d+ sent to C10002/);
    const [saved] = await ctx.database.db
      .select()
      .from(customerMessages)
      .where(eq(customerMessages.customerId, 'C10002'));
    expect(saved).toMatchObject({ body: 'Your order has shipped.', readAt: null });
    const cookie = await signIn(ctx.app, 'C10002', 'Demo@10002');
    const header = await ctx.app.inject({ method: 'GET', url: '/api/header', headers: { cookie } });
    expect(header.json().unreadMessages).toBe(1);
  });

  it.each([
    [['C99999', 'Hello'], 'There is no customer C99999.'],
    [['C10002', '   '], 'The message text is empty.'],
    [['C10002', 'x'.repeat(5001)], 'at most 5000'],
    [[], 'Usage'],
  ])('message %j fails with a clear message', async (args, message) => {
    await expect(run('message', args)).rejects.toThrow(message);
  });

  it('applications and approve: creates the customer and contact in one go, who can then sign in', async () => {
    const id = await apply('Prairie Data Co', 'Emma Jean Roy');
    await run('applications', []);
    expect(printed()).toContain(`#${id}`);
    expect(printed()).toContain('Prairie Data Co');
    expect(printed()).toMatch(/\|\s+New/);

    await run('approve', [String(id), 'C20001', 'Prairie@2024', '--percentage', '12']);
    expect(printed()).toContain('customer C20001');
    const [customer] = await ctx.database.db
      .select()
      .from(customers)
      .where(eq(customers.customerId, 'C20001'));
    expect(customer).toMatchObject({ company: 'Prairie Data Co', percentage: 12 });
    const [contact] = await ctx.database.db.select().from(contacts).where(eq(contacts.customerId, 'C20001'));
    expect(contact).toMatchObject({
      contactPersonId: 'CP20001',
      username: 'C20001',
      firstName: 'Emma',
      lastName: 'Jean Roy',
      contactName: 'Emma Jean Roy',
      email: 'emma@example.com',
      phoneNumber: '9055550100',
    });
    expect(contact!.passwordHash).toMatch(/^\$argon2id\$/);
    const [application] = await ctx.database.db
      .select()
      .from(accountApplications)
      .where(eq(accountApplications.applicationId, id));
    expect(application).toMatchObject({ status: 'Approved', customerId: 'C20001' });

    const cookie = await signIn(ctx.app, 'C20001', 'Prairie@2024');
    const settings = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/C20001/accountSettings',
      headers: { cookie },
    });
    expect(settings.json().accountSettings[0]).toMatchObject({ customer_id: 'C20001', percentage: 12 });

    await run('customers', []);
    expect(printed()).toMatch(/C20001\s+\|\s+12%\s+\|\s+Prairie Data Co/);
    expect(printed()).toMatch(/C10001\s+\|\s+15%/);
  });

  it('approve: the default percentage is 15', async () => {
    const id = await apply('Coastal Print', 'Ava');
    await run('approve', [String(id), 'C20002', 'Coastal@2024']);
    const [customer] = await ctx.database.db
      .select()
      .from(customers)
      .where(eq(customers.customerId, 'C20002'));
    expect(customer?.percentage).toBe(15);
    const [contact] = await ctx.database.db.select().from(contacts).where(eq(contacts.customerId, 'C20002'));
    expect(contact).toMatchObject({ firstName: 'Ava', lastName: '' });
  });

  it('approve: refuses bad input and changes nothing', async () => {
    const id = await apply('Northern Lights', 'Lucas Bouchard');
    const approved = (
      await ctx.database.db
        .select()
        .from(accountApplications)
        .where(eq(accountApplications.customerId, 'C20001'))
    )[0]!;
    const cases: [string[], string][] = [
      [[String(id), 'C10001', 'Valid@2024'], 'Customer C10001 already exists'],
      [[String(approved.applicationId), 'C20009', 'Valid@2024'], 'already approved as customer C20001'],
      [['999999', 'C20009', 'Valid@2024'], 'There is no application #999999'],
      [[String(id), 'C20009', 'weak'], 'The password needs'],
      [[String(id), 'C20009', 'Valid@2024', '--percentage', '101'], 'from 0 to 100'],
      [[String(id), 'C20009', 'Valid@2024', '--percentage', '-1'], 'from 0 to 100'],
      [[String(id), 'C20009', 'Valid@2024', '--percentage'], '--percentage needs a value'],
      [[String(id), 'C 20009', 'Valid@2024'], 'letters and digits'],
      [['abc', 'C20009', 'Valid@2024'], 'application id is a number'],
      [[String(id)], 'Usage'],
    ];
    const before = await ctx.database.db.select().from(customers);
    for (const [args, message] of cases) {
      await expect(run('approve', args), args.join(' ')).rejects.toThrow(message);
    }
    expect(await ctx.database.db.select().from(customers)).toHaveLength(before.length);
    const [still] = await ctx.database.db
      .select()
      .from(accountApplications)
      .where(eq(accountApplications.applicationId, id));
    expect(still).toMatchObject({ status: 'New', customerId: null });
  });
});
