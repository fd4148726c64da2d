/**
 * Who reaches the back office: every route registered under /api/admin refuses visitors and customers,
 * owner-only routes refuse clerks, staff sessions are their own (and not customers), expire after 12 idle
 * hours, and sign-in is throttled per account in every process.
 */
import { LOGIN_FAILURES_BEFORE_WAIT } from '@shop/domain/back-office/schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { staff, staffSessions } from '../../db/schema';
import { call, OWNER, staffSignIn, tokenIn, uniqueEmail, waitForMail } from '../../test/admin';
import { DEMO, signIn, useTestApp } from '../../test/harness';
import { startMailSink } from '../../test/mail-sink';
import { hashToken } from './customer-sessions';

const sink = await startMailSink();
const ctx = useTestApp({ SMTP_URL: sink.url });
afterAll(() => sink.close());

/** Routes anyone may call: the sign-in itself. */
const PUBLIC = ['POST /api/admin/login'];
/** Routes for owners only; a route moving in or out of this list is a decision, so the test names them. */
const OWNER_ONLY = [
  'GET /api/admin/staff',
  'POST /api/admin/staff',
  'PATCH /api/admin/staff/:staffId',
  'POST /api/admin/staff/:staffId/send-link',
  'POST /api/admin/customers',
  'PATCH /api/admin/customers/:customerId',
  'POST /api/admin/customers/:customerId/disable',
  'POST /api/admin/customers/:customerId/enable',
  'POST /api/admin/customers/:customerId/password-link',
  'POST /api/admin/customers/:customerId/contacts',
  'PATCH /api/admin/customers/:customerId/contacts/:contactId',
  'POST /api/admin/applications/:applicationId/reject',
  'GET /api/admin/audit',
  'POST /api/admin/tax-rates',
  'PUT /api/admin/tax-rates/:rateId',
  'GET /api/admin/fees',
  'POST /api/admin/fees',
  'PUT /api/admin/fees/:feeId',
  'PUT /api/admin/customers/:customerId/credit',
  'GET /api/admin/staff-tokens',
  'POST /api/admin/staff-tokens',
  'POST /api/admin/staff-tokens/:tokenId/revoke',
  'GET /api/admin/accounting/tax-codes',
  'PUT /api/admin/accounting/tax-codes',
  'GET /api/admin/accounting/export',
  'GET /api/admin/accounting/ids',
  'PUT /api/admin/accounting/ids',
  'GET /api/admin/webhooks',
  'POST /api/admin/webhooks',
  'PATCH /api/admin/webhooks/:endpointId',
  'DELETE /api/admin/webhooks/:endpointId',
  'GET /api/admin/webhooks/:endpointId/deliveries',
  'POST /api/admin/webhooks/:endpointId/test',
  'POST /api/admin/webhooks/:endpointId/deliveries/:deliveryId/resend',
];

let owner = '';
let clerk = '';
let customer = '';

function adminRoutes() {
  return ctx.app.routeTable
    .filter((r) => r.url.startsWith('/api/admin/') && r.method !== 'HEAD')
    .map((r) => ({ ...r, key: `${r.method} ${r.url}` }));
}

async function makeStaff(role: 'owner' | 'clerk', password: string) {
  const email = uniqueEmail(role);
  const added = await call(ctx.app, 'POST', '/api/admin/staff', owner, { email, role, name: `A ${role}` });
  expect(added.status).toBe(200);
  const text = await waitForMail(sink, email, 'set-password?token=');
  expect(text).toContain(`/acer/admin/set-password?token=`);
  const token = tokenIn(text);
  const check = await call(ctx.app, 'POST', '/api/password-link/check', '', { token });
  expect(check.body.link).toMatchObject({ kind: 'staff', sign_in_with: email, purpose: 'staff' });
  const set = await call(ctx.app, 'POST', '/api/password-link/set', '', {
    token,
    password,
    confirmPassword: password,
  });
  expect(set.status).toBe(200);
  // The link works once.
  expect((await call(ctx.app, 'POST', '/api/password-link/set', '', { token, password })).status).toBe(400);
  return {
    email,
    id: added.body.staff.staff_id as number,
    cookie: await staffSignIn(ctx.app, email, password),
  };
}

