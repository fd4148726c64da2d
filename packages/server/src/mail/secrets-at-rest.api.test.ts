/**
 * Every mail that carries a one-time set-password link or a reset code is delivered with it, and once it
 * is delivered the secret is readable nowhere the shop keeps data or writes logs: not in any column of
 * the outbox, not in the audit, not (for links) in any table, and not in a log line. The link or code
 * still works, once.
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountApplications, auditLog, contacts, outbox } from '../db/schema';
import { call, clientAddress, OWNER, staffSignIn, tokenIn, uniqueEmail } from '../test/admin';
import { DEMO, signIn, useTestApp } from '../test/harness';
import { startMailSink, waitFor } from '../test/mail-sink';

const sink = await startMailSink();
// At level info, as a shop runs: every request is logged with its URL.
const ctx = useTestApp({ SMTP_URL: sink.url, LOG_LEVEL: 'info' });
afterAll(() => sink.close());

/** Every line the app logs from now on (kept here instead of written out). */
const logged: string[] = [];
let owner = '';
beforeAll(async () => {
  const log = ctx.app.log as unknown as Record<symbol, { write: (line: string) => boolean }>;
  const streamKey = Object.getOwnPropertySymbols(log).find((s) => s.description === 'pino.stream');
  if (!streamKey) throw new Error('the log stream was not found');
  log[streamKey]!.write = (line: string) => {
    logged.push(line);
    return true;
  };
  owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
});

/** Runs `act`, then returns the text of the first mail to `to` that it caused. */
async function mailFrom(to: string, act: () => Promise<void>): Promise<string> {
  const from = sink.received.length;
  await act();
  let text = '';
  await waitFor(`a mail to ${to}`, () => {
    const mail = sink.received.slice(from).find((m) => m.to.includes(to));
    text = mail?.text ?? '';
    return mail !== undefined;
  });
  return text;
}

/** The link's page, opened as the person's browser does. */
async function openLink(token: string, kind: 'customer' | 'staff') {
  const path = kind === 'staff' ? '/acer/admin/set-password' : '/acer/set-password';
  await ctx.app.inject({ method: 'GET', url: `${path}?token=${token}`, remoteAddress: clientAddress() });
}

/** Every row of every table, as text. */
async function everyTable(): Promise<string> {
  const rowsOf = async <T>(query: SQL) =>
    ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = await rowsOf<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
  );
  expect(tables.map((t) => t.name)).toContain('outbox');
  const texts: string[] = [];
  for (const { name } of tables) {
    const rows = await rowsOf<{ row: string }>(sql`select t::text as row from ${sql.identifier(name)} t`);
    for (const r of rows) texts.push(r.row);
  }
  return texts.join('\n');
}

/**
 * Waits for every queued mail to be delivered and recorded, then checks `secret` is in no outbox row
 * (any column), no audit row and no log line; a link's token (too long to occur by chance) is also looked
 * for in every table.
 */
async function expectNowhereAtRest(secret: string, kind: 'link' | 'code') {
  await waitFor('every queued mail to be delivered and recorded', async () => {
    const rows = await ctx.database.db.select({ sentAt: outbox.sentAt }).from(outbox);
    return rows.length > 0 && rows.every((r) => r.sentAt !== null);
  });
  // A code is 6 digits: only where no other digit touches it (a phone number may hold the same six).
  const pattern = new RegExp(`(?<![0-9])${secret.replace(/[^\w]/g, '\\$&')}(?![0-9])`);
  const mails = await ctx.database.db.select().from(outbox);
  for (const row of mails) {
    expect(JSON.stringify(row), `outbox row ${row.id} (${row.subject})`).not.toMatch(pattern);
  }
  const audit = await ctx.database.db.select().from(auditLog);
  for (const row of audit) expect(JSON.stringify(row), `audit row ${row.action}`).not.toMatch(pattern);
  if (kind === 'link') expect(await everyTable()).not.toContain(secret);
  const lines = logged.filter((line) => pattern.test(line));
  expect(lines, 'log lines holding the secret').toEqual([]);
}

const PASSWORD = 'Linked@2026x';

/** Sets a password with the link: it works the first time and only then. */
async function expectWorksOnce(token: string) {
  const first = await call(ctx.app, 'POST', '/api/password-link/set', '', { token, password: PASSWORD });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const again = await call(ctx.app, 'POST', '/api/password-link/set', '', { token, password: PASSWORD });
  expect(again.status).toBe(400);
}

