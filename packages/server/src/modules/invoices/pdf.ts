/**
 * The invoice as a PDF a business can file: the seller's legal name, address, GST/HST and QST registration
 * numbers, the invoice's payment terms and due date, invoice number and date, order and PO numbers, bill-to
 * and ship-to, the lines (environmental handling fees among them), subtotal, shipping, fees and other
 * lines, each tax component by name and rate (an exempt one with its exemption), the total and what is left
 * to pay. Labels come in as a table so the invoice can be written in another language.
 */

import { formatPostalCode } from '@shop/domain/account/rules';
import { conditionName } from '@shop/domain/catalog/rules';
import { addDays } from '@shop/domain/core/days';
import { type Lang, LOCALE } from '@shop/domain/core/i18n';
import { formatMoney } from '@shop/domain/core/money';
import { type InvoiceSeller, readFeeLineName } from '@shop/domain/orders/answers';
import { quoteNumberOf } from '@shop/domain/quotes/schemas';
import { FEE_CATEGORY_NAMES } from '@shop/domain/tax/fees';
import { type TaxComponent, taxLabel } from '@shop/domain/tax/rules';
import { and, asc, eq, sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { Config } from '../../config';
import type { Queryable } from '../../db/client';
import {
  customers,
  invoiceLines,
  invoices,
  invoiceTaxes,
  orders,
  type StoredExemption,
} from '../../db/schema';
import { translators } from '../../i18n/lang';
import { invoiceBalanceSql, serialsByItem } from '../orders';

/** The invoice's labels in a language, from invoice.json. */
function invoiceLabels(lang: Lang) {
  const tr = translators[lang];
  const t = (key: string, values?: Record<string, string>) => tr.t(key, values);
  const word = (prefix: string, value: string) =>
    tr.has(`${prefix}.${value}`) ? t(`${prefix}.${value}`) : value;
  const date = new Intl.DateTimeFormat(LOCALE[lang], { dateStyle: 'long', timeZone: 'UTC' });
  return {
    invoice: t('invoice.title'),
    invoiceNumber: t('invoice.invoiceNumber'),
    invoiceDate: t('invoice.invoiceDate'),
    orderNumber: t('invoice.orderNumber'),
    poNumber: t('invoice.poNumber'),
    quoteNumber: t('invoice.quoteNumber'),
    terms: t('invoice.terms'),
    dueDate: t('invoice.dueDate'),
    /** A payment term's name: "Net 30", "Due on receipt". */
    termsName: (terms: string) => word('invoice.termsName', terms),
    /** A day (YYYY-MM-DD) written out: "March 3, 2026", "3 mars 2026". */
    day: (day: string) => date.format(new Date(`${day}T12:00:00Z`)),
    taxNumber: t('invoice.taxNumber'),
    taxNumberLine: (number: string) => t('invoice.taxNumberLine', { number }),
    qstNumberLine: (number: string) => t('invoice.qstNumberLine', { number }),
    billTo: t('invoice.billTo'),
    /** The Bill to's second line: "Customer ID: C10001". */
    customerIdLine: (id: string) => t('invoice.customerIdLine', { id }),
    /** Whom the bill is for at the company, the billing address's attention line: "Attn: Olivia Martin". */
    attentionLine: (name: string) => t('invoice.attentionLine', { name }),
    shipTo: t('invoice.shipTo'),
    sku: t('invoice.sku'),
    description: t('invoice.description'),
    quantity: t('invoice.quantity'),
    unitPrice: t('invoice.unitPrice'),
    amount: t('invoice.amount'),
    subtotal: t('invoice.subtotal'),
    /** A tax component's line: "GST 5 %", "TVQ 9,975 %"; with its base when it differs from the others'. */
    tax: (tax: InvoiceTax, base: string | null) => {
      const label = taxLabel(tax.component, tax.rateMilli, lang);
      const named = base ? t('invoice.taxOn', { label, base }) : label;
      if (!tax.exemption) return named;
      const values = { label: named, reason: tax.exemption.reason, reference: tax.exemption.reference };
      // Until its last day: the day before it stops applying.
      return tax.exemption.expiresOn
        ? t('invoice.taxExemptUntil', { ...values, until: addDays(tax.exemption.expiresOn, -1) })
        : t('invoice.taxExempt', values);
    },
    shipping: t('invoice.shipping'),
    fees: t('invoice.fees'),
    otherCharges: t('invoice.otherCharges'),
    total: t('invoice.total'),
    paid: t('invoice.paid'),
    balance: t('invoice.balance'),
    /** A condition's name: "Brand new" / "Neuf". */
    condition: (condition: string) => conditionName(condition, lang),
    shippingMethod: (method: string) =>
      t('invoice.shippingMethod', { method: word('invoice.method', method) }),
    /**
     * A line the seller added: "Shipping (Standard)" and the fee lines the fee table names are named in the
     * language, others as written.
     */
    extraLine: (name: string) => {
      const shipping = /^Shipping \((.+)\)$/.exec(name);
      if (shipping) return t('invoice.shippingLine', { method: word('invoice.method', shipping[1]!) });
      const fee = readFeeLineName(name);
      if (fee)
        return t('invoice.feeLine', {
          category: FEE_CATEGORY_NAMES[fee.category][lang],
          province: word('invoice.province', fee.province),
        });
      return name;
    },
    /** A province by its name in addresses: "Quebec" / "Québec". */
    province: (name: string) => word('invoice.province', name),
    /** Marks a line the province's own sales tax does not apply to. */
    noProvincialTax: t('invoice.noProvincialTax'),
    /** The label of the serial numbers under an item's line: "Serial numbers:". */
    serials: t('invoice.serials'),
    thanks: t('invoice.thanks'),
  };
}

const INVOICE_LABELS_EN = invoiceLabels('en');
export type InvoiceLabels = typeof INVOICE_LABELS_EN;

/** A tax component of the invoice (the order's plus its tax on what the invoice adds). */
export interface InvoiceTax {
  component: TaxComponent;
  rateMilli: number;
  baseCents: number;
  /** 0 when exempt. */
  taxCents: number;
  exemption: StoredExemption | null;
}

export interface InvoiceDocument {
  invoiceNumber: string;
  invoiceDate: Date;
  orderNumber: string;
  /** The quote the order was placed from (Q-000012), '' for none. */
  quoteNumber: string;
  purchaseOrderId: string;
  shippingMethod: string;
  province: string;
  /** The payment terms (net30 ...) and the day it is due (YYYY-MM-DD). */
  terms: string;
  dueOn: string;
  /** The company billed: its name and customer id, which the Bill to names first. */
  customer: { id: string; company: string };
  billTo: InvoiceAddress;
  shipTo: InvoiceAddress;
  lines: {
    sku: string;
    name: string;
    condition: string;
    quantity: number;
    rateCents: number;
    item: boolean;
    /** item, shipping, fee or other */
    kind: string;
    provincialTax: boolean;
    /** The serial numbers of the line's units, as shipped. */
    serials: string[];
  }[];
  subtotalCents: number;
  /** The order's tax on its items. */
  itemsTaxCents: number;
  /** The shipping line(s). */
  shippingCents: number;
  /** The environmental handling fee lines. */
  feesCents: number;
  /** The other lines the seller added (a credit is negative). */
  otherCents: number;
  shippingTaxCents: number;
  taxes: InvoiceTax[];
  totalCents: number;
  /** Paid so far (payments not reversed) and what is left (negative: a credit). */
  paidCents: number;
  balanceCents: number;
}

/**
 * An address of the invoice: its lines before and after the city's, and the city's line in parts, whose
 * province is named in the invoice's language.
 */
export interface InvoiceAddress {
  before: string[];
  city: string;
  province: string;
  zip: string;
  after: string[];
}

/** An address's lines as printed: "Montréal, Québec H2Y 1C6" in French, the postal code as Canada Post writes it. */
function addressLines(a: InvoiceAddress, labels: InvoiceLabels): string[] {
  return [
    ...a.before,
    `${a.city}, ${labels.province(a.province)} ${formatPostalCode(a.zip)}`,
    ...a.after,
  ].filter((part) => part && part.trim() !== '');
}

/**
 * The Bill to as a bookkeeper reads it: the company and its customer id, the billing address's attention
 * line, then the address (its company line left out when it only repeats the company's name).
 */
function billToLines(doc: Pick<InvoiceDocument, 'customer' | 'billTo'>, labels: InvoiceLabels): string[] {
  const [attention = '', company = '', ...street] = doc.billTo.before;
  const own = doc.customer.company.trim();
  return [
    own,
    labels.customerIdLine(doc.customer.id),
    attention.trim() ? labels.attentionLine(attention.trim()) : '',
    company.trim().toLowerCase() === own.toLowerCase() ? '' : company,
    ...addressLines({ ...doc.billTo, before: street }, labels),
  ].filter((line) => line.trim() !== '');
}

/** The invoice of one customer's order, or null when the invoice is not theirs. */
export async function invoiceDocument(
  db: Queryable,
  customerId: string,
  invoiceId: number,
): Promise<InvoiceDocument | null> {
  const [row] = await db
    .select({ invoice: invoices, order: orders, company: customers.company })
    .from(invoices)
    .innerJoin(orders, eq(orders.orderId, invoices.orderId))
    .innerJoin(customers, eq(customers.customerId, orders.customerId))
    .where(and(eq(invoices.invoiceId, invoiceId), eq(orders.customerId, customerId)));
  if (!row) return null;
  const { invoice, order, company } = row;
  const [lines, taxes, balance, serials] = await Promise.all([
    db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoice.invoiceId))
      .orderBy(asc(invoiceLines.lineId)),
    db
      .select()
      .from(invoiceTaxes)
      .where(eq(invoiceTaxes.invoiceId, invoice.invoiceId))
      .orderBy(asc(invoiceTaxes.position)),
    db.execute(
      sql`select ${invoiceBalanceSql('i')} as balance from invoices i where i.invoice_id = ${invoice.invoiceId}`,
    ) as unknown as Promise<{ rows: { balance: string | number }[] }>,
    serialsByItem(db, order.orderId),
  ]);
  const address = (a: 'shipping' | 'billing'): InvoiceAddress => {
    const s = a === 'shipping';
    return {
      before: [
        s ? order.shippingAttention : order.billingAttention,
        s ? order.shippingCompany : order.billingCompany,
        s ? order.shippingAddress1 : order.billingAddress1,
        s ? order.shippingAddress2 : order.billingAddress2,
      ],
      city: s ? order.shippingCity : order.billingCity,
      province: s ? order.shippingProvince : order.billingProvince,
      zip: s ? order.shippingZip : order.billingZip,
      after: [s ? order.shippingCountry : order.billingCountry, s ? order.shippingPhone : order.billingPhone],
    };
  };
  const sumOf = (kind: string) =>
    lines
      .filter((l) => l.itemId === null && l.kind === kind)
      .reduce((n, l) => n + Number(l.rateCents) * l.quantity, 0);
  const balanceCents = Number(balance.rows[0]?.balance ?? invoice.totalCents);
  return {
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: invoice.createdAt,
    orderNumber: order.orderNumber,
    quoteNumber: order.quoteId ? quoteNumberOf(order.quoteId) : '',
    purchaseOrderId: order.purchaseOrderId,
    shippingMethod: order.shippingMethod,
    province: order.shippingProvince,
    terms: invoice.terms,
    dueOn: invoice.dueOn,
    customer: { id: order.customerId, company },
    billTo: address('billing'),
    shipTo: address('shipping'),
    lines: lines.map((l) => ({
      sku: l.sku,
      name: l.itemName,
      condition: l.itemCondition,
      quantity: l.quantity,
      rateCents: Number(l.rateCents),
      item: l.itemId !== null,
      kind: l.kind,
      provincialTax: l.provincialTax,
      serials: l.itemId ? (serials.get(`${l.itemId}|${l.itemCondition}`) ?? []) : [],
    })),
    subtotalCents: Number(order.subtotalCents),
    itemsTaxCents: Number(order.itemsTaxCents),
    shippingCents: sumOf('shipping'),
    feesCents: sumOf('fee'),
    otherCents: sumOf('other'),
    shippingTaxCents: Number(invoice.shippingTaxCents),
    taxes: taxes.map((t) => ({
      component: t.component as TaxComponent,
      rateMilli: t.rateMilli,
      baseCents: Number(t.baseCents),
      taxCents: Number(t.taxCents),
      exemption: t.exemption ?? null,
    })),
    totalCents: Number(invoice.totalCents),
    paidCents: Number(invoice.totalCents) - balanceCents,
    balanceCents,
  };
}