beforeAll(async () => {
  owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
  clerk = (await makeStaff('clerk', 'Clerk@2024x')).cookie;
  customer = await signIn(ctx.app, DEMO.C10001.username, DEMO.C10001.password);
});

describe('every /api/admin route', () => {
  it('is registered where the test can see it', () => {
    const keys = adminRoutes().map((r) => r.key);
    expect(keys.length).toBeGreaterThan(35);
    for (const key of [
      ...PUBLIC,
      ...OWNER_ONLY,
      'GET /api/admin/orders',
      'POST /api/admin/catalog/import/apply',
    ])
      expect(keys).toContain(key);
  });

  it('refuses visitors with 401 and customers with 401 or 403', async () => {
    const open: string[] = [];
    for (const route of adminRoutes()) {
      if (PUBLIC.includes(route.key)) continue;
      const url = route.url.replace(/:\w+/g, '1');
      for (const cookie of ['', customer]) {
        const answer = await call(
          ctx.app,
          route.method as 'GET',
          url,
          cookie,
          route.method === 'GET' ? undefined : {},
        );
        const refused = cookie === '' ? answer.status === 401 : [401, 403].includes(answer.status);
        if (!refused || typeof answer.body.smessage !== 'string')
          open.push(`${route.key} (${cookie ? 'customer' : 'visitor'}) -> ${answer.status}`);
      }
    }
    expect(open).toEqual([]);
  });

  it('marks exactly the owner-only routes for owners, and clerks get 403 there', async () => {
    const marked = adminRoutes()
      .filter((r) => (r.config as { staffRole?: string } | undefined)?.staffRole === 'owner')
      .map((r) => r.key)
      .sort();
    expect(marked).toEqual([...OWNER_ONLY].sort());
    for (const key of OWNER_ONLY) {
      const [method, path] = key.split(' ') as ['GET', string];
      const answer = await call(
        ctx.app,
        method,
        path.replace(/:\w+/g, '1'),
        clerk,
        method === 'GET' ? undefined : {},
      );
      expect(answer.status, key).toBe(403);
      expect(answer.body.smessage).toBe('Only an owner of the shop can do this.');
    }
    expect((await call(ctx.app, 'GET', '/api/admin/orders', clerk)).status).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/admin/staff', owner)).status).toBe(200);
  });
});

