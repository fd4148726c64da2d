/**
 * The statement as files a company keeps: a PDF (the seller, the company, the balance, what is overdue,
 * the aging, the open and the paid invoices) drawn as the invoice PDF is, and a CSV of the invoices. Both in
 * the request's language, their texts from statement.json.
 */

import type { Statement, StatementInvoice } from '@shop/domain/accounts/answers';
import { AGING_BUCKETS, type AgingBucket } from '@shop/domain/accounts/schemas';
import { type Lang, LOCALE } from '@shop/domain/core/i18n';
import { formatMoney, toCents } from '@shop/domain/core/money';
import { stringify } from 'csv-stringify/sync';
import PDFDocument from 'pdfkit';
import { translators } from '../../i18n/lang';
import { safeText } from '../../lib/csv-cell';
import type { sellerOf } from '../invoices';

type Seller = ReturnType<typeof sellerOf>;

type Values = Record<string, string | number>;

function labels(lang: Lang) {
  const tr = translators[lang];
  const t = (key: string, values?: Values) => tr.t(key, values);
  return {
    t,
    terms: (terms: string) =>
      tr.has(`statement.termsName.${terms}`) ? t(`statement.termsName.${terms}`) : terms,
    bucket: (bucket: AgingBucket) => t(`statement.bucket.${bucket}`),
    status: (invoice: StatementInvoice) =>
      invoice.status === 'overdue'
        ? t('statement.overdueDays', { days: invoice.days_overdue })
        : t(`statement.state.${invoice.status}`),
  };
}

