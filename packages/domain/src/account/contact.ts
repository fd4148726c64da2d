import { z } from 'zod';
import { MSG } from '../core/messages';

/** A basic e-mail pattern: something@something.tld with no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A run of line breaks or other control characters, Unicode's line and paragraph separators included. */
const BREAKS = /[\p{Cc}\u2028\u2029]+/gu;

/**
 * A one-line field's text kept on one line: each run of line breaks and other control characters becomes
 * a space, so a name or a subject cannot start a line of its own in a mail that shows it.
 */
export function oneLine(value: string): string {
  return value.replace(BREAKS, ' ');
}

/** Text of at most `max` characters, trimmed; a one-line field (the default) is also kept on one line. */
const text = (max: number, message: string, required: boolean, lines: 'one' | 'many' = 'one') =>
  z
    .string({ error: message })
    .transform((v) => (lines === 'one' ? oneLine(v) : v).trim())
    .refine((v) => (required ? v.length > 0 : true) && v.length <= max, { message });

/** The contact form (SPEC §5 Contact form). The same schema checks the page and the API. */
export const contactFormSchema = z.object({
  fullName: text(50, MSG.contactFullName, true),
  // Labelled optional, but the check applies even when empty.
  phoneNumber: z.string({ error: MSG.contactPhone }).regex(/^\d{10}$/, { message: MSG.contactPhone }),
  email: text(50, MSG.contactEmail, true).refine((v) => EMAIL_PATTERN.test(v), { message: MSG.contactEmail }),
  orderNumber: text(50, MSG.contactOrderNumber, true),
  company: text(50, MSG.contactCompany, false).optional().default(''),
  rma: text(50, MSG.contactRma, false).optional().default(''),
  questions: text(5000, MSG.contactQuestions, true, 'many'),
});
export type ContactForm = z.output<typeof contactFormSchema>;
export type ContactFormInput = z.input<typeof contactFormSchema>;

export const loginSchema = z.object({
  username: z
    .string({ error: MSG.loginRequired })
    .trim()
    .min(1, { message: MSG.loginRequired })
    .max(50, { message: MSG.loginFailed }),
  password: z
    .string({ error: MSG.loginRequired })
    .min(1, { message: MSG.loginRequired })
    .max(200, { message: MSG.loginFailed }),
});
export type LoginInput = z.input<typeof loginSchema>;

/** Field-by-field messages of a failed parse, first message per field, in schema order. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
