/** Reading credit notes: a company's list with what is left of each, one credit note in full, the company's credit. */
import type {
  CreditNoteDetail,
  CreditNoteLineAnswer,
  CreditNoteSummary,
} from '@shop/domain/after-sale/credit-answers';
import type { DeductionKind } from '@shop/domain/after-sale/rules';
import { dayIn } from '@shop/domain/core/days';
import { toAmount } from '@shop/domain/core/money';
import type { TaxLineAnswer } from '@shop/domain/orders/answers';
import { ratePercent, type TaxComponent } from '@shop/domain/tax/rules';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  creditAllocations,
  creditNoteLines,
  creditNotes,
  creditNoteTaxes,
  invoices,
  orders,
} from '../../db/schema';
import { invoiceBalanceSql, OWING_STATUSES } from '../orders';
import { creditableInvoice } from './service';

const usedSql = sql<string>`coalesce((select sum(a.amount_cents) from credit_allocations a
  where a.credit_note_id = ${creditNotes.creditNoteId}), 0)`;

const summaryColumns = {
  creditNoteId: creditNotes.creditNoteId,
  creditNoteNumber: creditNotes.creditNoteNumber,
  createdAt: creditNotes.createdAt,
  invoiceId: creditNotes.invoiceId,
  invoiceNumber: invoices.invoiceNumber,
  orderId: creditNotes.orderId,
  orderNumber: orders.orderNumber,
  customerId: creditNotes.customerId,
  returnId: creditNotes.returnId,
  reason: creditNotes.reason,
  subtotalCents: creditNotes.subtotalCents,
  taxCents: creditNotes.taxCents,
  totalCents: creditNotes.totalCents,
  usedCents: usedSql,
};

type SummaryRow = { [K in keyof typeof summaryColumns]: unknown };

function summary(r: SummaryRow, timeZone: string): CreditNoteSummary & { customer_id: string } {
  const total = Number(r.totalCents);
  return {
    credit_note_id: Number(r.creditNoteId),
    credit_note_number: String(r.creditNoteNumber),
    date: dayIn(r.createdAt as Date, timeZone),
    invoice_id: Number(r.invoiceId),
    invoice_number: String(r.invoiceNumber),
    order_id: Number(r.orderId),
    order_number: String(r.orderNumber),
    customer_id: String(r.customerId),
    return_id: r.returnId === null ? null : Number(r.returnId),
    reason: String(r.reason),
    subtotal: toAmount(Number(r.subtotalCents)),
    tax: toAmount(Number(r.taxCents)),
    total: toAmount(total),
    left: toAmount(Math.max(0, total - Number(r.usedCents))),
  };
}

async function summaries(db: Queryable, where: SQL | undefined, timeZone: string) {
  const rows = await db
    .select(summaryColumns)
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.invoiceId, creditNotes.invoiceId))
    .innerJoin(orders, eq(orders.orderId, creditNotes.orderId))
    .where(where)
    .orderBy(desc(creditNotes.createdAt), desc(creditNotes.creditNoteId));
  return rows.map((r) => summary(r, timeZone));
}

/** A company's credit notes, newest first, with what is left of each. */
export async function listCreditNotes(db: Queryable, customerId: string, timeZone: string) {
  return (await summaries(db, eq(creditNotes.customerId, customerId), timeZone)).map(
    ({ customer_id: _, ...s }) => s,
  );
}

/** The credit notes of an order (the back office's order page), oldest first. */
export async function creditNotesOfOrder(db: Queryable, orderId: number, timeZone: string) {
  return (await summaries(db, eq(creditNotes.orderId, orderId), timeZone)).reverse();
}

/** The company's credit left: its credit notes' totals less what was allocated or refunded, in cents. */
export async function companyCreditCents(db: Queryable, customerId: string): Promise<number> {
  const result = (await db.execute(sql`
    select coalesce((select sum(total_cents) from credit_notes where customer_id = ${customerId}), 0)
      - coalesce((select sum(amount_cents) from credit_allocations where customer_id = ${customerId}), 0) as left`)) as unknown as {
    rows: { left: string | number }[];
  };
  return Math.max(0, Number(result.rows[0]?.left ?? 0));
}

