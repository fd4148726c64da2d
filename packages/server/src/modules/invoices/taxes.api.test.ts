/**
 * Invoices a Canadian business can file: each tax component on a line of its own with the seller's GST/HST
 * and QST numbers, an exempt reseller's invoice naming its exemption, environmental handling fees filled
 * from the fee table by province and category and taxed as the province requires, and the sales-tax
 * journal (CSV) of a period.
 */
import { orderTotals } from '@shop/domain/cart/rules';
import type { Condition } from '@shop/domain/catalog/rules';
import { todayIn } from '@shop/domain/core/days';
import { formatMoney, personalPrice } from '@shop/domain/core/money';
import { feeCategoryOf } from '@shop/domain/tax/fees';
import { SEEDED_TAX_RATES } from '@shop/domain/tax/history';
import { componentsFor, componentTax, type TaxExemption } from '@shop/domain/tax/rules';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { addresses, feeRates, taxExemptions } from '../../db/schema';
import { call, OWNER, staffSignIn } from '../../test/admin';
import { type Buyer, createBuyers } from '../../test/buyers';
import { useTestApp } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import type { ProductRecord } from '../catalog';
import { changeOrderStatus } from '../orders';

const GST_HST = '87654 3210 RT0001';
const QST = '1029384756 TQ0001';
const ctx = useTestApp({
  SHOP_TAX_NUMBER: GST_HST,
  SHOP_QST_NUMBER: QST,
  SHOP_LEGAL_NAME: 'Taxed Right Ltd.',
});

const RESELLER: TaxExemption = {
  scope: 'provincial',
  province: 'Quebec',
  reference: '1234567890TQ0001',
  reason: 'Reseller',
  expiresOn: '2099-01-01',
};

let owner = '';
let quebec: Buyer;
let reseller: Buyer;
let ontario: Buyer;
let columbia: Buyer;
let laptop: ProductRecord;
let monitor: ProductRecord;

/** A stocked BrandNew product of a fee category, not on sale. */
function productOf(category: 'portable' | 'display'): ProductRecord {
  const found = [...ctx.app.services.catalog.items.values()].find(
    (p) =>
      p.isActive &&
      p.itemCondition === 'BrandNew' &&
      !p.isSale &&
      p.stock > 20 &&
      p.stock < 9000 &&
      feeCategoryOf(p.category, p.subCategory) === category,
  );
  if (!found) throw new Error(`no ${category} product in the catalog`);
  return found;
}

async function addressIn(buyer: Buyer, province: string, city: string, zip: string): Promise<number> {
  const [address] = await ctx.database.db
    .insert(addresses)
    .values({
      customerId: buyer.customerId,
      firstName: 'Buyer',
      lastName: province,
      companyName: buyer.company,
      addressLine1: '1 Main St',
      city,
      province,
      zip,
      phoneNumber: '5145550100',
    })
    .returning({ id: addresses.addressId });
  return address!.id;
}

