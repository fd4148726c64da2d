/**
 * The back office's client for /api/admin: JSON or multipart in, JSON out, the server's message on failure.
 * A staff session that ended (401) sends the person to the sign-in page and back afterwards.
 */
import { redirect } from 'react-router';
import { ApiError } from '../../lib/api';

export { ApiError };

export const ADMIN_BASE = '/acer/admin';

export async function adminApi<T>(
  path: string,
  init: { method?: string; body?: unknown; form?: FormData; signal?: AbortSignal } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  let body: BodyInit | undefined;
  if (init.form) body = init.form;
  else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const response = await fetch(`/api${path}`, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    credentials: 'same-origin',
    signal: init.signal,
  });
  let data: Record<string, unknown> = {};
  try {
    data = (await response.json()) as Record<string, unknown>;
  } catch {
    // A body that is not JSON (a proxy's error page) keeps the empty object; the status still tells.
  }
  if (!response.ok || (typeof data.scode === 'number' && data.scode >= 400)) {
    const message =
      typeof data.smessage === 'string'
        ? data.smessage
        : `The request failed (${response.status}). Please try again.`;
    throw new ApiError(response.status, message, data);
  }
  return data as T;
}

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
      error.message,
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
    errors[key] ??= issue.message;
  }
  return errors;
}

/** A failed parse as a form's answer, every message listed once. */
export function invalid(issues: readonly { path: PropertyKey[]; message: string }[]): ActionResult {
  const errors = zodErrors(issues);
  return failed([...new Set(Object.values(errors))].join('\n'), errors);
}

/** A query string from the non-empty values. */
export function queryOf(values: Record<string, string | number | boolean | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The string value of a submitted field ('' when absent or a file). */
export function field(form: FormData, name: string): string {
  const value = form.get(name);
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
