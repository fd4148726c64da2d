/**
 * What every answer of the API shares: `scode` mirrors the HTTP status and `smessage`, when there is one,
 * is for the person. A refusal (4xx, 5xx) carries the message and, for a form, a message per field.
 */
import { z } from 'zod';

/** A successful answer; each call's schema extends it with what it carries. */
export const Envelope = z.object({
  scode: z.literal(200),
  smessage: z.string().optional(),
});
export type Envelope = z.infer<typeof Envelope>;

/** A successful answer that is only a message for the person (sign-out, a sent form). */
export const MessageAnswer = Envelope.extend({ smessage: z.string() });
export type MessageAnswer = z.infer<typeof MessageAnswer>;

/**
 * Any refused or failed call: the status and the message; a form's refusal (400) also names the fields,
 * each with its first message. A 429 of the request limiter also carries `statusCode`.
 */
export const ErrorAnswer = z.object({
  scode: z.number().int().min(400).max(599),
  smessage: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorAnswer = z.infer<typeof ErrorAnswer>;

/** A whole number of things (stock, a count). */
export const Count = z.number().int().nonnegative();

/** An amount in dollars with at most 2 decimals (the API's money; cents stay inside). */
export const Dollars = z
  .number()
  .finite()
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
    message: 'An amount in dollars has at most 2 decimals.',
  });

/** A price or a total: dollars, never below 0. */
export const Price = Dollars.refine((v) => v >= 0, { message: 'A price is not below 0.' });

/** A moment as the server writes it: ISO 8601 in UTC (`2026-11-22T14:05:09.123Z`). */
export const Timestamp = z.iso.datetime();