/** Places an order of the lines to an address, with the totals the checkout shows; returns its answer. */
async function placeOrder(
  buyer: Buyer,
  addressId: number,
  province: string,
  lines: { product: ProductRecord; quantity: number }[],
  exemptions: TaxExemption[] = [],
) {
  for (const { product, quantity } of lines) {
    const added = await call(ctx.app, 'POST', '/api/user/cart/add', buyer.cookie, {
      itemData: { item_id: product.itemId, item_condition: 'BrandNew', quantity },
      is_replaced: true,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  }
  const components = componentsFor(
    SEEDED_TAX_RATES,
    exemptions,
    province,
    todayIn(ctx.config.SHOP_TIME_ZONE),
  );
  const totals = orderTotals(
    lines.map(({ product, quantity }) => ({
      item_condition: 'BrandNew' as Condition,
      is_sale: false,
      price: personalPrice(product.priceCents, 15),
      sale_price: personalPrice(product.salePriceCents, 15),
      scratch_dent_price: personalPrice(product.scratchDentPriceCents, 15),
      quantity,
    })),
    components,
  );
  const placed = await call(ctx.app, 'POST', '/api/placeorder', buyer.cookie, {
    orderInfo: {
      customer_id: buyer.customerId,
      shipping_address_id: addressId,
      billing_address_id: addressId,
      created_time: '2026-11-22T12:00:00',
      line_items: lines.map(({ product, quantity }) => ({
        item_id: product.itemId,
        item_condition: 'BrandNew',
        quantity,
      })),
      subtotal: totals.subtotal / 100,
      items_tax: totals.tax / 100,
      total: totals.total / 100,
      purchase_order_id: `PO-${buyer.customerId}-${Date.now()}`,
      shipping_method: 'Standard',
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return {
    orderId: placed.body.orderId as number,
    orderNumber: placed.body.orderNumber as string,
    subtotal: totals.subtotal,
  };
}

async function invoice(orderId: number, body: Record<string, unknown>) {
  const made = await call(ctx.app, 'POST', `/api/admin/orders/${orderId}/invoice`, owner, body);
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.order.invoices[0];
}

async function invoicePdf(buyer: Buyer, invoiceId: number, lang: 'en' | 'fr'): Promise<string> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/user/${buyer.customerId}/invoices/${invoiceId}/pdf`,
    headers: { cookie: `${buyer.cookie}; lang=${lang}` },
  });
  expect(response.statusCode).toBe(200);
  return (await pdfText(response.rawPayload)).replace(/\u00a0/g, ' ');
}

const dollars = (cents: number) => Math.round(cents) / 100;
type TaxRow = { component: string; rate: number; base: number; amount: number; exemption: unknown };
type Line = { item_name: string; kind: string; quantity: number; rate: number; provincial_tax: boolean };

beforeAll(async () => {
  owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
  [quebec, reseller, ontario, columbia] = (await createBuyers(ctx.database.db, 4, 'C71')) as [
    Buyer,
    Buyer,
    Buyer,
    Buyer,
  ];
  laptop = productOf('portable');
  monitor = productOf('display');
  await ctx.database.db.insert(taxExemptions).values({
    customerId: reseller.customerId,
    scope: RESELLER.scope,
    province: RESELLER.province,
    reference: RESELLER.reference,
    reason: RESELLER.reason,
    expiresOn: RESELLER.expiresOn,
    createdBy: 'test',
  });
});

describe('a Quebec invoice', () => {
  it('shows GST and QST on separate lines with both registration numbers (API and PDF)', async () => {
    const address = await addressIn(quebec, 'Quebec', 'Montréal', 'H2X1Y4');
    const order = await placeOrder(quebec, address, 'Quebec', [{ product: laptop, quantity: 2 }]);
    const made = await invoice(order.orderId, { shipping: 20 });
    // Two laptops in Quebec: one fee line from the (demo) fee table.
    const fees = made.lines.filter((l: Line) => l.kind === 'fee');
    expect(fees).toEqual([
      expect.objectContaining({
        item_name: 'Environmental handling fee: Portable computers (Quebec)',
        quantity: 2,
        rate: 1.2,
        provincial_tax: true,
      }),
    ]);
    const added = 2000 + 240;
    const gst = componentTax(order.subtotal, 5000) + componentTax(added, 5000);
    const qst = componentTax(order.subtotal, 9975) + componentTax(added, 9975);
    expect(made.taxes.map((t: TaxRow) => [t.component, t.rate, t.amount])).toEqual([
      ['GST', 5, dollars(gst)],
      ['QST', 9.975, dollars(qst)],
    ]);
    expect(made.total).toBe(dollars(order.subtotal + added + gst + qst));
    expect(made).toMatchObject({ terms: 'net30', paid: 0, balance: made.total });

    // The buyer's invoice answer: the components, the seller with both numbers, terms and due day.
    const seen = await call(
      ctx.app,
      'GET',
      `/api/user/${quebec.customerId}/invoices/${made.invoice_id}`,
      quebec.cookie,
    );
    expect(seen.status).toBe(200);
    const o = seen.body.orderInfo.order;
    expect(o.taxes.map((t: TaxRow) => [t.component, t.rate, t.amount, t.exemption])).toEqual([
      ['GST', 5, dollars(gst), null],
      ['QST', 9.975, dollars(qst), null],
    ]);
    expect(o.seller).toEqual({ legal_name: 'Taxed Right Ltd.', gst_hst_number: GST_HST, qst_number: QST });
    expect(o).toMatchObject({
      invoice_terms: 'net30',
      invoice_due_on: made.due_on,
      invoice_balance: made.total,
    });

    const english = await invoicePdf(quebec, made.invoice_id, 'en');
    for (const expected of [
      `GST/HST registration number: ${GST_HST}`,
      `QST registration number: ${QST}`,
      'Payment terms',
      'Net 30',
      'Environmental handling fee: Portable computers (Quebec)',
      `GST 5 % ${formatMoney(gst)}`,
      `QST 9.975 % ${formatMoney(qst)}`,
      formatMoney(order.subtotal + added + gst + qst),
    ])
      expect(english.replace(/\s+/g, ' ')).toContain(expected);
    expect(english).not.toMatch(/Tax \(/);

    const french = (await invoicePdf(quebec, made.invoice_id, 'fr')).replace(/\s+/g, ' ');
    for (const expected of [
      `Numéro d'inscription aux fins de la TPS/TVH : ${GST_HST}`,
      `Numéro d'inscription aux fins de la TVQ : ${QST}`,
      'Net 30 jours',
      'Frais de gestion environnementale : Ordinateurs portables (Québec)',
      `TPS 5 % ${formatMoney(gst, 'fr').replace(/\u00a0/g, ' ')}`,
      `TVQ 9,975 % ${formatMoney(qst, 'fr').replace(/\u00a0/g, ' ')}`,
    ])
      expect(french).toContain(expected);
  });
});

