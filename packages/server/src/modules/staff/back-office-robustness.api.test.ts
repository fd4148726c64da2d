/** Bad input to the back office never gets a 500: every /api/admin route, as an owner, with hostile values. */
import { describe, expect, it } from 'vitest';
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

describe('the back office refuses bad input with a message', () => {
  it('holds for every route, body and path value', async () => {
    const owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
    const routes = ctx.app.routeTable.filter(
      (r) => r.url.startsWith('/api/admin/') && r.method !== 'HEAD' && !r.url.endsWith('/logout'),
    );
    const failures: string[] = [];
    for (const route of routes) {
      for (const value of PATH_VALUES) {
        const url = route.url.replace(/:\w+/g, encodeURIComponent(value));
        const bodies = route.method === 'GET' ? [undefined] : BODIES;
        for (const body of bodies) {
          const response = await ctx.app.inject({
            method: route.method as 'POST',
            url: `${url}${route.method === 'GET' ? '?page=x&status=Lost&q=%25' : ''}`,
            remoteAddress: clientAddress(),
            headers: { cookie: owner, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
          });
          const answer = {
            status: response.statusCode,
            body: String(response.headers['content-type'] ?? '').includes('json') ? response.json() : {},
            response,
          };
          if (answer.status >= 500 || (answer.status >= 400 && typeof answer.body.smessage !== 'string'))
            failures.push(
              `${route.method} ${url} ${JSON.stringify(body)?.slice(0, 60)} -> ${answer.status} ${answer.response.body.slice(0, 120)}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
