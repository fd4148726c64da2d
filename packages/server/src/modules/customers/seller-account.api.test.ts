import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { cliDeps } from '../../cli/deps';
import { accountCommands } from '../../cli/seller-account';
import type { SellerContext } from '../../cli/seller-types';
import { accountApplications, contacts, customerMessages, customers, outbox } from '../../db/schema';
import { tokenIn, waitForMail } from '../../test/admin';
import { signIn, useTestApp } from '../../test/harness';
import { startMailSink } from '../../test/mail-sink';

const sink = await startMailSink();
const ctx = useTestApp({ SMTP_URL: sink.url });
afterAll(() => sink.close());

let log: MockInstance<typeof console.log>;
beforeEach(() => {
  log = vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => {
  log.mockRestore();
});

const seller = (): SellerContext => ({
  db: ctx.database.db,
  config: ctx.config,
  deps: cliDeps(ctx.database.db, ctx.config),
});
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
    expect(printed()).toMatch(
      /^Message \d+ sent to C10002\. It is mailed to liam\.tremblay@mapleleaf\.example\.$/m,
    );
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
    [['C10002', '   '], 'The message cannot be empty'],
    [['C10002', 'x'.repeat(5001)], 'at most 5000 characters'],
    [[], 'Usage'],
  ])('message %j fails with a clear message', async (args, message) => {
    await expect(run('message', args)).rejects.toThrow(message);
  });

  it('applications and approve: creates the customer and mails a set-password link that leads to a sign-in', async () => {
    const id = await apply('Prairie Data Co', 'Emma Jean Roy');
    await run('applications', []);
    expect(printed()).toContain(`#${id}`);
    expect(printed()).toContain('Prairie Data Co');
    expect(printed()).toMatch(/\|\s+New/);

    await run('approve', [String(id), '--customer-id', 'C20001', '--percentage', '12']);
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
      email: 'emma@example.com',
      phoneNumber: '9055550100',
      passwordHash: '',
    });
    const [application] = await ctx.database.db
      .select()
      .from(accountApplications)
      .where(eq(accountApplications.applicationId, id));
    expect(application).toMatchObject({ status: 'Approved', customerId: 'C20001', decidedBy: 'cli' });
    // The mail (its text leaves the outbox once delivered) carries the link the command printed.
    const mail = await waitForMail(sink, 'emma@example.com', 'Your Customer ID is C20001');
    const token = /token=([\w-]+)/.exec(printed())![1]!;
    expect(tokenIn(mail)).toBe(token);
    const set = await ctx.app.inject({
      method: 'POST',
      url: '/api/password-link/set',
      payload: { token, password: 'Prairie@2024', confirmPassword: 'Prairie@2024' },
    });
    expect(set.statusCode).toBe(200);
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

  it('approve: the default percentage is 15 and the id the next C number', async () => {
    const id = await apply('Coastal Print', 'Ava');
    await expect(run('approve', [String(id)])).rejects.toThrow('Last name cannot be empty');
    await run('approve', [String(id), '--last-name', 'Stone']);
    const [application] = await ctx.database.db
      .select()
      .from(accountApplications)
      .where(eq(accountApplications.applicationId, id));
    const [customer] = await ctx.database.db
      .select()
      .from(customers)
      .where(eq(customers.customerId, application!.customerId!));
    expect(customer?.percentage).toBe(15);
    expect(customer?.customerId).toBe('C20002');
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
      [[String(id), '--customer-id', 'C10001'], 'Customer C10001 already exists'],
      [[String(approved.applicationId)], 'already approved as customer C20001'],
      [['999999'], 'There is no application #999999'],
      [[String(id), '--percentage', '101'], 'from 0 to 100'],
      [[String(id), '--percentage', '-1'], 'from 0 to 100'],
      [[String(id), '--percentage'], '--percentage needs a value'],
      [[String(id), '--customer-id', 'C 20009'], 'letters and digits'],
      [['abc'], 'application id is a number'],
      [[], 'Usage'],
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

  it('reject: mails the reason and the application is no longer pending', async () => {
    const id = await apply('Quick Flip', 'Noah Smith');
    await run('reject', [String(id), 'We sell to registered resellers only.']);
    const [application] = await ctx.database.db
      .select()
      .from(accountApplications)
      .where(eq(accountApplications.applicationId, id));
    expect(application).toMatchObject({
      status: 'Rejected',
      decisionReason: 'We sell to registered resellers only.',
    });
    // The applicant was first told the application arrived; the decision is another mail.
    const mails = await ctx.database.db.select().from(outbox).where(eq(outbox.to, 'noah@example.com'));
    const mail = mails.find((m) => m.subject === 'Your application for an Acer Store business account');
    expect(mail!.body).toContain('Reason: We sell to registered resellers only.');
    await expect(run('reject', [String(id), 'again'])).rejects.toThrow('already rejected');
  });
});