describe('an exempt reseller', () => {
  it('is placed and invoiced without QST, and the invoice names the exemption', async () => {
    const address = await addressIn(reseller, 'Quebec', 'Québec', 'G1R4P5');
    const order = await placeOrder(
      reseller,
      address,
      'Quebec',
      [{ product: monitor, quantity: 1 }],
      [RESELLER],
    );
    const placed = await call(
      ctx.app,
      'GET',
      `/api/user/${reseller.customerId}/orders/${order.orderId}`,
      reseller.cookie,
    );
    const gstOnItems = componentTax(order.subtotal, 5000);
    expect(placed.body.orderInfo.order.taxes).toEqual([
      expect.objectContaining({ component: 'GST', amount: dollars(gstOnItems), exemption: null }),
      expect.objectContaining({
        component: 'QST',
        rate: 9.975,
        amount: 0,
        exemption: {
          scope: 'provincial',
          province: 'Quebec',
          reference: RESELLER.reference,
          reason: 'Reseller',
          expires_on: RESELLER.expiresOn,
        },
      }),
    ]);

    const made = await invoice(order.orderId, { shipping: 10 });
    const added = 1000 + 400; // shipping and one display's fee
    const gst = gstOnItems + componentTax(added, 5000);
    expect(made.taxes.map((t: TaxRow) => [t.component, t.amount])).toEqual([
      ['GST', dollars(gst)],
      ['QST', 0],
    ]);
    expect(made.total).toBe(dollars(order.subtotal + added + gst));

    const english = (await invoicePdf(reseller, made.invoice_id, 'en')).replace(/\s+/g, ' ');
    expect(english).toContain(`GST 5 % ${formatMoney(gst)}`);
    expect(english).toContain(
      `QST 9.975 %: exempt (Reseller, no. ${RESELLER.reference}, until 2098-12-31) ${formatMoney(0)}`,
    );
    const french = (await invoicePdf(reseller, made.invoice_id, 'fr')).replace(/\s+/g, ' ');
    expect(french).toContain(
      `TVQ 9,975 % : exonérée (Reseller, nº ${RESELLER.reference}, jusqu'au 2098-12-31)`,
    );
  });
});

