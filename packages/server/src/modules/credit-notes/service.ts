/**
 * Credit notes: a document of its own against an invoice (CN-000001, numbered without gaps from the
 * `document_counters` row 'credit_note' in the issuing transaction), its lines, its deductions as negative
 * lines and each of the invoice's tax components reversed (domain/after-sale/credit.ts). On issue the
 * credit goes to its own invoice up to what is still open on it; the rest is the company's credit, which
 * the back office applies to another open invoice of the company or records as refunded. Each write locks
 * the row it counts from (the invoice, the credit note), so two processes never credit or allocate twice.
 */
import {
  type CreditAmounts,
  type CreditableInvoice,
  creditAmounts,
  isRefusal,
  restOfInvoice,
} from '@shop/domain/after-sale/credit';
import { type DeductionKind, documentNumber, normalSerial } from '@shop/domain/after-sale/rules';
import { message } from '@shop/domain/core/i18n';
import { formatMoney, toAmount } from '@shop/domain/core/money';
import type { TaxComponent } from '@shop/domain/tax/rules';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '../../db/client';
import {
  creditAllocations,
  creditNoteLines,
  creditNotes,
  creditNoteTaxes,
  invoiceLines,
  invoices,
  invoiceTaxes,
  orders,
} from '../../db/schema';
import type { Actor } from '../../lib/back-office';
import { HttpError } from '../../lib/http';
import { recordAudit } from '../audit';
import { invoiceBalanceSql, OWING_STATUSES, tellCustomer } from '../orders';
import { recordWebhookEvent } from '../webhooks';

export interface CreditLineInput {
  invoice_line_id: number;
  quantity: number;
  /** The serials of the units credited (a return's). */
  serials?: string[];
}

export interface DeductionInput {
  kind: DeductionKind;
  /** Shown instead of the kind's name. */
  name?: string;
  /** What the seller keeps, in cents, above zero. */
  cents: number;
}

export interface IssueCreditNoteInput {
  /** The invoice credited: its current one (a replaced invoice cannot be credited). */
  invoiceId: number;
  /** Item, shipping or fee lines of that invoice and the quantity of each to credit. */
  lines: CreditLineInput[];
  deductions?: DeductionInput[];
  reason: string;
  /** The return it resolves, if any. */
  returnId?: number | null;
  actor: Actor;
  /** The shop's time zone (the buyer's mail dates the order in it). */
  timeZone: string;
}

export interface IssuedCreditNote {
  creditNoteId: number;
  creditNoteNumber: string;
  invoiceId: number;
  orderId: number;
  customerId: string;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  /** What went to its own invoice; the rest is the company's credit. */
  allocatedCents: number;
  /** The buyer's mail (deliver it after the commit). */
  mailIds: number[];
}

type InvoiceRow = typeof invoices.$inferSelect;

/** What is still to pay on an invoice (its total less payments and credit allocated to it). */
export async function openOnInvoice(tx: Queryable, invoiceId: number): Promise<number> {
  const result = (await tx.execute(
    sql`select ${invoiceBalanceSql('i')} as open from invoices i where i.invoice_id = ${invoiceId}`,
  )) as unknown as { rows: { open: string | number }[] };
  return Number(result.rows[0]?.open ?? 0);
}

/** The invoice, its lines and components with what earlier credit notes credited of each. */
export async function creditableInvoice(tx: Queryable, invoice: InvoiceRow) {
  // One after the other: they share the transaction's one connection.
  const lines = await tx
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoice.invoiceId))
    .orderBy(asc(invoiceLines.lineId));
  const taxes = await tx
    .select()
    .from(invoiceTaxes)
    .where(eq(invoiceTaxes.invoiceId, invoice.invoiceId))
    .orderBy(asc(invoiceTaxes.position));
  const creditedLines = await tx
    .select({
      lineId: creditNoteLines.invoiceLineId,
      quantity: sql<string>`sum(${creditNoteLines.quantity})`,
    })
    .from(creditNoteLines)
    .innerJoin(creditNotes, eq(creditNotes.creditNoteId, creditNoteLines.creditNoteId))
    .where(
      and(eq(creditNotes.invoiceId, invoice.invoiceId), sql`${creditNoteLines.invoiceLineId} is not null`),
    )
    .groupBy(creditNoteLines.invoiceLineId);
  const creditedTaxes = await tx
    .select({
      position: creditNoteTaxes.position,
      base: sql<string>`sum(${creditNoteTaxes.baseCents})`,
      tax: sql<string>`sum(${creditNoteTaxes.taxCents})`,
    })
    .from(creditNoteTaxes)
    .innerJoin(creditNotes, eq(creditNotes.creditNoteId, creditNoteTaxes.creditNoteId))
    .where(eq(creditNotes.invoiceId, invoice.invoiceId))
    .groupBy(creditNoteTaxes.position);
  const creditedTotal = await tx
    .select({ total: sql<string>`coalesce(sum(${creditNotes.totalCents}), 0)` })
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoice.invoiceId));
  const creditable: CreditableInvoice = {
    lines: lines.map((l) => ({
      lineId: l.lineId,
      kind: l.kind,
      itemName: l.itemName,
      quantity: l.quantity,
      rateCents: Number(l.rateCents),
      provincialTax: l.provincialTax,
      creditedQuantity: Number(creditedLines.find((c) => c.lineId === l.lineId)?.quantity ?? 0),
    })),
    taxes: taxes.map((t) => {
      const done = creditedTaxes.find((c) => c.position === t.position);
      return {
        position: t.position,
        component: t.component as TaxComponent,
        rateMilli: t.rateMilli,
        baseCents: Number(t.baseCents),
        taxCents: Number(t.taxCents),
        exemption: t.exemption ?? null,
        creditedBaseCents: Number(done?.base ?? 0),
        creditedTaxCents: Number(done?.tax ?? 0),
      };
    }),
    totalCents: Number(invoice.totalCents),
    creditedTotalCents: Number(creditedTotal[0]?.total ?? 0),
  };
  return { creditable, lines };
}