/** One credit note in full; with `customerId`, only if it is that company's (else null). */
export async function creditNoteDetail(
  db: Queryable,
  creditNoteId: number,
  customerId: string | null,
  timeZone: string,
): Promise<CreditNoteDetail | null> {
  const [found] = await summaries(
    db,
    and(
      eq(creditNotes.creditNoteId, creditNoteId),
      customerId === null ? undefined : eq(creditNotes.customerId, customerId),
    ),
    timeZone,
  );
  if (!found) return null;
  const [lines, taxes, allocations] = await Promise.all([
    db
      .select()
      .from(creditNoteLines)
      .where(eq(creditNoteLines.creditNoteId, creditNoteId))
      .orderBy(asc(creditNoteLines.lineId)),
    db
      .select()
      .from(creditNoteTaxes)
      .where(eq(creditNoteTaxes.creditNoteId, creditNoteId))
      .orderBy(asc(creditNoteTaxes.position)),
    db
      .select({ allocation: creditAllocations, invoiceNumber: invoices.invoiceNumber })
      .from(creditAllocations)
      .leftJoin(invoices, eq(invoices.invoiceId, creditAllocations.invoiceId))
      .where(eq(creditAllocations.creditNoteId, creditNoteId))
      .orderBy(asc(creditAllocations.allocationId)),
  ]);
  return {
    ...found,
    lines: lines.map(
      (l): CreditNoteLineAnswer => ({
        line_id: l.lineId,
        invoice_line_id: l.invoiceLineId,
        kind: l.kind,
        deduction_kind: (l.deductionKind as DeductionKind | null) ?? null,
        name: l.itemName,
        sku: l.sku,
        condition: l.itemCondition,
        quantity: l.quantity,
        rate: toAmount(Number(l.rateCents)),
        amount: toAmount(Number(l.rateCents) * l.quantity),
        serials: l.serials,
      }),
    ),
    taxes: taxes.map(
      (t): TaxLineAnswer => ({
        component: t.component as TaxComponent,
        rate: ratePercent(t.rateMilli),
        base: toAmount(Number(t.baseCents)),
        amount: toAmount(Number(t.taxCents)),
        exemption: t.exemption
          ? {
              scope: t.exemption.scope,
              province: t.exemption.province,
              reference: t.exemption.reference,
              reason: t.exemption.reason,
              expires_on: t.exemption.expiresOn,
            }
          : null,
      }),
    ),
    allocations: allocations.map(({ allocation: a, invoiceNumber }) => ({
      invoice_id: a.invoiceId,
      invoice_number: invoiceNumber,
      amount: toAmount(Number(a.amountCents)),
      method: a.method,
      reference: a.reference,
      created_at: a.createdAt.toISOString(),
    })),
  };
}

/** The back office's view of an order's credits: its current invoice's lines, its credit notes, the company's credit. */
export async function orderCredits(db: Queryable, orderId: number, timeZone: string) {
  const [order] = await db
    .select({ customerId: orders.customerId })
    .from(orders)
    .where(eq(orders.orderId, orderId));
  if (!order) return null;
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), sql`${invoices.replacedAt} is null`));
  const current = invoice ? await creditableInvoice(db, invoice) : null;
  const open = (await db.execute(sql`
    select i.invoice_id, i.invoice_number, ${invoiceBalanceSql('i')} as balance
    from invoices i join orders o on o.order_id = i.order_id
    where o.customer_id = ${order.customerId} and i.replaced_at is null
      and o.status in (${sql.raw(OWING_STATUSES.map((s) => `'${s}'`).join(', '))})
      and ${invoiceBalanceSql('i')} > 0
    order by i.due_on, i.invoice_id`)) as unknown as {
    rows: { invoice_id: number; invoice_number: string; balance: string | number }[];
  };
  return {
    invoice:
      invoice && current
        ? {
            invoice_id: invoice.invoiceId,
            invoice_number: invoice.invoiceNumber,
            total: toAmount(Number(invoice.totalCents)),
            credited: toAmount(current.creditable.creditedTotalCents),
            lines: current.creditable.lines.map((l) => ({
              invoice_line_id: l.lineId,
              kind: l.kind,
              name: l.itemName,
              sku: current.lines.find((x) => x.lineId === l.lineId)?.sku ?? '',
              quantity: l.quantity,
              credited: l.creditedQuantity,
              rate: toAmount(l.rateCents),
            })),
          }
        : null,
    credit_notes: (await creditNotesOfOrder(db, orderId, timeZone)).map(({ customer_id: _, ...s }) => s),
    credit_left: toAmount(await companyCreditCents(db, order.customerId)),
    open_invoices: open.rows.map((r) => ({
      invoice_id: Number(r.invoice_id),
      invoice_number: String(r.invoice_number),
      balance: toAmount(Number(r.balance)),
    })),
  };
}

/** A company's credit note's id by its number (CN-000012, any case), or null. */
export async function creditNoteIdByNumber(
  db: Queryable,
  customerId: string,
  number: string,
): Promise<number | null> {
  const [row] = await db
    .select({ id: creditNotes.creditNoteId })
    .from(creditNotes)
    .where(
      and(
        eq(creditNotes.customerId, customerId),
        eq(creditNotes.creditNoteNumber, number.trim().toUpperCase()),
      ),
    );
  return row?.id ?? null;
}
