/**
 * The credit note as a PDF, drawn as the invoice is (pdfkit, Letter, the seller's header): its number and
 * date, the invoice it credits, the lines credited, the deductions (negative), each tax component
 * reversed, the total credited and where it went. Texts from credit-note.json in the buyer's language.
 */
import type { CreditNoteDetail } from '@shop/domain/after-sale/credit-answers';
import { conditionName } from '@shop/domain/catalog/rules';
import { type Lang, LOCALE } from '@shop/domain/core/i18n';
import { formatMoney, toCents } from '@shop/domain/core/money';
import { taxLabel } from '@shop/domain/tax/rules';
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { Queryable } from '../../db/client';
import { customers, orders } from '../../db/schema';
import { translators } from '../../i18n/lang';
import type { sellerOf } from '../invoices';

type Seller = ReturnType<typeof sellerOf>;

export async function renderCreditNotePdf(
  db: Queryable,
  note: CreditNoteDetail,
  seller: Seller,
  lang: Lang = 'en',
): Promise<Buffer> {
  const [order] = await db
    .select({ po: orders.purchaseOrderId, company: customers.company })
    .from(orders)
    .innerJoin(customers, eq(customers.customerId, orders.customerId))
    .where(eq(orders.orderId, note.order_id));
  const tr = translators[lang];
  const t = (key: string, values?: Record<string, string>) => tr.t(key, values);
  const money = (dollars: number) => formatMoney(toCents(dollars), lang);
  const pdf = new PDFDocument({
    size: 'LETTER',
    margin: 50,
    info: { Title: `${t('creditNote.title')} ${note.credit_note_number}`, Author: seller.legalName },
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
  const day = new Intl.DateTimeFormat(LOCALE[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${note.date}T12:00:00Z`),
  );

  pdf.font('Helvetica-Bold').fontSize(16).text(seller.legalName, left, 50);
  pdf.font('Helvetica').fontSize(9).fillColor('#333');
  pdf.text(seller.address);
  pdf.text(`${seller.phone} · ${seller.email}`);
  pdf
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor('#000')
    .text(t('creditNote.title'), left, 50, { width, align: 'right' });

  let y = 130;
  const facts: [string, string][] = [
    [t('creditNote.number'), note.credit_note_number],
    [t('creditNote.date'), day],
    [t('creditNote.invoice'), note.invoice_number],
    [t('creditNote.order'), note.order_number],
    ...(order?.po ? [[t('creditNote.po'), order.po] as [string, string]] : []),
    [t('creditNote.customer'), `${order?.company ?? ''} (${note.customer_id})`],
    ...(note.reason ? [[t('creditNote.reason'), note.reason] as [string, string]] : []),
  ];
  pdf.fontSize(9);
  for (const [label, value] of facts) {
    pdf.font('Helvetica-Bold').text(label, left, y, { width: 120 });
    pdf.font('Helvetica').text(value, left + 125, y, { width: 330 });
    y += Math.max(14, pdf.heightOfString(value, { width: 330 }) + 2);
  }
  y += 16;

  const cols = { desc: left, qty: right - 190, unit: right - 140, amount: right - 70 };
  const header = (at: number) => {
    pdf.font('Helvetica-Bold');
    pdf.text(t('creditNote.description'), cols.desc, at, { width: cols.qty - cols.desc - 5 });
    pdf.text(t('creditNote.quantity'), cols.qty, at, { width: 40, align: 'right' });
    pdf.text(t('creditNote.unitPrice'), cols.unit, at, { width: 65, align: 'right' });
    pdf.text(t('creditNote.amount'), cols.amount, at, { width: 70, align: 'right' });
    pdf
      .moveTo(left, at + 13)
      .lineTo(right, at + 13)
      .strokeColor('#999')
      .stroke();
    pdf.font('Helvetica');
    return at + 18;
  };
  y = header(y);
  for (const line of note.lines) {
    const name =
      line.kind === 'deduction'
        ? line.name || t(`creditNote.deduction.${line.deduction_kind ?? 'restocking'}`)
        : `${line.sku ? `${line.sku} · ` : ''}${line.name}${line.condition ? ` (${conditionName(line.condition, lang)})` : ''}`;
    const description =
      line.serials.length > 0
        ? `${name}\n${t('creditNote.serials', { serials: line.serials.join(', ') })}`
        : name;
    const height = pdf.heightOfString(description, { width: cols.qty - cols.desc - 5 });
    if (y + height > pdf.page.height - 140) {
      pdf.addPage();
      y = header(50);
    }
    pdf.text(description, cols.desc, y, { width: cols.qty - cols.desc - 5 });
    pdf.text(String(line.quantity), cols.qty, y, { width: 40, align: 'right' });
    pdf.text(money(line.rate), cols.unit, y, { width: 65, align: 'right' });
    pdf.text(money(line.amount), cols.amount, y, { width: 70, align: 'right' });
    y += height + 6;
  }
  pdf.moveTo(left, y).lineTo(right, y).strokeColor('#999').stroke();
  y += 8;

  const totals: [string, number][] = [[t('creditNote.subtotal'), note.subtotal]];
  for (const tax of note.taxes) {
    const label = taxLabel(tax.component, Math.round(tax.rate * 1000), lang);
    totals.push([
      tax.exemption
        ? t('creditNote.taxExempt', {
            label,
            reason: tax.exemption.reason,
            reference: tax.exemption.reference,
          })
        : t('creditNote.taxReversed', { label }),
      tax.amount,
    ]);
  }
  for (const [label, amount] of totals) {
    const height = pdf.heightOfString(label, { width: 260 });
    if (y + height > pdf.page.height - 90) {
      pdf.addPage();
      y = 50;
    }
    pdf.text(label, right - 340, y, { width: 260, align: 'right' });
    pdf.text(money(amount), cols.amount, y, { width: 70, align: 'right' });
    y += height + 3;
  }
  pdf.font('Helvetica-Bold').fontSize(11);
  pdf.text(t('creditNote.total'), right - 290, y + 4, { width: 210, align: 'right' });
  pdf.text(money(note.total), cols.amount - 20, y + 4, { width: 90, align: 'right' });
  y += 24;
  pdf.font('Helvetica').fontSize(9);
  for (const a of note.allocations) {
    const label = a.invoice_number
      ? t('creditNote.allocated', { invoiceNumber: a.invoice_number })
      : t('creditNote.refunded');
    pdf.text(label, right - 340, y, { width: 260, align: 'right' });
    pdf.text(money(a.amount), cols.amount, y, { width: 70, align: 'right' });
    y += 14;
  }
  pdf.text(t('creditNote.left'), right - 340, y, { width: 260, align: 'right' });
  pdf.text(money(note.left), cols.amount, y, { width: 70, align: 'right' });
  y += 28;
  pdf.text(t('creditNote.thanks', { email: seller.email, phone: seller.phone }), left, y, { width });
  pdf.end();
  return done;
}
