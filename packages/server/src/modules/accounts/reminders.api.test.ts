/**
 * Overdue reminders: each stage (the due day, 15 and 30 days past it) mailed once to the company's active
 * administrators, in their language, however many passes run at once. On PostgreSQL the passes run in two
 * server instances on one database; on PGlite (one connection) they interleave in one.
 */
import { addDays } from '@shop/domain/core/days';
import { formatMoney } from '@shop/domain/core/money';
import { asc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { contacts, invoiceReminders, outbox } from '../../db/schema';
import { call, OWNER, staffSignIn, uniqueEmail } from '../../test/admin';
import { useSecondApp, useTestApp } from '../../test/harness';
import { waitFor } from '../../test/mail-sink';
import { ReminderJob, runReminderPass } from './reminders';
import { company, dueIn, type Invoiced, invoicedOrder, payment } from './test-fixtures';

const ctx = useTestApp({ REMINDER_POLL_MS: 0, PUBLIC_URL: 'https://shop.example.com' });
const second = useSecondApp(ctx);
let owner = '';
let buyer = { customerId: '', cookie: '', email: '' };
const admins: string[] = [];
let frenchAdmin = '';
let plainBuyer = '';
let retiredAdmin = '';

const deps = (app: FastifyInstance) => ({
  db: app.services.database.db,
  config: app.services.config,
  mailer: app.services.mailer,
});

/** Six passes at once, spread over both instances. */
async function passesAtOnce(today?: string) {
  const apps = [ctx.app, second.app ?? ctx.app];
  const results = await Promise.all(
    [0, 1, 2, 3, 4, 5].map((i) => runReminderPass(deps(apps[i % 2]!), today ? { today } : {})),
  );
  return results.flat();
}

async function stagesOf(invoice: Invoiced): Promise<number[]> {
  const rows = await ctx.database.db
    .select({ stage: invoiceReminders.stage })
    .from(invoiceReminders)
    .where(eq(invoiceReminders.orderId, invoice.orderId))
    .orderBy(asc(invoiceReminders.stage));
  return rows.map((r) => r.stage);
}

/** The reminders mailed about an invoice (its own invoice mail left out). */
async function mailsOf(invoice: Invoiced) {
  const rows = await ctx.database.db
    .select()
    .from(outbox)
    .where(like(outbox.subject, `%${invoice.invoiceNumber}%`))
    .orderBy(asc(outbox.id));
  return rows.filter((m) => /due today|past due|due aujourd'hui|en retard/.test(m.subject));
}

async function addContact(role: 'admin' | 'buyer', first: string): Promise<string> {
  const email = uniqueEmail(first.toLowerCase());
  const added = await call(ctx.app, 'POST', `/api/admin/customers/${buyer.customerId}/contacts`, owner, {
    first_name: first,
    last_name: 'Payables',
    email,
    role,
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return email;
}

beforeAll(async () => {
  owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
  buyer = await company(ctx.app, owner, 'Reminder Test Supplies');
  admins.push(buyer.email);
  frenchAdmin = await addContact('admin', 'Amelie');
  admins.push(frenchAdmin);
  plainBuyer = await addContact('buyer', 'Bruno');
  retiredAdmin = await addContact('admin', 'Rita');
  await ctx.database.db.update(contacts).set({ language: 'fr' }).where(eq(contacts.email, frenchAdmin));
  await ctx.database.db.update(contacts).set({ active: false }).where(eq(contacts.email, retiredAdmin));
  // Mail of the setup (welcomes, new buyers) is out of the way: only reminders are counted below.
});

describe('an unpaid invoice', () => {
  let invoice: Invoiced;

  beforeAll(async () => {
    invoice = await invoicedOrder(ctx.app, owner, buyer.cookie, 'PO-REMIND-1');
  });

  it('gets nothing before its due day', async () => {
    await dueIn(ctx.app, invoice.invoiceId, 1);
    await passesAtOnce();
    expect(await stagesOf(invoice)).toEqual([]);
    expect(await mailsOf(invoice)).toEqual([]);
  });

  it('is mailed once on its due day to each active administrator, in their language', async () => {
    const dueOn = await dueIn(ctx.app, invoice.invoiceId, 0);
    const sent = await passesAtOnce();
    expect(sent.filter((s) => s.invoiceId === invoice.invoiceId)).toEqual([
      expect.objectContaining({ stage: 0, mailIds: [expect.any(Number), expect.any(Number)] }),
    ]);
    expect(await stagesOf(invoice)).toEqual([0]);
    const mails = await mailsOf(invoice);
    expect(mails.map((m) => m.to).sort()).toEqual([...admins].sort());
    const english = mails.find((m) => m.to === buyer.email)!;
    expect(english.subject).toBe(
      `Invoice ${invoice.invoiceNumber} is due today (order ${invoice.orderNumber})`,
    );
    expect(english.body).toContain(
      `is due today, ${new Intl.DateTimeFormat('en-CA', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${dueOn}T12:00:00Z`))}.`,
    );
    expect(english.body).toContain(`Balance due: ${formatMoney(invoice.totalCents)}`);
    expect(english.body).toContain('https://shop.example.com/acer/account/statement');
    const french = mails.find((m) => m.to === frenchAdmin)!;
    expect(french.subject).toBe(
      `La facture ${invoice.invoiceNumber} est due aujourd'hui (commande ${invoice.orderNumber})`,
    );
    expect(french.body).toContain(`Solde dû : ${formatMoney(invoice.totalCents, 'fr')}`);
    expect(mails.some((m) => m.to === plainBuyer || m.to === retiredAdmin)).toBe(false);
  });

  it('is mailed once more 15 days past due, then 30, and never again', async () => {
    await dueIn(ctx.app, invoice.invoiceId, -15);
    await passesAtOnce();
    expect(await stagesOf(invoice)).toEqual([0, 15]);
    let mails = await mailsOf(invoice);
    expect(mails).toHaveLength(4);
    expect(mails.filter((m) => m.subject.startsWith('Reminder: invoice'))).toHaveLength(1);
    expect(mails.find((m) => m.to === buyer.email && m.subject.startsWith('Reminder'))!.body).toContain(
      'it is 15 days past due',
    );

    await dueIn(ctx.app, invoice.invoiceId, -30);
    await passesAtOnce();
    await passesAtOnce();
    expect(await stagesOf(invoice)).toEqual([0, 15, 30]);
    mails = await mailsOf(invoice);
    expect(mails).toHaveLength(6);
    expect(mails.filter((m) => m.subject.startsWith('Second reminder: invoice'))).toHaveLength(1);
    expect(mails.filter((m) => m.subject.startsWith('Deuxième rappel'))).toHaveLength(1);

    await dueIn(ctx.app, invoice.invoiceId, -200);
    await passesAtOnce();
    expect(await mailsOf(invoice)).toHaveLength(6);
  });
});

describe('stages due together', () => {
  it('send the highest only and mark the lower ones, so they are never sent late', async () => {
    const invoice = await invoicedOrder(ctx.app, owner, buyer.cookie, 'PO-REMIND-LATE');
    await dueIn(ctx.app, invoice.invoiceId, -20);
    await passesAtOnce();
    expect(await stagesOf(invoice)).toEqual([0, 15]);
    const mails = await mailsOf(invoice);
    expect(mails).toHaveLength(2);
    expect(
      mails.every((m) => m.subject.startsWith('Reminder: invoice') || m.subject.startsWith('Rappel')),
    ).toBe(true);
  });
});

describe('nothing is sent', () => {
  it('for an invoice paid in full, a canceled order, or before the due day; a part-paid one tells what is left', async () => {
    const paid = await invoicedOrder(ctx.app, owner, buyer.cookie, 'PO-REMIND-PAID');
    await call(
      ctx.app,
      'POST',
      `/api/admin/invoices/${paid.invoiceId}/payments`,
      owner,
      payment(paid.totalCents),
    );
    await dueIn(ctx.app, paid.invoiceId, -30);

    const canceled = await invoicedOrder(ctx.app, owner, buyer.cookie, 'PO-REMIND-CANCELED');
    await call(ctx.app, 'POST', `/api/admin/orders/${canceled.orderId}/status`, owner, {
      action: 'cancel',
      reason: 'Not needed',
    });
    await dueIn(ctx.app, canceled.invoiceId, -15);

    const part = await invoicedOrder(ctx.app, owner, buyer.cookie, 'PO-REMIND-PART');
    await call(ctx.app, 'POST', `/api/admin/invoices/${part.invoiceId}/payments`, owner, payment(1_000));
    await dueIn(ctx.app, part.invoiceId, -1);

    await passesAtOnce();
    expect(await stagesOf(paid)).toEqual([]);
    expect(await mailsOf(paid)).toEqual([]);
    expect(await stagesOf(canceled)).toEqual([]);
    expect(await stagesOf(part)).toEqual([0]);
    const [mail] = (await mailsOf(part)).filter((m) => m.to === buyer.email);
    expect(mail!.body).toContain(`Balance due: ${formatMoney(part.totalCents - 1_000)}`);
    expect(mail!.body).toContain('it is 1 day past due');
  });

  it('once an invoice is paid, even as its stages come', async () => {
    const invoice = await invoicedOrder(ctx.app, owner, buyer.cookie, 'PO-REMIND-LATER-PAID');
    await dueIn(ctx.app, invoice.invoiceId, 0);
    await passesAtOnce();
    expect(await mailsOf(invoice)).toHaveLength(2);
    await call(
      ctx.app,
      'POST',
      `/api/admin/invoices/${invoice.invoiceId}/payments`,
      owner,
      payment(invoice.totalCents),
    );
    await dueIn(ctx.app, invoice.invoiceId, -31);
    await passesAtOnce();
    expect(await stagesOf(invoice)).toEqual([0]);
    expect(await mailsOf(invoice)).toHaveLength(2);
  });

  it('by a pass run for a day before the due day', async () => {
    const invoice = await invoicedOrder(ctx.app, owner, buyer.cookie, 'PO-REMIND-DAY');
    const due = await dueIn(ctx.app, invoice.invoiceId, 3);
    await passesAtOnce(addDays(due, -1));
    expect(await stagesOf(invoice)).toEqual([]);
    await passesAtOnce(due);
    expect(await stagesOf(invoice)).toEqual([0]);
  });
});

describe('the job', () => {
  it('runs passes on its own every few moments and stops when asked', async () => {
    const invoice = await invoicedOrder(ctx.app, owner, buyer.cookie, 'PO-REMIND-JOB');
    await dueIn(ctx.app, invoice.invoiceId, -15);
    const log = { info: vi.fn(), error: vi.fn() };
    const job = new ReminderJob(deps(ctx.app), 20, log);
    job.start();
    await waitFor('the job to queue both reminders', async () => (await stagesOf(invoice)).length >= 2);
    expect(await stagesOf(invoice)).toEqual([0, 15]);
    await job.stop();
    expect(log.error).not.toHaveBeenCalled();
    expect(log.info).toHaveBeenCalledWith(
      { reminders: [{ invoice: invoice.invoiceNumber, stage: 15, mails: 2 }] },
      'overdue reminders queued',
    );
  });
});

describe('reminder rows', () => {
  it('name the invoice they were sent for', async () => {
    const rows = await ctx.database.db.select().from(invoiceReminders).where(eq(invoiceReminders.stage, 30));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.invoiceId).toBeGreaterThan(0);
  });
});
