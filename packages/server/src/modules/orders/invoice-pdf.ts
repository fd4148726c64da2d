/**
 * The invoice as a PDF a business can file: the seller's legal name, address and GST/HST registration number,
 * payment terms, invoice number and date, order and PO numbers, bill-to and ship-to, the lines, the tax of
 * the shipping province, shipping and extra lines, and the total. Labels come in as a table so the invoice
 * can be written in another language.
 */
import type { InvoiceSeller } from '@shop/domain/answers/orders';
import { type Lang, LOCALE } from '@shop/domain/i18n';
import { formatMoney } from '@shop/domain/money';
import { and, asc, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { Config } from '../../config';
import type { Queryable } from '../../db/client';
import { invoiceLines, invoices, orders } from '../../db/schema';
import { translators } from '../../i18n/lang';

/** Which sales taxes a province charges, named on a French invoice (TPS, TVH, TVQ, TVP). */
const TAX_KIND: Record<string, 'HST' | 'GST_QST' | 'GST_PST' | 'GST'> = {
  Ontario: 'HST',
  'Nova Scotia': 'HST',
  'New Brunswick': 'HST',
  'Prince Edward Island': 'HST',
  'Newfoundland and Labrador': 'HST',
  Quebec: 'GST_QST',
  Manitoba: 'GST_PST',
  'British Columbia': 'GST_PST',
  Saskatchewan: 'GST_PST',
  Alberta: 'GST',
  'Northwest Territories': 'GST',
  Yukon: 'GST',
  Nunavut: 'GST',
};

/** The invoice's labels in a language, from invoice.json. */
export function invoiceLabels(lang: Lang) {
  const tr = translators[lang];
  const t = (key: string, values?: Record<string, string>) => tr.t(key, values);
  const word = (prefix: string, value: string) =>
    tr.has(`${prefix}.${value}`) ? t(`${prefix}.${value}`) : value;
  return {
    invoice: t('invoice.title'),
    invoiceNumber: t('invoice.invoiceNumber'),
    invoiceDate: t('invoice.invoiceDate'),
    orderNumber: t('invoice.orderNumber'),
    poNumber: t('invoice.poNumber'),
    terms: t('invoice.terms'),
    taxNumber: t('invoice.taxNumber'),
    taxNumberLine: (number: string) => t('invoice.taxNumberLine', { number }),
    billTo: t('invoice.billTo'),
    shipTo: t('invoice.shipTo'),
    sku: t('invoice.sku'),
    description: t('invoice.description'),
    quantity: t('invoice.quantity'),
    unitPrice: t('invoice.unitPrice'),
    amount: t('invoice.amount'),
    subtotal: t('invoice.subtotal'),
    tax: (province: string, rate: string) =>
      t(`invoice.tax.${TAX_KIND[province] ?? 'GST'}`, { province: word('invoice.province', province), rate }),
    shippingAndExtras: t('invoice.shippingAndExtras'),
    taxOnShipping: t('invoice.taxOnShipping'),
    total: t('invoice.total'),
    conditions: Object.fromEntries(
      ['BrandNew', 'Recertified', 'ScratchDent', 'Warranty'].map((c) => [c, t(`invoice.condition.${c}`)]),
    ) as Record<string, string>,
    shippingMethod: (method: string) =>
      t('invoice.shippingMethod', { method: word('invoice.method', method) }),
    /** An invoice line the seller added: "Shipping (Standard)" is named in the language, others as written. */
    extraLine: (name: string) => {
      const shipping = /^Shipping \((.+)\)$/.exec(name);
      return shipping ? t('invoice.shippingLine', { method: word('invoice.method', shipping[1]!) }) : name;
    },
    thanks: t('invoice.thanks'),
  };
}

export const INVOICE_LABELS_EN = invoiceLabels('en');
export type InvoiceLabels = typeof INVOICE_LABELS_EN;

export interface InvoiceDocument {
  invoiceNumber: string;
  invoiceDate: Date;
  orderNumber: string;
  purchaseOrderId: string;
  shippingMethod: string;
  province: string;
  taxRatePercent: number;
  billTo: string[];
  shipTo: string[];
  lines: {
    sku: string;
    name: string;
    condition: string;
    quantity: number;
    rateCents: number;
    item: boolean;
  }[];
  subtotalCents: number;
  itemsTaxCents: number;
  shippingCents: number;
  shippingTaxCents: number;
  totalCents: number;
}

/** The invoice of one customer's order, or null when the invoice is not theirs. */
export async function invoiceDocument(
  db: Queryable,
  customerId: string,
  invoiceId: number,
): Promise<InvoiceDocument | null> {
  const [row] = await db
    .select({ invoice: invoices, order: orders })
    .from(invoices)
    .innerJoin(orders, eq(orders.orderId, invoices.orderId))
    .where(and(eq(invoices.invoiceId, invoiceId), eq(orders.customerId, customerId)));
  if (!row) return null;
  const { invoice, order } = row;
  const lines = await db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoice.invoiceId))
    .orderBy(asc(invoiceLines.lineId));
  const address = (a: 'shipping' | 'billing') => {
    const s = a === 'shipping';
    return [
      s ? order.shippingAttention : order.billingAttention,
      s ? order.shippingCompany : order.billingCompany,
      s ? order.shippingAddress1 : order.billingAddress1,
      s ? order.shippingAddress2 : order.billingAddress2,
      `${s ? order.shippingCity : order.billingCity}, ${s ? order.shippingProvince : order.billingProvince} ${s ? order.shippingZip : order.billingZip}`,
      s ? order.shippingCountry : order.billingCountry,
      s ? order.shippingPhone : order.billingPhone,
    ].filter((part) => part && part.trim() !== '');
  };
  return {
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: invoice.createdAt,
    orderNumber: order.orderNumber,
    purchaseOrderId: order.purchaseOrderId,
    shippingMethod: order.shippingMethod,
    province: order.shippingProvince,
    taxRatePercent: order.taxRateMilli / 1000,
    billTo: address('billing'),
    shipTo: address('shipping'),
    lines: lines.map((l) => ({
      sku: l.sku,
      name: l.itemName,
      condition: l.itemCondition,
      quantity: l.quantity,
      rateCents: Number(l.rateCents),
      item: l.itemId !== null,
    })),
    subtotalCents: Number(order.subtotalCents),
    itemsTaxCents: Number(order.itemsTaxCents),
    shippingCents: lines
      .filter((l) => l.itemId === null)
      .reduce((n, l) => n + Number(l.rateCents) * l.quantity, 0),
    shippingTaxCents: Number(invoice.shippingTaxCents),
    totalCents: Number(invoice.totalCents),
  };
}

