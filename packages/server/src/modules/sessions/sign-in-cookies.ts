/**
 * The cookies a buyer's sign-in sets, whichever way they sign in (their password, or a procurement system's
 * punchout): the session cookie (httpOnly, the only one the server trusts) and the display cookies the page
 * draws its header from (SPEC §3).
 */
import { COOKIE_LIFE_MS } from '@shop/domain/catalog/rules';
import { DISPLAY_COOKIES, type DisplayCookie } from '@shop/domain/core/cookies';
import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE } from './customer-guard';
import type { SessionUser } from './customer-sessions';

/** Where and how the cookies go: the path, SameSite and Secure of the sign-in's context. */
export interface CookieBase {
  path: string;
  sameSite: 'lax' | 'none';
  secure: boolean;
  /** Kept per top-level site (a punchout framed in a procurement system's page). */
  partitioned?: boolean;
}

export function setSignInCookies(
  reply: FastifyReply,
  token: string,
  user: SessionUser,
  base: CookieBase,
  sessionDays: number,
): void {
  reply.setCookie(SESSION_COOKIE, token, { ...base, httpOnly: true, maxAge: sessionDays * 86_400 });
  const values: Record<DisplayCookie, string> = {
    login: 'true',
    customerid: user.customerId,
    contactPersonId: user.contactPersonId,
    contactName: user.contactName,
    percentage: String(user.percentage),
    firstName: user.firstName,
    lastName: user.lastName,
    company: user.company,
    email: user.email,
    phoneNumber: user.phoneNumber,
    username: user.username,
  };
  for (const name of DISPLAY_COOKIES)
    reply.setCookie(name, values[name], { ...base, maxAge: COOKIE_LIFE_MS / 1000 });
}
