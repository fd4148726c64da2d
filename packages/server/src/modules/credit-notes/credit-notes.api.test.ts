/**
 * Credit notes against invoices: each tax component reversed at the invoice's rates to the cent, partial
 * ones never past the invoice (also issued at once on two server instances on PostgreSQL), numbers without
 * gaps, the credit on its own invoice and the rest applied or refunded, the statement, the journal, the
 * cancel of an invoiced order, the buyer's mail, PDF and access.
 */
import { todayIn } from '@shop/domain/core/days';
import { formatMoney, toCents } from '@shop/domain/core/money';
import { parse } from 'csv-parse/sync';
import { eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addresses, outbox } from '../../db/schema';
import { call, OWNER, staffSignIn } from '../../test/admin';
import { type Buyer, checkoutBody, createBuyers } from '../../test/buyers';
import { useSecondApp, useTestApp } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { stockedItem } from '../accounts/test-fixtures';
import { issueCreditNote } from '.';

const ctx = useTestApp({ REMINDER_POLL_MS: 0, SHOP_LEGAL_NAME: 'Credit Test Traders Ltd.' });
const second = useSecondApp(ctx);
let owner = '';
let quebec: Buyer;
let ontario: Buyer;
let other: Buyer;

type CreditLine = {
  invoice_line_id: number;
  kind: string;
  name: string;
  quantity: number;
  credited: number;
  rate: number;
};
type TaxRow = { component: string; rate: number; base: number; amount: number };

/** Moves the buyer's address to a province (its order is taxed there). */
async function moveTo(buyer: Buyer, province: string, city: string, zip: string) {
  await ctx.database.db
    .update(addresses)
    .set({ province, city, zip })
    .where(eq(addresses.addressId, buyer.addressId));
}

