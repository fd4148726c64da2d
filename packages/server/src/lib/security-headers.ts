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
