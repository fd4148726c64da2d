/**
 * What the log keeps of a request. Fastify's own version writes the whole URL, and the page of a one-time
 * set-password link carries the link's token in its query (`/acer/set-password?token=...`): a log would
 * then hold a live link to someone's account. The token's value is replaced; the rest is as Fastify's.
 */

const SECRET_PARAMS = /([?&]token=)[^&#]*/gi;

/** The URL with the value of every `token` query parameter replaced. */
export function urlWithoutSecrets(url: string): string {
  return url.replace(SECRET_PARAMS, '$1(removed)');
}

/** The request as Fastify hands it to the log (its own request object, read only for these fields). */
interface LoggedRequest {
  method?: string;
  url?: string;
  headers?: Record<string, string | string[] | undefined>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

export function requestForLog(request: LoggedRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: request.url === undefined ? undefined : urlWithoutSecrets(request.url),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
