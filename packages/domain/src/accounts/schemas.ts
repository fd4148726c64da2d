/**
 * What a company owes: payment terms, the aging of invoices, overdue reminders and the seller's payments.
 * Days are calendar days written YYYY-MM-DD (core/days.ts; "today" is the shop's day); the rules here are
 * pure, so the statement, the receivables, the reminders and their tests count the same way.
 */
import { z } from 'zod';
import { oneLine } from '../account/contact';
import { REASON_MAX } from '../back-office/rules';
import { pagingSchema } from '../back-office/schemas';
import { dayField } from '../core/day-field';
import { daysBetween } from '../core/days';
import { toCents } from '../core/money';
import { typedDollars } from '../core/money-text';

/** A company's payment terms, as customers.payment_terms and invoices.terms hold them. */
export const PAYMENT_TERMS = ['due_on_receipt', 'net15', 'net30', 'net45', 'net60'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];

/** The aging of what is owed: not yet past due, then by days past the due day. */
export const AGING_BUCKETS = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'over_90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export type Aging = Record<AgingBucket, number>;

/** An invoice on a statement: open (not yet past due), overdue, or paid (nothing left to pay). */
export const INVOICE_STATES = ['open', 'overdue', 'paid'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

/** The overdue reminders: on the due day, and 15 and 30 days past it. */
export const REMINDER_STAGES = [0, 15, 30] as const;
export type ReminderStage = (typeof REMINDER_STAGES)[number];

export const PAYMENT_METHODS = ['cheque', 'eft', 'wire', 'card', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = {
  cheque: 'Cheque',
  eft: 'EFT',
  wire: 'Wire transfer',
  card: 'Card',
  other: 'Other',
};
const PAYMENT_REFERENCE_MAX = 100;
/** The largest payment the seller can record at once, in dollars. */
const PAYMENT_MAX_DOLLARS = 10_000_000;

/** How many days past its due day an invoice is today: 0 on the due day and before it. */
export function daysOverdue(dueOn: string, today: string): number {
  return Math.max(0, daysBetween(dueOn, today));
}

/** The aging bucket of an invoice due on `dueOn`: current until the due day has passed. */
export function agingBucket(dueOn: string, today: string): AgingBucket {
  const days = daysOverdue(dueOn, today);
  if (days === 0) return 'current';
  if (days <= 30) return 'days_1_30';
  if (days <= 60) return 'days_31_60';
  if (days <= 90) return 'days_61_90';
  return 'over_90';
}

/** Paid when nothing is left to pay (a credit included), overdue once the due day has passed, else open. */
export function invoiceState(balanceCents: number, dueOn: string, today: string): InvoiceState {
  if (balanceCents <= 0) return 'paid';
  return daysOverdue(dueOn, today) > 0 ? 'overdue' : 'open';
}

function emptyAging(): Aging {
  return { current: 0, days_1_30: 0, days_31_60: 0, days_61_90: 0, over_90: 0 };
}

export interface Owed {
  /** Every balance added up: open invoices less any credit (a corrected invoice paid beyond its total). */
  balanceCents: number;
  /** What is past due. */
  overdueCents: number;
  /** The open invoices' balances by bucket (credits are left out: they do not age). */
  aging: Aging;
  /** The earliest due day of an open invoice; null when none is open. */
  oldestDueOn: string | null;
  /** How many invoices have something left to pay. */
  openInvoices: number;
}

/** What a set of invoices (each its balance and due day) comes to today, aged. */
export function ageBalances(
  invoices: readonly { balanceCents: number; dueOn: string }[],
  today: string,
): Owed {
  const owed: Owed = {
    balanceCents: 0,
    overdueCents: 0,
    aging: emptyAging(),
    oldestDueOn: null,
    openInvoices: 0,
  };
  for (const { balanceCents, dueOn } of invoices) {
    owed.balanceCents += balanceCents;
    if (balanceCents <= 0) continue;
    owed.openInvoices += 1;
    const bucket = agingBucket(dueOn, today);
    owed.aging[bucket] += balanceCents;
    if (bucket !== 'current') owed.overdueCents += balanceCents;
    if (owed.oldestDueOn === null || dueOn < owed.oldestDueOn) owed.oldestDueOn = dueOn;
  }
  return owed;
}

/** Adds `more` into `into` (totals over several companies). */
export function addOwed(into: Owed, more: Owed): Owed {
  into.balanceCents += more.balanceCents;
  into.overdueCents += more.overdueCents;
  for (const bucket of AGING_BUCKETS) into.aging[bucket] += more.aging[bucket];
  if (more.oldestDueOn !== null && (into.oldestDueOn === null || more.oldestDueOn < into.oldestDueOn))
    into.oldestDueOn = more.oldestDueOn;
  into.openInvoices += more.openInvoices;
  return into;
}

/** The reminder stages an unpaid invoice due on `dueOn` has reached today, lowest first. */
export function reminderStagesReached(dueOn: string, today: string): ReminderStage[] {
  const past = daysBetween(dueOn, today);
  return REMINDER_STAGES.filter((stage) => past >= stage);
}

/** The highest reminder stage reached today (the one to send), or null before the due day. */
export function reminderStage(dueOn: string, today: string): ReminderStage | null {
  return reminderStagesReached(dueOn, today).at(-1) ?? null;
}

// ---- The seller's payments

export const ACCOUNTS_MSG = {
  amount: `The amount must be more than $0 and at most $${PAYMENT_MAX_DOLLARS.toLocaleString('en-CA')}, in dollars with at most 2 decimals, such as 250.00.`,
  receivedOn: 'The date received is written YYYY-MM-DD, e.g. 2026-11-22.',
  receivedOnReal: 'The date received is not a real day.',
  receivedOnFuture: 'The date received cannot be in the future.',
  method: `The method must be one of ${PAYMENT_METHODS.join(', ')}.`,
  reference: `The reference has at most ${PAYMENT_REFERENCE_MAX} characters.`,
  reason: `Please give the reason for the reversal (at most ${REASON_MAX} characters).`,
  overdue: 'Overdue only must be true or false.',
  all: 'All must be true or false.',
  search: 'The search text has at most 100 characters.',
  paidInFull: (invoiceNumber: string) =>
    `Invoice ${invoiceNumber} is paid in full: there is nothing left to pay on it.`,
  overBalance: (invoiceNumber: string, amount: string, balance: string) =>
    `The amount ${amount} is more than the balance due on invoice ${invoiceNumber}, ${balance}.`,
} as const;

const amountSchema = z.preprocess(
  typedDollars,
  z
    .number({ error: ACCOUNTS_MSG.amount })
    .finite({ message: ACCOUNTS_MSG.amount })
    .refine((v) => v > 0 && v <= PAYMENT_MAX_DOLLARS && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      message: ACCOUNTS_MSG.amount,
    })
    .transform((v) => toCents(v)),
);

const daySchema = dayField({ written: ACCOUNTS_MSG.receivedOn, noSuchDay: ACCOUNTS_MSG.receivedOnReal });

/**
 * A payment the seller records: the amount in dollars (to cents), the day it was received, how, and the
 * cheque number or transfer reference. That the day is not in the future and the amount not above the
 * balance due depend on today and the invoice: see `paymentProblem`.
 */
export const paymentSchema = z.object({
  amount: amountSchema,
  received_on: daySchema,
  method: z.enum(PAYMENT_METHODS, { error: ACCOUNTS_MSG.method }),
  reference: z
    .string({ error: ACCOUNTS_MSG.reference })
    .transform((v) => oneLine(v).trim())
    .refine((v) => v.length <= PAYMENT_REFERENCE_MAX, { message: ACCOUNTS_MSG.reference })
    .optional()
    .default(''),
});
export type PaymentInput = z.input<typeof paymentSchema>;
export type PaymentRequest = z.output<typeof paymentSchema>;

/**
 * What is wrong with a payment given today's day and the invoice's balance due (null when nothing is):
 * a day in the future, an invoice paid in full, or an amount above what is left to pay.
 */
export function paymentProblem(
  payment: { amountCents: number; receivedOn: string },
  invoice: { invoiceNumber: string; balanceCents: number },
  today: string,
  formatAmount: (cents: number) => string,
): { field: 'amount' | 'received_on'; message: string } | null {
  if (payment.receivedOn > today) return { field: 'received_on', message: ACCOUNTS_MSG.receivedOnFuture };
  if (invoice.balanceCents <= 0)
    return { field: 'amount', message: ACCOUNTS_MSG.paidInFull(invoice.invoiceNumber) };
  if (payment.amountCents > invoice.balanceCents)
    return {
      field: 'amount',
      message: ACCOUNTS_MSG.overBalance(
        invoice.invoiceNumber,
        formatAmount(payment.amountCents),
        formatAmount(invoice.balanceCents),
      ),
    };
  return null;
}

/** Reversing a payment (a cheque returned, a payment recorded by mistake) takes a reason, kept with it. */
export const reversalSchema = z.object({
  reason: z
    .string({ error: ACCOUNTS_MSG.reason })
    .transform((v) => v.trim())
    .refine((v) => v.length > 0 && v.length <= REASON_MAX, { message: ACCOUNTS_MSG.reason }),
});
export type ReversalInput = z.input<typeof reversalSchema>;

const flag = (message: string) =>
  z.preprocess(
    (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' || v === '' ? false : v),
    z.boolean({ error: message }).default(false),
  );

/**
 * The back office's receivables: companies found by id or name (`q`), only those with something overdue
 * (`overdue`), and with `all` the companies whose invoices are all paid too.
 */
export const receivablesQuerySchema = pagingSchema.extend({
  q: z.string({ error: ACCOUNTS_MSG.search }).trim().max(100, { message: ACCOUNTS_MSG.search }).optional(),
  overdue: flag(ACCOUNTS_MSG.overdue),
  all: flag(ACCOUNTS_MSG.all),
});
export type ReceivablesQuery = z.output<typeof receivablesQuerySchema>;
