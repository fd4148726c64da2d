/**
 * The packing slip the seller prints to go in the box: the shop, the order and PO numbers, ship-to, each
 * line with its quantity and the serials of its units; no prices. The back office's, so English only.
 */
import { formatPostalCode } from '@shop/domain/account/rules';
import { conditionName } from '@shop/domain/catalog/rules';
import { asc, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { Queryable } from '../../db/client';
import { orderLines, type orders } from '../../db/schema';
import { serialsByLine } from './serials';

export interface SlipSeller {
  legalName: string;
  address: string;
  phone: string;
  email: string;
  timeZone: string;
}

/** Renders the packing slip of an order; resolves with the PDF's bytes. */
export async function renderPackingSlip(
  db: Queryable,
  order: typeof orders.$inferSelect,
  seller: SlipSeller,
): Promise<Buffer> {
  const [lines, serials] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.orderId)).orderBy(asc(orderLines.lineId)),
    serialsByLine(db, order.orderId),
  ]);
  const pdf = new PDFDocument({
    size: 'LETTER',
    margin: 50,
    info: { Title: `Packing slip ${order.orderNumber}`, Author: seller.legalName },
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

  pdf.font('Helvetica-Bold').fontSize(16).text(seller.legalName, left, 50);
  pdf.font('Helvetica').fontSize(9).fillColor('#333');
  pdf.text(seller.address);
  pdf.text(`${seller.phone} · ${seller.email}`);
  pdf
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor('#000')
    .text(`Packing slip ${order.orderNumber}`, left, 50, { width, align: 'right' });

  let y = 130;
  const date = new Intl.DateTimeFormat('en-CA', { dateStyle: 'long', timeZone: seller.timeZone }).format(
    order.createdAt,
  );
  const facts: [string, string][] = [
    ['Order', order.orderNumber],
    ['Ordered on', date],
    ['PO number', order.purchaseOrderId],
    ['Shipping method', order.shippingMethod],
    ...(order.shippingCarrier ? [['Carrier', order.shippingCarrier] as [string, string]] : []),
    ...(order.trackingNumber ? [['Tracking number', order.trackingNumber] as [string, string]] : []),
  ];
  pdf.fontSize(9);
  for (const [label, value] of facts) {
    pdf.font('Helvetica-Bold').text(label, left, y, { width: 100 });
    pdf.font('Helvetica').text(value, left + 105, y, { width: 250 });
    y += 14;
  }
  y += 10;
  pdf.font('Helvetica-Bold').text('Ship to', left, y);
  pdf.font('Helvetica');
  y += 14;
  const cityLine = [
    order.shippingCity,
    [order.shippingProvince, formatPostalCode(order.shippingZip)].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  const shipTo = [
    order.shippingAttention,
    order.shippingCompany,
    order.shippingAddress1,
    order.shippingAddress2,
    cityLine,
    order.shippingCountry,
    order.shippingPhone,
  ].filter((l) => l && l.trim() !== '');
  for (const line of shipTo) {
    pdf.text(line, left, y, { width: width / 2 });
    y += 12;
  }
  y += 14;

  // Lines: SKU | item (its serials under it) | quantity.
  const cols = { sku: left, item: left + 110, qty: right - 60 };
  const header = (at: number) => {
    pdf.font('Helvetica-Bold');
    pdf.text('SKU', cols.sku, at, { width: 105 });
    pdf.text('Item', cols.item, at, { width: cols.qty - cols.item - 10 });
    pdf.text('Quantity', cols.qty, at, { width: 60, align: 'right' });
    pdf
      .moveTo(left, at + 13)
      .lineTo(right, at + 13)
      .strokeColor('#999')
      .stroke();
    pdf.font('Helvetica');
    return at + 18;
  };
  y = header(y);
  for (const line of lines) {
    const listed = serials.get(line.lineId) ?? [];
    const item = `${line.itemName} (${conditionName(line.itemCondition, 'en')})${listed.length > 0 ? `\n${serialsText(pdf, 'Serial numbers:', listed, cols.qty - cols.item - 10)}` : ''}`;
    const height = Math.max(
      pdf.heightOfString(item, { width: cols.qty - cols.item - 10 }),
      pdf.heightOfString(line.sku || ' ', { width: 105 }),
    );
    if (y + height > pdf.page.height - 60) {
      pdf.addPage();
      y = header(50);
    }
    pdf.text(line.sku, cols.sku, y, { width: 105 });
    pdf.text(item, cols.item, y, { width: cols.qty - cols.item - 10 });
    pdf.text(String(line.quantity), cols.qty, y, { width: 60, align: 'right' });
    y += height + 6;
  }
  pdf.moveTo(left, y).lineTo(right, y).strokeColor('#999').stroke();
  const units = lines.reduce((n, l) => n + l.quantity, 0);
  pdf.font('Helvetica-Bold').text(`${units} ${units === 1 ? 'unit' : 'units'} in all`, left, y + 8, {
    width,
    align: 'right',
  });
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
