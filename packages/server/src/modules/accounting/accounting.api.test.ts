/**
 * Accounting files: invoices (Ontario HST, British Columbia GST + PST), a credit note and a payment of a
 * day exported as Zoho Books and QuickBooks Online files, read back with a CSV parser: the columns, the tax
 * codes the owner named, and totals that agree with the sales-tax journal; the accounting system's ids set
 * through a staff token with the `accounting` scope (all or nothing), and `new_only` leaving those out.
 */
import { ACCOUNTING_COLUMNS, ACCOUNTING_FILES, ACCOUNTING_SYSTEMS } from '@shop/domain/accounting/accounting';
import { todayIn } from '@shop/domain/core/days';
import { toCents } from '@shop/domain/core/money';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '../../db/schema';
import { call, OWNER, staffSignIn } from '../../test/admin';
import { type Buyer, checkoutBody, createBuyers } from '../../test/buyers';
import { useTestApp } from '../../test/harness';
import { payment, stockedItem } from '../accounts/test-fixtures';

const ctx = useTestApp({ REMINDER_POLL_MS: 0 });
let owner = '';
let today = '';
let ontario: Buyer;
let columbia: Buyer;
const made: { invoiceId: number; invoiceNumber: string; totalCents: number; lineIds: number[] }[] = [];
let creditNoteNumber = '';
let paymentId = 0;

/** A request with the owner's session or a token (PUT included). */
async function send(
  method: 'GET' | 'PUT',
  url: string,
  auth: { cookie?: string; token?: string },
  payload?: unknown,
) {
  const response = await ctx.app.inject({
    method,
    url,
    headers: auth.token ? { authorization: `Bearer ${auth.token}` } : { cookie: auth.cookie ?? '' },
    ...(payload === undefined ? {} : { payload: payload as never }),
  });
  return response;
}

type Row = Record<string, string>;
/** The file read back: its header and rows by column. */
async function exported(
  system: string,
  file: string,
  extra = '',
): Promise<{ header: string[]; rows: Row[] }> {
  const response = await send(
    'GET',
    `/api/admin/accounting/export?system=${system}&file=${file}&from=${today}&to=${today}${extra}`,
    { cookie: owner },
  );
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/csv/);
  expect(response.headers['content-disposition']).toBe(
    `attachment; filename="${system}-${file}-${today}-to-${today}.csv"`,
  );
  const [header, ...records] = parse(response.body) as string[][];
  return {
    header: header!,
    rows: records.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!]))),
  };
}

const cents = (text: string | undefined) => toCents(Number(text ?? 'NaN'));
const sum = (rows: Row[], pick: (r: Row) => number) => rows.reduce((n, r) => n + pick(r), 0);

async function invoiced(buyer: Buyer, province: string, quantity: number) {
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
    checkoutBody(buyer, product, quantity, { province, po: `PO-ACC-${made.length}` }),
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const orderId = placed.body.orderId as number;
  const invoice = await call(ctx.app, 'POST', `/api/admin/orders/${orderId}/invoice`, owner, {
    shipping: '12.35',
    fees: 'given',
    lines: [{ name: 'Recycling fee', amount: '1.50', quantity: 2, kind: 'fee', provincial_tax: false }],
  });
  expect(invoice.status, JSON.stringify(invoice.body)).toBe(200);
  const i = invoice.body.order.invoices[0];
  const credits = await call(ctx.app, 'GET', `/api/admin/orders/${orderId}/credit-notes`, owner);
  made.push({
    invoiceId: i.invoice_id,
    invoiceNumber: i.invoice_number,
    totalCents: toCents(i.total),
    lineIds: credits.body.invoice.lines.map((l: { invoice_line_id: number }) => l.invoice_line_id),
  });
}

