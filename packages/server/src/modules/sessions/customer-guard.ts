/** Who is asking: the session cookie decides; a customer id in a header or path must match it. */

import { MSG } from '@shop/domain/core/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http';
import type { SessionUser } from './customer-sessions';

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

/** Throws 401 for a visitor; returns the signed-in user. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError(401, MSG.notSignedIn);
  return request.user;
}

/** Throws 403 unless the signed-in buyer is an administrator of their company. */
export function requireCompanyAdmin(request: FastifyRequest, message: string): SessionUser {
  const user = requireUser(request);
  if (user.role !== 'admin') throw new HttpError(403, message);
  return user;
}

/** Throws 403 when a path or header names another customer than the session's. */
export function assertOwnCustomer(request: FastifyRequest, customerId: string | undefined): void {
  const user = requireUser(request);
  if (customerId !== undefined && customerId !== user.customerId) throw new HttpError(403, MSG.forbidden);
}

export function checkCustomerHeader(request: FastifyRequest, _reply: FastifyReply): void {
  const header = request.headers.customerid;
  const claimed = Array.isArray(header) ? header[0] : header;
  if (!claimed || claimed === 'visitors' || !request.user) return;
  if (claimed !== request.user.customerId) throw new HttpError(403, MSG.forbidden);
}
