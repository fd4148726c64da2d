/**
 * Refuses state-changing API calls that a browser sends on behalf of another site (cross-site request
 * forgery), with 403. The browser says where a request comes from: `Sec-Fetch-Site` in current browsers,
 * `Origin` on every POST, PUT, PATCH and DELETE in all of them. A request with neither header is not from
 * a browser (curl, scripts, tests) and cannot carry a victim's cookie, so it is let through. The company
 * API under /api/v1, which takes no cookie, is not checked. See docs/decisions/006-cross-site-requests.md.
 */
import { MSG } from '@shop/domain/core/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './http';

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Whether a request with these headers comes from the shop's own pages: `same-origin` (and `none`, a
 * request the person started themselves) are; `cross-site` is not; `same-site` (a sibling host, which
 * could be anyone's), an unknown value, or no Sec-Fetch-Site at all leave it to Origin, which must be
 * the request's own host or the configured public origin.
 */
export function fromOwnSite(
  fetchSite: string | undefined,
  origin: string | undefined,
  host: string,
  publicOrigin: string | undefined,
): boolean {
  const site = fetchSite?.trim().toLowerCase();
  if (site === 'same-origin' || site === 'none') return true;
  if (site === 'cross-site') return false;
  if (origin === undefined) return site === undefined;
  if (publicOrigin !== undefined && origin === publicOrigin) return true;
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    // Read the Host in the Origin's scheme, so a default port written out (shop.example:443) still matches.
    return new URL(`${url.protocol}//${host}`).host === url.host;
  } catch {
    // "null" (a sandboxed frame, a privacy redirect) or garbage: not the shop's page.
    return false;
  }
}

/**
 * An onRequest hook for the API. `publicUrl`: the address people open the shop at, when it is set. It
 * runs on every request, so it calls back instead of returning a promise.
 */
export function refuseCrossSite(publicUrl: string | undefined) {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  return (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void => {
    // The company API (/api/v1) is let in by its Authorization header alone, which a browser never adds
    // on another site's behalf; a session cookie does not count there, so there is nothing to forge.
    if (
      !CHANGES.has(request.method) ||
      !request.url.startsWith('/api/') ||
      request.url.startsWith('/api/v1/')
    ) {
      done();
      return;
    }
    const site = single(request.headers['sec-fetch-site']);
    const origin = single(request.headers.origin);
    if (fromOwnSite(site, origin, request.host, publicOrigin)) {
      done();
      return;
    }
    request.log.warn({ secFetchSite: site, origin, host: request.host }, 'cross-site request refused');
    done(new HttpError(403, MSG.crossSite));
  };
}
