/**
 * The sales-tax journal: the current invoices made in a period (the shop's days), one row each, with what
 * they charged (subtotal, shipping, environmental handling fees, other lines), the tax of each component
 * at each rate the period holds, and the total; a last row sums every amount. For the seller's accounts
 * and their GST/HST and QST returns.
 */
import { dayIn } from '@shop/domain/core/days';
import { toAmount } from '@shop/domain/core/money';
import { TAX_COMPONENTS, type TaxComponent, taxLabel } from '@shop/domain/tax/rules';
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  creditNoteLines,
  creditNotes,
  creditNoteTaxes,
  customers,
  invoiceLines,
  invoices,
  invoiceTaxes,
  orders,
} from '../../db/schema';
import { dayEnds, dayStarts } from '../../db/sql';
import { safeText } from '../../lib/csv-cell';
import { OWING_STATUSES } from '../orders';

/** The journal's fixed columns before the tax columns. */
const HEAD = [
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
] as const;

interface JournalRow {
  day: string;
  invoiceNumber: string;
  orderNumber: string;
  customerId: string;
  company: string;
  province: string;
  subtotal: number;
  shipping: number;
  fees: number;
  other: number;
  taxes: Map<string, number>;
  total: number;
  exemptions: string[];
}

const columnKey = (component: string, rateMilli: number) => `${component}@${rateMilli}`;
const money = (cents: number) => toAmount(cents).toFixed(2);

/**
 * The journal of the invoices made from `from` to `to` (YYYY-MM-DD, both included, days in the shop's time
 * zone) as CSV text.
 */
export async function invoiceJournalCsv(
  db: Queryable,
  timeZone: string,
  from: string,
  to: string,
): Promise<string> {
  const made = await db
    .select({
      invoiceId: invoices.invoiceId,
      invoiceNumber: invoices.invoiceNumber,
      createdAt: invoices.createdAt,
      shippingCents: invoices.shippingCents,
      totalCents: invoices.totalCents,
      orderNumber: orders.orderNumber,
      customerId: orders.customerId,
      company: customers.company,
      province: orders.shippingProvince,
      subtotalCents: orders.subtotalCents,
    })
    .from(invoices)
    .innerJoin(orders, sql`${orders.orderId} = ${invoices.orderId}`)
    .leftJoin(customers, sql`${customers.customerId} = ${orders.customerId}`)
    .where(
      and(
        isNull(invoices.replacedAt),
        // A canceled or declined order owes nothing: its invoice's tax is not collected, unless a credit
        // note reverses it (a cancel issues one since credit notes exist), which the journal lists too.
        or(
          inArray(orders.status, [...OWING_STATUSES]),
          sql`exists (select 1 from credit_notes cn where cn.invoice_id = ${invoices.invoiceId})`,
        ),
        sql`${invoices.createdAt} >= ${dayStarts(from, timeZone)}`,
        sql`${invoices.createdAt} < ${dayEnds(to, timeZone)}`,
      ),
    )
    .orderBy(asc(invoices.createdAt), asc(invoices.invoiceId));
  const ids = made.map((i) => i.invoiceId);
  const [taxRows, lineSums] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select()
            .from(invoiceTaxes)
            .where(inArray(invoiceTaxes.invoiceId, ids))
            .orderBy(asc(invoiceTaxes.invoiceId), asc(invoiceTaxes.position)),
          db
            .select({
              invoiceId: invoiceLines.invoiceId,
              kind: invoiceLines.kind,
              cents: sql<string>`sum(${invoiceLines.rateCents} * ${invoiceLines.quantity})`,
            })
            .from(invoiceLines)
            .where(and(inArray(invoiceLines.invoiceId, ids), sql`${invoiceLines.kind} in ('fee', 'other')`))
            .groupBy(invoiceLines.invoiceId, invoiceLines.kind),
        ]);

  // One column per component and rate found in the period: federal first (TAX_COMPONENTS' order), then by rate.
  const columns = new Map<string, { component: TaxComponent; rateMilli: number }>();
  for (const t of taxRows)
    columns.set(columnKey(t.component, t.rateMilli), {
      component: t.component as TaxComponent,
      rateMilli: t.rateMilli,
    });
  const taxColumns = [...columns.entries()].sort(
    ([, a], [, b]) =>
      TAX_COMPONENTS.indexOf(a.component) - TAX_COMPONENTS.indexOf(b.component) || a.rateMilli - b.rateMilli,
  );

  const rows: JournalRow[] = made.map((i) => {
    const sum = (kind: string) =>
      Number(lineSums.find((l) => l.invoiceId === i.invoiceId && l.kind === kind)?.cents ?? 0);
    const own = taxRows.filter((t) => t.invoiceId === i.invoiceId);
    const taxes = new Map<string, number>();
    for (const t of own) {
      const key = columnKey(t.component, t.rateMilli);
      taxes.set(key, (taxes.get(key) ?? 0) + Number(t.taxCents));
    }
    return {
      day: dayIn(i.createdAt, timeZone),
      invoiceNumber: i.invoiceNumber,
      orderNumber: i.orderNumber,
      customerId: i.customerId,
      company: i.company ?? '',
      province: i.province,
      subtotal: Number(i.subtotalCents),
      shipping: Number(i.shippingCents),
      fees: sum('fee'),
      other: sum('other'),
      taxes,
      total: Number(i.totalCents),
      exemptions: own
        .filter((t) => t.exemption)
        .map((t) =>
          `${taxLabel(t.component as TaxComponent, t.rateMilli)}: ${t.exemption!.reason} ${t.exemption!.reference}`.trim(),
        ),
    };
  });

  const credits = await creditNoteRows(db, timeZone, from, to);
  for (const c of credits.taxes)
    columns.set(columnKey(c.component, c.rateMilli), {
      component: c.component as TaxComponent,
      rateMilli: c.rateMilli,
    });
  taxColumns.splice(
    0,
    taxColumns.length,
    ...[...columns.entries()].sort(
      ([, a], [, b]) =>
        TAX_COMPONENTS.indexOf(a.component) - TAX_COMPONENTS.indexOf(b.component) ||
        a.rateMilli - b.rateMilli,
    ),
  );
  rows.push(...credits.rows);
  rows.sort((a, b) => a.day.localeCompare(b.day));
  const documents = rows.length;
  const add = (pick: (r: JournalRow) => number) => rows.reduce((n, r) => n + pick(r), 0);
  const records: string[][] = [
    [...HEAD, ...taxColumns.map(([, c]) => taxLabel(c.component, c.rateMilli)), 'Total', 'Exemptions'],
    ...rows.map((r) => [
      r.day,
      r.invoiceNumber,
      r.orderNumber,
      safeText(r.customerId),
      safeText(r.company),
      safeText(r.province),
      money(r.subtotal),
      money(r.shipping),
      money(r.fees),
      money(r.other),
      ...taxColumns.map(([key]) => money(r.taxes.get(key) ?? 0)),
      money(r.total),
      safeText(r.exemptions.join('; ')),
    ]),
    [
      credits.rows.length === 0
        ? `Total (${rows.length} ${rows.length === 1 ? 'invoice' : 'invoices'})`
        : `Total (${documents - credits.rows.length} ${documents - credits.rows.length === 1 ? 'invoice' : 'invoices'}, ${credits.rows.length} ${credits.rows.length === 1 ? 'credit note' : 'credit notes'})`,
      '',
      '',
      '',
      '',
      '',
      money(add((r) => r.subtotal)),
      money(add((r) => r.shipping)),
      money(add((r) => r.fees)),
      money(add((r) => r.other)),
      ...taxColumns.map(([key]) => money(add((r) => r.taxes.get(key) ?? 0))),
      money(add((r) => r.total)),
      '',
    ],
  ];
  return stringify(records);
}