export interface Seller {
  legalName: string;
  address: string;
  phone: string;
  email: string;
  taxNumber: string;
  paymentTerms: string;
}

export function sellerOf(config: Config): Seller {
  return {
    legalName: config.SHOP_LEGAL_NAME,
    address: config.SHOP_ADDRESS,
    phone: config.SHOP_PHONE,
    email: config.SHOP_EMAIL,
    taxNumber: config.SHOP_TAX_NUMBER,
    paymentTerms: config.SHOP_PAYMENT_TERMS,
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
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'America/Toronto' }).format(
    doc.invoiceDate,
  );

  pdf.font('Helvetica-Bold').fontSize(16).text(seller.legalName, left, 50);
  pdf.font('Helvetica').fontSize(9).fillColor('#333');
  pdf.text(seller.address);
  pdf.text(`${seller.phone} · ${seller.email}`);
  pdf.text(labels.taxNumberLine(seller.taxNumber));
  pdf
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor('#000')
    .text(labels.invoice, left, 50, { width, align: 'right' });

  let y = 130;
  const facts: [string, string][] = [
    [labels.invoiceNumber, doc.invoiceNumber],
    [labels.invoiceDate, date],
    [labels.orderNumber, doc.orderNumber],
    [labels.poNumber, doc.purchaseOrderId],
    [labels.terms, seller.paymentTerms],
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
  doc.billTo.forEach((line, i) => {
    pdf.text(line, left, billY + i * 12, { width: column - 10 });
  });
  doc.shipTo.forEach((line, i) => {
    pdf.text(line, left + column, billY + i * 12, { width: column - 10 });
  });
  y = billY + Math.max(doc.billTo.length, doc.shipTo.length) * 12 + 8;
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
      ? `${line.name} (${labels.conditions[line.condition] ?? line.condition})`
      : labels.extraLine(line.name);
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

  const rate = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(doc.taxRatePercent);
  const totals: [string, number][] = [
    [labels.subtotal, doc.subtotalCents],
    [labels.tax(doc.province, rate), doc.itemsTaxCents],
  ];
  if (doc.shippingCents > 0) totals.push([labels.shippingAndExtras, doc.shippingCents]);
  if (doc.shippingTaxCents > 0) totals.push([labels.taxOnShipping, doc.shippingTaxCents]);
  for (const [label, cents] of totals) {
    pdf.text(label, right - 290, y, { width: 210, align: 'right' });
    pdf.text(money(cents), cols.amount, y, { width: 70, align: 'right' });
    y += 14;
  }
  pdf.font('Helvetica-Bold').fontSize(11);
  pdf.text(labels.total, right - 290, y + 4, { width: 210, align: 'right' });
  pdf.text(money(doc.totalCents), cols.amount - 20, y + 4, { width: 90, align: 'right' });
  pdf
    .font('Helvetica')
    .fontSize(9)
    .text(labels.thanks, left, y + 40);
  pdf.end();
  return done;
}
