/**
 * The buyer's statement (JSON, CSV, PDF; English and French) and the back office's receivables, with
 * invoices moved back in time so each aging bucket holds one.
 */
import { addDays, todayIn } from '@shop/domain/core/days';
import { formatMoney } from '@shop/domain/core/money';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema';
import { call, OWNER, staffSignIn } from '../../test/admin';
import { useTestApp } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { company, dueIn, type Invoiced, invoicedOrder, payment } from './test-fixtures';

const ctx = useTestApp({ REMINDER_POLL_MS: 0, SHOP_LEGAL_NAME: 'Statement Test Traders Ltd.' });
let owner = '';
let buyer = { customerId: '', cookie: '' };
let quiet = { customerId: '', cookie: '' };
/** Due in 5 days, 10, 45, 75 and 120 days ago, and one paid. */
const made: Record<'current' | 'd10' | 'd45' | 'd75' | 'd120' | 'paid', Invoiced> = {} as never;
let partCents = 0;
const today = () => todayIn(ctx.config.SHOP_TIME_ZONE);

beforeAll(async () => {
  owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
  buyer = await company(ctx.app, owner, 'Aging Parts Wholesale');
  quiet = await company(ctx.app, owner, 'Always Pays On Time Inc.');
  await ctx.database.db
    .update(customers)
    .set({ paymentTerms: 'net45', creditLimitCents: 5_000_000 })
    .where(eq(customers.customerId, buyer.customerId));
  const offsets = { current: 5, d10: -10, d45: -45, d75: -75, d120: -120, paid: -20 } as const;
  for (const [key, days] of Object.entries(offsets) as [keyof typeof made, number][]) {
    made[key] = await invoicedOrder(ctx.app, owner, buyer.cookie, `PO-AGE-${key}`);
    await dueIn(ctx.app, made[key].invoiceId, days);
  }
  // Part of the 45-day-old one is paid; all of the paid one.
  partCents = 1_000;
  for (const [invoice, cents] of [
    [made.d45, partCents],
    [made.paid, made.paid.totalCents],
  ] as const) {
    const paid = await call(
      ctx.app,
      'POST',
      `/api/admin/invoices/${invoice.invoiceId}/payments`,
      owner,
      payment(cents),
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  }
  // The quiet company owes nothing: its one invoice is paid.
  const theirs = await invoicedOrder(ctx.app, owner, quiet.cookie, 'PO-QUIET');
  await call(
    ctx.app,
    'POST',
    `/api/admin/invoices/${theirs.invoiceId}/payments`,
    owner,
    payment(theirs.totalCents),
  );
});

const dollars = (cents: number) => Math.round(cents) / 100;
const balanceCents = () =>
  made.current.totalCents +
  made.d10.totalCents +
  made.d45.totalCents -
  partCents +
  made.d75.totalCents +
  made.d120.totalCents;
const overdueCents = () => balanceCents() - made.current.totalCents;

describe('the statement', () => {
  it('lists open invoices first with their status and days overdue, then the paid one, with the aging', async () => {
    const answer = await call(ctx.app, 'GET', `/api/user/${buyer.customerId}/statement`, buyer.cookie);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const s = answer.body.statement;
    expect(s).toMatchObject({
      customer_id: buyer.customerId,
      company: 'Aging Parts Wholesale',
      terms: 'net45',
      credit_limit: 50_000,
      today: today(),
    });
    expect(s.invoices.map((i: { invoice_id: number }) => i.invoice_id)).toEqual(
      [made.d120, made.d75, made.d45, made.d10, made.current, made.paid].map((m) => m.invoiceId),
    );
    const byId = (m: Invoiced) =>
      s.invoices.find((i: { invoice_id: number }) => i.invoice_id === m.invoiceId);
    expect(byId(made.current)).toMatchObject({
      status: 'open',
      days_overdue: 0,
      due_on: addDays(today(), 5),
    });
    expect(byId(made.d10)).toMatchObject({ status: 'overdue', days_overdue: 10 });
    expect(byId(made.d45)).toMatchObject({
      status: 'overdue',
      days_overdue: 45,
      paid: dollars(partCents),
      balance: dollars(made.d45.totalCents - partCents),
    });
    expect(byId(made.d120)).toMatchObject({ status: 'overdue', days_overdue: 120 });
    expect(byId(made.paid)).toMatchObject({ status: 'paid', days_overdue: 0, balance: 0 });
    expect(s.totals).toEqual({
      balance: dollars(balanceCents()),
      overdue: dollars(overdueCents()),
      aging: {
        current: dollars(made.current.totalCents),
        days_1_30: dollars(made.d10.totalCents),
        days_31_60: dollars(made.d45.totalCents - partCents),
        days_61_90: dollars(made.d75.totalCents),
        over_90: dollars(made.d120.totalCents),
      },
    });
  });

  it('leaves out canceled orders', async () => {
    const gone = await invoicedOrder(ctx.app, owner, buyer.cookie, 'PO-AGE-CANCELED');
    const canceled = await call(ctx.app, 'POST', `/api/admin/orders/${gone.orderId}/status`, owner, {
      action: 'cancel',
      reason: 'Changed their mind',
    });
    expect(canceled.status).toBe(200);
    const s = (await call(ctx.app, 'GET', `/api/user/${buyer.customerId}/statement`, buyer.cookie)).body
      .statement;
    expect(s.invoices.some((i: { invoice_id: number }) => i.invoice_id === gone.invoiceId)).toBe(false);
    expect(s.totals.balance).toBe(dollars(balanceCents()));
  });

  it('downloads as CSV, headers in the buyer’s language', async () => {
    const english = await call(ctx.app, 'GET', `/api/user/${buyer.customerId}/statement.csv`, buyer.cookie);
    expect(english.status).toBe(200);
    expect(english.response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(english.response.headers['content-disposition']).toBe(
      `attachment; filename="Statement-${buyer.customerId}-${today()}.csv"`,
    );
    const lines = english.response.body.trim().split('\n');
    expect(lines[0]).toBe('Invoice,Order,PO,Invoice date,Due date,Total,Paid,Balance,Status,Days overdue');
    expect(lines).toHaveLength(7);
    expect(lines[3]).toBe(
      [
        made.d45.invoiceNumber,
        made.d45.orderNumber,
        'PO-AGE-d45',
        today(),
        addDays(today(), -45),
        (made.d45.totalCents / 100).toFixed(2),
        (partCents / 100).toFixed(2),
        ((made.d45.totalCents - partCents) / 100).toFixed(2),
        'Overdue',
        '45',
      ].join(','),
    );
    const french = await call(
      ctx.app,
      'GET',
      `/api/user/${buyer.customerId}/statement.csv`,
      `${buyer.cookie}; lang=fr`,
    );
    expect(french.response.body.split('\n')[0]).toBe(
      "Facture,Commande,BC,Date de la facture,Date d'échéance,Total,Payé,Solde,État,Jours de retard",
    );
    expect(french.response.headers['content-disposition']).toContain(`Releve-${buyer.customerId}-`);
    expect(french.response.body).toContain(',En retard,45');
  });

  it('downloads as a PDF holding the balance, what is overdue, the aging and the invoices', async () => {
    const answer = await call(ctx.app, 'GET', `/api/user/${buyer.customerId}/statement.pdf`, buyer.cookie);
    expect(answer.status).toBe(200);
    expect(answer.response.headers['content-type']).toBe('application/pdf');
    expect(answer.response.headers['content-disposition']).toBe(
      `attachment; filename="Statement-${buyer.customerId}-${today()}.pdf"`,
    );
    const text = await pdfText(answer.response.rawPayload);
    for (const expected of [
      'Statement Test Traders Ltd.',
      'STATEMENT OF ACCOUNT',
      buyer.customerId,
      'Aging Parts Wholesale',
      'Net 45 days',
      'Balance due',
      formatMoney(balanceCents()),
      formatMoney(overdueCents()),
      '31-60 days',
      formatMoney(made.d45.totalCents - partCents),
      made.d120.invoiceNumber,
      'PO-AGE-d75',
      '120 days overdue',
      'Paid invoices',
      made.paid.invoiceNumber,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('downloads as a PDF in French', async () => {
    const answer = await call(
      ctx.app,
      'GET',
      `/api/user/${buyer.customerId}/statement.pdf`,
      `${buyer.cookie}; lang=fr`,
    );
    expect(answer.status).toBe(200);
    const text = (await pdfText(answer.response.rawPayload)).replace(/[\u00a0\u202f]/g, ' ');
    for (const expected of [
      'RELEVÉ DE COMPTE',
      'Solde dû',
      formatMoney(balanceCents(), 'fr').replace(/[\u00a0\u202f]/g, ' '),
      'Net 45 jours',
      '31 à 60 jours',
      '120 jours de retard',
      'Factures payées',
    ]) {
      expect(text).toContain(expected);
    }
  });
});

describe('the receivables', () => {
  type Row = { customer_id: string; overdue: number; balance: number };

  it('show each company owing, the most overdue first, with its aging and the totals', async () => {
    const answer = await call(ctx.app, 'GET', '/api/admin/receivables?page_size=100', owner);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const rows = answer.body.receivables.items as Row[];
    const ours = rows.find((r) => r.customer_id === buyer.customerId);
    expect(ours).toMatchObject({
      company: 'Aging Parts Wholesale',
      terms: 'net45',
      credit_limit: 50_000,
      balance: dollars(balanceCents()),
      overdue: dollars(overdueCents()),
      aging: { days_61_90: dollars(made.d75.totalCents), over_90: dollars(made.d120.totalCents) },
      oldest_due_on: addDays(today(), -120),
      open_invoices: 5,
    });
    // Paid up: not listed unless asked for.
    expect(rows.some((r) => r.customer_id === quiet.customerId)).toBe(false);
    const overdue = rows.map((r) => r.overdue);
    expect(overdue).toEqual([...overdue].sort((a, b) => b - a));
    expect(answer.body.totals.balance).toBe(
      dollars(rows.reduce((n, r) => n + Math.round(r.balance * 100), 0)),
    );
    expect(answer.body.today).toBe(today());
  });

  it('are found by company or customer id, overdue only, or with the paid-up companies too', async () => {
    const found = await call(ctx.app, 'GET', '/api/admin/receivables?q=aging parts', owner);
    expect(found.body.receivables.items.map((r: Row) => r.customer_id)).toEqual([buyer.customerId]);
    expect(found.body.totals).toMatchObject({ balance: dollars(balanceCents()), open_invoices: 5 });
    const byId = await call(
      ctx.app,
      'GET',
      `/api/admin/receivables?q=${buyer.customerId}&overdue=true`,
      owner,
    );
    expect(byId.body.receivables.items.map((r: Row) => r.customer_id)).toEqual([buyer.customerId]);
    const quietOverdue = await call(
      ctx.app,
      'GET',
      `/api/admin/receivables?q=${quiet.customerId}&overdue=true`,
      owner,
    );
    expect(quietOverdue.body.receivables.items).toEqual([]);
    const all = await call(ctx.app, 'GET', `/api/admin/receivables?q=${quiet.customerId}&all=true`, owner);
    expect(all.body.receivables.items).toEqual([
      expect.objectContaining({ customer_id: quiet.customerId, balance: 0, overdue: 0, open_invoices: 0 }),
    ]);
    const wrong = await call(ctx.app, 'GET', '/api/admin/receivables?overdue=perhaps', owner);
    expect(wrong.status).toBe(400);
    expect(wrong.body.smessage).toBe('Overdue only must be true or false.');
  });

  it('export the same filter as CSV with a totals row', async () => {
    const csv = await call(ctx.app, 'GET', `/api/admin/receivables.csv?q=${buyer.customerId}`, owner);
    expect(csv.status).toBe(200);
    expect(csv.response.headers['content-disposition']).toBe(
      `attachment; filename="Receivables-${today()}.csv"`,
    );
    const lines = csv.response.body.trim().split('\n');
    expect(lines[0]).toBe(
      'Customer ID,Company,Terms,Credit limit,Balance,Overdue,Current,1-30 days,31-60 days,61-90 days,Over 90 days,Oldest due date,Open invoices',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(
      [
        buyer.customerId,
        'Aging Parts Wholesale',
        'Net 45',
        '50000.00',
        (balanceCents() / 100).toFixed(2),
        (overdueCents() / 100).toFixed(2),
        (made.current.totalCents / 100).toFixed(2),
        (made.d10.totalCents / 100).toFixed(2),
        ((made.d45.totalCents - partCents) / 100).toFixed(2),
        (made.d75.totalCents / 100).toFixed(2),
        (made.d120.totalCents / 100).toFixed(2),
        addDays(today(), -120),
        '5',
      ].join(','),
    );
    expect(lines[2]).toMatch(/^Total,1 company,,,/);
    expect(lines[2]).toContain((balanceCents() / 100).toFixed(2));
  });

  it("list a company's invoices with their payments for the seller to pick", async () => {
    const answer = await call(ctx.app, 'GET', `/api/admin/customers/${buyer.customerId}/invoices`, owner);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.customer).toMatchObject({
      customer_id: buyer.customerId,
      balance: dollars(balanceCents()),
    });
    const d45 = answer.body.invoices.find((i: { invoice_id: number }) => i.invoice_id === made.d45.invoiceId);
    expect(d45).toMatchObject({ takes_payments: true, order_status: 'Pending' });
    expect(d45.payments).toEqual([expect.objectContaining({ amount: dollars(partCents), method: 'cheque' })]);
    const paid = answer.body.invoices.find(
      (i: { invoice_id: number }) => i.invoice_id === made.paid.invoiceId,
    );
    expect(paid).toMatchObject({ takes_payments: false, status: 'paid' });
    const missing = await call(ctx.app, 'GET', '/api/admin/customers/NOPE999/invoices', owner);
    expect(missing.status).toBe(404);
  });
});