/** The next credit note number: the counter's row, locked until the transaction ends, so none is skipped. */
async function nextNumber(tx: Tx): Promise<string> {
  const result = (await tx.execute(sql`
    insert into document_counters (name, last) values ('credit_note', 1)
    on conflict (name) do update set last = document_counters.last + 1
    returning last`)) as unknown as { rows: { last: number | string }[] };
  return documentNumber('CN', Number(result.rows[0]!.last));
}

/**
 * Issues a credit note against an invoice in the caller's transaction: checks the quantities against what
 * the invoice charged less earlier credit notes, reverses each tax component, numbers it, allocates it to
 * its own invoice up to what is open there, records the audit entry and queues the buyer's mail (in their
 * language, once). Refusals are 400/404/409 with a message.
 */
export async function issueCreditNote(tx: Tx, input: IssueCreditNoteInput): Promise<IssuedCreditNote> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(eq(invoices.invoiceId, input.invoiceId))
    .for('update');
  if (!invoice)
    throw new HttpError(404, message('afterSale.noInvoice', { invoice: String(input.invoiceId) }));
  if (invoice.replacedAt)
    throw new HttpError(409, message('afterSale.invoiceReplaced', { invoiceNumber: invoice.invoiceNumber }));
  const [order] = await tx.select().from(orders).where(eq(orders.orderId, invoice.orderId));
  if (!order) throw new HttpError(404, message('afterSale.noInvoice', { invoice: invoice.invoiceNumber }));
  const { creditable, lines } = await creditableInvoice(tx, invoice);
  const deductions = input.deductions ?? [];
  const amounts = creditAmounts(creditable, {
    lines: input.lines.map((l) => ({ lineId: l.invoice_line_id, quantity: l.quantity })),
    deductions,
  });
  if (isRefusal(amounts)) {
    const values = { ...amounts.values };
    if (typeof values.left === 'number' && amounts.refused === 'afterSale.creditPastInvoice')
      values.left = formatMoney(values.left);
    throw new HttpError(400, message(amounts.refused as `afterSale.${string}`, values));
  }
  return writeCreditNote(tx, input, invoice, order, lines, amounts);
}

