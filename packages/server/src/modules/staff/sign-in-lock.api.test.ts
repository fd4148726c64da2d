/**
 * The back office's sign-in lock under a burst: every attempt is counted in the database before the
 * password is checked, so simultaneous guesses from several client addresses (behind a trusted proxy) on
 * two server processes get no more checks than one at a time; an unknown e-mail is locked the same way,
 * and a staff member's own password change counts its checks of the current password too. A run of tries is
 * remembered for a day, so a wait that passes gives one more try, not another ten. On PGlite all
 * requests go to the one instance.
 */
import { ACCOUNT_MSG } from '@shop/domain/account/schemas';
import { ADMIN_MSG, LOGIN_FAILURES_BEFORE_WAIT, LOGIN_WAIT_MS } from '@shop/domain/back-office/schemas';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { authAttempts, staff } from '../../db/schema';
import { en } from '../../test/english';
import { cookieHeader, useSecondApp, useTestApp } from '../../test/harness';
import { hashPassword } from '../sessions';
import { issueLink } from './links';
import { TOO_MANY_FAILURES } from './service';

// The proxy in front is trusted for one hop: the address it adds to X-Forwarded-For is the client's. The
// per-address limit is set far above what any address sends here, so only the account's lock can refuse.
const ctx = useTestApp({
  TRUST_PROXY: loadConfig({ TRUST_PROXY: '1' } as NodeJS.ProcessEnv).TRUST_PROXY,
  LOGIN_RATE_LIMIT: 1000,
});
const second = useSecondApp(ctx);

const ADDRESSES = [
  '198.51.100.11',
  '198.51.100.12',
  '198.51.100.13',
  '203.0.113.21',
  '203.0.113.22',
  '203.0.113.23',
];
const PASSWORD = 'Locked@2026q';

const appFor = (i: number): FastifyInstance => (second.app && i % 2 === 1 ? second.app : ctx.app);

function login(i: number, email: string, password: string) {
  return appFor(i).inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email, password },
    headers: { 'x-forwarded-for': ADDRESSES[i % ADDRESSES.length]! },
  });
}

let made = 0;
/** A clerk with a password, straight in the database. */
async function makeClerk(): Promise<{ staffId: number; email: string }> {
  const email = `lock.${Date.now().toString(36)}${++made}@example.com`;
  const [row] = await ctx.database.db
    .insert(staff)
    .values({ email, name: 'Locked Clerk', role: 'clerk', passwordHash: await hashPassword(PASSWORD) })
    .returning();
  return { staffId: row!.staffId, email };
}

/** The lock passes, and the attempts before it lie further back than the wait, as if the time had gone by. */
async function letWaitPass() {
  await ctx.database.db.execute(
    sql`update ${authAttempts} set locked_until = now() - interval '1 second',
          last_attempt_at = now() - ${`${LOGIN_WAIT_MS + 60_000} milliseconds`}::interval
        where subject like 'staff-sign-in:%'`,
  );
}

/** A day passes without a try: the attempts before it are forgotten. */
async function letDayPass() {
  await ctx.database.db.execute(
    sql`update ${authAttempts} set locked_until = now() - interval '1 second',
          last_attempt_at = now() - interval '1 day' - interval '1 minute'
        where subject like 'staff-sign-in:%'`,
  );
}

function expectLocked(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ scode: 429, smessage: TOO_MANY_FAILURES });
  const seconds = Number(response.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(LOGIN_WAIT_MS / 1000);
}

beforeAll(async () => {
  await ctx.database.db.execute(sql`delete from ${authAttempts}`);
});

