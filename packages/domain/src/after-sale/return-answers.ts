/** Returns (RMA) as the API answers them: the buyer's and the back office's. */
import { z } from 'zod';
import { Count, Envelope, Timestamp } from '../core/answers';
import { dayField } from '../core/day-field';

const Day = dayField();

export const ReturnLineAnswer = z.object({
  return_line_id: z.number().int().min(1),
  line_id: z.number().int().min(1),
  item_id: z.string(),
  item_name: z.string(),
  sku: z.string(),
  condition: z.string(),
  quantity: z.number().int().min(1),
  /** The unit's serial, for a serialised line. */
  serial: z.string().nullable(),
  received_at: Timestamp.nullable(),
  inspection_note: z.string(),
  /** stock, scratch_dent or write_off, once received. */
  disposition: z.string().nullable(),
});

export const ReturnSummary = z.object({
  return_id: z.number().int().min(1),
  rma_number: z.string(),
  order_id: z.number().int().min(1),
  order_number: z.string(),
  customer_id: z.string(),
  company: z.string(),
  reason: z.string(),
  state: z.string(),
  resolution: z.string().nullable(),
  units: Count,
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type ReturnSummary = z.infer<typeof ReturnSummary>;

export const ReturnDetail = ReturnSummary.extend({
  notes: z.string(),
  decline_reason: z.string(),
  instructions: z.string(),
  shipping_paid_by: z.string().nullable(),
  resolution_note: z.string(),
  credit_note_id: z.number().int().nullable(),
  credit_note_number: z.string().nullable(),
  replacement_order_id: z.number().int().nullable(),
  replacement_order_number: z.string().nullable(),
  claim_id: z.number().int().nullable(),
  authorised_at: Timestamp.nullable(),
  declined_at: Timestamp.nullable(),
  received_at: Timestamp.nullable(),
  resolved_at: Timestamp.nullable(),
  lines: z.array(ReturnLineAnswer),
  photos: z.array(z.object({ photo_id: z.number().int().min(1), content_type: z.string() })),
});
export type ReturnDetail = z.infer<typeof ReturnDetail>;

export const ReturnAnswer = Envelope.extend({ return: ReturnDetail });
export const ReturnsAnswer = Envelope.extend({ returns: z.array(ReturnSummary) });

/** What of a delivered order can still be returned, for the request form. */
export const ReturnableAnswer = Envelope.extend({
  order_id: z.number().int(),
  order_number: z.string(),
  /** null: not delivered yet. */
  delivered_on: Day.nullable(),
  /** The last day for each reason (null: no window). */
  deadlines: z.record(z.string(), Day.nullable()),
  lines: z.array(
    z.object({
      line_id: z.number().int(),
      item_id: z.string(),
      item_name: z.string(),
      sku: z.string(),
      condition: z.string(),
      delivered: Count,
      /** What other active returns leave. */
      left: Count,
      /** The line's units, for a serialised line (empty otherwise). */
      units: z.array(z.object({ unit_id: z.number().int(), serial: z.string(), available: z.boolean() })),
    }),
  ),
});

export type ReturnableAnswer = z.infer<typeof ReturnableAnswer>;

export const AdminReturnsAnswer = Envelope.extend({
  returns: z.array(ReturnSummary),
  total: Count,
  page: z.number().int(),
  page_size: z.number().int(),
});
export const AdminReturnsWaitingAnswer = Envelope.extend({ waiting: Count });

export const ReturnsReportAnswer = Envelope.extend({
  from: Day,
  to: Day,
  rows: z.array(
    z.object({
      item_id: z.string(),
      item_name: z.string(),
      sku: z.string(),
      condition: z.string(),
      reason: z.string(),
      returns: Count,
      units: Count,
      received: Count,
    }),
  ),
});
