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