describe('staff sign-in lock under simultaneous guesses', () => {
  it(`checks at most ${LOGIN_FAILURES_BEFORE_WAIT} of 60 wrong passwords sent at once from 6 addresses to two processes`, async () => {
    const person = await makeClerk();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(i, person.email, `Wrong@${i}guess`)),
    );
    const checked = answers.filter((r) => r.statusCode === 401);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(LOGIN_FAILURES_BEFORE_WAIT);
    expect(checked.length + refused.length).toBe(60);
    for (const r of checked) expect(r.json().smessage).toBe(ADMIN_MSG.loginFailed);
    for (const r of refused) expectLocked(r);

    // The right password waits as well, on every process.
    for (let i = 0; i < 2; i++) expectLocked(await login(i, person.email, PASSWORD));

    // Once the wait is over the right password signs in, and a success starts the count again.
    await letWaitPass();
    expect((await login(1, person.email, PASSWORD)).statusCode).toBe(200);
    expect((await login(2, person.email, 'Wrong@after')).statusCode).toBe(401);
    expect((await login(3, person.email, PASSWORD)).statusCode).toBe(200);
  });

  it(`allows ${LOGIN_FAILURES_BEFORE_WAIT} tries, then one each ${LOGIN_WAIT_MS / 60_000} minutes for the rest of the day, as the customer lock does`, async () => {
    const person = await makeClerk();
    const tries = async (count: number, round: string) => {
      const statuses: number[] = [];
      for (let i = 0; i < count; i++)
        statuses.push((await login(i, person.email, `Wrong@${round}.${i}`)).statusCode);
      return statuses;
    };
    expect(await tries(LOGIN_FAILURES_BEFORE_WAIT + 1, 'first')).toEqual([
      ...Array(LOGIN_FAILURES_BEFORE_WAIT).fill(401),
      429,
    ]);
    // Each wait that passes gives one try, not ${LOGIN_FAILURES_BEFORE_WAIT} more: the run is remembered.
    for (let wait = 0; wait < 3; wait++) {
      await letWaitPass();
      expect(await tries(2, `wait${wait}`)).toEqual([401, 429]);
    }
    expectLocked(await login(0, person.email, PASSWORD));
    // A day without a try forgets the run: ${LOGIN_FAILURES_BEFORE_WAIT} tries again.
    await letDayPass();
    expect(await tries(LOGIN_FAILURES_BEFORE_WAIT + 1, 'next day')).toEqual([
      ...Array(LOGIN_FAILURES_BEFORE_WAIT).fill(401),
      429,
    ]);
    // The right password, once the wait is over, signs in and ends the run.
    await letWaitPass();
    expect((await login(0, person.email, PASSWORD)).statusCode).toBe(200);
    expect(await tries(LOGIN_FAILURES_BEFORE_WAIT, 'after')).toEqual(
      Array(LOGIN_FAILURES_BEFORE_WAIT).fill(401),
    );
  });

  it('answers an unknown e-mail exactly as a staff member’s: 10 times 401, then the same 429', async () => {
    const person = await makeClerk();
    const unknownEmail = `nobody.${Date.now().toString(36)}@example.com`;
    const known: string[] = [];
    const unknown: string[] = [];
    const show = (r: LightMyRequestResponse) =>
      `${r.statusCode} ${r.json().smessage} ${r.headers['retry-after'] === undefined ? 'now' : 'later'}`;
    for (let i = 0; i <= LOGIN_FAILURES_BEFORE_WAIT; i++) {
      known.push(show(await login(i, person.email, `Wrong@${i}k`)));
      unknown.push(show(await login(i, unknownEmail, `Wrong@${i}k`)));
    }
    expect(unknown).toEqual(known);
    expect(known.slice(0, LOGIN_FAILURES_BEFORE_WAIT)).toEqual(
      Array(LOGIN_FAILURES_BEFORE_WAIT).fill(`401 ${ADMIN_MSG.loginFailed} now`),
    );
    expect(known[LOGIN_FAILURES_BEFORE_WAIT]).toBe(`429 ${TOO_MANY_FAILURES} later`);
    // The unknown address is named as typed, whatever its case.
    expectLocked(await login(1, unknownEmail.toUpperCase(), 'Wrong@upper'));
  });

  it('a new password set through a mailed link ends the lock', async () => {
    const person = await makeClerk();
    await Promise.all(Array.from({ length: 20 }, (_, i) => login(i, person.email, `Wrong@${i}l`)));
    expectLocked(await login(0, person.email, PASSWORD));
    const token = await issueLink(ctx.database.db, { staffId: person.staffId }, 'staff', 3_600_000);
    const set = await ctx.app.inject({
      method: 'POST',
      url: '/api/password-link/set',
      payload: { token, password: 'Unlocked@2026r' },
      headers: { 'x-forwarded-for': ADDRESSES[0]! },
    });
    expect(set.statusCode).toBe(200);
    expect((await login(1, person.email, 'Unlocked@2026r')).statusCode).toBe(200);
  });

  it('counts the current-password check of a staff member’s own password change with the sign-ins', async () => {
    const person = await makeClerk();
    const signedIn = await login(0, person.email, PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    const cookie = cookieHeader(signedIn);
    const change = (i: number, password: string) =>
      appFor(i).inject({
        method: 'POST',
        url: '/api/admin/me/password',
        payload: { password, newPassword: 'Changed@2026s', confirmPassword: 'Changed@2026s' },
        headers: { cookie, 'x-forwarded-for': ADDRESSES[i % ADDRESSES.length]! },
      });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => change(i, `Wrong@${i}m`)));
    const checked = answers.filter((r) => r.statusCode === 401);
    expect(checked.length).toBeLessThanOrEqual(LOGIN_FAILURES_BEFORE_WAIT);
    for (const r of checked) expect(r.json().smessage).toBe(en(ACCOUNT_MSG.currentWrong));
    for (const r of answers.filter((a) => a.statusCode !== 401)) expectLocked(r);
    // The same lock holds the sign-in and the right current password.
    expectLocked(await login(1, person.email, PASSWORD));
    expectLocked(await change(1, PASSWORD));
    await letWaitPass();
    expect((await change(1, PASSWORD)).statusCode).toBe(200);
    expect((await login(0, person.email, 'Changed@2026s')).statusCode).toBe(200);
  });
});
