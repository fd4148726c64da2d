/**
 * The accounting files of a period (the shop's days): invoices, credit notes, payments and customers as a
 * Zoho Books or QuickBooks Online import, columns from domain/accounting (one row per line of a document),
 * each line's tax spread from the document's tax components to the cent and named by the owner's codes.
 */
import {
  ACCOUNTING_COLUMNS,
  type AccountingFile,
  type AccountingKind,
  type AccountingSystem,
  spreadTax,
  taxCodeOf,
} from '@shop/domain/accounting/accounting';
import { dayIn } from '@shop/domain/core/days';
import { toAmount } from '@shop/domain/core/money';
import { isProvincialComponent, ratePercent, type TaxComponent } from '@shop/domain/tax/rules';
import { stringify } from 'csv-stringify/sync';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  accountingIds,
  accountingTaxCodes,
  contacts,
  creditNoteLines,
  creditNotes,
  creditNoteTaxes,
  customers,
  invoiceLines,
  invoices,
  invoiceTaxes,
  orders,
  payments,
} from '../../db/schema';
import { dayEnds, dayStarts } from '../../db/sql';
import { safeText } from '../../lib/csv-cell';
import { OWING_STATUSES } from '../orders';

export interface ExportRequest {
  system: AccountingSystem;
  file: AccountingFile;
  from: string;
  to: string;
  newOnly: boolean;
}

const CURRENCY = 'CAD';
const money = (cents: number) => toAmount(cents).toFixed(2);
/** A customer as both files name it: the company and its id, so that two companies never merge. */
const customerName = (company: string | null, customerId: string) =>
  safeText(company ? `${company} (${customerId})` : customerId);
const PAYMENT_MODES: Record<string, string> = {
  cheque: 'Check',
  eft: 'Bank Transfer',
  wire: 'Bank Transfer',
  card: 'Credit Card',
  other: 'Other',
};

type Cell = string | number;
interface DocLine {
  name: string;
  sku: string;
  condition: string;
  kind: string;
  quantity: number;
  rateCents: number;
  provincialTax: boolean;
}
interface DocTax {
  component: string;
  rateMilli: number;
  taxCents: number;
  exempt: boolean;
}
interface TaxedLine extends DocLine {
  amount: number;
  tax: number;
  components: TaxComponent[];
  ratePercent: number;
}

/** Each line's share of each component's tax, and the components that taxed it. */
export function taxedLines(lines: readonly DocLine[], taxes: readonly DocTax[]): TaxedLine[] {
  const out: TaxedLine[] = lines.map((l) => ({
    ...l,
    amount: l.rateCents * l.quantity,
    tax: 0,
    components: [],
    ratePercent: 0,
  }));
  for (const t of taxes) {
    const component = t.component as TaxComponent;
    const applies = out.filter((l) => l.provincialTax || !isProvincialComponent(component));
    const shares = spreadTax(
      applies.map((l) => l.amount),
      t.taxCents,
    );
    applies.forEach((l, i) => {
      l.tax += shares[i]!;
      if (t.rateMilli > 0 && !t.exempt && !l.components.includes(component)) {
        l.components.push(component);
        l.ratePercent += ratePercent(t.rateMilli);
      }
    });
  }
  return out;
}

/** The ids of a kind of record that already carry an id of the system. */
async function knownIds(db: Queryable, system: AccountingSystem, kind: AccountingKind): Promise<Set<string>> {
  const rows = await db
    .select({ recordId: accountingIds.recordId })
    .from(accountingIds)
    .where(and(eq(accountingIds.system, system), eq(accountingIds.kind, kind)));
  return new Set(rows.map((r) => r.recordId));
}

export async function taxCodesOf(
  db: Queryable,
  system: AccountingSystem,
): Promise<Partial<Record<TaxComponent, string>>> {
  const rows = await db.select().from(accountingTaxCodes).where(eq(accountingTaxCodes.system, system));
  return Object.fromEntries(rows.map((r) => [r.component, r.code]));
}