async function writeCreditNote(
  tx: Tx,
  input: IssueCreditNoteInput,
  invoice: InvoiceRow,
  order: typeof orders.$inferSelect,
  lines: (typeof invoiceLines.$inferSelect)[],
  amounts: CreditAmounts,
): Promise<IssuedCreditNote> {
  const number = await nextNumber(tx);
  const [note] = await tx
    .insert(creditNotes)
    .values({
      creditNoteNumber: number,
      invoiceId: invoice.invoiceId,
      orderId: order.orderId,
      customerId: order.customerId,
      returnId: input.returnId ?? null,
      reason: input.reason.trim(),
      subtotalCents: amounts.subtotalCents,
      taxCents: amounts.taxCents,
      totalCents: amounts.totalCents,
      createdBy: input.actor.label,
    })
    .returning({ id: creditNotes.creditNoteId });
  const id = note!.id;
  const serialsOf = new Map(input.lines.map((l) => [l.invoice_line_id, (l.serials ?? []).map(normalSerial)]));
  const rows = [
    ...amounts.lines.map((c) => {
      const line = lines.find((l) => l.lineId === c.lineId)!;
      return {
        creditNoteId: id,
        invoiceLineId: line.lineId,
        itemName: line.itemName,
        sku: line.sku,
        itemCondition: line.itemCondition,
        quantity: c.quantity,
        rateCents: c.rateCents,
        kind: line.kind,
        deductionKind: null,
        provincialTax: line.provincialTax,
        serials: serialsOf.get(line.lineId) ?? [],
      };
    }),
    ...(input.deductions ?? []).map((d) => ({
      creditNoteId: id,
      invoiceLineId: null,
      itemName: d.name?.trim() ?? '',
      sku: '',
      itemCondition: '',
      quantity: 1,
      rateCents: -d.cents,
      kind: 'deduction',
      deductionKind: d.kind,
      provincialTax: true,
      serials: [],
    })),
  ];
  if (rows.length > 0) await tx.insert(creditNoteLines).values(rows);
  if (amounts.taxes.length > 0)
    await tx.insert(creditNoteTaxes).values(
      amounts.taxes.map((t) => ({
        creditNoteId: id,
        position: t.position,
        component: t.component,
        rateMilli: t.rateMilli,
        baseCents: t.baseCents,
        taxCents: t.taxCents,
        exemption: t.exemption,
      })),
    );
  const allocatedCents = Math.max(
    0,
    Math.min(amounts.totalCents, await openOnInvoice(tx, invoice.invoiceId)),
  );
  if (allocatedCents > 0)
    await tx.insert(creditAllocations).values({
      creditNoteId: id,
      invoiceId: invoice.invoiceId,
      customerId: order.customerId,
      amountCents: allocatedCents,
      createdBy: input.actor.label,
    });
  await recordAudit(tx, input.actor, {
    action: 'credit_note.issue',
    entityType: 'order',
    entityId: String(order.orderId),
    after: {
      credit_note_number: number,
      invoice_number: invoice.invoiceNumber,
      subtotal: toAmount(amounts.subtotalCents),
      tax: toAmount(amounts.taxCents),
      total: toAmount(amounts.totalCents),
      allocated: toAmount(allocatedCents),
      reason: input.reason.trim(),
      ...(input.returnId ? { return_id: input.returnId } : {}),
    },
  });
  const mailId = await tellCustomer(tx, input.timeZone, order, (t, lang) => ({
    subject: t('creditNote.mail.subject', { number, invoiceNumber: invoice.invoiceNumber }),
    text: [
      t('creditNote.mail.issued', {
        number,
        invoiceNumber: invoice.invoiceNumber,
        total: formatMoney(amounts.totalCents, lang),
      }),
      allocatedCents > 0
        ? t('creditNote.mail.allocated', {
            amount: formatMoney(allocatedCents, lang),
            invoiceNumber: invoice.invoiceNumber,
          })
        : '',
      amounts.totalCents - allocatedCents > 0
        ? t('creditNote.mail.credit', { amount: formatMoney(amounts.totalCents - allocatedCents, lang) })
        : '',
      t('creditNote.mail.view'),
    ]
      .filter(Boolean)
      .join('\n'),
  }));
  await recordWebhookEvent(tx, {
    type: 'credit_note.created',
    subject: `order:${order.orderId}`,
    data: {
      credit_note_id: id,
      credit_note_number: number,
      invoice_id: invoice.invoiceId,
      total_cents: amounts.totalCents,
    },
  });
  return {
    creditNoteId: id,
    creditNoteNumber: number,
    invoiceId: invoice.invoiceId,
    orderId: order.orderId,
    customerId: order.customerId,
    subtotalCents: amounts.subtotalCents,
    taxCents: amounts.taxCents,
    totalCents: amounts.totalCents,
    allocatedCents,
    mailIds: mailId === null ? [] : [mailId],
  };
}

/**
 * The cancel of an invoiced order: a credit note for the rest of its current invoice (what earlier credit
 * notes left), in the cancel's transaction. Nothing when the order has no invoice or nothing is left.
 */
export async function creditCanceledOrder(
  tx: Tx,
  orderId: number,
  reason: string,
  actor: Actor,
  timeZone: string,
): Promise<number[]> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), isNull(invoices.replacedAt)))
    .for('update');
  if (!invoice) return [];
  const { creditable } = await creditableInvoice(tx, invoice);
  const rest = restOfInvoice(creditable);
  if (rest.lines.length === 0) return [];
  const issued = await issueCreditNote(tx, {
    invoiceId: invoice.invoiceId,
    lines: rest.lines.map((l) => ({ invoice_line_id: l.lineId, quantity: l.quantity })),
    reason,
    actor,
    timeZone,
  });
  return issued.mailIds;
}

