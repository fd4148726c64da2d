/**
 * A customer's password change checks the current password: each check counts with the account's sign-in
 * tries before it is made, so a signed-in session cannot guess the password past the sign-in lock, even
 * with simultaneous requests from several client addresses (behind a trusted proxy) to two processes. On
 * PGlite all requests go to the one instance.
 */
import { ACCOUNT_MSG } from '@shop/domain/account/schemas';
import { tooManySignInAttempts } from '@shop/domain/core/messages';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { authAttempts } from '../../db/schema';
import { en } from '../../test/english';
import { DEMO, signIn, useSecondApp, useTestApp } from '../../test/harness';
import { SIGN_IN_POLICY } from '../sessions';

const ctx = useTestApp({
  TRUST_PROXY: loadConfig({ TRUST_PROXY: '1' } as NodeJS.ProcessEnv).TRUST_PROXY,
  LOGIN_RATE_LIMIT: 1000,
});
const second = useSecondApp(ctx);

// Three requests per address: under the route's own limit of 20 a minute per address.
const address = (i: number) => `198.51.100.${60 + (i % 10)}`;
const appFor = (i: number): FastifyInstance => (second.app && i % 2 === 1 ? second.app : ctx.app);

function change(i: number, cookie: string, password: string, newPassword = 'Changed@2026t') {
  return appFor(i).inject({
    method: 'POST',
    url: '/api/user/information/update',
    headers: { cookie, 'x-forwarded-for': address(i) },
    payload: {
      customerInfo: {
        customer_id: 'C10002',
        first_name: 'Liam',
        last_name: 'Tremblay',
        email: 'liam.tremblay@mapleleaf.example',
        password,
        newPassword,
        confirmPassword: newPassword,
      },
    },
  });
}

function login(i: number, password: string) {
  return appFor(i).inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username: 'C10002', password },
    headers: { 'x-forwarded-for': address(i) },
  });
}

describe("checking the current password of a customer's password change", () => {
  it(`checks at most ${SIGN_IN_POLICY.free} of 30 wrong current passwords sent at once; the sign-in waits too`, async () => {
    const cookie = await signIn(ctx.app, 'C10002', DEMO.C10002.password);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => change(i, cookie, `Wrong@${i}c`)));
    const checked = answers.filter((r) => r.statusCode === 401);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(SIGN_IN_POLICY.free);
    expect(checked.length + refused.length).toBe(30);
    for (const r of checked) expect(r.json().smessage).toBe(en(ACCOUNT_MSG.currentWrong));
    for (const r of refused) expect(r.json().smessage).toBe(en(tooManySignInAttempts(SIGN_IN_POLICY.lockMs)));

    // The same lock holds the right current password and the sign-in.
    expect((await change(0, cookie, DEMO.C10002.password)).statusCode).toBe(429);
    expect((await login(1, DEMO.C10002.password)).statusCode).toBe(429);

    // Once it passes, the right current password changes the password and starts the count again.
    await ctx.database.db.execute(
      sql`update ${authAttempts} set locked_until = now() - interval '1 second' where subject = 'sign-in:CP10002'`,
    );
    expect((await change(1, cookie, DEMO.C10002.password)).statusCode).toBe(200);
    expect((await login(0, 'Wrong@after1')).statusCode).toBe(401);
    expect((await login(1, 'Changed@2026t')).statusCode).toBe(200);
  });
});
