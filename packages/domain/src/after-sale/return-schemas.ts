/** What the return routes take: paths, the buyer's request (multipart), the seller's steps and lists. */
import { z } from 'zod';
import { dayField } from '../core/day-field';
import { DEDUCTION_KINDS, DISPOSITIONS, RESOLUTIONS, RETURN_REASONS, RETURN_STATES } from './rules';

const Id = z.coerce.number().int().min(1).max(2_147_483_647);
const Customer = z.string().min(1).max(40);

export const ReturnPath = z.object({ customerid: Customer, returnId: Id });
export const ReturnPhotoPath = z.object({ customerid: Customer, returnId: Id, photoId: Id });
export const CustomerReturnsPath = z.object({ customerid: Customer });
export const OrderReturnPath = z.object({ customerid: Customer, orderid: Id });
export const CustomerReturnsQuery = z.object({ order_id: Id.optional() });

/** The request's lines, sent as JSON text in the multipart form's `lines` field. */
export const ReturnRequestLines = z
  .array(
    z.object({
      line_id: Id,
      quantity: z.number().int().min(0).max(100_000).optional(),
      unit_ids: z.array(Id).max(1000).optional(),
    }),
  )
  .max(500);
/** The request's text fields (the photos are its files). */
export const ReturnRequestFields = z.object({
  reason: z.enum(RETURN_REASONS, { message: 'afterSale.reasonUnknown' }),
  notes: z.string().trim().max(2000).default(''),
});

export const AdminReturnPath = z.object({ returnId: Id });
export const AdminReturnPhotoPath = z.object({ returnId: Id, photoId: Id });
export const AdminReturnLinePath = z.object({ returnId: Id, returnLineId: Id });

export const AUTHORISE_PAYERS = ['shop', 'customer'] as const;
export const AuthoriseReturnBody = z.object({
  instructions: z.string().trim().min(1, 'Say where to send the units.').max(2000),
  shipping_paid_by: z.enum(AUTHORISE_PAYERS),
});
export const DeclineReturnBody = z.object({
  reason: z.string().trim().min(1, 'Give a reason; it goes into the customer’s mail.').max(1000),
});
export const ReceiveReturnLineBody = z.object({
  disposition: z.enum(DISPOSITIONS),
  inspection_note: z.string().trim().max(2000).default(''),
});
export const ResolveReturnBody = z.object({
  resolution: z.enum(RESOLUTIONS),
  note: z.string().trim().max(2000).default(''),
  deductions: z
    .array(
      z.object({
        kind: z.enum(DEDUCTION_KINDS),
        name: z.string().trim().max(200).optional(),
        /** Dollars, above zero. */
        amount: z.coerce.number().positive().max(10_000_000),
      }),
    )
    .max(10)
    .default([]),
});

export const AdminReturnsQuery = z.object({
  state: z.enum(RETURN_STATES).optional(),
  reason: z.enum([...RETURN_REASONS, 'warranty'] as [string, ...string[]]).optional(),
  customer: z.string().trim().max(100).optional(),
  /** Opened at least this many days ago. */
  older_than: z.coerce.number().int().min(0).max(3650).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const ReturnsReportQuery = z.object({
  from: dayField(),
  to: dayField(),
});
