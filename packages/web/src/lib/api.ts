/** The API client: JSON in and out, the customer id header on every call, the server's message on failure. */
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

export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const headers: Record<string, string> = { customerid: readCookie('customerid') ?? 'visitors' };
  const scope = serverScope();
  if (scope) {
    // Rendered on the server: the page only reads, through the server itself, as the request's buyer.
    // A write (or a read sent as a POST) is the browser's to make: the page is left to it.
    if ((init.method ?? 'GET') !== 'GET')
      throw new Error(`${init.method} ${path} is not made while drawing a page`);
    const answer = await scope.get(path, headers);
    const data = (answer.body ?? {}) as Record<string, unknown>;
    if (answer.status >= 400 || (typeof data.scode === 'number' && data.scode >= 400)) {
      const message =
        typeof data.smessage === 'string' ? data.smessage : `Request failed (${answer.status}).`;
      throw new ApiError(answer.status, message, data);
    }
    return data as T;
  }
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`/api${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    credentials: 'same-origin',
    signal: init.signal,
  });
  let data: Record<string, unknown> = {};
  try {
    data = (await response.json()) as Record<string, unknown>;
  } catch {
    // A body that is not JSON keeps the empty object; the status still tells.
  }
  if (!response.ok || (typeof data.scode === 'number' && data.scode >= 400)) {
    const message =
      typeof data.smessage === 'string' ? data.smessage : `Request failed (${response.status}).`;
    throw new ApiError(response.status, message, data);
  }
  return data as T;
}