/** A day as people read it in the language: "March 31, 2026" / "31 mars 2026". */
function longDay(day: string, lang: Lang): string {
  return new Intl.DateTimeFormat(LOCALE[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** The download's name without its extension: Statement-C10001-2026-03-31 / Releve-C10001-2026-03-31. */
export function statementFileName(statement: Statement, lang: Lang): string {
  const name = translators[lang].t('statement.fileName', {
    customerId: statement.customer_id,
    date: statement.today,
  });
  return name.replace(/[^A-Za-z0-9._-]/g, '_');
}

const CSV_COLUMNS = [
  'invoice',
  'order',
  'po',
  'invoiceDate',
  'dueOn',
  'total',
  'paid',
  'balance',
  'status',
  'daysOverdue',
] as const;

/** The statement's invoices as CSV: one row each, amounts in dollars with 2 decimals. */
export function statementCsv(statement: Statement, lang: Lang): string {
  const l = labels(lang);
  return stringify([
    CSV_COLUMNS.map((c) => l.t(`statement.csv.${c}`)),
    ...statement.invoices.map((i) => [
      safeText(i.invoice_number),
      safeText(i.order_number),
      safeText(i.purchase_order_id),
      i.invoice_date,
      i.due_on,
      i.total.toFixed(2),
      i.paid.toFixed(2),
      i.balance.toFixed(2),
      l.t(`statement.state.${i.status}`),
      i.days_overdue,
    ]),
    // The company's credit left on its credit notes: a line each, the balance negative.
    ...statement.credits.map((c) => [
      safeText(c.credit_note_number),
      '',
      '',
      c.date,
      '',
      (-c.total).toFixed(2),
      '',
      (-c.left).toFixed(2),
      l.t('creditNote.statementCredit'),
      '',
    ]),
  ]);
}

export interface StatementContact {
  email: string;
  phone: string;
}

/** Renders the statement; resolves with the PDF's bytes. */
export function renderStatementPdf(
  statement: Statement,
  seller: Pick<Seller, 'legalName' | 'address' | 'phone' | 'email'>,
  lang: Lang = 'en',
): Promise<Buffer> {
  const l = labels(lang);
  const { t } = l;
  const money = (dollars: number) => formatMoney(toCents(dollars), lang);
  const pdf = new PDFDocument({
    size: 'LETTER',
    margin: 50,
    info: {
      Title: `${t('statement.title')} ${statement.customer_id} ${statement.today}`,
      Author: seller.legalName,
    },
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
  const bottom = pdf.page.height - 60;

  pdf.font('Helvetica-Bold').fontSize(16).text(seller.legalName, left, 50);
  pdf.font('Helvetica').fontSize(9).fillColor('#333');
  pdf.text(seller.address);
  pdf.text(`${seller.phone} · ${seller.email}`);
  pdf
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor('#000')
    .text(t('statement.title'), left, 50, { width, align: 'right' });

  let y = 120;
  const facts: [string, string][] = [
    [t('statement.customerId'), statement.customer_id],
    [t('statement.company'), statement.company],
    [t('statement.date'), longDay(statement.today, lang)],
    [t('statement.terms'), l.terms(statement.terms)],
    [
      t('statement.creditLimit'),
      statement.credit_limit === null ? t('statement.noCreditLimit') : money(statement.credit_limit),
    ],
  ];
  pdf.fontSize(9);
  for (const [label, value] of facts) {
    pdf.font('Helvetica-Bold').text(label, left, y, { width: 120 });
    pdf.font('Helvetica').text(value, left + 125, y, { width: 250 });
    y += 14;
  }

  // The balance and what is overdue, large, at the right of the facts.
  pdf.font('Helvetica-Bold').fontSize(11);
  pdf.text(t('statement.balance'), right - 230, 120, { width: 120, align: 'right' });
  pdf.text(money(statement.totals.balance), right - 105, 120, { width: 105, align: 'right' });
  pdf.font('Helvetica').fontSize(10);
  pdf.text(t('statement.overdue'), right - 230, 138, { width: 120, align: 'right' });
  pdf.text(money(statement.totals.overdue), right - 105, 138, { width: 105, align: 'right' });

  // The aging: five columns.
  y += 14;
  pdf.font('Helvetica-Bold').fontSize(10).text(t('statement.aging'), left, y);
  y += 16;
  const bucketWidth = width / AGING_BUCKETS.length;
  pdf.fontSize(9);
  AGING_BUCKETS.forEach((bucket, i) => {
    pdf.font('Helvetica-Bold').text(l.bucket(bucket), left + i * bucketWidth, y, {
      width: bucketWidth - 6,
      align: 'right',
    });
    pdf.font('Helvetica').text(money(statement.totals.aging[bucket]), left + i * bucketWidth, y + 13, {
      width: bucketWidth - 6,
      align: 'right',
    });
  });
  y += 30;
  pdf.moveTo(left, y).lineTo(right, y).strokeColor('#999').stroke();
  y += 14;

  // The invoices: number | order | PO | date | due | total | paid | balance | status.
  // Widths that add up to the page's (with a 3-point gap between columns).
  const widths = [
    ['invoice', 54],
    ['order', 52],
    ['po', 55],
    ['invoiceDate', 48],
    ['dueOn', 48],
    ['total', 56, true],
    ['paid', 52, true],
    ['balanceColumn', 56, true],
    ['status', 62],
  ] as const;
  let x = left;
  const cols = widths.map(([key, w, alignRight]) => {
    // The status, text after amounts, stands a little apart.
    if (key === 'status') x += 5;
    const c = { key, x, w: key === 'status' ? right - x : w, right: alignRight === true };
    x += w + 3;
    return c;
  });
  const header = (at: number) => {
    pdf.font('Helvetica-Bold').fontSize(8);
    for (const c of cols)
      pdf.text(t(`statement.${c.key}`), c.x, at, { width: c.w, align: c.right ? 'right' : 'left' });
    pdf
      .moveTo(left, at + 12)
      .lineTo(right, at + 12)
      .strokeColor('#999')
      .stroke();
    pdf.font('Helvetica').fontSize(8);
    return at + 16;
  };
  const section = (title: string, list: StatementInvoice[], empty: string) => {
    if (y > bottom - 60) {
      pdf.addPage();
      y = 50;
    }
    pdf.font('Helvetica-Bold').fontSize(10).text(title, left, y);
    y += 16;
    if (list.length === 0) {
      pdf.font('Helvetica').fontSize(9).text(empty, left, y);
      y += 22;
      return;
    }
    y = header(y);
    for (const invoice of list) {
      const cells = [
        invoice.invoice_number,
        invoice.order_number,
        invoice.purchase_order_id,
        invoice.invoice_date,
        invoice.due_on,
        money(invoice.total),
        money(invoice.paid),
        money(invoice.balance),
        l.status(invoice),
      ];
      const height = Math.max(...cells.map((text, i) => pdf.heightOfString(text, { width: cols[i]!.w })));
      if (y + height > bottom) {
        pdf.addPage();
        y = header(50);
      }
      cells.forEach((text, i) => {
        const c = cols[i]!;
        pdf.text(text, c.x, y, { width: c.w, align: c.right ? 'right' : 'left' });
      });
      y += height + 5;
    }
    y += 14;
  };
  const open = statement.invoices.filter((i) => i.status !== 'paid');
  const paid = statement.invoices.filter((i) => i.status === 'paid');
  section(t('statement.openInvoices'), open, t('statement.noOpen'));
  section(t('statement.paidInvoices'), paid, t('statement.noPaid'));
  if (statement.credits.length > 0) {
    if (y > bottom - 60) {
      pdf.addPage();
      y = 50;
    }
    pdf.font('Helvetica-Bold').fontSize(10).text(t('creditNote.statementCredits'), left, y);
    y += 16;
    pdf.font('Helvetica').fontSize(8);
    for (const c of statement.credits) {
      if (y > bottom) {
        pdf.addPage();
        y = 50;
      }
      pdf.text(
        t('creditNote.statementCreditLine', {
          number: c.credit_note_number,
          invoiceNumber: c.invoice_number,
          date: c.date,
        }),
        left,
        y,
        { width: width - 120 },
      );
      pdf.text(money(-c.left), right - 110, y, { width: 110, align: 'right' });
      y += 14;
    }
    y += 14;
  }

  if (y > bottom - 20) {
    pdf.addPage();
    y = 50;
  }
  pdf
    .font('Helvetica')
    .fontSize(9)
    .text(t('statement.questions', { email: seller.email, phone: seller.phone }), left, y);
  pdf.end();
  return done;
}