describe('staff sessions', () => {
  it('are not customer sessions, and the cookie goes to the back office only', async () => {
    const login = await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: OWNER });
    const cookie = login.cookies.find((c) => c.name === 'staff_sid');
    expect(cookie).toMatchObject({ path: '/api/admin', httpOnly: true, sameSite: 'Strict' });
    expect(login.json().staff).toMatchObject({ email: OWNER.email, role: 'owner' });
    expect((await call(ctx.app, 'GET', '/api/header', owner)).status).toBe(401);
    const main = await call(ctx.app, 'GET', '/api/mainpage', owner);
    expect(JSON.stringify(main.body)).not.toContain('personal_price');
  });

  it('end after 12 hours without a request, and slide forward with use', async () => {
    const cookie = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
    const db = ctx.database.db;
    const token = /staff_sid=([^;]+)/.exec(cookie)![1]!;
    const mine = eq(staffSessions.tokenHash, hashToken(token));
    await db.update(staffSessions).set({ expiresAt: sql`now() + interval '1 hour'` }).where(mine);
    expect((await call(ctx.app, 'GET', '/api/admin/me', cookie)).status).toBe(200);
    const [row] = await db.select().from(staffSessions).where(mine);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(11 * 3_600_000);
    await db.update(staffSessions).set({ expiresAt: sql`now() - interval '1 second'` }).where(mine);
    expect((await call(ctx.app, 'GET', '/api/admin/me', cookie)).status).toBe(401);
  });

  it('sign-out ends the session in every process at once', async () => {
    const second = await buildApp(ctx.config, { database: ctx.database, prepared: true });
    try {
      const cookie = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
      expect((await call(second, 'GET', '/api/admin/me', cookie)).status).toBe(200);
      expect((await call(ctx.app, 'POST', '/api/admin/logout', cookie)).status).toBe(200);
      expect((await call(second, 'GET', '/api/admin/me', cookie)).status).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('a disabled staff member is signed out and cannot sign in; the last owner stays', async () => {
    const person = await makeStaff('clerk', 'Clerk@2025y');
    const off = await call(ctx.app, 'PATCH', `/api/admin/staff/${person.id}`, owner, { active: false });
    expect(off.body.staff).toMatchObject({ active: false });
    expect((await call(ctx.app, 'GET', '/api/admin/me', person.cookie)).status).toBe(401);
    const again = await call(ctx.app, 'POST', '/api/admin/login', '', {
      email: person.email,
      password: 'Clerk@2025y',
    });
    expect(again.status).toBe(403);
    expect(again.body.smessage).toMatch(/disabled/);
    const [me] = await ctx.database.db.select().from(staff).where(eq(staff.email, OWNER.email));
    const last = await call(ctx.app, 'PATCH', `/api/admin/staff/${me!.staffId}`, owner, { role: 'clerk' });
    expect(last.status).toBe(409);
    expect(last.body.smessage).toMatch(/at least one active owner/);
  });
});

describe('staff sign-in', () => {
  it('refuses a wrong password or unknown e-mail alike, and a bad body with 400', async () => {
    for (const payload of [
      { email: OWNER.email, password: 'wrong' },
      { email: 'nobody@example.com', password: 'Demo@Seller1' },
    ]) {
      const answer = await call(ctx.app, 'POST', '/api/admin/login', '', payload);
      expect(answer.status).toBe(401);
      expect(answer.body.smessage).toBe('E-mail or password is incorrect.');
    }
    expect((await call(ctx.app, 'POST', '/api/admin/login', '', { email: 5 })).status).toBe(400);
  });

  it('makes an account wait after repeated failures, whatever the address', async () => {
    const person = await makeStaff('clerk', 'Clerk@2026z');
    for (let i = 0; i < LOGIN_FAILURES_BEFORE_WAIT; i++) {
      expect(
        (await call(ctx.app, 'POST', '/api/admin/login', '', { email: person.email, password: `no${i}` }))
          .status,
      ).toBe(401);
    }
    const blocked = await call(ctx.app, 'POST', '/api/admin/login', '', {
      email: person.email,
      password: 'Clerk@2026z',
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.smessage).toMatch(/wait 15 minutes/);
  });

  it('throttles per address like the customer sign-in', async () => {
    const app = await buildApp(
      { ...ctx.config, LOGIN_RATE_LIMIT: 3 },
      { database: ctx.database, prepared: true },
    );
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await app.inject({
          method: 'POST',
          url: '/api/admin/login',
          remoteAddress: '10.1.1.1',
          payload: { email: 'x@example.com', password: 'y' },
        });
        statuses.push(r.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await app.close();
    }
  });

  it('a staff member changes their own password; other sessions end', async () => {
    const person = await makeStaff('clerk', 'Clerk@2027a');
    const other = await staffSignIn(ctx.app, person.email, 'Clerk@2027a');
    const changed = await call(ctx.app, 'POST', '/api/admin/me/password', person.cookie, {
      password: 'Clerk@2027a',
      newPassword: 'Clerk@2028b',
      confirmPassword: 'Clerk@2028b',
    });
    expect(changed.status).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/admin/me', other)).status).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/admin/me', person.cookie)).status).toBe(200);
    await staffSignIn(ctx.app, person.email, 'Clerk@2028b');
  });
});
