/**
 * Cache-Control for API answers, set in one place. An answer that depends on who asks (personal prices,
 * the account, cart, orders, header, export, and any answer to a signed-in customer) is
 * `private, no-store`: no shared cache keeps it, and a browser does not keep personal data on disk.
 * Catalog reads answered to a visitor are the same for every visitor, so a shared cache (a CDN) may keep
 * them for a short while; browsers ask again each time. Every API answer varies by Cookie, so a cache
 * that does keep one never hands it to a request with other cookies.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export const PRIVATE_ANSWER = 'private, no-store';
/** Shared caches may keep a visitor's catalog answer 30 s (stock moves); browsers revalidate. */
export const VISITOR_CATALOG_ANSWER = 'public, max-age=0, s-maxage=30';

const VARY_SHOP = ['Cookie', 'Accept-Language'];
const VARY_ADMIN = ['Cookie'];

/** Route patterns whose answers to visitors are the same for every visitor. */
const VISITOR_READS = ['/api/mainpage', '/api/category/', '/api/search', '/api/product/'];

function isVisitorRead(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.user) return false;
  const route = request.routeOptions.url;
  return route !== undefined && VISITOR_READS.some((prefix) => route.startsWith(prefix));
}

/**
 * An onSend hook: API answers get Cache-Control and `Vary: Cookie` (and Accept-Language); pages and
 * assets keep their own. It runs on every catalog answer, so it calls back instead of returning a promise.
 */
export function apiCacheHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
): void {
  if (request.url.startsWith('/api/')) {
    const shared = reply.statusCode === 200 && isVisitorRead(request);
    reply.header('cache-control', shared ? VISITOR_CATALOG_ANSWER : PRIVATE_ANSWER);
    // Answers follow the session cookie and, but for the back office's, the language (cookie or header).
    const needed = request.url.startsWith('/api/admin/') ? VARY_ADMIN : VARY_SHOP;
    const vary = reply.getHeader('vary');
    const listed = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
    if (!listed) reply.header('vary', needed.join(', '));
    else {
      const names = new Set(listed.split(',').map((name) => name.trim().toLowerCase()));
      if (!names.has('*')) {
        const missing = needed.filter((name) => !names.has(name.toLowerCase()));
        if (missing.length > 0) reply.header('vary', [listed, ...missing].join(', '));
      }
    }
  }
  done(null, payload);
}
