/**
 * Security headers, worked out once by helmet at start-up and set with one call per response. Helmet as
 * a plugin sets them through a dozen hooks on every request, which halved the catalog's throughput.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader(name: string) {
      return headers[name.toLowerCase()];
    },
    locals: {},
  };
  let failed: unknown = null;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    failed = error ?? null;
  });
  if (failed) throw failed;
  return headers;
}

/** Headers that only a document (a page in a browsing context) acts on; an API answer leaves them out. */
const DOCUMENT_ONLY = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-xss-protection',
];

/**
 * The headers of an API answer (JSON, and the invoice and export files): the page's, less those that act
 * only on documents. Fewer headers to write on the busiest answers.
 */
export function apiSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(pageHeaders).filter(([name]) => !DOCUMENT_ONLY.includes(name)));
}

const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/;

/**
 * A punchout session's page policy: `frame-ancestors` names the procurement system's origins its
 * company's administrator listed (and no other; 'none' when none is listed), and `form-action` adds the
 * origin the cart is posted back to. Only origins pass (they are checked before they are stored, and again
 * here), so none can add a directive. Without X-Frame-Options, which would forbid the framing again.
 */
export function punchoutPageHeaders(
  csp: string,
  frameOrigins: readonly string[],
  returnOrigin: string | null,
): { 'content-security-policy': string } {
  const frames = frameOrigins.filter((o) => ORIGIN.test(o));
  const directives = csp
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d !== '')
    .map((d) => {
      if (d.startsWith('frame-ancestors'))
        return `frame-ancestors ${frames.length > 0 ? frames.join(' ') : "'none'"}`;
      if (d.startsWith('form-action') && returnOrigin && ORIGIN.test(returnOrigin))
        return `${d} ${returnOrigin}`;
      return d;
    });
  return { 'content-security-policy': directives.join(';') };
}
