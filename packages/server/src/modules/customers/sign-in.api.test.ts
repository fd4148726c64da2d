import { describe, expect, it } from 'vitest';
import { cookieHeader, DEMO, signIn, useTestApp } from '../../test/harness';

const ctx = useTestApp();

describe('POST /api/user/login', () => {
  it('signs in with Customer ID and password and sets the session and display cookies', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'C10001', password: DEMO.C10001.password },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.scode).toBe(200);
    expect(body.customerInfo).toMatchObject({ customer_id: 'C10001', percentage: 15 });
    expect(JSON.stringify(body)).not.toContain('password');
    const cookies = Object.fromEntries(response.cookies.map((c) => [c.name, c]));
    expect(cookies.sid?.httpOnly).toBe(true);
    expect(cookies.sid?.sameSite).toBe('Lax');
    expect(cookies.login?.value).toBe('true');
    expect(cookies.customerid?.value).toBe('C10001');
    expect(cookies.customerid?.maxAge).toBe(2_592_000);
  });

  it('accepts the Customer ID in any case', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'c10002', password: DEMO.C10002.password },
    });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    [{ username: 'C10001', password: 'wrong' }, 401],
    [{ username: 'C99999', password: 'Demo@10001' }, 401],
  ])('refuses %o with %d and a message', async (payload, status) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/user/login', payload });
    expect(response.statusCode).toBe(status);
    expect(response.json().smessage).toBe('Customer ID or password is incorrect.');
    expect(response.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it.each([
    [{}, 'Customer ID and password are required.'],
    [{ username: '', password: '' }, 'Customer ID and password are required.'],
    [{ username: 5, password: ['x'] }, 'Customer ID and password are required.'],
  ])('refuses a malformed body %o with 400', async (payload, message) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/user/login', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().smessage).toBe(message);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().smessage).toBe('The request body is not valid JSON.');
  });
});

describe('GET /api/header', () => {
  it('gives a signed-in customer their data and percentage', async () => {
    const cookie = await signIn(ctx.app, 'C10002', DEMO.C10002.password);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/header', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.scode).toBe(200);
    expect(body.customer[0]).toMatchObject({ customer_id: 'C10002', percentage: 10 });
    for (const key of ['cartItems', 'addresses', 'wishLists', 'wishListsItems'])
      expect(Array.isArray(body[key])).toBe(true);
  });

  it('answers a visitor with 401', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/header' });
    expect(response.statusCode).toBe(401);
    expect(response.json().scode).toBe(401);
  });

  it('ignores display cookies: the session alone says who you are', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/header',
      headers: { cookie: 'login=true; customerid=C10001; percentage=1' },
    });
    expect(response.statusCode).toBe(401);
  });

  it("refuses with 403 a customerid header that is not the session's", async () => {
    const cookie = await signIn(ctx.app, 'C10002', DEMO.C10002.password);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/header',
      headers: { cookie, customerid: 'C10001' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /api/user/logout', () => {
  it('ends the session and clears the cookies', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'C10001', password: DEMO.C10001.password },
    });
    const cookie = cookieHeader(login);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/user/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.filter((c) => c.value === '' || (c.maxAge ?? 1) <= 0 || c.expires);
    expect(cleared.map((c) => c.name)).toEqual(expect.arrayContaining(['sid', 'login', 'customerid']));
    const after = await ctx.app.inject({ method: 'GET', url: '/api/header', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    const mainpage = await ctx.app.inject({ method: 'GET', url: '/api/mainpage', headers: { cookie } });
    expect(mainpage.body).not.toContain('personal_price');
  });
});

describe('unknown API paths', () => {
  it('answer 404 in the API shape', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().scode).toBe(404);
  });
});
