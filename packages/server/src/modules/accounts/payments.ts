/**
 * The seller's payments: recorded against an order's current invoice, part payments included, never above
 * what is left to pay; reversed with a reason, kept for the record. Each change is one transaction with its
 * order event and audit entry. The invoice's row is locked first, so two payments of one invoice at once
 * are counted one after the other and cannot together pay more than its balance (a corrected invoice
 * takes the same lock before it takes the payments over).
 */
import {
  ACCOUNTS_MSG,
  PAYMENT_METHOD_NAMES,
  type PaymentRequest,
  paymentProblem,
} from '@shop/domain/accounts/schemas';
import { formatMoney, toAmount } from '@shop/domain/core/money';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { invoices, orderEvents, orders, payments } from '../../db/schema';
import type { Actor } from '../../lib/back-office';
import { HttpError } from '../../lib/http';
import { recordAudit } from '../audit';
import { invoiceBalanceSql } from '../orders';
import { recordWebhookEvent } from '../webhooks';

export const NO_INVOICE = 'There is no such invoice.';
export const NO_PAYMENT = 'There is no such payment.';
const CLOSED = new Set(['Canceled', 'Declined']);

type PaymentRow = typeof payments.$inferSelect;

async function balanceOf(tx: Tx, invoiceId: number): Promise<number> {
  const { rows } = (await tx.execute(
    sql`select ${invoiceBalanceSql('i')} as balance from invoices i where i.invoice_id = ${invoiceId}`,
  )) as unknown as { rows: { balance: string | number }[] };
  return Number(rows[0]?.balance ?? 0);
}

/** What the order's history says of a payment: its method and reference. */
function eventReason(method: string, reference: string): string {
  const name = PAYMENT_METHOD_NAMES[method as keyof typeof PAYMENT_METHOD_NAMES] ?? method;
  return reference ? `${name} ${reference}` : name;
}

function auditValues(p: PaymentRow, invoiceNumber: string) {
  return {
    payment_id: p.paymentId,
    invoice_number: invoiceNumber,
    amount: toAmount(Number(p.amountCents)),
    received_on: p.receivedOn,
    method: p.method,
    reference: p.reference,
  };
}

export interface PaymentDone {
  payment: PaymentRow;
  invoiceId: number;
  invoiceNumber: string;
  orderNumber: string;
  /** What is left to pay on the invoice after the change. */
  balanceCents: number;
}

/** Records a payment on an invoice: the current invoice of an order that is not canceled or declined. */
export async function recordPayment(
  db: Db,
  actor: Actor,
  invoiceId: number,
  input: PaymentRequest,
  today: string,
): Promise<PaymentDone> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ orderId: invoices.orderId })
      .from(invoices)
      .where(eq(invoices.invoiceId, invoiceId));
    if (!target) throw new HttpError(404, NO_INVOICE);
    // The order, then the invoice: the order invoicing and status changes lock them in, so a cancel or a
    // corrected invoice at the same moment is waited for, never crossed.
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.orderId, target.orderId))
      .for('no key update');
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.invoiceId, invoiceId)).for('update');
    if (!order || !invoice) throw new HttpError(404, NO_INVOICE);
    if (invoice.replacedAt) {
      const [by] = await tx
        .select({ number: invoices.invoiceNumber })
        .from(invoices)
        .where(eq(invoices.invoiceId, invoice.replacedBy ?? 0));
      throw new HttpError(
        409,
        `Invoice ${invoice.invoiceNumber} has been replaced${by ? ` by ${by.number}` : ''}; record the payment on the current invoice.`,
      );
    }
    if (CLOSED.has(order.status))
      throw new HttpError(
        409,
        `Order ${order.orderNumber} is ${order.status}: its invoice ${invoice.invoiceNumber} takes no payments.`,
      );
    const balance = await balanceOf(tx, invoice.invoiceId);
    const problem = paymentProblem(
      { amountCents: input.amount, receivedOn: input.received_on },
      { invoiceNumber: invoice.invoiceNumber, balanceCents: balance },
      today,
      (cents) => formatMoney(cents),
    );
    if (problem) throw new HttpError(400, problem.message, { errors: { [problem.field]: problem.message } });
    const [payment] = await tx
      .insert(payments)
      .values({
        invoiceId: invoice.invoiceId,
        customerId: order.customerId,
        receivedOn: input.received_on,
        amountCents: input.amount,
        method: input.method,
        reference: input.reference,
        createdBy: actor.label,
        staffId: actor.staffId,
      })
      .returning();
    await tx.insert(orderEvents).values({
      orderId: order.orderId,
      kind: 'payment',
      actor: actor.label,
      staffId: actor.staffId,
      reason: eventReason(input.method, input.reference),
      invoiceId: invoice.invoiceId,
    });
    const after = balance - input.amount;
    await recordWebhookEvent(tx, {
      type: 'payment.recorded',
      subject: `order:${order.orderId}`,
      data: {
        payment_id: payment!.paymentId,
        invoice_id: invoice.invoiceId,
        customer_id: order.customerId,
        amount_cents: input.amount,
      },
    });
    await recordAudit(tx, actor, {
      action: 'payment.record',
      entityType: 'order',
      entityId: String(order.orderId),
      before: { invoice_number: invoice.invoiceNumber, balance: toAmount(balance) },
      after: { ...auditValues(payment!, invoice.invoiceNumber), balance: toAmount(after) },
    });
    return {
      payment: payment!,
      invoiceId: invoice.invoiceId,
      invoiceNumber: invoice.invoiceNumber,
      orderNumber: order.orderNumber,
      balanceCents: after,
    };
  });
}