export interface Seller {
  legalName: string;
  address: string;
  phone: string;
  email: string;
  /** GST/HST registration number. */
  taxNumber: string;
  /** Quebec QST registration number. */
  qstNumber: string;
  /** The shop's time zone (SHOP_TIME_ZONE): an invoice is dated by its day there. */
  timeZone: string;
}

export function sellerOf(config: Config): Seller {
  return {
    legalName: config.SHOP_LEGAL_NAME,
    address: config.SHOP_ADDRESS,
    phone: config.SHOP_PHONE,
    email: config.SHOP_EMAIL,
    taxNumber: config.SHOP_TAX_NUMBER,
    qstNumber: config.SHOP_QST_NUMBER,
    timeZone: config.SHOP_TIME_ZONE,
  };
}

/** Who issues invoices, as the invoice answers name them. */
export function invoiceSeller(config: Config): InvoiceSeller {
  return {
    legal_name: config.SHOP_LEGAL_NAME,
    gst_hst_number: config.SHOP_TAX_NUMBER,
    qst_number: config.SHOP_QST_NUMBER,
  };
}

/** Renders the invoice; resolves with the PDF's bytes. */
export function renderInvoicePdf(doc: InvoiceDocument, seller: Seller, lang: Lang = 'en'): Promise<Buffer> {
  const labels: InvoiceLabels = lang === 'en' ? INVOICE_LABELS_EN : invoiceLabels(lang);
  const locale = LOCALE[lang];
  const money = (cents: number) => formatMoney(cents, lang);
  const pdf = new PDFDocument({
    size: 'LETTER',
    margin: 50,
    info: { Title: `${labels.invoice} ${doc.invoiceNumber}`, Author: seller.legalName },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const left = 50;
  const right = pdf.page.width - 50;
  const width = right - left;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: seller.timeZone }).format(
    doc.invoiceDate,
  );

  pdf.font('Helvetica-Bold').fontSize(16).text(seller.legalName, left, 50);
  pdf.font('Helvetica').fontSize(9).fillColor('#333');
  pdf.text(seller.address);
  pdf.text(`${seller.phone} · ${seller.email}`);
  pdf.text(labels.taxNumberLine(seller.taxNumber));
  pdf.text(labels.qstNumberLine(seller.qstNumber));
  pdf
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor('#000')
    .text(labels.invoice, left, 50, { width, align: 'right' });

  let y = 140;
  const facts: [string, string][] = [
    [labels.invoiceNumber, doc.invoiceNumber],
    [labels.invoiceDate, date],
    [labels.orderNumber, doc.orderNumber],
    [labels.poNumber, doc.purchaseOrderId],
    ...(doc.quoteNumber ? [[labels.quoteNumber, doc.quoteNumber] as [string, string]] : []),
    [labels.terms, labels.termsName(doc.terms)],
    [labels.dueDate, labels.day(doc.dueOn)],
  ];
  pdf.fontSize(9);
  for (const [label, value] of facts) {
    pdf.font('Helvetica-Bold').text(label, left, y, { width: 120 });
    pdf.font('Helvetica').text(value, left + 125, y, { width: 200 });
    y += 14;
  }

  y += 12;
  const column = width / 2;
  pdf.font('Helvetica-Bold').text(labels.billTo, left, y);
  pdf.text(labels.shipTo, left + column, y);
  pdf.font('Helvetica');
  const billY = y + 14;
  const billTo = billToLines(doc, labels);
  const shipTo = addressLines(doc.shipTo, labels);
  billTo.forEach((line, i) => {
    pdf.text(line, left, billY + i * 12, { width: column - 10 });
  });
  shipTo.forEach((line, i) => {
    pdf.text(line, left + column, billY + i * 12, { width: column - 10 });
  });
  y = billY + Math.max(billTo.length, shipTo.length) * 12 + 8;
  pdf.text(labels.shippingMethod(doc.shippingMethod), left, y);
  y += 22;

  // Lines: SKU | description | qty | unit price | amount.
  const cols = { sku: left, desc: left + 95, qty: right - 190, unit: right - 140, amount: right - 70 };
  const header = (at: number) => {
    pdf.font('Helvetica-Bold');
    pdf.text(labels.sku, cols.sku, at, { width: 90 });
    pdf.text(labels.description, cols.desc, at, { width: cols.qty - cols.desc - 5 });
    pdf.text(labels.quantity, cols.qty, at, { width: 40, align: 'right' });
    pdf.text(labels.unitPrice, cols.unit, at, { width: 65, align: 'right' });
    pdf.text(labels.amount, cols.amount, at, { width: 70, align: 'right' });
    pdf
      .moveTo(left, at + 13)
      .lineTo(right, at + 13)
      .strokeColor('#999')
      .stroke();
    pdf.font('Helvetica');
    return at + 18;
  };
  y = header(y);
  for (const line of doc.lines) {
    const description = line.item
      ? `${line.name} (${labels.condition(line.condition)})${line.serials.length > 0 ? `\n${serialsText(pdf, labels.serials, line.serials, cols.qty - cols.desc - 5)}` : ''}`
      : `${labels.extraLine(line.name)}${line.provincialTax ? '' : ` ${labels.noProvincialTax}`}`;
    const height = Math.max(
      pdf.heightOfString(description, { width: cols.qty - cols.desc - 5 }),
      pdf.heightOfString(line.sku || ' ', { width: 90 }),
    );
    if (y + height > pdf.page.height - 140) {
      pdf.addPage();
      y = header(50);
    }
    pdf.text(line.sku, cols.sku, y, { width: 90 });
    pdf.text(description, cols.desc, y, { width: cols.qty - cols.desc - 5 });
    pdf.text(String(line.quantity), cols.qty, y, { width: 40, align: 'right' });
    pdf.text(money(line.rateCents), cols.unit, y, { width: 65, align: 'right' });
    pdf.text(money(line.rateCents * line.quantity), cols.amount, y, { width: 70, align: 'right' });
    y += height + 6;
  }
  pdf.moveTo(left, y).lineTo(right, y).strokeColor('#999').stroke();
  y += 8;

  // A component whose base is not the largest (a fee without provincial tax) shows what it taxed.
  const widest = Math.max(0, ...doc.taxes.map((t) => t.baseCents));
  const totals: [string, number][] = [[labels.subtotal, doc.subtotalCents]];
  if (doc.shippingCents !== 0) totals.push([labels.shipping, doc.shippingCents]);
  if (doc.feesCents !== 0) totals.push([labels.fees, doc.feesCents]);
  if (doc.otherCents !== 0) totals.push([labels.otherCharges, doc.otherCents]);
  for (const tax of doc.taxes)
    totals.push([labels.tax(tax, tax.baseCents === widest ? null : money(tax.baseCents)), tax.taxCents]);
  for (const [label, cents] of totals) {
    const height = pdf.heightOfString(label, { width: 260 });
    if (y + height > pdf.page.height - 90) {
      pdf.addPage();
      y = 50;
    }
    pdf.text(label, right - 340, y, { width: 260, align: 'right' });
    pdf.text(money(cents), cols.amount, y, { width: 70, align: 'right' });
    y += height + 3;
  }
  pdf.font('Helvetica-Bold').fontSize(11);
  pdf.text(labels.total, right - 290, y + 4, { width: 210, align: 'right' });
  pdf.text(money(doc.totalCents), cols.amount - 20, y + 4, { width: 90, align: 'right' });
  y += 22;
  pdf.font('Helvetica').fontSize(9);
  // What is paid and what is left, also before any payment, as the invoice's page shows them.
  for (const [label, cents] of [
    [labels.paid, doc.paidCents],
    [labels.balance, doc.balanceCents],
  ] as const) {
    pdf.text(label, right - 340, y, { width: 260, align: 'right' });
    pdf.text(money(cents), cols.amount, y, { width: 70, align: 'right' });
    y += 14;
  }
  pdf.text(labels.thanks, left, y + 18);
  pdf.end();
  return done;
}

/**
 * "Serial numbers: A, B, …" wrapped between serials, never inside one (a serial split at its dash would be
 * misread): explicit line breaks where the next serial would pass `width` at the current font.
 */
function serialsText(pdf: PDFKit.PDFDocument, label: string, serials: string[], width: number): string {
  const lines: string[] = [];
  let line = label;
  for (const [i, serial] of serials.entries()) {
    const piece = `${serial}${i < serials.length - 1 ? ',' : ''}`;
    const tried = `${line} ${piece}`;
    if (line !== label && pdf.widthOfString(tried) > width - 2) {
      lines.push(line);
      line = piece;
    } else line = tried;
  }
  lines.push(line);
  return lines.join('\n');
}