/** Places an order of `quantity` units and invoices it with shipping and a fee line without provincial tax. */
async function invoiced(buyer: Buyer, quantity: number, province = 'Ontario') {
  const product = stockedItem(ctx.app);
  const added = await call(ctx.app, 'POST', '/api/user/cart/add', buyer.cookie, {
    itemData: { item_id: product.itemId, item_condition: 'BrandNew', quantity },
    is_replaced: true,
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const placed = await call(
    ctx.app,
    'POST',
    '/api/placeorder',
    buyer.cookie,
    checkoutBody(buyer, product, quantity, { province, po: `PO-${Date.now()}` }),
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const orderId = placed.body.orderId as number;
  const made = await call(ctx.app, 'POST', `/api/admin/orders/${orderId}/invoice`, owner, {
    shipping: '10.05',
    fees: 'given',
    lines: [{ name: 'Recycling fee', amount: '1.50', quantity: 3, kind: 'fee', provincial_tax: false }],
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const invoice = made.body.order.invoices[0];
  const credits = await call(ctx.app, 'GET', `/api/admin/orders/${orderId}/credit-notes`, owner);
  expect(credits.status, JSON.stringify(credits.body)).toBe(200);
  return {
    orderId,
    invoiceId: invoice.invoice_id as number,
    invoiceNumber: invoice.invoice_number as string,
    totalCents: toCents(invoice.total),
    taxes: invoice.taxes as TaxRow[],
    lines: credits.body.invoice.lines as CreditLine[],
  };
}

type Invoice = Awaited<ReturnType<typeof invoiced>>;

const lineOf = (invoice: Invoice, kind: string) => invoice.lines.find((l) => l.kind === kind)!;

async function issue(invoiceId: number, body: Record<string, unknown>, app = ctx.app) {
  return call(app, 'POST', `/api/admin/invoices/${invoiceId}/credit-notes`, owner, {
    reason: 'Returned units',
    ...body,
  });
}

async function statement(buyer: Buyer) {
  const answer = await call(ctx.app, 'GET', `/api/user/${buyer.customerId}/statement`, buyer.cookie);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.statement;
}

beforeAll(async () => {
  owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
  [quebec, ontario, other] = (await createBuyers(ctx.database.db, 3, 'C84')) as [Buyer, Buyer, Buyer];
  await moveTo(quebec, 'Quebec', 'Montréal', 'H2Y1C6');
});

describe('a credit note', () => {
  it('of a whole invoice reverses each tax component to the cent and settles it', async () => {
    const invoice = await invoiced(quebec, 3, 'Quebec');
    expect(invoice.taxes.map((t) => t.component)).toEqual(['GST', 'QST']);
    const answer = await issue(invoice.invoiceId, {
      lines: invoice.lines.map((l) => ({ invoice_line_id: l.invoice_line_id, quantity: l.quantity })),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const note = answer.body.credit_note;
    expect(note.credit_note_number).toMatch(/^CN-\d{6}$/);
    expect(note.taxes.map((t: TaxRow) => [t.component, t.base, t.amount])).toEqual(
      invoice.taxes.map((t) => [t.component, t.base, t.amount]),
    );
    expect(toCents(note.total)).toBe(invoice.totalCents);
    // All of it went to its own invoice, which has nothing left to pay.
    expect(note.allocations).toEqual([
      expect.objectContaining({ invoice_id: invoice.invoiceId, amount: note.total }),
    ]);
    expect(note.left).toBe(0);
    const s = await statement(quebec);
    const row = s.invoices.find((i: { invoice_id: number }) => i.invoice_id === invoice.invoiceId);
    expect(row).toMatchObject({ balance: 0, credited: note.total, paid: 0, status: 'paid' });
    // Nothing is left to credit on it.
    const again = await issue(invoice.invoiceId, {
      lines: [{ invoice_line_id: invoice.lines[0]!.invoice_line_id, quantity: 1 }],
    });
    expect(again.status).toBe(400);
    expect(again.body.smessage).toMatch(/Only 0 of .* is left to credit/);
    // Its invoice can no longer be corrected: the credit note credits its lines.
    const corrected = await call(
      ctx.app,
      'POST',
      `/api/admin/orders/${invoice.orderId}/invoice/correct`,
      owner,
      {
        shipping: '0.00',
      },
    );
    expect(corrected.status).toBe(409);
    expect(corrected.body.smessage).toContain(`has credit note ${note.credit_note_number}`);
  });

  it('of part of an invoice is taxed on the credited base, QST only on lines that had it', async () => {
    const invoice = await invoiced(quebec, 3, 'Quebec');
    const item = lineOf(invoice, 'item');
    const fee = lineOf(invoice, 'fee');
    const answer = await issue(invoice.invoiceId, {
      lines: [
        { invoice_line_id: item.invoice_line_id, quantity: 1 },
        { invoice_line_id: fee.invoice_line_id, quantity: 1 },
      ],
      deductions: [{ kind: 'restocking', amount: '5.00' }],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const note = answer.body.credit_note;
    const rate = toCents(
      (await call(ctx.app, 'GET', `/api/admin/credit-notes/${note.credit_note_id}`, owner)).body.credit_note
        .lines[0].rate,
    );
    const gstBase = rate + 150 - 500;
    const qstBase = rate - 500;
    expect(note.taxes.map((t: TaxRow) => [t.component, toCents(t.base), toCents(t.amount)])).toEqual([
      ['GST', gstBase, Math.round((gstBase * 5) / 100)],
      ['QST', qstBase, Math.round((qstBase * 9.975) / 100)],
    ]);
    expect(note.lines.at(-1)).toMatchObject({ kind: 'deduction', deduction_kind: 'restocking', amount: -5 });
    expect(toCents(note.subtotal)).toBe(gstBase);
  });

  it('in parts never goes past the invoice, also when two are issued at once', async () => {
    const invoice = await invoiced(ontario, 4);
    const item = lineOf(invoice, 'item');
    const first = await issue(invoice.invoiceId, {
      lines: [{ invoice_line_id: item.invoice_line_id, quantity: 1 }],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // Two credit notes of 2 of the 3 units left, at once (on two instances on PostgreSQL): one is refused.
    const both = await Promise.all([
      issue(invoice.invoiceId, { lines: [{ invoice_line_id: item.invoice_line_id, quantity: 2 }] }),
      issue(
        invoice.invoiceId,
        { lines: [{ invoice_line_id: item.invoice_line_id, quantity: 2 }] },
        second.app ?? ctx.app,
      ),
    ]);
    expect(both.map((b) => b.status).sort()).toEqual([200, 400]);
    const refused = both.find((b) => b.status === 400)!;
    expect(refused.body.smessage).toMatch(/Only 1 of .* is left to credit on this invoice\./);
    // The rest (1 unit, shipping and fees) reverses what is left of each component: the sum is the invoice.
    const view = await call(ctx.app, 'GET', `/api/admin/orders/${invoice.orderId}/credit-notes`, owner);
    const rest = (view.body.invoice.lines as CreditLine[])
      .filter((l) => l.quantity > l.credited)
      .map((l) => ({ invoice_line_id: l.invoice_line_id, quantity: l.quantity - l.credited }));
    const last = await issue(invoice.invoiceId, { lines: rest });
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    const after = await call(ctx.app, 'GET', `/api/admin/orders/${invoice.orderId}/credit-notes`, owner);
    const notes = after.body.credit_notes as { total: number; tax: number }[];
    expect(notes).toHaveLength(3);
    expect(notes.reduce((n, c) => n + toCents(c.total), 0)).toBe(invoice.totalCents);
    expect(notes.reduce((n, c) => n + toCents(c.tax), 0)).toBe(
      invoice.taxes.reduce((n, t) => n + toCents(t.amount), 0),
    );
  });

  it('is numbered without gaps, even when an issue fails midway', async () => {
    const invoice = await invoiced(ontario, 3);
    const item = lineOf(invoice, 'item');
    const one = await issue(invoice.invoiceId, {
      lines: [{ invoice_line_id: item.invoice_line_id, quantity: 1 }],
    });
    expect(one.status).toBe(200);
    // A transaction that took a number and then failed leaves no number used.
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await issueCreditNote(tx, {
          invoiceId: invoice.invoiceId,
          lines: [{ invoice_line_id: item.invoice_line_id, quantity: 1 }],
          reason: 'fails',
          actor: { staffId: null, label: 'test' },
          timeZone: ctx.config.SHOP_TIME_ZONE,
        });
        throw new Error('the process stopped midway');
      }),
    ).rejects.toThrow('midway');
    // A refused one takes none either.
    expect(
      (await issue(invoice.invoiceId, { lines: [{ invoice_line_id: item.invoice_line_id, quantity: 9 }] }))
        .status,
    ).toBe(400);
    const two = await issue(invoice.invoiceId, {
      lines: [{ invoice_line_id: item.invoice_line_id, quantity: 1 }],
    });
    expect(two.status).toBe(200);
    const n = (answer: typeof one) => Number(String(answer.body.credit_note.credit_note_number).slice(3));
    expect(n(two)).toBe(n(one) + 1);
    const all = await ctx.database.db.execute(sql`select credit_note_number from credit_notes order by 1`);
    const numbers = (all as unknown as { rows: { credit_note_number: string }[] }).rows.map((r) =>
      Number(r.credit_note_number.slice(3)),
    );
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });
});

describe('the credit', () => {
  it('lowers the statement and its aging; the rest is applied to another invoice and refunded', async () => {
    const [buyer] = await createBuyers(ctx.database.db, 1, 'C85');
    const paid = await invoiced(buyer!, 2);
    const open = await invoiced(buyer!, 1);
    const pay = await call(ctx.app, 'POST', `/api/admin/invoices/${paid.invoiceId}/payments`, owner, {
      amount: (paid.totalCents / 100).toFixed(2),
      received_on: todayIn(ctx.config.SHOP_TIME_ZONE),
      method: 'cheque',
      reference: 'CHQ-9',
    });
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    const before = await statement(buyer!);
    expect(toCents(before.totals.balance)).toBe(open.totalCents);
    expect(toCents(before.totals.aging.current)).toBe(open.totalCents);

    // A credit on the paid invoice: nothing open there, so all of it is the company's credit.
    const item = lineOf(paid, 'item');
    const issued = await issue(paid.invoiceId, {
      lines: [{ invoice_line_id: item.invoice_line_id, quantity: 1 }],
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const note = issued.body.credit_note;
    const credit = toCents(note.total);
    expect(note.left).toBe(note.total);
    const s = await statement(buyer!);
    expect(s.credits).toEqual([
      expect.objectContaining({ credit_note_number: note.credit_note_number, left: note.total }),
    ]);
    expect(toCents(s.credit_left)).toBe(credit);
    expect(toCents(s.totals.balance)).toBe(open.totalCents - credit);
    expect(toCents(s.totals.aging.current)).toBe(open.totalCents);
    // The statement's files carry the credit line too.
    const file = (ext: 'pdf' | 'csv') =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/user/${buyer!.customerId}/statement.${ext}`,
        headers: { cookie: `${buyer!.cookie}; lang=en` },
      });
    const pdf = (await pdfText((await file('pdf')).rawPayload)).replace(/[\s\u00a0]+/g, ' ');
    expect(pdf).toContain(`Credit note ${note.credit_note_number} for invoice ${paid.invoiceNumber}`);
    expect(pdf).toContain(formatMoney(-credit));
    const csv = parse((await file('csv')).body) as string[][];
    expect(csv.find((r) => r[0] === note.credit_note_number)).toEqual(
      expect.arrayContaining([(-credit / 100).toFixed(2), 'Credit']),
    );

    // Half of it applied to the open invoice: its open amount and the aging drop; the balance does not move.
    const half = Math.floor(credit / 2);
    const applied = await call(
      ctx.app,
      'POST',
      `/api/admin/credit-notes/${note.credit_note_id}/apply`,
      owner,
      {
        invoice_id: open.invoiceId,
        amount: (half / 100).toFixed(2),
      },
    );
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const s2 = await statement(buyer!);
    const row = s2.invoices.find((i: { invoice_id: number }) => i.invoice_id === open.invoiceId);
    expect(toCents(row.balance)).toBe(open.totalCents - half);
    expect(toCents(row.credited)).toBe(half);
    expect(toCents(s2.totals.aging.current)).toBe(open.totalCents - half);
    expect(toCents(s2.totals.balance)).toBe(open.totalCents - credit);

    // Never more than is left: a refund of all of it is refused, the rest is refunded once.
    const tooMuch = await call(
      ctx.app,
      'POST',
      `/api/admin/credit-notes/${note.credit_note_id}/refund`,
      owner,
      {
        amount: (credit / 100).toFixed(2),
        method: 'cheque',
      },
    );
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.smessage).toBe(
      `Only ${formatMoney(credit - half)} of credit note ${note.credit_note_number} is left.`,
    );
    const refunds = await Promise.all([
      call(ctx.app, 'POST', `/api/admin/credit-notes/${note.credit_note_id}/refund`, owner, {
        method: 'cheque',
        reference: 'CHQ-R1',
      }),
      call(second.app ?? ctx.app, 'POST', `/api/admin/credit-notes/${note.credit_note_id}/refund`, owner, {
        method: 'cheque',
        reference: 'CHQ-R2',
      }),
    ]);
    expect(refunds.map((r) => r.status).sort()).toEqual([200, 409]);
    const done = refunds.find((r) => r.status === 200)!.body.credit_note;
    expect(done.left).toBe(0);
    expect(done.allocations.at(-1)).toMatchObject({ invoice_id: null, method: 'cheque' });
    const s3 = await statement(buyer!);
    expect(s3.credits).toEqual([]);
    expect(toCents(s3.totals.balance)).toBe(open.totalCents - half);

    // Another company's invoice takes none of it.
    const theirs = await invoiced(other, 1);
    const elsewhere = await call(
      ctx.app,
      'POST',
      `/api/admin/credit-notes/${note.credit_note_id}/apply`,
      owner,
      {
        invoice_id: theirs.invoiceId,
      },
    );
    expect(elsewhere.status).toBe(400);
  });

  it('is in the sales-tax journal as negative rows on its day', async () => {
    const invoice = await invoiced(quebec, 2, 'Quebec');
    const item = lineOf(invoice, 'item');
    const issued = await issue(invoice.invoiceId, {
      lines: [{ invoice_line_id: item.invoice_line_id, quantity: 1 }],
      deductions: [{ kind: 'shipping', amount: '2.00' }],
    });
    expect(issued.status).toBe(200);
    const note = issued.body.credit_note;
    const today = todayIn(ctx.config.SHOP_TIME_ZONE);
    const answer = await call(ctx.app, 'GET', `/api/admin/invoices.csv?from=${today}&to=${today}`, owner);
    expect(answer.status).toBe(200);
    const [head, ...rows] = parse(answer.response.body) as string[][];
    const col = (name: string) => head!.indexOf(name);
    const row = rows.find(
      (r) => r[col('Invoice')] === `${note.credit_note_number} (${invoice.invoiceNumber})`,
    )!;
    expect(row[col('Date')]).toBe(today);
    expect(row[col('GST 5 %')]).toBe((-note.taxes[0].amount).toFixed(2));
    expect(row[col('QST 9.975 %')]).toBe((-note.taxes[1].amount).toFixed(2));
    expect(row[col('Subtotal')]).toBe((-item.rate).toFixed(2));
    expect(row[col('Other lines')]).toBe('2.00');
    expect(row[col('Total')]).toBe((-note.total).toFixed(2));
    const parts = row.slice(6, col('Total')).reduce((n, v) => n + toCents(Number(v)), 0);
    expect(parts).toBe(-toCents(note.total));
    expect(rows.at(-1)![0]).toMatch(/credit notes?\)$/);
  });
});

describe('an invoiced order canceled', () => {
  it('issues its credit note for the whole invoice, mails the buyer once, and leaves nothing owed', async () => {
    const [buyer] = await createBuyers(ctx.database.db, 1, 'C86');
    const invoice = await invoiced(buyer!, 2);
    const canceled = await call(ctx.app, 'POST', `/api/admin/orders/${invoice.orderId}/status`, owner, {
      action: 'cancel',
      reason: 'The buyer no longer needs it.',
    });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    const view = await call(ctx.app, 'GET', `/api/admin/orders/${invoice.orderId}/credit-notes`, owner);
    const notes = view.body.credit_notes as { credit_note_number: string; total: number; left: number }[];
    expect(notes).toHaveLength(1);
    expect(toCents(notes[0]!.total)).toBe(invoice.totalCents);
    expect(notes[0]!.left).toBe(0);
    const mails = await ctx.database.db
      .select()
      .from(outbox)
      .where(like(outbox.subject, `%${notes[0]!.credit_note_number}%`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(buyer!.email);
    expect(mails[0]!.body).toContain(
      `${notes[0]!.credit_note_number} has been issued for invoice ${invoice.invoiceNumber}`,
    );
    const s = await statement(buyer!);
    expect(s.totals.balance).toBe(0);
  });
});

describe('the buyer', () => {
  it('reads their credit notes and the PDF in their language; another company’s is 404', async () => {
    const invoice = await invoiced(quebec, 2, 'Quebec');
    const issued = await issue(invoice.invoiceId, {
      lines: [{ invoice_line_id: lineOf(invoice, 'item').invoice_line_id, quantity: 1 }],
      deductions: [{ kind: 'restocking', amount: '3.00' }],
    });
    const note = issued.body.credit_note;
    const list = await call(ctx.app, 'GET', `/api/user/${quebec.customerId}/credit-notes`, quebec.cookie);
    expect(list.status).toBe(200);
    expect(list.body.credit_notes.map((c: { credit_note_id: number }) => c.credit_note_id)).toContain(
      note.credit_note_id,
    );
    const one = await call(
      ctx.app,
      'GET',
      `/api/user/${quebec.customerId}/credit-notes/${note.credit_note_id}`,
      quebec.cookie,
    );
    expect(one.status).toBe(200);
    expect(one.body.credit_note.invoice_number).toBe(invoice.invoiceNumber);
    const theirs = await call(
      ctx.app,
      'GET',
      `/api/user/${other.customerId}/credit-notes/${note.credit_note_id}`,
      other.cookie,
    );
    expect(theirs.status).toBe(404);
    const theirPdf = await call(
      ctx.app,
      'GET',
      `/api/user/${other.customerId}/credit-notes/${note.credit_note_id}/pdf`,
      other.cookie,
    );
    expect(theirPdf.status).toBe(404);

    const pdf = async (lang: 'en' | 'fr') => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/user/${quebec.customerId}/credit-notes/${note.credit_note_id}/pdf`,
        headers: { cookie: `${quebec.cookie}; lang=${lang}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      return (await pdfText(response.rawPayload)).replace(/[\s\u00a0]+/g, ' ');
    };
    const en = await pdf('en');
    for (const text of [
      'Credit note',
      note.credit_note_number,
      `Credits invoice ${invoice.invoiceNumber}`,
      'Restocking fee',
      'GST 5 % reversed',
      'QST 9.975 % reversed',
      'Total credited',
      formatMoney(toCents(note.total)),
    ])
      expect(en).toContain(text);
    const fr = await pdf('fr');
    for (const text of [
      'Note de crédit',
      `Facture créditée ${invoice.invoiceNumber}`,
      'Frais de remise en stock',
      'TPS 5 % annulée',
      'TVQ 9,975 % annulée',
      'Total crédité',
      formatMoney(toCents(note.total), 'fr').replace(/[\s\u00a0]+/g, ' '),
    ])
      expect(fr).toContain(text);
  });

  it('reads them through the company API, only its own', async () => {
    const made = await call(ctx.app, 'POST', '/api/user/api-keys', quebec.cookie, {
      name: 'ERP credit notes',
      scopes: ['prices:read'],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const get = (url: string) =>
      ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${made.body.secret}` } });
    const list = await get('/api/v1/credit-notes');
    expect(list.statusCode, list.body).toBe(200);
    const notes = list.json().credit_notes as { credit_note_number: string; total: number }[];
    expect(notes.length).toBeGreaterThan(0);
    const one = await get(`/api/v1/credit-notes/${notes[0]!.credit_note_number.toLowerCase()}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().credit_note).toMatchObject({ credit_note_number: notes[0]!.credit_note_number });
    expect((await get(`/api/v1/credit-notes/${notes[0]!.credit_note_number}/pdf`)).statusCode).toBe(200);
    // Another company's number is not found.
    const theirs = await invoiced(other, 1);
    const issued = await issue(theirs.invoiceId, {
      lines: [{ invoice_line_id: lineOf(theirs, 'item').invoice_line_id, quantity: 1 }],
    });
    const foreign = await get(`/api/v1/credit-notes/${issued.body.credit_note.credit_note_number}`);
    expect(foreign.statusCode).toBe(404);
  });
});