beforeAll(async () => {
  owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
  today = todayIn(ctx.app.services.config.SHOP_TIME_ZONE);
  [ontario, columbia] = (await createBuyers(ctx.database.db, 2, 'ACC')) as [Buyer, Buyer];
  await ctx.database.db
    .update(addresses)
    .set({ province: 'British Columbia', city: 'Vancouver', zip: 'V6B1A1' })
    .where(eq(addresses.addressId, columbia.addressId));
  await invoiced(ontario, 'Ontario', 3);
  await invoiced(columbia, 'British Columbia', 2);
  const note = await call(ctx.app, 'POST', `/api/admin/invoices/${made[1]!.invoiceId}/credit-notes`, owner, {
    reason: 'One unit returned',
    lines: [{ invoice_line_id: made[1]!.lineIds[0], quantity: 1 }],
  });
  expect(note.status, JSON.stringify(note.body)).toBe(200);
  creditNoteNumber = note.body.credit_note.credit_note_number;
  const paid = await call(
    ctx.app,
    'POST',
    `/api/admin/invoices/${made[0]!.invoiceId}/payments`,
    owner,
    payment(made[0]!.totalCents, { reference: 'CHQ-ACC-7' }),
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  paymentId = paid.body.payment.payment_id;
  const codes = await send(
    'PUT',
    '/api/admin/accounting/tax-codes',
    { cookie: owner },
    {
      codes: [
        { system: 'zoho', component: 'GST', code: 'GST5' },
        { system: 'zoho', component: 'PST', code: 'PST BC' },
        { system: 'zoho', component: 'HST', code: 'HST ON' },
        { system: 'quickbooks', component: 'GST', code: 'GST QB' },
        { system: 'quickbooks', component: 'PST', code: 'PST QB' },
        { system: 'quickbooks', component: 'HST', code: 'HST QB' },
      ],
    },
  );
  expect(codes.statusCode, codes.body).toBe(200);
  expect(codes.json().codes).toHaveLength(6);
});

describe('the accounting files', () => {
  it('have each system’s columns for every file', async () => {
    for (const system of ACCOUNTING_SYSTEMS)
      for (const file of ACCOUNTING_FILES) {
        const { header } = await exported(system, file);
        expect(header, `${system} ${file}`).toEqual(ACCOUNTING_COLUMNS[system][file]);
      }
  });

  it('add up, invoices less credit notes, to the sales-tax journal, with the owner’s tax codes', async () => {
    const journal = await call(ctx.app, 'GET', `/api/admin/invoices.csv?from=${today}&to=${today}`, owner);
    expect(journal.status).toBe(200);
    const [head, ...lines] = parse(journal.response.body) as string[][];
    const totals = lines.at(-1)!;
    const column = (name: string) => cents(totals[head!.indexOf(name)]);
    const taxColumns = head!.filter((h) => /^(GST|HST|PST|QST|RST)/.test(h));
    const journalTax = taxColumns.reduce((n, h) => n + column(h), 0);
    const beforeTax = ['Subtotal', 'Shipping', 'Environmental fees', 'Other lines'].reduce(
      (n, h) => n + column(h),
      0,
    );

    // QuickBooks: amounts and taxes per line.
    const qbInvoices = (await exported('quickbooks', 'invoices')).rows;
    const qbCredits = (await exported('quickbooks', 'credit-notes')).rows;
    const lineTotal = (r: Row) => cents(r.ItemAmount) + cents(r.ItemTaxAmount);
    expect(sum(qbInvoices, lineTotal) - sum(qbCredits, lineTotal)).toBe(column('Total'));
    expect(
      sum(qbInvoices, (r) => cents(r.ItemTaxAmount)) - sum(qbCredits, (r) => cents(r.ItemTaxAmount)),
    ).toBe(journalTax);
    for (const invoice of made) {
      const own = qbInvoices.filter((r) => r.InvoiceNo === invoice.invoiceNumber);
      expect(sum(own, lineTotal), invoice.invoiceNumber).toBe(invoice.totalCents);
      for (const r of own)
        expect(cents(r.ItemAmount)).toBe(Math.round(cents(r.ItemRate) * Number(r.ItemQuantity)));
    }
    const codesOf = (rows: Row[], number: string, key: string) =>
      new Set(rows.filter((r) => Object.values(r)[0] === number).map((r) => r[key]));
    expect(codesOf(qbInvoices, made[0]!.invoiceNumber, 'ItemTaxCode')).toEqual(new Set(['HST QB']));
    // In British Columbia the fee line is taxed by GST alone, the others by GST and PST.
    expect(codesOf(qbInvoices, made[1]!.invoiceNumber, 'ItemTaxCode')).toEqual(
      new Set(['GST QB + PST QB', 'GST QB']),
    );
    expect(qbCredits.filter((r) => r.CreditMemoNo === creditNoteNumber)).toHaveLength(1);

    // Zoho: prices per line, the tax as the owner's code or a group of them.
    const zInvoices = (await exported('zoho', 'invoices')).rows;
    const zCredits = (await exported('zoho', 'credit-notes')).rows;
    const amount = (r: Row) => Math.round(cents(r['Item Price']) * Number(r.Quantity));
    expect(sum(zInvoices, amount) - sum(zCredits, amount)).toBe(beforeTax);
    const columbiaRows = zInvoices.filter((r) => r['Invoice Number'] === made[1]!.invoiceNumber);
    const grouped = columbiaRows.find((r) => r['Item Tax'] === 'GST5 + PST BC')!;
    expect(grouped).toMatchObject({
      'Item Tax Type': 'Tax Group',
      'Item Tax %': '12',
      'Currency Code': 'CAD',
    });
    expect(columbiaRows.find((r) => r['Item Name'] === 'Recycling fee')).toMatchObject({
      'Item Tax': 'GST5',
      'Item Tax %': '5',
      'Item Tax Type': 'Tax',
    });
    expect(
      new Set(
        zInvoices.filter((r) => r['Invoice Number'] === made[0]!.invoiceNumber).map((r) => r['Item Tax']),
      ),
    ).toEqual(new Set(['HST ON']));
    expect(zCredits.find((r) => r['Credit Note Number'] === creditNoteNumber)).toMatchObject({
      'Item Tax': 'GST5 + PST BC',
      'Reference#': made[1]!.invoiceNumber,
    });
  });

  it('list the payments and the customers', async () => {
    const zPayments = (await exported('zoho', 'payments')).rows;
    expect(zPayments.find((r) => r['Payment Number'] === String(paymentId))).toMatchObject({
      Date: today,
      Amount: (made[0]!.totalCents / 100).toFixed(2),
      Mode: 'Check',
      'Reference Number': 'CHQ-ACC-7',
      'Invoice Number': made[0]!.invoiceNumber,
    });
    const qbPayments = (await exported('quickbooks', 'payments')).rows;
    expect(qbPayments.find((r) => r.RefNo === 'CHQ-ACC-7')).toMatchObject({
      PaymentDate: today,
      PaymentMethod: 'Check',
      InvoiceNo: made[0]!.invoiceNumber,
    });
    const zContacts = (await exported('zoho', 'customers')).rows;
    const bc = zContacts.find((r) => r['Display Name'] === `${columbia.company} (${columbia.customerId})`);
    expect(bc).toMatchObject({
      'Company Name': columbia.company,
      'Billing City': 'Vancouver',
      'Billing Code': 'V6B1A1',
    });
    const qbCustomers = (await exported('quickbooks', 'customers')).rows;
    expect(qbCustomers.find((r) => r.Company === ontario.company)).toBeTruthy();
  });

  it('refuses an unknown system or file and a period backwards', async () => {
    for (const query of [
      `system=sage&file=invoices&from=${today}&to=${today}`,
      `system=zoho&file=bills&from=${today}&to=${today}`,
      'system=zoho&file=invoices&from=2026-11-30&to=2026-11-01',
      'system=zoho&file=invoices&from=2026-02-30&to=2026-03-01',
    ]) {
      const response = await send('GET', `/api/admin/accounting/export?${query}`, { cookie: owner });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().smessage, query).toBeTruthy();
    }
    const bad = await send(
      'GET',
      `/api/admin/accounting/export?system=sage&file=invoices&from=${today}&to=${today}`,
      {
        cookie: owner,
      },
    );
    expect(JSON.stringify(bad.json())).toContain('Choose an accounting system: zoho or quickbooks.');
  });
});

