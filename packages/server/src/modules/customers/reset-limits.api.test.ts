/**
 * Daily caps of the password reset, kept in the database: codes tried per account (whatever number of
 * codes were sent), codes sent per account; and send-code answering known and unknown accounts alike,
 * in time too. On PostgreSQL the requests go through three app instances on one database.
 */
import { createHash } from 'node:crypto';
import { ACCOUNT_MSG } from '@shop/domain/account/schemas';
import { tooManyCodeAttempts } from '@shop/domain/core/messages';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';
import { authAttempts, outbox, passwordResetCodes } from '../../db/schema';
import { en } from '../../test/english';
import { DEMO, signIn, useTestApp } from '../../test/harness';
import { CODES_PER_DAY, SEND_CODE_MIN_MS } from './password-reset';

const ctx = useTestApp();
const extra: { app: FastifyInstance; database: Database }[] = [];
let instances: FastifyInstance[] = [];

beforeAll(async () => {
  instances = [ctx.app];
  if (ctx.url) {
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ url: ctx.url, poolSize: 4 });
      const app = await buildApp(ctx.config, { database, prepared: true });
      extra.push({ app, database });
      instances.push(app);
    }
  }
});

afterAll(async () => {
  for (const { app, database } of extra) {
    await app.close();
    await database.close();
  }
});

const pick = (i: number) => instances[i % instances.length]!;
// Every call from its own address, so the per-address limit (10 a minute) stays out of the way.
let client = 0;
const nextAddress = () => `10.8.${Math.floor(++client / 250)}.${client % 250}`;

function reset(i: number, username: string, verificationCode: string, password = 'Daily@2024') {
  return pick(i).inject({
    method: 'POST',
    url: '/api/user/forget/resetpassword',
    payload: { username, password, confirmPassword: password, verificationCode },
    remoteAddress: nextAddress(),
  });
}

function sendCode(i: number, username: string) {
  return pick(i).inject({
    method: 'POST',
    url: '/api/user/forget/sendcode',
    payload: { username },
    remoteAddress: nextAddress(),
  });
}

/** A code the test knows, as if it had just been mailed; it replaces the older ones. */
async function knownCode(contactPersonId: string, code: string) {
  await ctx.database.db.insert(passwordResetCodes).values({
    contactPersonId,
    codeHash: createHash('sha256').update(code).digest('hex'),
    expiresAt: new Date(Date.now() + 600_000),
  });
}

const codeRows = (contactPersonId: string) =>
  ctx.database.db
    .select()
    .from(passwordResetCodes)
    .where(eq(passwordResetCodes.contactPersonId, contactPersonId));

describe('codes tried per account and day', () => {
  it('10 tries a day whatever number of codes were sent; then even the right code waits a day', async () => {
    const answers: number[] = [];
    for (let round = 0; round < 2; round++) {
      await knownCode('CP10001', '111111');
      for (let i = 0; i < 5; i++) answers.push((await reset(round * 5 + i, 'C10001', '222222')).statusCode);
    }
    expect(answers).toEqual(Array(10).fill(400));

    await knownCode('CP10001', '333333');
    const refused = await reset(1, 'C10001', '333333');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ scode: 429, smessage: en(tooManyCodeAttempts(86_400_000)) });
    expect(refused.json().smessage).toBe(
      'Too many verification code attempts, please wait 24 hours and try again.',
    );
    // Nothing changed: the old password still signs in.
    await signIn(ctx.app, 'C10001', DEMO.C10001.password);

    // A day later the tries are back, and the code (still fresh here) works.
    await ctx.database.db.execute(
      sql`update ${authAttempts}
          set locked_until = now() - interval '1 second', last_attempt_at = now() - interval '25 hours'
          where subject = 'reset:CP10001'`,
    );
    expect((await reset(2, 'C10001', '333333')).statusCode).toBe(200);
    await signIn(ctx.app, 'C10001', 'Daily@2024');
  });

  it('answers an unknown Customer ID exactly as a known one', async () => {
    const unknown: string[] = [];
    const known: string[] = [];
    await knownCode('CP10002', '444444');
    for (let i = 0; i < 11; i++) {
      if (i === 5) await knownCode('CP10002', '444444');
      const a = await reset(i, 'C55555', '555555');
      const b = await reset(i, 'C10002', '555555');
      unknown.push(`${a.statusCode} ${a.json().smessage}`);
      known.push(`${b.statusCode} ${b.json().smessage}`);
    }
    expect(unknown).toEqual(known);
    expect(unknown[0]).toBe(`400 ${en(ACCOUNT_MSG.resetCodeWrong)}`);
    expect(unknown[10]).toBe(`429 ${en(tooManyCodeAttempts(86_400_000))}`);
  });
});

describe('codes sent per account and day', () => {
  it(`mails at most ${CODES_PER_DAY} codes a day, one a minute, and answers the same when it does not`, async () => {
    await ctx.database.db.delete(passwordResetCodes).where(eq(passwordResetCodes.contactPersonId, 'CP10001'));
    const minuteLater = () =>
      ctx.database.db
        .update(passwordResetCodes)
        .set({ createdAt: sql`${passwordResetCodes.createdAt} - interval '2 minutes'` })
        .where(eq(passwordResetCodes.contactPersonId, 'CP10001'));
    const bodies = new Set<string>();
    for (let i = 0; i < CODES_PER_DAY + 2; i++) {
      const response = await sendCode(i, 'C10001');
      expect(response.statusCode).toBe(200);
      bodies.add(response.body);
      await minuteLater();
    }
    expect(bodies.size).toBe(1);
    expect(await codeRows('CP10001')).toHaveLength(CODES_PER_DAY);

    // The next day brings new codes.
    await ctx.database.db
      .update(passwordResetCodes)
      .set({ createdAt: sql`${passwordResetCodes.createdAt} - interval '1 day'` })
      .where(eq(passwordResetCodes.contactPersonId, 'CP10001'));
    expect((await sendCode(0, 'C10001')).statusCode).toBe(200);
    expect(await codeRows('CP10001')).toHaveLength(CODES_PER_DAY + 1);
  });
});

describe('send-code timing', () => {
  it('takes as long for an unknown account as for one that gets a code', async () => {
    const timed = async (username: string, i: number) => {
      const start = performance.now();
      const response = await sendCode(i, username);
      expect(response.statusCode).toBe(200);
      return performance.now() - start;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    const mails = async () => (await ctx.database.db.select({ id: outbox.id }).from(outbox)).length;
    for (let i = 0; i < 5; i++) {
      // Earlier codes moved to the day before, so each of these really sends one.
      await ctx.database.db
        .update(passwordResetCodes)
        .set({ createdAt: sql`${passwordResetCodes.createdAt} - interval '1 day 2 minutes'` })
        .where(eq(passwordResetCodes.contactPersonId, 'CP10002'));
      const before = await mails();
      known.push(await timed('C10002', i));
      expect(await mails()).toBe(before + 1);
      unknown.push(await timed(`C4${i}404`, i));
    }
    expect(Math.min(...unknown)).toBeGreaterThanOrEqual(SEND_CODE_MIN_MS);
    expect(Math.min(...known)).toBeGreaterThanOrEqual(SEND_CODE_MIN_MS);
    // Each side's quickest answer: the one least slowed by whatever else the machine is doing.
    expect(Math.abs(Math.min(...known) - Math.min(...unknown))).toBeLessThan(SEND_CODE_MIN_MS / 2);
  });
});