const lineName = (l: DocLine) => safeText(l.name);
const lineDesc = (l: DocLine) => safeText([l.sku, l.condition].filter(Boolean).join(' '));

async function invoiceRecords(db: Queryable, timeZone: string, r: ExportRequest): Promise<Cell[][]> {
  const made = await db
    .select({
      invoiceId: invoices.invoiceId,
      number: invoices.invoiceNumber,
      createdAt: invoices.createdAt,
      dueOn: invoices.dueOn,
      terms: invoices.terms,
      note: invoices.note,
      orderNumber: orders.orderNumber,
      po: orders.purchaseOrderId,
      customerId: orders.customerId,
      company: customers.company,
    })
    .from(invoices)
    .innerJoin(orders, eq(orders.orderId, invoices.orderId))
    .leftJoin(customers, eq(customers.customerId, orders.customerId))
    .where(
      and(
        isNull(invoices.replacedAt),
        // As the sales-tax journal: an order that owes nothing is left out unless a credit note reverses it.
        or(
          inArray(orders.status, [...OWING_STATUSES]),
          sql`exists (select 1 from credit_notes cn where cn.invoice_id = ${invoices.invoiceId})`,
        ),
        sql`${invoices.createdAt} >= ${dayStarts(r.from, timeZone)}`,
        sql`${invoices.createdAt} < ${dayEnds(r.to, timeZone)}`,
      ),
    )
    .orderBy(asc(invoices.createdAt), asc(invoices.invoiceId));
  const known = r.newOnly ? await knownIds(db, r.system, 'invoice') : new Set<string>();
  const chosen = made.filter((i) => !known.has(i.number));
  const ids = chosen.map((i) => i.invoiceId);
  if (ids.length === 0) return [];
  const [lines, taxes, codes] = await Promise.all([
    db
      .select()
      .from(invoiceLines)
      .where(inArray(invoiceLines.invoiceId, ids))
      .orderBy(asc(invoiceLines.lineId)),
    db
      .select()
      .from(invoiceTaxes)
      .where(inArray(invoiceTaxes.invoiceId, ids))
      .orderBy(asc(invoiceTaxes.invoiceId), asc(invoiceTaxes.position)),
    taxCodesOf(db, r.system),
  ]);
  return chosen.flatMap((i) => {
    const taxed = taxedDocument(
      lines.filter((l) => l.invoiceId === i.invoiceId),
      taxes.filter((t) => t.invoiceId === i.invoiceId),
    );
    const day = dayIn(i.createdAt, timeZone);
    const customer = customerName(i.company, i.customerId);
    const memo = safeText(
      [`Order ${i.orderNumber}`, i.po && `PO ${i.po}`, i.note].filter(Boolean).join(' · '),
    );
    return taxed.map((l) => {
      const code = taxCodeOf(l.components, codes);
      return r.system === 'zoho'
        ? [
            i.number,
            day,
            'Sent',
            customer,
            i.dueOn,
            CURRENCY,
            lineName(l),
            safeText(l.sku),
            lineDesc(l),
            l.quantity,
            money(l.rateCents),
            code,
            code ? String(Math.round(l.ratePercent * 1000) / 1000) : '',
            l.components.length > 1 ? 'Tax Group' : code ? 'Tax' : '',
            money(0),
            memo,
          ]
        : [
            i.number,
            customer,
            day,
            i.dueOn,
            i.terms,
            memo,
            lineName(l),
            lineDesc(l),
            l.quantity,
            money(l.rateCents),
            money(l.amount),
            code,
            money(l.tax),
            CURRENCY,
          ];
    });
  });
}

type StoredLine = typeof invoiceLines.$inferSelect | typeof creditNoteLines.$inferSelect;
type StoredTax = typeof invoiceTaxes.$inferSelect | typeof creditNoteTaxes.$inferSelect;

