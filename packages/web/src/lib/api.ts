/**
 * The API client of the page, the shop's and the back office's: `api('POST /api/user/cart/add', { body })`.
 * Each call names its route as the domain's table does (`@shop/domain/core/routes`), which types the path's
 * parameters, the query, the body and the answer, so a call to a route that is not there, or a body its
 * schema refuses, fails the type check. JSON in and out, the customer id header on the shop's calls, the
 * server's message on failure.
 */
import type { Route, Routes } from '@shop/domain/core/routes';
import type { z } from 'zod';
import { readCookie } from './cookies';
import { serverScope } from './scope';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** The names of a route's path parameters (`:name`). */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type Schema<R extends Route, Part extends string> = Routes[R] extends {
  [P in Part]: infer S extends z.ZodType;
}
  ? S
  : never;

/** What a route's body is, as the page sends it (the schema's input). */
export type BodyOf<R extends Route> = z.input<Schema<R, 'body'>>;
/**
 * What a route's query takes: the schema's names, each with text (or a list) as a query string carries it;
 * the server reads the values (a list's filters come as typed in the address) and refuses wrong ones.
 */
export type QueryOf<R extends Route> = { [Name in keyof z.input<Schema<R, 'query'>>]?: QueryValue };
/** What a route answers when it succeeds. */
export type AnswerOf<R extends Route> = z.output<Routes[R]['answer']>;

/** A route that reads (the loaders' reads). */
export type ReadRoute = Extract<Route, `GET ${string}`>;

type ParamsPart<R extends Route> = [ParamNames<R>] extends [never]
  ? { params?: never }
  : { params: Record<ParamNames<R>, string | number> };
type BodyPart<R extends Route> = [Schema<R, 'body'>] extends [never]
  ? Routes[R] extends { form: true }
    ? { form: FormData; body?: never }
    : { body?: never; form?: never }
  : undefined extends BodyOf<R>
    ? { body?: BodyOf<R>; form?: never }
    : { body: BodyOf<R>; form?: never };
type QueryPart<R extends Route> = [Schema<R, 'query'>] extends [never]
  ? { query?: never }
  : { query?: QueryOf<R> };

/** What a call of a route gives: its path's parameters, its query and body, and a signal to cancel it. */
export type Call<R extends Route> = ParamsPart<R> & BodyPart<R> & QueryPart<R> & { signal?: AbortSignal };

/** The call's argument: optional when the route needs none of it (a route not in the table is said so). */
export type CallArgs<R extends Route> = R extends Route
  ? object extends Call<R>
    ? [call?: Call<R>]
    : [call: Call<R>]
  : never;

/** A query string from the values given: blanks left out, a list as the name repeated. */
export function queryOf(values: Readonly<Record<string, QueryValue>> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values ?? {}))
    for (const one of Array.isArray(value) ? value : [value])
      if (one !== undefined && one !== null && one !== '') params.append(key, String(one));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The path a call asks, after /api: the route's path with its parameters, and the query. */
export function pathOf<R extends Route>(route: R, ...[call]: CallArgs<R>): string {
  const given = call as
    | { params?: Record<string, string | number>; query?: Record<string, QueryValue> }
    | undefined;
  const path = route
    .slice(route.indexOf('/api/') + 4)
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(given?.params?.[name] ?? '')));
  return path + queryOf(given?.query);
}

/** Calls a route of the table: `api('POST /api/user/cart/add', { body })` answers what the route answers. */
export async function api<R extends Route>(route: R, ...args: CallArgs<R>): Promise<AnswerOf<R>> {
  const call = (args[0] ?? {}) as { body?: unknown; form?: FormData; signal?: AbortSignal };
  const method = route.slice(0, route.indexOf(' '));
  const path = pathOf(route, ...args);
  // The back office's calls are the staff's, whoever the buyer of this browser is.
  const headers: Record<string, string> = path.startsWith('/admin/')
    ? {}
    : { customerid: readCookie('customerid') ?? 'visitors' };
  const scope = serverScope();
  if (scope) {
    // Rendered on the server: the page only reads, through the server itself, as the request's buyer.
    // A write (or a read sent as a POST) is the browser's to make: the page is left to it.
    if (method !== 'GET') throw new Error(`${method} ${path} is not made while drawing a page`);
    const answer = await scope.get(path, headers);
    return checked(answer.status, (answer.body ?? {}) as Record<string, unknown>);
  }
  let body: BodyInit | undefined;
  if (call.form) body = call.form;
  else if (call.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.body);
  }
  const response = await fetch(`/api${path}`, {
    method,
    headers,
    body,
    credentials: 'same-origin',
    signal: call.signal,
  });
  let data: Record<string, unknown> = {};
  try {
    data = (await response.json()) as Record<string, unknown>;
  } catch {
    // A body that is not JSON keeps the empty object; the status still tells.
  }
  return checked(response.status, data);
}

/** The answer, or the failure with the server's message (a 4xx or 5xx, or an answer whose scode says so). */
function checked<A>(status: number, data: Record<string, unknown>): A {
  if (status >= 400 || (typeof data.scode === 'number' && data.scode >= 400)) {
    const message = typeof data.smessage === 'string' ? data.smessage : `Request failed (${status}).`;
    throw new ApiError(status, message, data);
  }
  return data as A;
}
