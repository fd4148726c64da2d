/**
 * What the log keeps of a request. Fastify's own version writes the whole URL, and a URL may carry a
 * secret: the page of a one-time set-password link has the link's token in its query
 * (`/acer/set-password?token=...`), and a company API client may put its key in one
 * (`/api/v1/price-list?access_token=ak_live_...`) although only the Authorization header is read. A log
 * would then hold a live link to someone's account, or a key to the company's prices and orders.
 * So the value of every query parameter named like a secret (token, access_token, key, code, secret,
 * password, ...) is replaced, and so is every company API key wherever it stands in the URL, path
 * included; the rest is as Fastify's.
 */

const REMOVED = '(removed)';

/** Words that make a query parameter's value a secret, whatever else its name says (`access_token`, `apiKey`). */
const SECRET_WORDS = new Set([
  'token',
  'key',
  'apikey',
  'code',
  'secret',
  'password',
  'passwd',
  'pwd',
  'pass',
  'auth',
  'authorization',
  'credential',
  'credentials',
  'signature',
  'sig',
  'session',
  'otp',
  'jwt',
]);

/** Parts of a name that make it a secret's even run together with other words (`accesstoken`). */
const SECRET_PARTS = /token|secret|passw|apikey|credential/;

/**
 * A company API key (`ak_live_<prefix>_<random>`, keys.ts) or a staff API token (`st_live_...`,
 * staff-tokens), or what starts like one, in any case and with
 * its underscores written as `%5F`. What follows `ak_live_` up to the next delimiter of a URL goes.
 */
const API_KEY = /(ak|st)(?:_|%5f)live(?:_|%5f)[^/?&#=;,\s]*/gi;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Whether a query parameter's name says its value is a secret. */
export function isSecretParam(name: string): boolean {
  const plain = decoded(name)
    // camelCase words apart: accessToken, apiKey.
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  if (SECRET_PARTS.test(plain.replace(/[^a-z0-9]/g, ''))) return true;
  return plain.split(/[^a-z0-9]+/).some((word) => SECRET_WORDS.has(word));
}

function queryWithoutSecrets(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const name = pair.slice(0, equals);
      return isSecretParam(name) ? `${name}=${REMOVED}` : pair;
    })
    .join('&');
}

/** The URL with every secret-named query parameter's value, and every company API key, replaced. */
export function urlWithoutSecrets(url: string): string {
  const hash = url.indexOf('#');
  const beforeHash = hash < 0 ? url : url.slice(0, hash);
  const fragment = hash < 0 ? '' : url.slice(hash);
  const question = beforeHash.indexOf('?');
  const masked =
    question < 0
      ? beforeHash
      : `${beforeHash.slice(0, question + 1)}${queryWithoutSecrets(beforeHash.slice(question + 1))}`;
  return `${masked}${fragment}`.replace(
    API_KEY,
    (_, kind: string) => `${kind.toLowerCase()}_live_${REMOVED}`,
  );
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
