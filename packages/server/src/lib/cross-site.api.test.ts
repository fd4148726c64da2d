import { MSG } from '@shop/domain/core/messages';
import { describe, expect, it } from 'vitest';
import { en } from '../test/english';
import { cookieHeader, DEMO, signIn, useTestApp } from '../test/harness';
import { fromOwnSite } from './cross-site';

const ctx = useTestApp({ PUBLIC_URL: 'https://shop.example.com/acer' });
const HOST = 'shop.internal:3000';

const signedIn = () => signIn(ctx.app, 'C10001', DEMO.C10001.password);

function logout(cookie: string, headers: Record<string, string>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/user/logout',
    headers: { cookie, host: HOST, ...headers },
  });
}

const headerStatus = async (cookie: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/header', headers: { cookie } })).statusCode;

describe('a cross-site logout', () => {
  it('is refused with 403 and a message; the customer stays signed in', async () => {
    const cookie = await signedIn();
    const response = await logout(cookie, {
      'sec-fetch-site': 'cross-site',
      origin: 'https://attacker.example',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ scode: 403, smessage: en(MSG.crossSite) });
    expect(response.cookies).toEqual([]);
    expect(await headerStatus(cookie)).toBe(200);
  });

  it('from an older browser (Origin only) is refused too', async () => {
    const cookie = await signedIn();
    const response = await logout(cookie, { origin: 'https://attacker.example' });
    expect(response.statusCode).toBe(403);
    expect(await headerStatus(cookie)).toBe(200);
  });
});

describe("a logout from the shop's own page", () => {
  it.each([
    ['Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin', origin: `http://${HOST}` }],
    ['Origin of the same host (no Sec-Fetch-Site)', { origin: `http://${HOST}` }],
    [
      'the configured PUBLIC_URL as Origin, behind a proxy that sets another Host',
      {
        'sec-fetch-site': 'same-site',
        origin: 'https://shop.example.com',
      },
    ],
    ['no Sec-Fetch-Site nor Origin (not a browser)', {}],
  ])('works: %s', async (_label, headers) => {
    const cookie = await signedIn();
    const response = await logout(cookie, headers);
    expect(response.statusCode).toBe(200);
    expect(await headerStatus(cookie)).toBe(401);
  });
});

describe('other state-changing calls', () => {
  it.each([
    ['POST', '/api/user/login', { username: 'C10001', password: DEMO.C10001.password }],
    ['POST', '/api/user/cart/add', { itemData: {} }],
    ['POST', '/api/zoho/sendemail', {}],
    ['DELETE', '/api/user/C10001/address/1/delete', undefined],
  ] as const)('refuse a cross-site %s %s', async (method, url, payload) => {
    const cookie = await signedIn();
    const response = await ctx.app.inject({
      method,
      url,
      payload,
      headers: { cookie, host: HOST, 'sec-fetch-site': 'cross-site', origin: 'https://attacker.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().smessage).toBe(en(MSG.crossSite));
  });

  it('let reads through: a cross-site GET changes nothing and its answer is the browser’s to withhold', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/mainpage',
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://attacker.example' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('a sign-in from the page itself works', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'C10002', password: DEMO.C10002.password },
      headers: { host: HOST, 'sec-fetch-site': 'same-origin', origin: `http://${HOST}` },
    });
    expect(response.statusCode).toBe(200);
    expect(cookieHeader(response)).toContain('sid=');
  });
});

describe('fromOwnSite', () => {
  const pub = 'https://shop.example.com';
  it.each([
    ['same-origin', undefined, true],
    ['none', undefined, true],
    ['cross-site', 'http://shop.internal:3000', false],
    ['same-site', 'https://blog.example.com', false],
    ['same-site', pub, true],
    [undefined, 'http://shop.internal:3000', true],
    [undefined, 'https://shop.internal:3000', true],
    [undefined, 'http://shop.internal:3001', false],
    [undefined, 'null', false],
    [undefined, 'file://', false],
    [undefined, undefined, true],
    ['same-site', undefined, false],
    ['something-new', 'http://shop.internal:3000', true],
    ['something-new', undefined, false],
  ])('Sec-Fetch-Site %s, Origin %s: %s', (site, origin, expected) => {
    expect(fromOwnSite(site, origin, 'shop.internal:3000', pub)).toBe(expected);
  });

  it('reads a default port written out in the Host', () => {
    expect(fromOwnSite(undefined, 'https://shop.example.com', 'shop.example.com:443', undefined)).toBe(true);
    expect(fromOwnSite(undefined, 'http://shop.example.com', 'shop.example.com:80', undefined)).toBe(true);
    expect(fromOwnSite(undefined, 'http://shop.example.com', 'SHOP.example.com', undefined)).toBe(true);
  });
});
