/**
 * Reset codes tried at once: each try is counted in the database before the code is checked, so 60 wrong
 * codes sent together from several client addresses (behind a trusted proxy) to two server processes get
 * no more checks than the 10 a day an account allows. On PGlite all requests go to the one instance.
 */
import { ACCOUNT_MSG } from '@shop/domain/account/schemas';
import { tooManyCodeAttempts } from '@shop/domain/core/messages';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { Db } from '../../db/client';
import { authAttempts } from '../../db/schema';
import { en } from '../../test/english';
import { DEMO, signIn, useSecondApp, useTestApp } from '../../test/harness';
import { eventually, startMailSink } from '../../test/mail-sink';
import { beginAttempt, RESET_POLICY } from '../sessions';

const sink = await startMailSink();
// Registered first, so it runs last: the apps close their mail connections before the sink stops.
afterAll(() => sink.close());
const ctx = useTestApp({
  SMTP_URL: sink.url,
  TRUST_PROXY: loadConfig({ TRUST_PROXY: '1' } as NodeJS.ProcessEnv).TRUST_PROXY,
});
const second = useSecondApp(ctx);

const TRIES_A_DAY = RESET_POLICY.free;
// Twelve client addresses per test, 5 requests each: under the per-address limit of the route (10 a
// minute), so only the account's count can refuse.
const address = (group: number, i: number) => `198.51.${100 + group}.${40 + (i % 12)}`;
const appFor = (i: number): FastifyInstance => (second.app && i % 2 === 1 ? second.app : ctx.app);

function reset(i: number, username: string, verificationCode: string, group = 0) {
  return appFor(i).inject({
    method: 'POST',
    url: '/api/user/forget/resetpassword',
    payload: { username, password: 'Raced@2026', confirmPassword: 'Raced@2026', verificationCode },
    headers: { 'x-forwarded-for': address(group, i) },
  });
}

/** Asks for a code through the API and reads it from the mail. */
async function mailedCode(username: string, email: string): Promise<string> {
  const before = sink.received.length;
  const sent = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/forget/sendcode',
    payload: { username },
    headers: { 'x-forwarded-for': '198.51.100.99' },
  });
  expect(sent.statusCode).toBe(200);
  return eventually(`a code mailed to ${email}`, () => {
    const mail = sink.received.slice(before).find((m) => m.to.includes(email));
    return mail && /verification code is (\d{6})/.exec(mail.text)?.[1];
  });
}

/** Six digits that are not `code`. */
const wrongCode = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

describe('reset codes tried at once', () => {
  it(`checks at most ${TRIES_A_DAY} of 60 wrong codes sent at once from 12 addresses to two processes`, async () => {
    const code = await mailedCode('C10001', 'olivia.martin@northwind.example');
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => reset(i, 'C10001', wrongCode(code, i))),
    );
    const checked = answers.filter((r) => r.statusCode === 400);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(TRIES_A_DAY);
    expect(checked.length + refused.length).toBe(60);
    for (const r of checked) expect(r.json().smessage).toBe(en(ACCOUNT_MSG.resetCodeWrong));
    for (const r of refused) {
      expect(r.json()).toEqual({ scode: 429, smessage: en(tooManyCodeAttempts(86_400_000)) });
    }

    // The mailed code is refused too, on either process, and the password stays as it was.
    for (let i = 0; i < 2; i++) expect((await reset(i, 'C10001', code)).statusCode).toBe(429);
    await signIn(ctx.app, 'C10001', DEMO.C10001.password);
  });

  it('limits an unknown Customer ID the same way', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => reset(i, 'C77777', '123456', 1)));
    const checked = answers.filter((r) => r.statusCode === 400);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(TRIES_A_DAY);
    expect(checked.length + refused.length).toBe(60);
    for (const r of checked) expect(r.json().smessage).toBe(en(ACCOUNT_MSG.resetCodeWrong));
    for (const r of refused) expect(r.json().smessage).toBe(en(tooManyCodeAttempts(86_400_000)));
  });
});

describe('the attempt count', () => {
  // Two attempts can read the same clock (PostgreSQL's now() is the transaction's start, in microseconds);
  // inside one transaction they always do. The one that finds the account locked is still refused.
  it('refuses an attempt made while locked even when it reads the same clock as the last counted one', async () => {
    const subject = 'reset:same-clock';
    const verdicts = await ctx.database.db.transaction(async (tx) => {
      const all = [];
      for (let i = 0; i <= TRIES_A_DAY; i++) {
        all.push(await beginAttempt(tx as unknown as Db, ctx.app.log, RESET_POLICY, subject));
      }
      return all;
    });
    expect(verdicts.slice(0, TRIES_A_DAY)).toEqual(Array(TRIES_A_DAY).fill({ allowed: true }));
    expect(verdicts[TRIES_A_DAY]).toMatchObject({ allowed: false });
    const [row] = await ctx.database.db
      .select()
      .from(authAttempts)
      .where(sql`${authAttempts.subject} = ${subject}`);
    expect(row!.attempts).toBe(TRIES_A_DAY);
  });
});