describe('the accounting system’s ids', () => {
  it('are set through a token with the accounting scope, all or nothing, and new_only leaves those out', async () => {
    const made1 = await call(ctx.app, 'POST', '/api/admin/staff-tokens', owner, {
      name: 'Zoho sync',
      scopes: ['accounting'],
    });
    expect(made1.status, JSON.stringify(made1.body)).toBe(200);
    const token = made1.body.secret as string;
    const other = await call(ctx.app, 'POST', '/api/admin/staff-tokens', owner, {
      name: 'Orders reader',
      scopes: ['orders:read'],
    });
    const rows = [
      { system: 'zoho', kind: 'invoice', id: made[0]!.invoiceNumber, external_id: 'Z-INV-1' },
      { system: 'zoho', kind: 'credit_note', id: creditNoteNumber, external_id: 'Z-CN-1' },
      { system: 'zoho', kind: 'payment', id: String(paymentId), external_id: 'Z-PAY-1' },
      { system: 'zoho', kind: 'customer', id: ontario.customerId, external_id: 'Z-CUST-1' },
    ];
    // Another scope is refused.
    const wrong = await send('PUT', '/api/admin/accounting/ids', { token: other.body.secret }, { rows });
    expect(wrong.statusCode).toBe(403);
    // One unknown record refuses them all, each refused row named.
    const refused = await send(
      'PUT',
      '/api/admin/accounting/ids',
      { token },
      {
        rows: [...rows, { system: 'zoho', kind: 'invoice', id: 'INV-NOPE', external_id: 'x' }, rows[0]],
      },
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      smessage: '2 rows were refused; nothing has been changed.',
      refused: [
        { index: 4, id: 'INV-NOPE', reason: 'There is no such record of this kind.' },
        {
          index: 5,
          id: made[0]!.invoiceNumber,
          reason: 'This record is already in an earlier row for the same system.',
        },
      ],
    });
    const none = await send('GET', '/api/admin/accounting/ids', { token });
    expect(none.json().ids).toEqual([]);

    const saved = await send('PUT', '/api/admin/accounting/ids', { token }, { rows });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ updated: 4, smessage: '4 ids have been saved.' });
    const one = await send('GET', `/api/admin/accounting/ids?kind=invoice&id=${made[0]!.invoiceNumber}`, {
      cookie: owner,
    });
    expect(one.json().ids).toEqual([expect.objectContaining({ system: 'zoho', external_id: 'Z-INV-1' })]);

    // Zoho's new-only files leave out what it has; QuickBooks' still hold everything.
    const newInvoices = (await exported('zoho', 'invoices', '&new_only=true')).rows;
    expect(newInvoices.some((r) => r['Invoice Number'] === made[0]!.invoiceNumber)).toBe(false);
    expect(newInvoices.some((r) => r['Invoice Number'] === made[1]!.invoiceNumber)).toBe(true);
    expect(
      (await exported('zoho', 'credit-notes', '&new_only=true')).rows.map((r) => r['Credit Note Number']),
    ).not.toContain(creditNoteNumber);
    expect(
      (await exported('zoho', 'payments', '&new_only=true')).rows.map((r) => r['Payment Number']),
    ).not.toContain(String(paymentId));
    const newContacts = (await exported('zoho', 'customers', '&new_only=true')).rows.map(
      (r) => r['Company Name'],
    );
    expect(newContacts).not.toContain(ontario.company);
    expect(newContacts).toContain(columbia.company);
    const qb = (await exported('quickbooks', 'invoices', '&new_only=true')).rows;
    expect(qb.some((r) => r.InvoiceNo === made[0]!.invoiceNumber)).toBe(true);
    // The token may download the files too.
    const byToken = await send(
      'GET',
      `/api/admin/accounting/export?system=zoho&file=payments&from=${today}&to=${today}`,
      { token },
    );
    expect(byToken.statusCode).toBe(200);
  });
});
