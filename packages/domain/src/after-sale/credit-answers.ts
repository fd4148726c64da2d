/**
 * Credit notes as the API answers and takes them: the buyer's credit note (GET /api/user/{customerid}/
 * credit-notes/{creditNoteId}), the company's list, and the back office's issue, apply and refund forms.
 * Amounts are dollars, positive: what is credited; a deduction is a negative line.
 */
import { z } from 'zod';
import { Dollars, Envelope, Price, Timestamp } from '../core/answers';
import { dayField } from '../core/day-field';
import { TaxLineAnswer } from '../orders/answers';
import { DEDUCTION_KINDS } from './rules';

const Day = dayField();

export const CreditNoteLineAnswer = z.object({
  line_id: z.number().int().min(1),
  /** The invoice line it credits; null for a deduction. */
  invoice_line_id: z.number().int().nullable(),
  /** item, shipping, fee, other or deduction. */
  kind: z.string(),
  deduction_kind: z.enum(DEDUCTION_KINDS).nullable(),
  name: z.string(),
  sku: z.string(),
  condition: z.string(),
  quantity: z.number().int(),
  rate: Dollars,
  amount: Dollars,
  serials: z.array(z.string()),
});
export type CreditNoteLineAnswer = z.infer<typeof CreditNoteLineAnswer>;

export const CreditAllocationAnswer = z.object({
  /** The invoice it went to; null for a refund. */
  invoice_id: z.number().int().nullable(),
  invoice_number: z.string().nullable(),
  amount: Price,
  method: z.string().nullable(),
  reference: z.string(),
  created_at: Timestamp,
});
export type CreditAllocationAnswer = z.infer<typeof CreditAllocationAnswer>;

/** A credit note in the list: its number, day, invoice and amounts. */
export const CreditNoteSummary = z.object({
  credit_note_id: z.number().int().min(1),
  credit_note_number: z.string(),
  /** The day it was issued (the shop's day). */
  date: Day,
  invoice_id: z.number().int().min(1),
  invoice_number: z.string(),
  order_id: z.number().int().min(1),
  order_number: z.string(),
  return_id: z.number().int().nullable(),
  reason: z.string(),
  subtotal: Dollars,
  tax: Price,
  total: Price,
  /** What is left of it: the company's credit not yet applied to an invoice or refunded. */
  left: Price,
});
export type CreditNoteSummary = z.infer<typeof CreditNoteSummary>;

export const CreditNoteDetail = CreditNoteSummary.extend({
  customer_id: z.string(),
  lines: z.array(CreditNoteLineAnswer),
  taxes: z.array(TaxLineAnswer),
  allocations: z.array(CreditAllocationAnswer),
});
export type CreditNoteDetail = z.infer<typeof CreditNoteDetail>;

const creditNoteExample: CreditNoteSummary = {
  credit_note_id: 45,
  credit_note_number: 'CN-000045',
  date: '2026-11-20',
  invoice_id: 301,
  invoice_number: 'INV-000301',
  order_id: 512,
  order_number: 'SO-000512',
  return_id: 123,
  reason: 'RMA-000123: one unit returned',
  subtotal: 574.99,
  tax: 74.75,
  total: 649.74,
  left: 0,
};

export const CreditNoteAnswer = Envelope.extend({ credit_note: CreditNoteDetail }).meta({
  id: 'CreditNoteAnswer',
  examples: [
    {
      scode: 200,
      credit_note: {
        ...creditNoteExample,
        customer_id: 'C10001',
        lines: [
          {
            line_id: 88,
            invoice_line_id: 640,
            kind: 'item',
            deduction_kind: null,
            name: 'Acer Aspire 5 A515-58M-76PK Laptop',
            sku: 'NX.KQ8AA.001',
            condition: 'Recertified',
            quantity: 1,
            rate: 599.99,
            amount: 599.99,
            serials: ['NXA5EAA00143200B7A3400'],
          },
          {
            line_id: 89,
            invoice_line_id: null,
            kind: 'deduction',
            deduction_kind: 'restocking',
            name: 'Restocking fee',
            sku: '',
            condition: '',
            quantity: 1,
            rate: -25,
            amount: -25,
            serials: [],
          },
        ],
        taxes: [{ component: 'HST', rate: 13, base: 574.99, amount: 74.75, exemption: null }],
        allocations: [
          {
            invoice_id: 301,
            invoice_number: 'INV-000301',
            amount: 649.74,
            method: null,
            reference: '',
            created_at: '2026-11-20T15:04:05.000Z',
          },
        ],
      },
    },
  ],
});
export type CreditNoteAnswer = z.infer<typeof CreditNoteAnswer>;

export const CreditNotesAnswer = Envelope.extend({
  credit_notes: z.array(CreditNoteSummary),
  /** The company's credit not yet applied or refunded, all credit notes together. */
  credit_left: Price,
}).meta({
  id: 'CreditNotesAnswer',
  examples: [{ scode: 200, credit_notes: [creditNoteExample], credit_left: 0 }],
});
export type CreditNotesAnswer = z.infer<typeof CreditNotesAnswer>;

/** The back office's answer after an issue, apply or refund: the credit note as it stands, and a sentence. */
export const CreditNoteChanged = CreditNoteAnswer.extend({ smessage: z.string() });
export type CreditNoteChanged = z.infer<typeof CreditNoteChanged>;

/** An invoice line as the back office's credit form shows it: what it charged and what is left to credit. */
export const CreditableLineAnswer = z.object({
  invoice_line_id: z.number().int().min(1),
  kind: z.string(),
  name: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  credited: z.number().int(),
  rate: Dollars,
});
export type CreditableLineAnswer = z.infer<typeof CreditableLineAnswer>;

/** GET /api/admin/orders/{orderId}/credit-notes: the order's credit notes, its current invoice's lines, the company's credit. */
export const AdminOrderCreditNotesAnswer = Envelope.extend({
  invoice: z
    .object({
      invoice_id: z.number().int().min(1),
      invoice_number: z.string(),
      total: Price,
      /** What its credit notes have credited so far. */
      credited: Price,
      lines: z.array(CreditableLineAnswer),
    })
    .nullable(),
  credit_notes: z.array(CreditNoteSummary),
  /** The company's credit not yet applied or refunded. */
  credit_left: Price,
  /** The company's other invoices with something open, where leftover credit may go. */
  open_invoices: z.array(
    z.object({ invoice_id: z.number().int().min(1), invoice_number: z.string(), balance: Price }),
  ),
});
export type AdminOrderCreditNotesAnswer = z.infer<typeof AdminOrderCreditNotesAnswer>;
