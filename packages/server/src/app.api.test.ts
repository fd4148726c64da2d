/** Operations concerns of the app as a whole: request ids, and which client address a proxy may tell. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import type { Config } from './config';
import { testConfig, useTestApp } from './test/harness';

const ctx = useTestApp();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('every answer carries the id its log lines carry, a new one per request', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/mainpage' });
    const second = await ctx.app.inject({ method: 'GET', url: '/api/mainpage' });
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('keeps the id a proxy in front sent, unless it could forge log lines', async () => {
    const kept = await ctx.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'lb-7f3a:42.1' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a:42.1');
    for (const forged of ['two words', 'x'.repeat(200), '{"level":60}']) {
      const replaced = await ctx.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': forged },
      });
      expect(replaced.headers['x-request-id']).toMatch(UUID);
    }
  });
});

describe('security headers', () => {
  it('pages get the document headers; API answers the ones that act on data, and refuse framing and sniffing', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/acer/category/Notebook' });
    const api = await ctx.app.inject({ method: 'GET', url: '/api/category/Notebook' });
    for (const answer of [page, api]) {
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(answer.headers['content-security-policy']).toContain("object-src 'none'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['x-request-id']).toMatch(UUID);
    }
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['origin-agent-cluster']).toBe('?1');
    // Those act on documents only: the busiest answers do without them.
    expect(api.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(api.headers['origin-agent-cluster']).toBeUndefined();
    // Both are in the language the request asks for, so a cache keeps one per cookie and language, and
    // per encoding (the answer is compressed when the client asks).
    expect(String(api.headers.vary).split(', ').sort()).toEqual([
      'Accept-Encoding',
      'Accept-Language',
      'Cookie',
    ]);
  });

  it('a NUL in the address is refused with a message, headers and request id included', async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: '/api/search?column=all&string=a%00b' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().smessage).toBe('The request contains a character that is not allowed (NUL).');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-request-id']).toMatch(UUID);
  });
});

describe('TRUST_PROXY', () => {
  const apps: FastifyInstance[] = [];

  /** An app with the setting, plus a route that shows the address it takes as the client's. */
  async function appTrusting(trust: Config['TRUST_PROXY']): Promise<FastifyInstance> {
    const app = await buildApp(testConfig({ TRUST_PROXY: trust }), {
      database: ctx.database,
      prepared: true,
    });
    app.get('/test/ip', async (request) => ({ ip: request.ip }));
    apps.push(app);
    return app;
  }

  async function ipSeen(app: FastifyInstance, forwardedFor: string, remoteAddress = '127.0.0.1') {
    const response = await app.inject({
      method: 'GET',
      url: '/test/ip',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });
    return response.json().ip as string;
  }

  let none: FastifyInstance;
  let oneHop: FastifyInstance;
  let byAddress: FastifyInstance;
  let twoProxies: FastifyInstance;
  beforeAll(async () => {
    none = await appTrusting(false);
    oneHop = await appTrusting(1);
    byAddress = await appTrusting(['127.0.0.1']);
    twoProxies = await appTrusting(['127.0.0.1', '203.0.113.0/24']);
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  it('unset: the connection is the client, whatever X-Forwarded-For says', async () => {
    expect(await ipSeen(none, '198.51.100.1')).toBe('127.0.0.1');
  });

  it('a hop count takes the address the proxy added, not what the client wrote before it', async () => {
    expect(await ipSeen(oneHop, '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
  });

  it("addresses: only the listed proxies' word is taken", async () => {
    expect(await ipSeen(byAddress, '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
    // A client connecting directly cannot name itself with the header.
    expect(await ipSeen(byAddress, '198.51.100.1', '192.0.2.50')).toBe('192.0.2.50');
    expect(await ipSeen(twoProxies, '198.51.100.1, 203.0.113.7')).toBe('198.51.100.1');
  });
});