/** A document's lines with their tax, as stored for an invoice or a credit note alike. */
function taxedDocument(lines: readonly StoredLine[], taxes: readonly StoredTax[]) {
  return taxedLines(
    lines.map((l) => ({
      name: l.itemName,
      sku: l.sku,
      condition: l.itemCondition,
      kind: l.kind,
      quantity: l.quantity,
      rateCents: Number(l.rateCents),
      provincialTax: l.provincialTax,
    })),
    taxes.map((t) => ({
      component: t.component,
      rateMilli: t.rateMilli,
      taxCents: Number(t.taxCents),
      exempt: t.exemption !== null,
    })),
  );
}

async function creditRecords(db: Queryable, timeZone: string, r: ExportRequest): Promise<Cell[][]> {
  const issued = await db
    .select({
      creditNoteId: creditNotes.creditNoteId,
      number: creditNotes.creditNoteNumber,
      createdAt: creditNotes.createdAt,
      reason: creditNotes.reason,
      invoiceNumber: invoices.invoiceNumber,
      customerId: creditNotes.customerId,
      company: customers.company,
    })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.invoiceId, creditNotes.invoiceId))
    .leftJoin(customers, eq(customers.customerId, creditNotes.customerId))
    .where(
      and(
        sql`${creditNotes.createdAt} >= ${dayStarts(r.from, timeZone)}`,
        sql`${creditNotes.createdAt} < ${dayEnds(r.to, timeZone)}`,
      ),
    )
    .orderBy(asc(creditNotes.createdAt), asc(creditNotes.creditNoteId));
  const known = r.newOnly ? await knownIds(db, r.system, 'credit_note') : new Set<string>();
  const chosen = issued.filter((c) => !known.has(c.number));
  const ids = chosen.map((c) => c.creditNoteId);
  if (ids.length === 0) return [];
  const [lines, taxes, codes] = await Promise.all([
    db
      .select()
      .from(creditNoteLines)
      .where(inArray(creditNoteLines.creditNoteId, ids))
      .orderBy(asc(creditNoteLines.lineId)),
    db
      .select()
      .from(creditNoteTaxes)
      .where(inArray(creditNoteTaxes.creditNoteId, ids))
      .orderBy(asc(creditNoteTaxes.creditNoteId), asc(creditNoteTaxes.position)),
    taxCodesOf(db, r.system),
  ]);
  return chosen.flatMap((c) => {
    const taxed = taxedDocument(
      lines.filter((l) => l.creditNoteId === c.creditNoteId),
      taxes.filter((t) => t.creditNoteId === c.creditNoteId),
    );
    const day = dayIn(c.createdAt, timeZone);
    const customer = customerName(c.company, c.customerId);
    return taxed.map((l) => {
      const code = taxCodeOf(l.components, codes);
      return r.system === 'zoho'
        ? [c.number, day, customer, lineName(l), l.quantity, money(l.rateCents), code, c.invoiceNumber]
        : [
            c.number,
            customer,
            day,
            safeText([`Invoice ${c.invoiceNumber}`, c.reason].filter(Boolean).join(' · ')),
            lineName(l),
            lineDesc(l),
            l.quantity,
            money(l.rateCents),
            money(l.amount),
            code,
            money(l.tax),
            CURRENCY,
          ];
    });
  });
}

