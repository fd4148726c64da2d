import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, signIn, useTestApp } from '../test/harness';
import { PRIVATE_ANSWER, VISITOR_CATALOG_ANSWER } from './cache-control';

const ctx = useTestApp();
let customer = '';
let product = '';

beforeAll(async () => {
  customer = await signIn(ctx.app, 'C10001', DEMO.C10001.password);
  const row = ctx.app.services.catalog.allRows()[0]!;
  product = `/api/product/${row.item_id}/${row.item_condition}`;
});

const get = (url: string, cookie?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const varies = (response: LightMyRequestResponse) =>
  String(response.headers.vary ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase());

const CATALOG = () => [
  '/api/mainpage',
  '/api/category/Notebook',
  '/api/search?column=all&string=acer',
  product,
];

describe('answers to a signed-in customer', () => {
  it('are private and not stored, and vary by Cookie', async () => {
    const urls = [
      ...CATALOG(),
      '/api/header',
      '/api/user/C10001/orders',
      '/api/user/C10001/accountSettings',
      '/api/export',
      '/api/export.csv',
    ];
    for (const url of urls) {
      const response = await get(url, customer);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe(PRIVATE_ANSWER);
      expect(varies(response), url).toContain('cookie');
    }
  });

  it('include the sign-in answer and every change', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'C10002', password: DEMO.C10002.password },
    });
    expect(login.headers['cache-control']).toBe(PRIVATE_ANSWER);
    const subscribe = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/subscription',
      headers: { cookie: customer },
      payload: { subscribed: true },
    });
    expect(subscribe.statusCode).toBe(200);
    expect(subscribe.headers['cache-control']).toBe(PRIVATE_ANSWER);
  });
});

describe('answers to a visitor', () => {
  it('of the catalog may be kept briefly by a shared cache, keyed by Cookie', async () => {
    for (const url of CATALOG()) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe(VISITOR_CATALOG_ANSWER);
      expect(varies(response), url).toContain('cookie');
    }
  });

  it('that depend on a session, or are errors, are private', async () => {
    for (const url of ['/api/header', '/api/user/C10001/orders', '/api/product/NO-SUCH-ITEM/BrandNew']) {
      const response = await get(url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.headers['cache-control'], url).toBe(PRIVATE_ANSWER);
    }
  });

  it("never get a customer's body from a cache that follows the headers", async () => {
    // A shared cache as RFC 9111 describes it: keeps what is neither private nor no-store, and answers
    // from it only a request whose headers named in Vary match those of the stored one.
    const store = new Map<string, { vary: string[]; cookie: string; body: string }[]>();
    const through = async (url: string, cookie = '') => {
      const hit = (store.get(url) ?? []).find((e) => !e.vary.includes('cookie') || e.cookie === cookie);
      if (hit) return hit.body;
      const response = await get(url, cookie || undefined);
      if (!/\b(private|no-store)\b/.test(String(response.headers['cache-control']))) {
        store.set(url, [...(store.get(url) ?? []), { vary: varies(response), cookie, body: response.body }]);
      }
      return response.body;
    };
    for (const url of CATALOG()) {
      expect(await through(url, customer)).toContain('personal_price');
      const visitor = await through(url);
      expect(visitor).not.toContain('personal_price');
      expect(visitor).not.toContain('"price"');
      // Display cookies without a session are a visitor's too.
      expect(await through(url, 'login=true; customerid=C10001')).not.toContain('personal_price');
      // And a customer coming after a visitor gets their own prices, not the kept visitor answer.
      expect(await through(url, customer)).toContain('personal_price');
    }
    const kept = [...store.values()].flat();
    expect(kept.length).toBeGreaterThan(0);
    for (const entry of kept) expect(entry.body).not.toContain('personal_price');
  });
});

describe('outside the API', () => {
  it('pictures keep their own long cache', async () => {
    const response = await get('/images/placeholder.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary ?? '').not.toContain('Cookie');
  });
});
