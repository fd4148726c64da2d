/**
 * Reading what companies owe: the current invoices of orders that are not canceled or declined, each with
 * its balance (orders' invoiceBalanceSql), aged by the domain's rules against the shop's day (SHOP_TIME_ZONE).
 * Aging runs here, not in SQL, so the statement, the receivables and their tests share one set of rules.
 */

import type {
  AgingAnswer,
  OwedTotals,
  PaymentInfo,
  ReceivableInvoice,
  ReceivableRow,
  Statement,
  StatementCredit,
  StatementInvoice,
} from '@shop/domain/accounts/answers';
import {
  AGING_BUCKETS,
  type Aging,
  addOwed,
  ageBalances,
  daysOverdue,
  invoiceState,
  type Owed,
  type PaymentMethod,
  type PaymentTerms,
  type ReceivablesQuery,
} from '@shop/domain/accounts/schemas';
import type { OrderStatus } from '@shop/domain/back-office/schemas';
import { dayIn } from '@shop/domain/core/days';
import { toAmount } from '@shop/domain/core/money';
import { and, desc, eq, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { customers, invoices, orders, payments } from '../../db/schema';
import { likePattern } from '../../lib/back-office-http';
import { invoiceBalanceSql, OWING_STATUSES } from '../orders';

const balanceSql = sql<string>`${invoiceBalanceSql('invoices')}`;
const creditedSql = sql<string>`coalesce((select sum(a.amount_cents) from credit_allocations a
  where a.invoice_id = ${invoices.invoiceId}), 0)`;
const lastPaidSql = sql<string | null>`(select max(p.received_on)::text from payments p
  where p.invoice_id = ${invoices.invoiceId} and p.reversed_at is null)`;
const owing = inArray(orders.status, [...OWING_STATUSES]);

const invoiceColumns = {
  invoiceId: invoices.invoiceId,
  invoiceNumber: invoices.invoiceNumber,
  orderId: invoices.orderId,
  orderNumber: orders.orderNumber,
  purchaseOrderId: orders.purchaseOrderId,
  customerId: orders.customerId,
  orderStatus: orders.status,
  createdAt: invoices.createdAt,
  dueOn: invoices.dueOn,
  terms: invoices.terms,
  totalCents: invoices.totalCents,
  balanceCents: balanceSql,
  creditedCents: creditedSql,
  lastPaidOn: lastPaidSql,
  replacedAt: invoices.replacedAt,
};

export interface InvoiceRow {
  invoiceId: number;
  invoiceNumber: string;
  orderId: number;
  orderNumber: string;
  purchaseOrderId: string;
  customerId: string;
  orderStatus: string;
  createdAt: Date;
  dueOn: string;
  terms: string;
  totalCents: number;
  balanceCents: number;
  /** Credit notes' credit allocated to it. */
  creditedCents: number;
  lastPaidOn: string | null;
  /** Replaced by a corrected invoice (kept for the record). */
  replaced: boolean;
}

function toRow(
  r: {
    [K in keyof typeof invoiceColumns]: unknown;
  },
): InvoiceRow {
  return {
    invoiceId: Number(r.invoiceId),
    invoiceNumber: String(r.invoiceNumber),
    orderId: Number(r.orderId),
    orderNumber: String(r.orderNumber),
    purchaseOrderId: String(r.purchaseOrderId),
    customerId: String(r.customerId),
    orderStatus: String(r.orderStatus),
    createdAt: r.createdAt as Date,
    dueOn: String(r.dueOn),
    terms: String(r.terms),
    totalCents: Number(r.totalCents),
    balanceCents: Number(r.balanceCents),
    creditedCents: Number(r.creditedCents),
    lastPaidOn: r.lastPaidOn === null || r.lastPaidOn === undefined ? null : String(r.lastPaidOn),
    replaced: r.replacedAt !== null && r.replacedAt !== undefined,
  };
}

/** Current invoices (with their orders) that match `where`. */
async function invoiceRows(db: Queryable, where: SQL | undefined): Promise<InvoiceRow[]> {
  const rows = await db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(orders, eq(orders.orderId, invoices.orderId))
    .where(and(isNull(invoices.replacedAt), where));
  return rows.map(toRow);
}

/** Open and overdue ones first, the earliest due first; then paid ones, the newest first. */
function statementOrder(a: InvoiceRow, b: InvoiceRow): number {
  const openA = a.balanceCents > 0;
  const openB = b.balanceCents > 0;
  if (openA !== openB) return openA ? -1 : 1;
  if (openA) return a.dueOn.localeCompare(b.dueOn) || a.invoiceId - b.invoiceId;
  return b.createdAt.getTime() - a.createdAt.getTime() || b.invoiceId - a.invoiceId;
}

/** An invoice as it stands on `today`, dated by its day in the shop's time zone (`timeZone`). */
function presentInvoice(row: InvoiceRow, today: string, timeZone: string): StatementInvoice {
  const status = invoiceState(row.balanceCents, row.dueOn, today);
  return {
    invoice_id: row.invoiceId,
    invoice_number: row.invoiceNumber,
    order_id: row.orderId,
    order_number: row.orderNumber,
    purchase_order_id: row.purchaseOrderId,
    invoice_date: dayIn(row.createdAt, timeZone),
    due_on: row.dueOn,
    terms: row.terms as PaymentTerms,
    total: toAmount(row.totalCents),
    paid: toAmount(Math.max(0, row.totalCents - row.creditedCents - row.balanceCents)),
    credited: toAmount(row.creditedCents),
    balance: toAmount(row.balanceCents),
    status,
    days_overdue: status === 'paid' ? 0 : daysOverdue(row.dueOn, today),
    last_paid_on: row.lastPaidOn,
  };
}

function presentAging(aging: Aging): AgingAnswer {
  return Object.fromEntries(AGING_BUCKETS.map((b) => [b, toAmount(aging[b])])) as AgingAnswer;
}

export function presentOwed(owed: Owed): OwedTotals {
  return {
    balance: toAmount(owed.balanceCents),
    overdue: toAmount(owed.overdueCents),
    aging: presentAging(owed.aging),
  };
}

interface CompanyRow {
  customerId: string;
  company: string;
  terms: string;
  creditLimitCents: number | null;
}

async function companyOf(db: Queryable, customerId: string): Promise<CompanyRow | null> {
  const [row] = await db
    .select({
      customerId: customers.customerId,
      company: customers.company,
      terms: customers.paymentTerms,
      creditLimitCents: customers.creditLimitCents,
    })
    .from(customers)
    .where(eq(customers.customerId, customerId));
  return row ? { ...row, creditLimitCents: nullableCents(row.creditLimitCents) } : null;
}

function nullableCents(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** The company's credit notes with credit left, oldest first. */
async function creditsLeft(
  db: Queryable,
  customerId: string,
  timeZone: string,
): Promise<{ leftCents: number; line: StatementCredit }[]> {
  const result = (await db.execute(sql`
    select cn.credit_note_id, cn.credit_note_number, cn.created_at, cn.invoice_id, i.invoice_number,
      cn.total_cents,
      cn.total_cents - coalesce((select sum(a.amount_cents) from credit_allocations a
        where a.credit_note_id = cn.credit_note_id), 0) as left_cents
    from credit_notes cn join invoices i on i.invoice_id = cn.invoice_id
    where cn.customer_id = ${customerId}
    order by cn.created_at, cn.credit_note_id`)) as unknown as {
    rows: {
      credit_note_id: number;
      credit_note_number: string;
      created_at: Date | string;
      invoice_id: number;
      invoice_number: string;
      total_cents: string | number;
      left_cents: string | number;
    }[];
  };
  return result.rows
    .filter((r) => Number(r.left_cents) > 0)
    .map((r) => ({
      leftCents: Number(r.left_cents),
      line: {
        credit_note_id: Number(r.credit_note_id),
        credit_note_number: r.credit_note_number,
        date: dayIn(new Date(r.created_at), timeZone),
        invoice_id: Number(r.invoice_id),
        invoice_number: r.invoice_number,
        total: toAmount(Number(r.total_cents)),
        left: toAmount(Number(r.left_cents)),
      },
    }));
}

/** Each company's credit left on its credit notes, in cents (the receivables lower balances by it). */
async function creditLeftByCompany(db: Queryable): Promise<Map<string, number>> {
  const result = (await db.execute(sql`
    select cn.customer_id, sum(cn.total_cents - coalesce((select sum(a.amount_cents) from credit_allocations a
      where a.credit_note_id = cn.credit_note_id), 0)) as left_cents
    from credit_notes cn group by cn.customer_id`)) as unknown as {
    rows: { customer_id: string; left_cents: string | number }[];
  };
  return new Map(result.rows.map((r) => [r.customer_id, Math.max(0, Number(r.left_cents))]));
}

/** A company's statement today: every current invoice of its orders that are not canceled or declined. */
export async function statementOf(
  db: Queryable,
  customerId: string,
  today: string,
  timeZone: string,
): Promise<Statement | null> {
  const company = await companyOf(db, customerId);
  if (!company) return null;
  const rows = (await invoiceRows(db, and(eq(orders.customerId, customerId), owing))).sort(statementOrder);
  const credits = await creditsLeft(db, customerId, timeZone);
  const creditLeftCents = credits.reduce((n, c) => n + c.leftCents, 0);
  const owed = ageBalances(rows, today);
  // The company's credit not yet applied lowers what it owes (the aging is of its invoices).
  owed.balanceCents -= creditLeftCents;
  return {
    customer_id: company.customerId,
    company: company.company,
    terms: company.terms as PaymentTerms,
    credit_limit: company.creditLimitCents === null ? null : toAmount(company.creditLimitCents),
    today,
    invoices: rows.map((r) => presentInvoice(r, today, timeZone)),
    credits: credits.map((c) => c.line),
    credit_left: toAmount(creditLeftCents),
    totals: presentOwed(owed),
  };
}

function receivableRow(company: CompanyRow, owed: Owed): ReceivableRow {
  return {
    customer_id: company.customerId,
    company: company.company,
    terms: company.terms as PaymentTerms,
    credit_limit: company.creditLimitCents === null ? null : toAmount(company.creditLimitCents),
    ...presentOwed(owed),
    oldest_due_on: owed.oldestDueOn,
    open_invoices: owed.openInvoices,
  };
}

function emptyOwed(): Owed {
  return ageBalances([], '1970-01-01');
}

/**
 * Every company with something owed (or, with `all`, every company with an invoice), found by `q`
 * (customer id or company), `overdue` keeping those with something past due; the most overdue first,
 * then the largest balance. The totals are over every company that matches, not the page alone.
 */
export async function receivables(
  db: Queryable,
  query: ReceivablesQuery,
  today: string,
): Promise<{ rows: ReceivableRow[]; total: number; totals: Owed }> {
  const match: SQL[] = [owing];
  if (query.q) {
    const q = query.q.trim();
    match.push(
      or(
        sql`lower(${customers.customerId}) = ${q.toLowerCase()}`,
        sql`${customers.customerId} ilike ${likePattern(q)}`,
        sql`${customers.company} ilike ${likePattern(q)}`,
      )!,
    );
  }
  const owedRows = await db
    .select({
      ...invoiceColumns,
      company: customers.company,
      companyTerms: customers.paymentTerms,
      creditLimitCents: customers.creditLimitCents,
    })
    .from(invoices)
    .innerJoin(orders, eq(orders.orderId, invoices.orderId))
    .innerJoin(customers, eq(customers.customerId, orders.customerId))
    .where(and(isNull(invoices.replacedAt), sql`${balanceSql} <> 0`, ...match));
  const companies = new Map<string, { company: CompanyRow; invoices: InvoiceRow[] }>();
  for (const r of owedRows) {
    const entry = companies.get(r.customerId) ?? {
      company: {
        customerId: r.customerId,
        company: r.company,
        terms: r.companyTerms,
        creditLimitCents: nullableCents(r.creditLimitCents),
      },
      invoices: [],
    };
    entry.invoices.push(toRow(r));
    companies.set(r.customerId, entry);
  }
  if (query.all) {
    // The companies whose invoices are all paid: listed with nothing owed.
    const settled = await db
      .selectDistinct({
        customerId: customers.customerId,
        company: customers.company,
        terms: customers.paymentTerms,
        creditLimitCents: customers.creditLimitCents,
      })
      .from(invoices)
      .innerJoin(orders, eq(orders.orderId, invoices.orderId))
      .innerJoin(customers, eq(customers.customerId, orders.customerId))
      .where(
        and(
          isNull(invoices.replacedAt),
          ...match,
          companies.size > 0 ? notInArray(customers.customerId, [...companies.keys()]) : undefined,
        ),
      );
    for (const c of settled)
      companies.set(c.customerId, {
        company: { ...c, creditLimitCents: nullableCents(c.creditLimitCents) },
        invoices: [],
      });
  }
  const creditLeft = await creditLeftByCompany(db);
  let list = [...companies.values()].map(({ company, invoices: rows }) => {
    const owed = ageBalances(rows, today);
    owed.balanceCents -= creditLeft.get(company.customerId) ?? 0;
    return { company, owed };
  });
  if (query.overdue) list = list.filter((c) => c.owed.overdueCents > 0);
  list.sort(
    (a, b) =>
      b.owed.overdueCents - a.owed.overdueCents ||
      b.owed.balanceCents - a.owed.balanceCents ||
      a.company.customerId.localeCompare(b.company.customerId),
  );
  const totals = list.reduce((sum, c) => addOwed(sum, c.owed), emptyOwed());
  const start = (query.page - 1) * query.page_size;
  return {
    rows: list.slice(start, start + query.page_size).map((c) => receivableRow(c.company, c.owed)),
    total: list.length,
    totals,
  };
}

type PaymentRow = typeof payments.$inferSelect;

export function presentPayment(p: PaymentRow): PaymentInfo {
  return {
    payment_id: p.paymentId,
    invoice_id: p.invoiceId,
    received_on: p.receivedOn,
    amount: toAmount(Number(p.amountCents)),
    method: p.method as PaymentMethod,
    reference: p.reference,
    created_by: p.createdBy,
    created_at: p.createdAt.toISOString(),
    reversed_at: p.reversedAt?.toISOString() ?? null,
    reversed_by: p.reversedBy,
    reversal_reason: p.reversalReason,
  };
}

const CLOSED = new Set(['Canceled', 'Declined']);

function receivableInvoice(
  row: InvoiceRow,
  today: string,
  timeZone: string,
  paid: PaymentRow[],
): ReceivableInvoice {
  return {
    ...presentInvoice(row, today, timeZone),
    customer_id: row.customerId,
    order_status: row.orderStatus as OrderStatus,
    takes_payments: !row.replaced && !CLOSED.has(row.orderStatus) && row.balanceCents > 0,
    payments: paid.map(presentPayment),
  };
}

async function withPayments(
  db: Queryable,
  rows: InvoiceRow[],
  today: string,
  timeZone: string,
): Promise<ReceivableInvoice[]> {
  const ids = rows.map((r) => r.invoiceId);
  const list =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(payments)
          .where(inArray(payments.invoiceId, ids))
          .orderBy(desc(payments.receivedOn), desc(payments.paymentId));
  return rows.map((r) =>
    receivableInvoice(
      r,
      today,
      timeZone,
      list.filter((p) => p.invoiceId === r.invoiceId),
    ),
  );
}

/**
 * A company's invoices for the back office, with their payments: the statement's, plus those of canceled
 * or declined orders that still carry a payment (so it can be reversed).
 */
export async function customerInvoices(
  db: Queryable,
  customerId: string,
  today: string,
  timeZone: string,
): Promise<{ customer: ReceivableRow; invoices: ReceivableInvoice[] } | null> {
  const company = await companyOf(db, customerId);
  if (!company) return null;
  const withPayment = sql`exists (select 1 from payments p where p.invoice_id = ${invoices.invoiceId}
    and p.reversed_at is null)`;
  const rows = await invoiceRows(db, and(eq(orders.customerId, customerId), or(owing, withPayment)));
  const owed = ageBalances(
    rows.filter((r) => !CLOSED.has(r.orderStatus)),
    today,
  );
  owed.balanceCents -= (await creditLeftByCompany(db)).get(customerId) ?? 0;
  return {
    customer: receivableRow(company, owed),
    invoices: await withPayments(db, rows.sort(statementOrder), today, timeZone),
  };
}

/** One invoice (current or not) with its payments; null when there is none. */
export async function invoiceWithPayments(
  db: Queryable,
  invoiceId: number,
  today: string,
  timeZone: string,
): Promise<ReceivableInvoice | null> {
  const rows = await db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(orders, eq(orders.orderId, invoices.orderId))
    .where(eq(invoices.invoiceId, invoiceId));
  const row = rows[0] ? toRow(rows[0]) : null;
  if (!row) return null;
  const [found] = await withPayments(db, [row], today, timeZone);
  return found ?? null;
}
