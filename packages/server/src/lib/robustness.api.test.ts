/**
 * Bad input never gets a 500: every API route, as a visitor and as a customer, with malformed bodies and
 * hostile path values, answers 4xx with a message (or 2xx where the input happens to be acceptable).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, signIn, useTestApp } from '../test/harness';

const ctx = useTestApp();

/** Every API route; path parameters are filled from the values below. */
const ROUTES: [method: 'GET' | 'POST' | 'DELETE', path: string][] = [
  ['POST', '/api/user/login'],
  ['POST', '/api/user/information/update'],
  ['POST', '/api/user/forget/sendcode'],
  ['POST', '/api/user/forget/resetpassword'],
  ['POST', '/api/user/address/create'],
  ['POST', '/api/user/wishList/create'],
  ['POST', '/api/user/wishList/item/add'],
  ['DELETE', '/api/user/wishList/:p/item/:p/:p/remove'],
  ['POST', '/api/user/subscription'],
  ['POST', '/api/user/register'],
  ['POST', '/api/user/cart/add'],
  ['POST', '/api/user/:c/address/:p/edit'],
  ['DELETE', '/api/user/:c/address/:p/delete'],
  ['POST', '/api/user/:c/wishLists/:p/edit'],
  ['DELETE', '/api/user/:c/wishLists/:p/delete'],
  ['DELETE', '/api/user/:c/cart/:p/:p/remove'],
  ['GET', '/api/user/:c/orders/:p'],
  ['GET', '/api/user/:c/invoices/:p'],
  ['GET', '/api/user/:c/:p'],
  ['GET', '/api/user/:c/:p/:p'],
  ['GET', '/api/category/:p'],
  ['GET', '/api/category/:p/:p'],
  ['GET', '/api/product/:p'],
  ['GET', '/api/product/:p/:p'],
  ['POST', '/api/placeorder'],
  ['POST', '/api/zoho/sendemail'],
];

const PATH_VALUES = [
  '0',
  '-1',
  '99999999999999999999',
  'x'.repeat(150),
  "'; drop table products; --",
  '%00',
  '%E2%82%AC',
  '..%2F..',
];
const BODIES: unknown[] = [
  null,
  [],
  'text',
  42,
  {},
  { itemData: null, orderInfo: [], addressInfo: 'x', wishList: 5, customerInfo: [] },
  { itemData: { item_id: {}, quantity: 1e308, item_condition: [] } },
  {
    orderInfo: {
      shipping_address_id: 'NaN',
      billing_address_id: -1,
      line_items: [{ item_id: null, quantity: 'x' }],
      subtotal: 'Infinity',
      total: {},
      purchase_order_id: 7,
      shipping_method: 'Rocket',
    },
  },
  { addressInfo: { first_name: 'x'.repeat(10_000), zip: {}, province: 'Atlantis', phone_number: 5 } },
  { username: 'x'.repeat(10_000), password: { $gt: '' }, verificationCode: [1, 2] },
  { listId: 'x'.repeat(500), itemId: null, item_condition: 'Used' },
  { subscribed: 'yes' },
];

let customer = '';
let sent = 0;
/** A different client address per request, so rate limits do not hide the routes' own checks. */
const nextAddress = () => `10.${(++sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;

describe('bad input never gets a 500', () => {
  beforeAll(async () => {
    customer = await signIn(ctx.app, DEMO.C10001.username, DEMO.C10001.password);
  });

  // A test per route and person (about 100 requests each) rather than one of 3,000 requests.
  describe.each(['a visitor', 'a customer'])('as %s', (who) => {
    it.each(ROUTES)('holds for %s %s with every body and path value', async (method, template) => {
      const cookie = who === 'a customer' ? customer : '';
      const failures: string[] = [];
      // A route without a path parameter is the same request whatever the value: sent once per body.
      for (const value of template.includes(':') ? PATH_VALUES : PATH_VALUES.slice(0, 1)) {
        const url = template.replaceAll(':c', cookie ? 'C10001' : 'C99999').replaceAll(':p', value);
        const bodies = method === 'POST' ? BODIES : [undefined];
        for (const body of bodies) {
          const response = await ctx.app.inject({
            method,
            url,
            remoteAddress: nextAddress(),
            headers: cookie ? { cookie } : {},
            ...(body === undefined
              ? {}
              : { payload: JSON.stringify(body), headers: { cookie, 'content-type': 'application/json' } }),
          });
          const answer = String(response.headers['content-type'] ?? '').includes('json')
            ? response.json()
            : {};
          if (
            response.statusCode >= 500 ||
            (response.statusCode >= 400 && typeof answer.smessage !== 'string')
          ) {
            failures.push(
              `${method} ${url} ${JSON.stringify(body)?.slice(0, 80)} -> ${response.statusCode} ${response.body.slice(0, 120)}`,
            );
          }
        }
      }
      expect(failures).toEqual([]);
    });
  });

  it('refuses a NUL character in a body or a path with 400', async () => {
    const body = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/register',
      remoteAddress: nextAddress(),
      payload: {
        company: 'Acme\u0000',
        contactName: 'A B',
        email: 'a@b.ca',
        phoneNumber: '4165550100',
        province: 'Ontario',
      },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().smessage).toBe('The request contains a character that is not allowed (NUL).');
    const path = await ctx.app.inject({ method: 'GET', url: '/api/product/%00' });
    expect(path.statusCode).toBe(400);
  });

  it('answers a body that is not JSON, or too large, with 400 or 413', async () => {
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/cart/add',
      headers: { cookie: customer, 'content-type': 'application/json' },
      payload: '{"itemData":',
    });
    expect(broken.statusCode).toBe(400);
    const huge = await ctx.app.inject({
      method: 'POST',
      remoteAddress: nextAddress(),
      url: '/api/user/cart/add',
      headers: { cookie: customer, 'content-type': 'application/json' },
      payload: JSON.stringify({ itemData: { item_id: 'x'.repeat(2_000_000) } }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().smessage).toBe('The request is too large.');
  });
});
