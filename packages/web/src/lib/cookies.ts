import { DISPLAY_COOKIES } from '@shop/domain/core/cookies';
import { serverScope } from './scope';

/** The display cookies of SPEC §3, read by the page; the session itself is an httpOnly cookie. */
export function readCookie(name: string): string | null {
  const text = serverScope()?.cookie ?? document.cookie;
  for (const part of text.split(/;\s*/)) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq) === name) return decodeURIComponent(part.slice(eq + 1));
  }
  return null;
}

export function clearDisplayCookies(): void {
  for (const name of DISPLAY_COOKIES) document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
}

/** Logged in means a login cookie plus a customer id other than 'visitors'. */
export function cookieLogin(): { loggedIn: boolean; customerId: string } {
  const customerId = readCookie('customerid') ?? 'visitors';
  return {
    loggedIn: readCookie('login') === 'true' && customerId !== 'visitors' && customerId !== '',
    customerId,
  };
}
