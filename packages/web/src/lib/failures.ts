/** A failed call as a form shows it: the server's message, its field messages, in the page's language. */
import { ApiError } from './api';
import { tm } from './i18n';

/** The server's message of a failed call, or the fallback. */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message && !error.message.startsWith('Request failed')
    ? error.message
    : fallback;
}

/** The field messages of a 400 answer ({ errors: { field: message } }), if any. */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError)) return null;
  const errors = error.body.errors;
  return errors && typeof errors === 'object' ? (errors as Record<string, string>) : null;
}

/** A form's field messages (the domain's, e.g. a Zod parse's) in the page's language. */
export function translatedErrors(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) out[field] = tm(message);
  return out;
}
