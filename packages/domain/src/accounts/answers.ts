/**
 * What a company owes, as the API answers it: the buyer's statement (GET /api/user/{customerid}/statement),
 * the back office's receivables, a company's invoices with their payments, and the payments recorded and
 * reversed. Amounts are dollars; days are YYYY-MM-DD (the shop's day, in SHOP_TIME_ZONE).
 */
import { z } from 'zod';
import { pageSchema } from '../back-office/answers';
import { ORDER_STATUSES } from '../back-office/rules';
import { Count, Dollars, Envelope, MessageAnswer, Price, Timestamp } from '../core/answers';
import { dayField } from '../core/day-field';
import { AGING_BUCKETS, INVOICE_STATES, PAYMENT_METHODS, PAYMENT_TERMS } from './schemas';

/** A calendar day, YYYY-MM-DD. */
export const Day = dayField();

/** What is owed by aging bucket: current (not yet past due), 1-30, 31-60, 61-90 and over 90 days past due. */
export const AgingAnswer = z.object(
  Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, Price])) as Record<
    (typeof AGING_BUCKETS)[number],
    typeof Price
  >,
);
export type AgingAnswer = z.infer<typeof AgingAnswer>;

/** What a set of invoices comes to. */
export const OwedTotals = z.object({
  /** Every balance added up (a credit on a corrected invoice counts against it). */
  balance: Dollars,
  /** What is past its due day. */
  overdue: Price,
  aging: AgingAnswer,
});
export type OwedTotals = z.infer<typeof OwedTotals>;

/** An invoice on a statement: the current invoice of an order that is not canceled or declined. */
export const StatementInvoice = z.object({
  invoice_id: z.number().int().min(1),
  invoice_number: z.string(),
  order_id: z.number().int().min(1),
  order_number: z.string(),
  purchase_order_id: z.string(),
  /** The day it was made and the day it is due. */
  invoice_date: Day,
  due_on: Day,
  terms: z.enum(PAYMENT_TERMS),
  total: Price,
  /** Paid so far (payments not reversed), credited to it by credit notes, and what is left (negative: a credit). */
  paid: Price,
  credited: Price,
  balance: Dollars,
  status: z.enum(INVOICE_STATES),
  /** Days past the due day (0 until it has passed, and once paid). */
  days_overdue: Count,
  /** The day of the latest payment counted; null before any. */
  last_paid_on: Day.nullable(),
});
export type StatementInvoice = z.infer<typeof StatementInvoice>;

/** A credit note's credit left, as a statement's credit line. */
export const StatementCredit = z.object({
  credit_note_id: z.number().int().min(1),
  credit_note_number: z.string(),
  /** The day it was issued. */
  date: Day,
  invoice_id: z.number().int().min(1),
  invoice_number: z.string(),
  total: Price,
  left: Price,
});
export type StatementCredit = z.infer<typeof StatementCredit>;

export const Statement = z.object({
  customer_id: z.string(),
  company: z.string(),
  terms: z.enum(PAYMENT_TERMS),
  /** What the company may owe before new orders wait for a credit review; null for no limit. */
  credit_limit: Price.nullable(),
  /** The shop's day the statement is made on (aging counts from it). */
  today: Day,
  /** Open and overdue invoices first (the earliest due first), then paid ones (the newest first). */
  invoices: z.array(StatementInvoice),
  /**
   * The company's credit notes with credit left (not yet applied to an invoice or refunded): each a credit
   * line that lowers the balance.
   */
  credits: z.array(StatementCredit),
  /** The credit left on them all; `totals.balance` is already lowered by it. */
  credit_left: Price,
  totals: OwedTotals,
});
export type Statement = z.infer<typeof Statement>;

/** GET /api/user/{customerid}/statement */
export const StatementAnswer = Envelope.extend({ statement: Statement });
export type StatementAnswer = z.infer<typeof StatementAnswer>;

// ---- The back office

/** One company's receivables. */
export const ReceivableRow = z.object({
  customer_id: z.string(),
  company: z.string(),
  terms: z.enum(PAYMENT_TERMS),
  credit_limit: Price.nullable(),
  balance: Dollars,
  overdue: Price,
  aging: AgingAnswer,
  /** The earliest due day of an open invoice; null when none is open. */
  oldest_due_on: Day.nullable(),
  open_invoices: Count,
});
export type ReceivableRow = z.infer<typeof ReceivableRow>;

/** GET /api/admin/receivables: a page of companies, the most overdue first, and the totals of all that match. */
export const ReceivablesAnswer = Envelope.extend({
  today: Day,
  receivables: pageSchema(ReceivableRow),
  totals: OwedTotals.extend({ open_invoices: Count }),
});
export type ReceivablesAnswer = z.infer<typeof ReceivablesAnswer>;

export const PaymentInfo = z.object({
  payment_id: z.number().int().min(1),
  invoice_id: z.number().int().min(1),
  received_on: Day,
  amount: Price,
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  /** Who recorded it (a staff e-mail or `cli`) and when. */
  created_by: z.string(),
  created_at: Timestamp,
  /** Set once reversed: when, by whom and why; a reversed payment no longer counts. */
  reversed_at: Timestamp.nullable(),
  reversed_by: z.string().nullable(),
  reversal_reason: z.string().nullable(),
});
export type PaymentInfo = z.infer<typeof PaymentInfo>;

/** An invoice as the back office's receivables show it, with its payments (newest first). */
export const ReceivableInvoice = StatementInvoice.extend({
  customer_id: z.string(),
  order_status: z.enum(ORDER_STATUSES),
  /** Whether a payment can be recorded on it now (current invoice of an order not canceled or declined, something left to pay). */
  takes_payments: z.boolean(),
  payments: z.array(PaymentInfo),
});
export type ReceivableInvoice = z.infer<typeof ReceivableInvoice>;

/** GET /api/admin/customers/{customerId}/invoices: the company's invoices with their balances and payments. */
export const CustomerInvoicesAnswer = Envelope.extend({
  today: Day,
  customer: ReceivableRow,
  invoices: z.array(ReceivableInvoice),
});
export type CustomerInvoicesAnswer = z.infer<typeof CustomerInvoicesAnswer>;

/** GET /api/admin/invoices/{invoiceId}/payments */
export const InvoicePaymentsAnswer = Envelope.extend({ invoice: ReceivableInvoice });
export type InvoicePaymentsAnswer = z.infer<typeof InvoicePaymentsAnswer>;

/** POST /api/admin/invoices/{invoiceId}/payments, POST /api/admin/payments/{paymentId}/reverse */
export const PaymentChangedAnswer = MessageAnswer.extend({
  payment: PaymentInfo,
  invoice: ReceivableInvoice,
});
export type PaymentChangedAnswer = z.infer<typeof PaymentChangedAnswer>;
