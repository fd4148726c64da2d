/**
 * What the back office's pages share around their calls (the client is the page's, lib/api.ts): a form's
 * answer, its field errors, the sign-in page when the staff session ended (401), and a list's refused filter.
 */
import { redirect } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../lib/api';
import { tm } from '../../lib/i18n';

export const ADMIN_BASE = '/acer/admin';

/** The sign-in page, coming back to `request`'s page afterwards. */
export function signInRedirect(request: Request): Response {
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  const next = back.startsWith(`${ADMIN_BASE}/signin`) ? '' : `?next=${encodeURIComponent(back)}`;
  return redirect(`${ADMIN_BASE}/signin${next}`);
}

/** What a form's action answers: the server's message, and the field errors of a 400. */
export interface ActionResult {
  ok: boolean;
  message: string;
  errors?: Record<string, string>;
  /** Anything else the page needs back (a preview, an uploaded picture). */
  data?: unknown;
}

export function done(message: string, data?: unknown): ActionResult {
  return { ok: true, message, data };
}

export function failed(message: string, errors?: Record<string, string>, data?: unknown): ActionResult {
  return { ok: false, message, errors, data };
}

/** A failed call as a form's answer (its message and field errors); an ended session goes to sign in. */
export function failureOf(error: unknown, request: Request): ActionResult {
  if (error instanceof ApiError) {
    if (error.status === 401) throw signInRedirect(request);
    const errors = error.body.errors;
    return failed(
      typeof error.body.smessage === 'string'
        ? error.message
        : `The request failed (${error.status}). Please try again.`,
      errors && typeof errors === 'object' ? (errors as Record<string, string>) : undefined,
      error.body,
    );
  }
  if (error instanceof Response) throw error;
  return failed('The shop could not be reached. Check the connection and try again.');
}

/** Runs one call for a form: its answer's message on success, the failure's message otherwise. */
export async function attempt(
  request: Request,
  call: () => Promise<{ smessage?: string } & Record<string, unknown>>,
  fallback: string,
): Promise<ActionResult> {
  try {
    const answer = await call();
    return done(typeof answer.smessage === 'string' ? answer.smessage : fallback, answer);
  } catch (error) {
    return failureOf(error, request);
  }
}

/** Field errors of a shared schema's failed parse, first message per field (as the server gives them). */
export function zodErrors(
  issues: readonly { path: PropertyKey[]; message: string }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '_');
    // A shared schema's message is a key; the back office reads it in English, as the server says it.
    errors[key] ??= tm(issue.message);
  }
  return errors;
}

/** A failed parse as a form's answer, every message listed once. */
export function invalid(issues: readonly { path: PropertyKey[]; message: string }[]): ActionResult {
  const errors = zodErrors(issues);
  return failed([...new Set(Object.values(errors))].join('\n'), errors);
}

/**
 * The submitted values once `schema` (the one the server checks them with) accepts them: its input, sent as
 * it is, since the server parses it again. Else the form's answer naming what is wrong.
 */
export function checked<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { input: z.input<S>; refused?: undefined } | { refused: ActionResult } {
  const parsed = schema.safeParse(values);
  // A value the schema parses is of its input type.
  return parsed.success ? { input: values as z.input<S> } : { refused: invalid(parsed.error.issues) };
}

/** The string value of a submitted field ('' when absent or a file). */
export function field(form: FormData | Record<string, unknown>, name: string): string {
  const value = form instanceof FormData ? form.get(name) : form[name];
  return typeof value === 'string' ? value : '';
}

/** A submission's fields: a JSON body as sent, or a form's text fields. */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  if ((request.headers.get('content-type') ?? '').includes('application/json'))
    return ((await request.json()) ?? {}) as Record<string, unknown>;
  const form = await request.formData();
  const out: Record<string, unknown> = {};
  for (const [key, value] of form) if (typeof value === 'string') out[key] = value;
  return out;
}

/** A list page's data, with the server's message when it refused the filters. */
export type ListData<P> = P & { refusal?: string };

/**
 * A list's page from the server; a filter it refused (400) gives an empty page with the server's message,
 * so the filters stay on screen to be corrected instead of the page giving way to an error.
 */
export async function listOrRefusal<P extends { items: unknown[] }>(
  load: () => Promise<P>,
  empty: P,
): Promise<ListData<P>> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return { ...empty, refusal: error.message };
    throw error;
  }
}

/** An empty page of a list, for a refused filter. */
export const EMPTY_PAGE = { items: [], total: 0, page: 1, pages: 1, page_size: 25 };