/** Reverses a payment (a returned cheque, a payment recorded by mistake): it stays, marked, with the reason. */
export async function reversePayment(
  db: Db,
  actor: Actor,
  paymentId: number,
  reason: string,
): Promise<PaymentDone> {
  if (reason.trim() === '')
    throw new HttpError(400, ACCOUNTS_MSG.reason, { errors: { reason: ACCOUNTS_MSG.reason } });
  return db.transaction(async (tx) => {
    // The invoice first, then the payment: the order every change of an invoice's payments locks in.
    const [target] = await tx
      .select({ invoiceId: payments.invoiceId })
      .from(payments)
      .where(eq(payments.paymentId, paymentId));
    if (!target) throw new HttpError(404, NO_PAYMENT);
    const [found] = await tx
      .select({ invoice: invoices, order: orders })
      .from(invoices)
      .innerJoin(orders, eq(orders.orderId, invoices.orderId))
      .where(eq(invoices.invoiceId, target.invoiceId))
      .for('update', { of: invoices });
    const [payment] = await tx.select().from(payments).where(eq(payments.paymentId, paymentId)).for('update');
    if (!found || !payment) throw new HttpError(404, NO_PAYMENT);
    if (payment.invoiceId !== found.invoice.invoiceId)
      throw new HttpError(409, 'The invoice of this payment has just been corrected; please try again.');
    const { invoice, order } = found;
    if (payment.reversedAt)
      throw new HttpError(
        409,
        `This payment was reversed already, by ${payment.reversedBy ?? 'someone'}: ${payment.reversalReason ?? ''}`,
      );
    const [reversed] = await tx
      .update(payments)
      .set({ reversedAt: new Date(), reversedBy: actor.label, reversalReason: reason.trim() })
      .where(eq(payments.paymentId, paymentId))
      .returning();
    await tx.insert(orderEvents).values({
      orderId: order.orderId,
      kind: 'payment_reversed',
      actor: actor.label,
      staffId: actor.staffId,
      reason: reason.trim(),
      invoiceId: invoice.invoiceId,
    });
    const balance = await balanceOf(tx, invoice.invoiceId);
    await recordWebhookEvent(tx, {
      type: 'payment.reversed',
      subject: `order:${order.orderId}`,
      data: {
        payment_id: payment.paymentId,
        invoice_id: invoice.invoiceId,
        customer_id: order.customerId,
        amount_cents: Number(payment.amountCents),
      },
    });
    await recordAudit(tx, actor, {
      action: 'payment.reverse',
      entityType: 'order',
      entityId: String(order.orderId),
      before: { ...auditValues(payment, invoice.invoiceNumber), reversed: false },
      after: {
        payment_id: payment.paymentId,
        reversed: true,
        reason: reason.trim(),
        balance: toAmount(balance),
      },
    });
    return {
      payment: reversed!,
      invoiceId: invoice.invoiceId,
      invoiceNumber: invoice.invoiceNumber,
      orderNumber: order.orderNumber,
      balanceCents: balance,
    };
  });
}