/**
 * The credit notes issued from `from` to `to`: a row each on its day, every amount negative (what it
 * reverses): its lines by kind (a deduction the seller keeps counts among the other lines, positive), each
 * tax component at its rate, the total.
 */
async function creditNoteRows(
  db: Queryable,
  timeZone: string,
  from: string,
  to: string,
): Promise<{ rows: JournalRow[]; taxes: { component: string; rateMilli: number }[] }> {
  const issued = await db
    .select({
      creditNoteId: creditNotes.creditNoteId,
      number: creditNotes.creditNoteNumber,
      createdAt: creditNotes.createdAt,
      totalCents: creditNotes.totalCents,
      invoiceNumber: invoices.invoiceNumber,
      orderNumber: orders.orderNumber,
      customerId: orders.customerId,
      company: customers.company,
      province: orders.shippingProvince,
    })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.invoiceId, creditNotes.invoiceId))
    .innerJoin(orders, eq(orders.orderId, creditNotes.orderId))
    .leftJoin(customers, eq(customers.customerId, orders.customerId))
    .where(
      and(
        sql`${creditNotes.createdAt} >= ${dayStarts(from, timeZone)}`,
        sql`${creditNotes.createdAt} < ${dayEnds(to, timeZone)}`,
      ),
    )
    .orderBy(asc(creditNotes.createdAt), asc(creditNotes.creditNoteId));
  const ids = issued.map((c) => c.creditNoteId);
  if (ids.length === 0) return { rows: [], taxes: [] };
  const [taxes, sums] = await Promise.all([
    db
      .select()
      .from(creditNoteTaxes)
      .where(inArray(creditNoteTaxes.creditNoteId, ids))
      .orderBy(asc(creditNoteTaxes.creditNoteId), asc(creditNoteTaxes.position)),
    db
      .select({
        creditNoteId: creditNoteLines.creditNoteId,
        kind: creditNoteLines.kind,
        cents: sql<string>`sum(${creditNoteLines.rateCents} * ${creditNoteLines.quantity})`,
      })
      .from(creditNoteLines)
      .where(inArray(creditNoteLines.creditNoteId, ids))
      .groupBy(creditNoteLines.creditNoteId, creditNoteLines.kind),
  ]);
  const rows = issued.map((c): JournalRow => {
    const sum = (...kinds: string[]) =>
      sums
        .filter((s) => s.creditNoteId === c.creditNoteId && kinds.includes(s.kind))
        .reduce((n, s) => n + Number(s.cents), 0);
    const own = taxes.filter((t) => t.creditNoteId === c.creditNoteId);
    const reversed = new Map<string, number>();
    for (const t of own) {
      const key = columnKey(t.component, t.rateMilli);
      reversed.set(key, (reversed.get(key) ?? 0) - Number(t.taxCents));
    }
    return {
      day: dayIn(c.createdAt, timeZone),
      invoiceNumber: `${c.number} (${c.invoiceNumber})`,
      orderNumber: c.orderNumber,
      customerId: c.customerId,
      company: c.company ?? '',
      province: c.province,
      subtotal: -sum('item'),
      shipping: -sum('shipping'),
      fees: -sum('fee'),
      other: -sum('other', 'deduction'),
      taxes: reversed,
      total: -Number(c.totalCents),
      exemptions: own
        .filter((t) => t.exemption)
        .map((t) =>
          `${taxLabel(t.component as TaxComponent, t.rateMilli)}: ${t.exemption!.reason} ${t.exemption!.reference}`.trim(),
        ),
    };
  });
  return { rows, taxes };
}
