/** Bad input to the back office never gets a 500: every /api/admin route, as an owner, with hostile values. */
import { beforeAll, describe, expect, it } from 'vitest';
import { clientAddress, OWNER, staffSignIn } from '../../test/admin';
import { useTestApp } from '../../test/harness';

const ctx = useTestApp();

const PATH_VALUES = [
  '0',
  '-1',
  '99999999999999999999',
  'x'.repeat(150),
  "'; drop table orders; --",
  '%E2%82%AC',
  'C10001',
];
const BODIES: unknown[] = [
  null,
  [],
  'text',
  42,
  {},
  { action: 'ship', carrier: { $gt: '' }, tracking_number: ['x'], reason: 5 },
  { shipping: 'Infinity', lines: [{ name: null, amount: 'NaN' }, 5], note: {} },
  { email: 'x'.repeat(10_000), role: 'king', name: 7, active: 'maybe' },
  { company: [], first_name: {}, percentage: 1e308, application_id: 'abc', customer_id: '../x' },
  {
    price: -1,
    stock: 1.5,
    images: 'x',
    category: 'Toaster',
    item_condition: 'Used',
    sku: 'a b',
    listed_at: 'never',
  },
  { body: 'x'.repeat(6000), status: 'lost', reason: '' },
  { token: 'x'.repeat(500), password: [], newPassword: 'weak' },
];

/**
 * The requests (every route with every path value and body, in the route table's order; a route without a
 * path parameter once per body) are sent by this many tests, each an equal share of them, rather than by one
 * test of thousands of requests.
 */
const PARTS = 20;

type Request = { method: string; url: string; body: unknown };

describe('the back office refuses bad input with a message', () => {
  let owner = '';
  let requests: Request[] = [];
  beforeAll(async () => {
    owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
    const routes = ctx.app.routeTable.filter(
      (r) => r.url.startsWith('/api/admin/') && r.method !== 'HEAD' && !r.url.endsWith('/logout'),
    );
    requests = routes.flatMap((route) =>
      (route.url.includes(':') ? PATH_VALUES : PATH_VALUES.slice(0, 1)).flatMap((value) => {
        const url = route.url.replace(/:\w+/g, encodeURIComponent(value));
        return route.method === 'GET'
          ? [{ method: 'GET', url: `${url}?page=x&status=Lost&q=%25`, body: undefined }]
          : BODIES.map((body) => ({ method: String(route.method), url, body }));
      }),
    );
  });

  it.each(Array.from({ length: PARTS }, (_, i) => i + 1))(
    `holds for every route, body and path value: requests, share %i of ${PARTS}`,
    async (part) => {
      const size = Math.ceil(requests.length / PARTS);
      const failures: string[] = [];
      for (const { method, url, body } of requests.slice((part - 1) * size, part * size)) {
        const response = await ctx.app.inject({
          method: method as 'POST',
          url,
          remoteAddress: clientAddress(),
          headers: { cookie: owner, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        });
        const answer = String(response.headers['content-type'] ?? '').includes('json') ? response.json() : {};
        if (response.statusCode >= 500 || (response.statusCode >= 400 && typeof answer.smessage !== 'string'))
          failures.push(
            `${method} ${url} ${JSON.stringify(body)?.slice(0, 60)} -> ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
      }
      expect(failures).toEqual([]);
    },
  );
});
