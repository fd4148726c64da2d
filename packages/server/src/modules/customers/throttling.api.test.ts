/**
 * Sign-in throttling that a proxy cannot fool: per account in the database (whatever address or process
 * the guesses come through), per address on the address Fastify derives. On PostgreSQL the requests are
 * spread over three app instances on one database behind a trusted proxy hop.
 */
import { MSG, tooManySignInAttempts } from '@shop/domain/core/messages';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import { authAttempts } from '../../db/schema';
import { en } from '../../test/english';
import { DEMO, testConfig, useTestApp } from '../../test/harness';

// The proxy in front is trusted for one hop: the address it adds to X-Forwarded-For is the client's.
const behindProxy = { TRUST_PROXY: loadConfig({ TRUST_PROXY: '1' } as NodeJS.ProcessEnv).TRUST_PROXY };
const ctx = useTestApp({ ...behindProxy, LOGIN_RATE_LIMIT: 3 });
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const extra: { app: FastifyInstance; database?: Database }[] = [];
let instances: FastifyInstance[] = [];

beforeAll(async () => {
  instances = [ctx.app];
  if (onPostgres) {
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ url: ctx.url!, poolSize: 4 });
      const app = await buildApp(ctx.config, { database, prepared: true });
      extra.push({ app, database });
      instances.push(app);
    }
  }
});

afterAll(async () => {
  for (const { app, database } of extra) {
    await app.close();
    await database?.close();
  }
});

let client = 0;
/** A new client address behind the proxy. */
const nextClient = () => `198.51.100.${++client % 250}`;

/** Sign-in through the proxy (it connects from 127.0.0.1 and forwards the client's address). */
function login(app: FastifyInstance, username: string, password: string, forwardedFor = nextClient()) {
  return app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username, password },
    headers: { 'x-forwarded-for': forwardedFor },
  });
}

const pick = (i: number) => instances[i % instances.length]!;

/** Lets the current lock of an account pass, as if its time had run out. */
async function letLockPass(contactOrName: string) {
  await ctx.database.db.execute(
    sql`update ${authAttempts} set locked_until = now() - interval '1 second'
        where subject = ${`sign-in:${contactOrName}`}`,
  );
}

describe('per-account sign-in limit', () => {
  it('40 wrong passwords from 40 forwarded addresses are throttled; the right one waits for the lock', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 40; i++) {
      const response = await login(pick(i), 'C10001', `Wrong@${i}x`);
      answers.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toEqual({ scode: 429, smessage: en(tooManySignInAttempts(60_000)) });
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(answers).toEqual([...Array(5).fill(401), ...Array(35).fill(429)]);
    expect(en(tooManySignInAttempts(60_000))).toBe(en(MSG.tooManyAttempts));

    // The right password is refused too while the lock lasts, on every instance.
    for (const app of instances)
      expect((await login(app, 'C10001', DEMO.C10001.password)).statusCode).toBe(429);

    await letLockPass('CP10001');
    expect((await login(pick(1), 'C10001', DEMO.C10001.password)).statusCode).toBe(200);
    // A success starts the count again: a wrong password is a plain 401.
    expect((await login(pick(2), 'C10001', 'Wrong@again1')).statusCode).toBe(401);
    expect((await login(pick(0), 'C10001', DEMO.C10001.password)).statusCode).toBe(200);
  });

  it('each lock after the first is longer (2, 4, 8 and at most 15 minutes)', async () => {
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) await login(pick(i), 'c10002', `Wrong@${i}y`);
    for (let round = 0; round < 5; round++) {
      await letLockPass('CP10002');
      expect((await login(pick(round), 'C10002', `Wrong@${round}z`)).statusCode).toBe(401);
      const locked = await login(pick(round + 1), 'C10002', DEMO.C10002.password);
      expect(locked.statusCode).toBe(429);
      waits.push(Number(locked.headers['retry-after']));
    }
    const minutes = waits.map((s) => Math.round(s / 60));
    expect(minutes).toEqual([2, 4, 8, 15, 15]);
    await letLockPass('CP10002');
    expect((await login(pick(0), 'C10002', DEMO.C10002.password)).statusCode).toBe(200);
  });

  it('checks exactly 5 passwords when 20 guesses arrive at once on every instance', async () => {
    await ctx.database.db.execute(sql`delete from ${authAttempts}`);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(pick(i), 'C10002', `Burst@${i}x`)),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
    await letLockPass('CP10002');
  });

  it('treats an unknown Customer ID exactly like a known one', async () => {
    const unknown: string[] = [];
    const known: string[] = [];
    for (let i = 0; i < 6; i++) {
      const a = await login(pick(i), 'C77777', `Wrong@${i}u`);
      const b = await login(pick(i), 'C10001', `Wrong@${i}k`);
      unknown.push(`${a.statusCode} ${a.json().smessage}`);
      known.push(`${b.statusCode} ${b.json().smessage}`);
    }
    expect(unknown).toEqual(known);
    expect(unknown.at(-1)).toBe(`429 ${en(MSG.tooManyAttempts)}`);
    await letLockPass('CP10001');
  });
});

describe('per-address limit', () => {
  it('counts the client address the trusted proxy forwards, on every instance together', async () => {
    const client = '203.0.113.50';
    // Different (unknown) names, so only the address limit (3 a minute here) can refuse.
    for (let i = 0; i < 3; i++) {
      expect((await login(pick(i), `N${i}ADDR`, 'Wrong@1a', client)).statusCode).toBe(401);
    }
    for (const app of instances)
      expect((await login(app, 'N9ADDR', 'Wrong@1a', client)).statusCode).toBe(429);
    // Another client behind the same proxy has its own budget.
    expect((await login(pick(1), 'N10ADDR', 'Wrong@1a', '203.0.113.51')).statusCode).toBe(401);
  });

  it('without a trusted proxy, X-Forwarded-For does not change the address that is counted', async () => {
    const direct = await buildApp(testConfig({ LOGIN_RATE_LIMIT: 3 }), {
      database: ctx.database,
      prepared: true,
    });
    extra.push({ app: direct });
    const answers: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await direct.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { username: `D${i}DIRECT`, password: 'Wrong@1a' },
        headers: { 'x-forwarded-for': nextClient() },
        remoteAddress: '192.0.2.9',
      });
      answers.push(response.statusCode);
    }
    expect(answers).toEqual([401, 401, 401, 429]);
  });
});