async function paymentRecords(db: Queryable, r: ExportRequest): Promise<Cell[][]> {
  const received = await db
    .select({
      paymentId: payments.paymentId,
      receivedOn: payments.receivedOn,
      amountCents: payments.amountCents,
      method: payments.method,
      reference: payments.reference,
      invoiceNumber: invoices.invoiceNumber,
      customerId: payments.customerId,
      company: customers.company,
    })
    .from(payments)
    .innerJoin(invoices, eq(invoices.invoiceId, payments.invoiceId))
    .leftJoin(customers, eq(customers.customerId, payments.customerId))
    .where(
      and(
        isNull(payments.reversedAt),
        sql`${payments.receivedOn} >= ${r.from}::date`,
        sql`${payments.receivedOn} <= ${r.to}::date`,
      ),
    )
    .orderBy(asc(payments.receivedOn), asc(payments.paymentId));
  const known = r.newOnly ? await knownIds(db, r.system, 'payment') : new Set<string>();
  return received
    .filter((p) => !known.has(String(p.paymentId)))
    .map((p) => {
      const customer = customerName(p.company, p.customerId);
      const mode = PAYMENT_MODES[p.method] ?? 'Other';
      const amount = money(Number(p.amountCents));
      return r.system === 'zoho'
        ? [String(p.paymentId), p.receivedOn, customer, amount, mode, safeText(p.reference), p.invoiceNumber]
        : [
            p.receivedOn,
            customer,
            mode,
            safeText(p.reference || String(p.paymentId)),
            p.invoiceNumber,
            amount,
          ];
    });
}

/** The customers invoiced in the period or added in it: the billing address of their latest order. */
async function customerRecords(db: Queryable, timeZone: string, r: ExportRequest): Promise<Cell[][]> {
  const start = dayStarts(r.from, timeZone);
  const end = dayEnds(r.to, timeZone);
  const found = await db
    .select({ customerId: customers.customerId, company: customers.company })
    .from(customers)
    .where(
      or(
        and(sql`${customers.createdAt} >= ${start}`, sql`${customers.createdAt} < ${end}`),
        sql`exists (select 1 from invoices i join orders o on o.order_id = i.order_id
          where o.customer_id = ${customers.customerId} and i.replaced_at is null
          and i.created_at >= ${start} and i.created_at < ${end})`,
      ),
    )
    .orderBy(asc(customers.customerId));
  const known = r.newOnly ? await knownIds(db, r.system, 'customer') : new Set<string>();
  const chosen = found.filter((c) => !known.has(c.customerId));
  if (chosen.length === 0) return [];
  const ids = chosen.map((c) => c.customerId);
  const [people, billing] = await Promise.all([
    db
      .select({ customerId: contacts.customerId, email: contacts.email, phone: contacts.phoneNumber })
      .from(contacts)
      .where(inArray(contacts.customerId, ids))
      .orderBy(asc(contacts.createdAt)),
    db
      .selectDistinctOn([orders.customerId], {
        customerId: orders.customerId,
        address1: orders.billingAddress1,
        address2: orders.billingAddress2,
        city: orders.billingCity,
        province: orders.billingProvince,
        zip: orders.billingZip,
        country: orders.billingCountry,
        phone: orders.billingPhone,
      })
      .from(orders)
      .where(inArray(orders.customerId, ids))
      .orderBy(orders.customerId, desc(orders.createdAt)),
  ]);
  return chosen.map((c) => {
    const person = people.find((p) => p.customerId === c.customerId);
    const address = billing.find((b) => b.customerId === c.customerId);
    const street = [address?.address1, address?.address2].filter(Boolean).join(', ');
    const fields = [
      customerName(c.company, c.customerId),
      safeText(c.company),
      safeText(person?.email ?? ''),
      safeText(person?.phone || address?.phone || ''),
      safeText(street),
      safeText(address?.city ?? ''),
      safeText(address?.province ?? ''),
      safeText(address?.zip ?? ''),
      safeText(address?.country ?? ''),
    ];
    return fields;
  });
}

/** The file as CSV text, its header first. */
export async function accountingCsv(db: Queryable, timeZone: string, r: ExportRequest): Promise<string> {
  const records =
    r.file === 'invoices'
      ? await invoiceRecords(db, timeZone, r)
      : r.file === 'credit-notes'
        ? await creditRecords(db, timeZone, r)
        : r.file === 'payments'
          ? await paymentRecords(db, r)
          : await customerRecords(db, timeZone, r);
  return stringify([[...ACCOUNTING_COLUMNS[r.system][r.file]], ...records]);
}