describe('one-time links and codes at rest', () => {
  it("a new customer's welcome link, made in the back office", async () => {
    const email = uniqueEmail('welcome');
    const text = await mailFrom(email, async () => {
      const made = await call(ctx.app, 'POST', '/api/admin/customers', owner, {
        company: 'Secrets Welcome Ltd',
        first_name: 'Wendy',
        last_name: 'Welcome',
        email,
        percentage: 10,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
    });
    const token = tokenIn(text);
    await openLink(token, 'customer');
    await expectNowhereAtRest(token, 'link');
    await expectWorksOnce(token);
  });

  it("an approved application's welcome link", async () => {
    const email = uniqueEmail('applicant');
    const applied = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/register',
      remoteAddress: clientAddress(),
      payload: {
        company: 'Secrets Applicant Inc',
        contactName: 'Arthur Applicant',
        email,
        phoneNumber: '9055550100',
        province: 'Ontario',
        message: 'We would like an account.',
      },
    });
    expect(applied.statusCode).toBe(200);
    const [application] = await ctx.database.db
      .select()
      .from(accountApplications)
      .where(eq(accountApplications.email, email));
    // The applicant is first told the application arrived; the welcome is the next mail to them.
    await waitFor('the application received mail', () => sink.received.some((m) => m.to.includes(email)));
    const text = await mailFrom(email, async () => {
      const approved = await call(ctx.app, 'POST', '/api/admin/customers', owner, {
        company: application!.company,
        first_name: 'Arthur',
        last_name: 'Applicant',
        email,
        application_id: application!.applicationId,
      });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    });
    const token = tokenIn(text);
    await openLink(token, 'customer');
    await expectNowhereAtRest(token, 'link');
    await expectWorksOnce(token);
  });

  it("a buyer's link, added by the company's administrator", async () => {
    const admin = await signIn(ctx.app, DEMO.C10001.username, DEMO.C10001.password);
    const email = uniqueEmail('buyer');
    const text = await mailFrom(email, async () => {
      const added = await call(ctx.app, 'POST', '/api/user/buyers/create', admin, {
        buyerInfo: { first_name: 'Bianca', last_name: 'Buyer', email, role: 'buyer' },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    });
    const token = tokenIn(text);
    await openLink(token, 'customer');
    await expectNowhereAtRest(token, 'link');
    await expectWorksOnce(token);
  });

  it("a buyer's link, added by the seller", async () => {
    const email = uniqueEmail('contact');
    const text = await mailFrom(email, async () => {
      const added = await call(ctx.app, 'POST', '/api/admin/customers/C10002/contacts', owner, {
        first_name: 'Carl',
        last_name: 'Contact',
        email,
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    });
    const token = tokenIn(text);
    await openLink(token, 'customer');
    await expectNowhereAtRest(token, 'link');
    await expectWorksOnce(token);
  });

  it('a reset link the seller sends to a customer who has a password', async () => {
    const [primary] = await ctx.database.db
      .select({ email: contacts.email })
      .from(contacts)
      .where(eq(contacts.contactPersonId, 'CP10002'));
    const text = await mailFrom(primary!.email, async () => {
      const sent = await call(ctx.app, 'POST', '/api/admin/customers/C10002/password-link', owner, {});
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    });
    expect(text).not.toContain('Your Customer ID is');
    const token = tokenIn(text);
    await openLink(token, 'customer');
    await expectNowhereAtRest(token, 'link');
    await expectWorksOnce(token);
  });

  it("a staff member's link, on being added and sent again", async () => {
    const email = uniqueEmail('clerk');
    let staffId = 0;
    const first = tokenIn(
      await mailFrom(email, async () => {
        const added = await call(ctx.app, 'POST', '/api/admin/staff', owner, {
          email,
          name: 'Clara Clerk',
          role: 'clerk',
        });
        expect(added.status, JSON.stringify(added.body)).toBe(200);
        staffId = added.body.staff.staff_id;
      }),
    );
    await openLink(first, 'staff');
    await expectNowhereAtRest(first, 'link');
    const second = tokenIn(
      await mailFrom(email, async () => {
        const sent = await call(ctx.app, 'POST', `/api/admin/staff/${staffId}/send-link`, owner);
        expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      }),
    );
    await openLink(second, 'staff');
    await expectNowhereAtRest(second, 'link');
    // The new link retired the first.
    const retired = await call(ctx.app, 'POST', '/api/password-link/set', '', {
      token: first,
      password: PASSWORD,
    });
    expect(retired.status).toBe(400);
    await expectWorksOnce(second);
    await staffSignIn(ctx.app, email, PASSWORD);
  });

  it('a password reset code', async () => {
    const [primary] = await ctx.database.db
      .select({ email: contacts.email })
      .from(contacts)
      .where(eq(contacts.contactPersonId, 'CP10001'));
    const text = await mailFrom(primary!.email, async () => {
      const sent = await ctx.app.inject({
        method: 'POST',
        url: '/api/user/forget/sendcode',
        remoteAddress: clientAddress(),
        payload: { username: 'C10001' },
      });
      expect(sent.statusCode).toBe(200);
    });
    const code = /verification code is (\d{6})/.exec(text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await expectNowhereAtRest(code!, 'code');
    const reset = (remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/user/forget/resetpassword',
        remoteAddress,
        payload: {
          username: 'C10001',
          password: PASSWORD,
          confirmPassword: PASSWORD,
          verificationCode: code,
        },
      });
    expect((await reset(clientAddress())).statusCode).toBe(200);
    expect((await reset(clientAddress())).statusCode).toBe(400);
  });
});