/** What is left of a credit note (its total less what was allocated or refunded), its row locked. */
async function lockedCreditNote(tx: Tx, creditNoteId: number) {
  const [note] = await tx
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.creditNoteId, creditNoteId))
    .for('update');
  if (!note)
    throw new HttpError(404, message('afterSale.creditNoteUnknown', { creditNote: String(creditNoteId) }));
  const [used] = await tx
    .select({ cents: sql<string>`coalesce(sum(${creditAllocations.amountCents}), 0)` })
    .from(creditAllocations)
    .where(eq(creditAllocations.creditNoteId, creditNoteId));
  return { note, leftCents: Number(note.totalCents) - Number(used?.cents ?? 0) };
}

function checkAmount(cents: number) {
  if (!Number.isInteger(cents) || cents <= 0) throw new HttpError(400, 'afterSale.creditAmount');
}

function refuseMoreThanLeft(cents: number, leftCents: number, number: string) {
  if (cents > leftCents)
    throw new HttpError(
      409,
      message('afterSale.creditLeft', { left: formatMoney(Math.max(0, leftCents)), creditNote: number }),
    );
}

/**
 * Applies what is left of a credit note to another open invoice of the same company: `cents` of it (all
 * that is left, or what is open on the invoice if less, when left out).
 */
export async function applyCredit(
  db: Db,
  creditNoteId: number,
  invoiceId: number,
  cents: number | undefined,
  actor: Actor,
): Promise<{ allocatedCents: number; leftCents: number }> {
  return db.transaction(async (tx) => {
    const { note, leftCents } = await lockedCreditNote(tx, creditNoteId);
    const [target] = await tx
      .select({ invoice: invoices, customerId: orders.customerId, status: orders.status })
      .from(invoices)
      .innerJoin(orders, eq(orders.orderId, invoices.orderId))
      .where(eq(invoices.invoiceId, invoiceId))
      .for('update', { of: invoices });
    if (!target) throw new HttpError(404, message('afterSale.noInvoice', { invoice: String(invoiceId) }));
    if (target.customerId !== note.customerId)
      throw new HttpError(
        400,
        message('afterSale.creditOtherCompany', { invoiceNumber: target.invoice.invoiceNumber }),
      );
    if (target.invoice.replacedAt)
      throw new HttpError(
        409,
        message('afterSale.invoiceReplaced', { invoiceNumber: target.invoice.invoiceNumber }),
      );
    const open = (OWING_STATUSES as readonly string[]).includes(target.status)
      ? await openOnInvoice(tx, invoiceId)
      : 0;
    if (open <= 0)
      throw new HttpError(
        409,
        message('afterSale.invoiceNotOpen', { invoiceNumber: target.invoice.invoiceNumber }),
      );
    if (leftCents <= 0) refuseMoreThanLeft(1, leftCents, note.creditNoteNumber);
    const amount = cents ?? Math.min(leftCents, open);
    checkAmount(amount);
    refuseMoreThanLeft(amount, leftCents, note.creditNoteNumber);
    if (amount > open)
      throw new HttpError(
        409,
        `Only ${formatMoney(open)} is open on invoice ${target.invoice.invoiceNumber}.`,
      );
    await tx.insert(creditAllocations).values({
      creditNoteId,
      invoiceId,
      customerId: note.customerId,
      amountCents: amount,
      createdBy: actor.label,
    });
    await recordAudit(tx, actor, {
      action: 'credit_note.apply',
      entityType: 'customer',
      entityId: note.customerId,
      after: {
        credit_note_number: note.creditNoteNumber,
        invoice_number: target.invoice.invoiceNumber,
        amount: toAmount(amount),
      },
    });
    return { allocatedCents: amount, leftCents: leftCents - amount };
  });
}

/** Records what is left of a credit note (or `cents` of it) as paid back to the company. */
export async function refundCredit(
  db: Db,
  creditNoteId: number,
  input: { cents?: number; method: string; reference: string },
  actor: Actor,
): Promise<{ refundedCents: number; leftCents: number }> {
  return db.transaction(async (tx) => {
    const { note, leftCents } = await lockedCreditNote(tx, creditNoteId);
    if (leftCents <= 0) refuseMoreThanLeft(1, leftCents, note.creditNoteNumber);
    const amount = input.cents ?? leftCents;
    checkAmount(amount);
    refuseMoreThanLeft(amount, leftCents, note.creditNoteNumber);
    await tx.insert(creditAllocations).values({
      creditNoteId,
      invoiceId: null,
      customerId: note.customerId,
      amountCents: amount,
      method: input.method,
      reference: input.reference.trim(),
      createdBy: actor.label,
    });
    await recordAudit(tx, actor, {
      action: 'credit_note.refund',
      entityType: 'customer',
      entityId: note.customerId,
      after: {
        credit_note_number: note.creditNoteNumber,
        amount: toAmount(amount),
        method: input.method,
        reference: input.reference.trim(),
      },
    });
    return { refundedCents: amount, leftCents: leftCents - amount };
  });
}
