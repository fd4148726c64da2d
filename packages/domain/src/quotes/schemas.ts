/**
 * Quotes: a buyer asks for prices on lines (more than in stock allowed, up to a limit), the seller answers
 * with a unit price per line, a validity date and a message, or declines with a reason; the buyer accepts an
 * answered quote before it expires and it becomes one order at the quoted prices. The requests' schemas and
 * their messages; the server decides everything else (who, stock, dates, one order).
 */
import { z } from 'zod';
import { oneLine } from '../account/contact';
import { CART_MSG, isValidPo, SHIPPING_METHODS } from '../cart/rules';
import { CONDITION_MESSAGE, isCondition } from '../catalog/rules';
import { dayField } from '../core/day-field';
import { toCents } from '../core/money';
import { typedDollars } from '../core/money-text';
import {
  QUOTE_MAX_LINES,
  QUOTE_MAX_QUANTITY,
  QUOTE_MESSAGE_MAX,
  QUOTE_MSG,
  QUOTE_NOTE_MAX,
  QUOTE_PRICE_MAX,
  QUOTE_REASON_MAX,
  QUOTE_STATES,
  QUOTE_VALID_MAX_DAYS,
} from './rules';

/** What the seller is told (the back office is in English): kept out of the messages every page loads. */
export const QUOTE_SELLER_MSG = {
  price: 'Each line needs a unit price in dollars above 0, such as 450.00.',
  everyLine: 'Give a unit price for every line of the quote, and only for its lines.',
  validUntil: `The validity date is a day written YYYY-MM-DD, from today to ${QUOTE_VALID_MAX_DAYS} days from today.`,
  message: `The message can be at most ${QUOTE_MESSAGE_MAX} characters.`,
  reason: `A reason is required (at most ${QUOTE_REASON_MAX} characters).`,
  notChangeable: (state: string) => `This quote is ${state}: it can no longer be answered or declined.`,
  page: 'The page is a whole number from 1 to 10000.',
  tooLarge: (total: string, limit: string) =>
    `At these prices the quote totals ${total} before taxes, above the ${limit} an order may total, so the buyer could never accept it. Lower the prices, or decline it and ask the buyer to split it into several quotes.`,
} as const;

export {
  QUOTE_MSG,
  QUOTE_STATES,
  type QuoteState,
  type QuoteStatus,
  quoteNumberOf,
  quoteState,
  validUntilAllowed,
} from './rules';

/** Trimmed text of at most `max` characters (line breaks kept). */
const text = (max: number, message: string, required = false) =>
  z
    .string({ error: message })
    .transform((v) => v.trim())
    .refine((v) => (!required || v.length > 0) && v.length <= max, { message });

/** A unit price in dollars above 0 (a number or a numeric string, at most 2 decimals), as cents. */
const unitDollars = (message: string) =>
  z.preprocess(
    typedDollars,
    z
      .number({ error: message })
      .finite({ message })
      .refine((v) => v > 0 && v <= QUOTE_PRICE_MAX && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
        message,
      })
      .transform((v) => toCents(v)),
  );

const blankIsNull = (v: unknown) => (v === '' || v === undefined ? null : v);

/** POST /api/user/{customerid}/quotes: the lines (a cart's or a product's), a note. */
export const quoteRequestSchema = z.object({
  lines: z
    .array(
      z.object(
        {
          item_id: z.string({ error: QUOTE_MSG.item }).trim().min(1, { message: QUOTE_MSG.item }).max(40),
          item_condition: z
            .string({ error: CONDITION_MESSAGE })
            .refine(isCondition, { message: CONDITION_MESSAGE }),
          quantity: z.coerce
            .number({ error: QUOTE_MSG.quantity })
            .int({ message: QUOTE_MSG.quantity })
            .min(1, { message: QUOTE_MSG.quantity })
            .max(QUOTE_MAX_QUANTITY, { message: QUOTE_MSG.quantity }),
          /** The buyer's target unit price in dollars, if any. */
          target_price: z.preprocess(blankIsNull, unitDollars(QUOTE_MSG.target).nullable()).optional(),
        },
        { error: QUOTE_MSG.item },
      ),
      { error: QUOTE_MSG.lines },
    )
    .min(1, { message: QUOTE_MSG.lines })
    .max(QUOTE_MAX_LINES, { message: QUOTE_MSG.lines })
    .refine((lines) => new Set(lines.map((l) => `${l.item_id}|${l.item_condition}`)).size === lines.length, {
      message: QUOTE_MSG.duplicate,
    }),
  note: z.preprocess((v) => v ?? '', text(QUOTE_NOTE_MAX, QUOTE_MSG.note)),
});
export type QuoteRequest = z.output<typeof quoteRequestSchema>;
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;

/** POST /api/admin/quotes/{quoteId}/answer: a price per line, a validity date, a message (answer or revision). */
export const quoteAnswerSchema = z.object({
  lines: z
    .array(
      z.object(
        {
          line_id: z.coerce
            .number({ error: QUOTE_SELLER_MSG.everyLine })
            .int({ message: QUOTE_SELLER_MSG.everyLine }),
          price: unitDollars(QUOTE_SELLER_MSG.price),
        },
        { error: QUOTE_SELLER_MSG.everyLine },
      ),
      { error: QUOTE_SELLER_MSG.everyLine },
    )
    .min(1, { message: QUOTE_SELLER_MSG.everyLine })
    .max(QUOTE_MAX_LINES, { message: QUOTE_SELLER_MSG.everyLine }),
  valid_until: dayField({ written: QUOTE_SELLER_MSG.validUntil, noSuchDay: QUOTE_SELLER_MSG.validUntil }),
  message: z.preprocess((v) => v ?? '', text(QUOTE_MESSAGE_MAX, QUOTE_SELLER_MSG.message)),
});
export type QuoteAnswer = z.output<typeof quoteAnswerSchema>;
export type QuoteAnswerInput = z.input<typeof quoteAnswerSchema>;