describe('environmental handling fees', () => {
  it('fill the invoice by province and category and are taxed at HST 13 % in Ontario', async () => {
    const order = await placeOrder(ontario, ontario.addressId, 'Ontario', [
      { product: laptop, quantity: 3 },
      { product: monitor, quantity: 2 },
    ]);
    const draft = await call(ctx.app, 'GET', `/api/admin/orders/${order.orderId}/invoice-draft`, owner);
    expect(draft.status).toBe(200);
    expect(draft.body.draft.province).toBe('Ontario');
    expect(draft.body.draft.fees).toEqual([
      expect.objectContaining({
        name: 'Environmental handling fee: Portable computers (Ontario)',
        category: 'portable',
        quantity: 3,
        amount: 1.2,
        provincial_tax: true,
        demo: true,
      }),
      expect.objectContaining({
        name: 'Environmental handling fee: Display devices (Ontario)',
        category: 'display',
        quantity: 2,
        amount: 4,
        demo: true,
      }),
    ]);

    const made = await invoice(order.orderId, {
      shipping: '15.00',
      lines: [{ name: 'Handling', amount: 5 }],
    });
    expect(
      made.lines
        .filter((l: Line) => l.kind !== 'item')
        .map((l: Line) => [l.item_name, l.kind, l.quantity, l.rate]),
    ).toEqual([
      ['Shipping (Standard)', 'shipping', 1, 15],
      ['Environmental handling fee: Portable computers (Ontario)', 'fee', 3, 1.2],
      ['Environmental handling fee: Display devices (Ontario)', 'fee', 2, 4],
      ['Handling', 'other', 1, 5],
    ]);
    const added = 1500 + 360 + 800 + 500;
    const hst = componentTax(order.subtotal, 13000) + componentTax(added, 13000);
    expect(made.taxes).toEqual([
      expect.objectContaining({
        component: 'HST',
        rate: 13,
        base: dollars(order.subtotal + added),
        amount: dollars(hst),
      }),
    ]);
    expect(made.total).toBe(dollars(order.subtotal + added + hst));
    const pdf = (await invoicePdf(ontario, made.invoice_id, 'en')).replace(/\s+/g, ' ');
    expect(pdf).toContain(`Environmental handling fees ${formatMoney(1160)}`);
    expect(pdf).toContain(`HST 13 % ${formatMoney(hst)}`);

    // The buyer's order page (no invoice before) and invoice list the fee lines with their kind.
    const view = await call(
      ctx.app,
      'GET',
      `/api/user/${ontario.customerId}/invoices/${made.invoice_id}`,
      ontario.cookie,
    );
    expect(
      view.body.orderInfo.order.zoho_line_items.filter((l: { kind: string }) => l.kind === 'fee'),
    ).toHaveLength(2);
  });

  it('are taxed by GST only in British Columbia when the fee table says PST does not apply; a later row waits for its day', async () => {
    await ctx.database.db.insert(feeRates).values([
      {
        province: 'British Columbia',
        category: 'portable',
        cents: 500,
        effectiveFrom: '2020-01-01',
        provincialTax: false,
        createdBy: 'test',
      },
      {
        province: 'British Columbia',
        category: 'portable',
        cents: 9900,
        effectiveFrom: '2099-01-01',
        provincialTax: true,
        createdBy: 'test',
      },
    ]);
    const address = await addressIn(columbia, 'British Columbia', 'Vancouver', 'V6B1A1');
    const order = await placeOrder(columbia, address, 'British Columbia', [{ product: laptop, quantity: 2 }]);
    const made = await invoice(order.orderId, { shipping: 0 });
    expect(made.lines.filter((l: Line) => l.kind === 'fee')).toEqual([
      expect.objectContaining({
        item_name: 'Environmental handling fee: Portable computers (British Columbia)',
        quantity: 2,
        rate: 5,
        provincial_tax: false,
      }),
    ]);
    const gst = componentTax(order.subtotal, 5000) + componentTax(1000, 5000);
    const pst = componentTax(order.subtotal, 7000);
    expect(made.taxes.map((t: TaxRow) => [t.component, t.base, t.amount])).toEqual([
      ['GST', dollars(order.subtotal + 1000), dollars(gst)],
      ['PST', dollars(order.subtotal), dollars(pst)],
    ]);
    expect(made.total).toBe(dollars(order.subtotal + 1000 + gst + pst));
    const pdf = (await invoicePdf(columbia, made.invoice_id, 'en')).replace(/\s+/g, ' ');
    expect(pdf).toContain('(no provincial sales tax)');
    expect(pdf).toContain(`GST 5 % ${formatMoney(gst)}`);
    expect(pdf).toContain(`PST 7 % on ${formatMoney(order.subtotal)} ${formatMoney(pst)}`);
  });

  it('keep the list the seller sends, none included; a correction without a list takes the table again', async () => {
    const order = await placeOrder(ontario, ontario.addressId, 'Ontario', [{ product: laptop, quantity: 1 }]);
    const changed = await invoice(order.orderId, {
      shipping: 0,
      lines: [
        {
          name: 'Environmental handling fee: Portable computers (Ontario)',
          amount: '0.95',
          quantity: 1,
          kind: 'fee',
        },
      ],
    });
    expect(changed.lines.filter((l: Line) => l.kind === 'fee').map((l: Line) => l.rate)).toEqual([0.95]);
    const hst = componentTax(order.subtotal, 13000) + componentTax(95, 13000);
    expect(changed.total).toBe(dollars(order.subtotal + 95 + hst));

    const url = `/api/admin/orders/${order.orderId}/invoice/correct`;
    const none = await call(ctx.app, 'POST', url, owner, { fees: 'given', note: 'No fee: pickup recycled.' });
    expect(none.status).toBe(200);
    expect(none.body.order.invoices[0].lines.some((l: Line) => l.kind === 'fee')).toBe(false);

    const refused = await call(ctx.app, 'POST', url, owner, {
      fees: 'table',
      lines: [{ name: 'A fee', amount: 1, kind: 'fee' }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.smessage).toBe(
      'The fee lines come from the fee table (fees: table); send fees: given to set them yourself.',
    );
    const negative = await call(ctx.app, 'POST', url, owner, {
      lines: [{ name: 'A fee', amount: -1, kind: 'fee' }],
    });
    expect(negative.status).toBe(400);
    expect(negative.body.smessage).toBe(
      'A fee line is an amount of 0 or more; a credit is a line of its own.',
    );

    const again = await call(ctx.app, 'POST', url, owner, { shipping: 0 });
    expect(again.status).toBe(200);
    expect(
      again.body.order.invoices[0].lines
        .filter((l: Line) => l.kind === 'fee')
        .map((l: Line) => [l.quantity, l.rate]),
    ).toEqual([[1, 1.2]]);
    expect(again.body.order.audit[0]).toMatchObject({
      action: 'order.correct_invoice',
      after: {
        lines: [
          { name: 'Environmental handling fee: Portable computers (Ontario)', amount: 1.2, kind: 'fee' },
        ],
      },
    });
  });
});

describe('the sales-tax journal', () => {
  it('has a column per component and rate, a row per current invoice and the sums', async () => {
    const today = todayIn(ctx.config.SHOP_TIME_ZONE);
    const day = (offset: number) => {
      const d = new Date(`${today}T12:00:00Z`);
      d.setUTCDate(d.getUTCDate() + offset);
      return d.toISOString().slice(0, 10);
    };
    const answer = await call(ctx.app, 'GET', `/api/admin/invoices.csv?from=${day(-1)}&to=${day(1)}`, owner);
    expect(answer.status).toBe(200);
    expect(answer.response.headers['content-type']).toMatch(/^text\/csv/);
    const rows = parse(answer.response.body) as string[][];
    const [head, ...rest] = rows;
    expect(head).toEqual([
      'Date',
      'Invoice',
      'Order',
      'Customer ID',
      'Company',
      'Province',
      'Subtotal',
      'Shipping',
      'Environmental fees',
      'Other lines',
      'GST 5 %',
      'HST 13 %',
      'PST 7 %',
      'QST 9.975 %',
      'Total',
      'Exemptions',
    ]);
    const sums = rest.at(-1)!;
    const invoices = rest.slice(0, -1);
    // The current invoices only: the corrected one of the last test counts once.
    expect(invoices).toHaveLength(5);
    expect(sums[0]).toBe('Total (5 invoices)');
    const col = (name: string) => head!.indexOf(name);
    for (const name of head!.slice(6, 15)) {
      const total = invoices.reduce((n, r) => n + Math.round(Number(r[col(name)]) * 100), 0);
      expect((total / 100).toFixed(2), name).toBe(sums[col(name)]);
    }
    // Each row adds up: subtotal, shipping, fees, other lines and the taxes make the total.
    for (const r of invoices) {
      const parts = r.slice(6, 14).reduce((n, v) => n + Math.round(Number(v) * 100), 0);
      expect(parts, r[1]).toBe(Math.round(Number(r[col('Total')]) * 100));
      expect(r[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const exempt = invoices.find((r) => r[3] === reseller.customerId)!;
    expect(exempt[col('QST 9.975 %')]).toBe('0.00');
    expect(exempt[col('Exemptions')]).toBe(`QST 9.975 %: Reseller ${RESELLER.reference}`);
    const quebecRow = invoices.find((r) => r[3] === quebec.customerId)!;
    expect(quebecRow[col('Province')]).toBe('Quebec');
    // An invoiced order the seller then cancels owes nothing: its invoice leaves the journal.
    const canceled = invoices.find((r) => r[3] === quebec.customerId)!;
    await changeOrderStatus(ctx.database.db, ctx.config.SHOP_TIME_ZONE, canceled[2]!, 'cancel', {
      reason: 'Canceled after invoicing.',
    });
    const after = parse(
      (await call(ctx.app, 'GET', `/api/admin/invoices.csv?from=${day(-1)}&to=${day(1)}`, owner)).response
        .body,
    ) as string[][];
    expect(after.map((r) => r[1])).not.toContain(canceled[1]);
    expect(after.at(-1)![0]).toBe('Total (4 invoices)');
    expect(Number(quebecRow[col('QST 9.975 %')])).toBeGreaterThan(0);
    expect(quebecRow[col('Environmental fees')]).toBe('2.40');

    // Nothing in a period without invoices; bad days are refused; buyers cannot read it.
    const empty = parse(
      (await call(ctx.app, 'GET', '/api/admin/invoices.csv?from=2001-01-01&to=2001-01-31', owner)).response
        .body,
    ) as string[][];
    expect(empty).toHaveLength(2);
    expect(empty[1]![0]).toBe('Total (0 invoices)');
    const bad = await call(ctx.app, 'GET', '/api/admin/invoices.csv?from=2026-02-30&to=2026-03-01', owner);
    expect(bad.status).toBe(400);
    expect(bad.body.smessage).toBe('from is not a day of the calendar.');
    // Year 0 parses in JavaScript but is no day in the database: a 400, not a failure.
    const yearZero = await call(
      ctx.app,
      'GET',
      '/api/admin/invoices.csv?from=0000-01-01&to=2026-03-01',
      owner,
    );
    expect(yearZero.status).toBe(400);
    expect(yearZero.body.smessage).toBe('from is not a day of the calendar.');
    const backwards = await call(
      ctx.app,
      'GET',
      `/api/admin/invoices.csv?from=${day(1)}&to=${day(-1)}`,
      owner,
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.smessage).toBe('The first day must not be after the last day.');
    const buyer = await call(
      ctx.app,
      'GET',
      `/api/admin/invoices.csv?from=${day(-1)}&to=${day(1)}`,
      quebec.cookie,
    );
    expect(buyer.status).toBe(401);
  });
});
