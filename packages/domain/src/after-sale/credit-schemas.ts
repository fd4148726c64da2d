/** What the credit note routes take: paths and the back office's issue, apply and refund forms. */
import { z } from 'zod';
import { PAYMENT_METHODS } from '../accounts/schemas';
import { DEDUCTION_KINDS } from './rules';

const Id = z.coerce.number().int().min(1).max(2_147_483_647);
/** Dollars with at most 2 decimals, above zero. */
const Amount = z.coerce
  .number()
  .positive()
  .max(10_000_000)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { message: 'afterSale.creditAmount' });

export const CreditNotePath = z.object({ customerid: z.string().min(1).max(40), creditNoteId: Id });
export const CustomerCreditNotesPath = z.object({ customerid: z.string().min(1).max(40) });
export const AdminCreditNotePath = z.object({ creditNoteId: Id });
export const AdminInvoiceCreditPath = z.object({ invoiceId: Id });

export const IssueCreditNoteBody = z.object({
  lines: z
    .array(
      z.object({
        invoice_line_id: Id,
        quantity: z.coerce.number().int().min(0).max(100_000),
        serials: z.array(z.string().trim().min(1).max(40)).max(1000).optional(),
      }),
    )
    .max(500),
  deductions: z
    .array(
      z.object({
        kind: z.enum(DEDUCTION_KINDS),
        name: z.string().trim().max(200).optional(),
        amount: Amount,
      }),
    )
    .max(20)
    .default([]),
  reason: z.string().trim().min(1).max(500),
  return_id: Id.nullable().optional(),
});
export type IssueCreditNoteBody = z.infer<typeof IssueCreditNoteBody>;

export const ApplyCreditBody = z.object({
  invoice_id: Id,
  /** Left out: all that is left, or what is open on the invoice if less. */
  amount: Amount.optional(),
});
export type ApplyCreditBody = z.infer<typeof ApplyCreditBody>;

export const RefundCreditBody = z.object({
  amount: Amount.optional(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().trim().max(200).default(''),
});
export type RefundCreditBody = z.infer<typeof RefundCreditBody>;