/** POST /api/admin/quotes/{quoteId}/decline */
export const quoteDeclineSchema = z.object({
  reason: z.preprocess((v) => v ?? '', text(QUOTE_REASON_MAX, QUOTE_SELLER_MSG.reason, true)),
});

/**
 * POST /api/user/{customerid}/quotes/{quoteId}/place: the checkout of an answered quote. No lines and no
 * prices: they are the quote's (anything else sent is ignored).
 */
export const quotePlaceSchema = z.object({
  shipping_address_id: z.coerce
    .number({ error: CART_MSG.noAddress })
    .int({ message: CART_MSG.noAddress })
    .positive({ message: CART_MSG.noAddress })
    .max(2_147_483_647, { message: CART_MSG.noAddress }),
  billing_address_id: z.coerce
    .number({ error: CART_MSG.noAddress })
    .int({ message: CART_MSG.noAddress })
    .positive({ message: CART_MSG.noAddress })
    .max(2_147_483_647, { message: CART_MSG.noAddress }),
  purchase_order_id: z
    .string({ error: CART_MSG.poNumber })
    .transform(oneLine)
    .refine(isValidPo, { message: CART_MSG.poNumber }),
  shipping_method: z.enum(SHIPPING_METHODS, { error: CART_MSG.shippingMethod }),
  /** The answer the buyer saw (the quote's `revision`): a quote revised since is not placed. */
  revision: z.coerce
    .number({ error: QUOTE_MSG.revised })
    .int({ message: QUOTE_MSG.revised })
    .min(1, { message: QUOTE_MSG.revised })
    .max(1_000_000, { message: QUOTE_MSG.revised }),
});
export type QuotePlaceRequest = z.output<typeof quotePlaceSchema>;
export type QuotePlaceInput = z.input<typeof quotePlaceSchema>;

/** The statuses a back-office list filters by ('new' is requested). */
export const adminQuoteListQuerySchema = z.object({
  status: z.enum(QUOTE_STATES, { error: `The status must be one of ${QUOTE_STATES.join(', ')}.` }).optional(),
  page: z.coerce
    .number({ error: QUOTE_SELLER_MSG.page })
    .int({ message: QUOTE_SELLER_MSG.page })
    .min(1, { message: QUOTE_SELLER_MSG.page })
    .max(10_000, { message: QUOTE_SELLER_MSG.page })
    .optional()
    .default(1),
});

// ---- Answers

const QuoteLineAnswer = z.object({
  line_id: z.number(),
  item_id: z.string(),
  item_name: z.string(),
  sku: z.string(),
  item_condition: z.string(),
  quantity: z.number(),
  /** Cents. */
  target_cents: z.number().nullable(),
  quoted_cents: z.number().nullable(),
  /** The quoted unit price before the last revision, when it changed. */
  previous_quoted_cents: z.number().nullable(),
  /** Stock now (information for the seller; the buyer sees it at checkout). */
  in_stock: z.number().optional(),
});

export const QuoteSummary = z.object({
  quote_id: z.number(),
  quote_number: z.string(),
  state: z.enum(QUOTE_STATES),
  created_at: z.string(),
  valid_until: z.string().nullable(),
  lines: z.number(),
  quantity: z.number(),
  /** Sum of the quoted lines, cents (null until answered). */
  quoted_total_cents: z.number().nullable(),
  revision: z.number(),
  order_id: z.number().nullable(),
  order_number: z.string().nullable(),
  company: z.string().optional(),
  customer_id: z.string().optional(),
});
export type QuoteSummary = z.infer<typeof QuoteSummary>;

export const QuoteDetail = QuoteSummary.extend({
  note: z.string(),
  seller_message: z.string(),
  decline_reason: z.string(),
  answered_at: z.string().nullable(),
  buyer_name: z.string(),
  language: z.string().nullable(),
  detail_lines: z.array(QuoteLineAnswer),
  /** What changed since the previous answer (a revision): the earlier validity date and message. */
  previous: z.object({ valid_until: z.string().nullable(), message: z.string() }).nullable(),
});
export type QuoteDetail = z.infer<typeof QuoteDetail>;
export type QuoteLineView = z.infer<typeof QuoteLineAnswer>;

export const QuoteListAnswer = z.object({ scode: z.literal(200), quotes: z.array(QuoteSummary) });
export const QuoteDetailAnswer = z.object({ scode: z.literal(200), quote: QuoteDetail });
export const QuoteRequestedAnswer = z.object({
  scode: z.literal(200),
  smessage: z.string(),
  quote_id: z.number(),
  quote_number: z.string(),
});
/** POST /api/user/{customerid}/quotes/{quoteId}/withdraw: what is said, and the quote as it is now. */
export const QuoteWithdrawnAnswer = z.object({
  scode: z.literal(200),
  smessage: z.string(),
  quote: QuoteDetail,
});
export const QuotePlacedAnswer = z.object({
  scode: z.literal(200),
  smessage: z.string(),
  orderId: z.number(),
  orderNumber: z.string(),
  status: z.string(),
  repeated: z.boolean(),
});
export const AdminQuoteListAnswer = z.object({
  scode: z.literal(200),
  quotes: z.array(QuoteSummary),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export const AdminQuoteCountAnswer = z.object({ scode: z.literal(200), requested: z.number() });
