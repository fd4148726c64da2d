/**
 * Sessions end everywhere at once. On PostgreSQL three app instances share one database (as three server
 * processes behind a load balancer would); on PGlite one instance shows the cache and its notifications.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';
import { notify } from '../../db/notify';
import { customers, passwordResetCodes, sessions } from '../../db/schema';
import { DEMO, signIn, useTestApp } from '../../test/harness';
import { waitFor } from '../../test/mail-sink';
import { hashToken, SESSION_CHANNEL } from './customer-sessions';

const ctx = useTestApp();
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const extra: { app: FastifyInstance; database?: Database }[] = [];
/** Instance A (ctx.app) and, on PostgreSQL, B and C on the same database. */
let instances: FastifyInstance[] = [];

/** Another app on the same database (on PGlite: the same embedded database, in this process). */
async function instance(): Promise<FastifyInstance> {
  const database = ctx.url ? await openDatabase({ url: ctx.url, poolSize: 4 }) : undefined;
  const app = await buildApp(ctx.config, { database: database ?? ctx.database, prepared: true });
  extra.push({ app, database });
  return app;
}

beforeAll(async () => {
  instances = [ctx.app];
  if (onPostgres) instances.push(await instance(), await instance());
});

afterAll(async () => {
  for (const { app, database } of extra) {
    await app.close();
    await database?.close();
  }
});

let address = 0;
async function header(app: FastifyInstance, cookie: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/header',
    headers: { cookie },
    remoteAddress: `10.7.0.${++address % 250}`,
  });
  return response;
}

/**
 * Waits until every instance agrees. No deadline of its own (eventually): a cached session lives 5 minutes, far
 * past the test's timeout, so an instance that agrees was told by a notification, not by its cache's expiry.
 */
async function everyInstance(what: string, checks: () => Promise<boolean[]>): Promise<void> {
  await waitFor(what, async () => (await checks()).every(Boolean));
}

const statuses = (cookie: string, apps = instances) =>
  Promise.all(apps.map(async (app) => (await header(app, cookie)).statusCode));

/** Every instance answers 200. */
const live = () => instances.map(() => 200);
const pick = (i: number) => instances[i % instances.length]!;

const tokenOf = (cookie: string) => /(?:^|; )sid=([^;]+)/.exec(cookie)![1]!;

describe('the session cache', () => {
  it('answers a live session without the database, until a notification says otherwise', async () => {
    const cookie = await signIn(ctx.app, 'C10001', DEMO.C10001.password);
    expect(await statuses(cookie)).toEqual(live());
    // Removed behind the application's back (no notification): every instance still answers from memory,
    // which shows that a live session costs no query.
    await ctx.database.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(tokenOf(cookie))));
    expect(await statuses(cookie)).toEqual(live());
    await notify(ctx.database.db, SESSION_CHANNEL, `token:${hashToken(tokenOf(cookie))}`);
    await everyInstance('every instance to refuse the session', async () =>
      (await statuses(cookie)).map((s) => s === 401),
    );
  });
});

describe('on several instances (one on PGlite)', () => {
  it('a sign-out on one instance is refused by every other, which hears of it (its cache would keep it 5 minutes)', async () => {
    const cookie = await signIn(pick(0), 'C10001', DEMO.C10001.password);
    expect(await statuses(cookie)).toEqual(live());
    const out = await pick(0).inject({ method: 'POST', url: '/api/user/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect((await header(pick(0), cookie)).statusCode).toBe(401);
    await everyInstance('every instance to refuse the session', async () =>
      (await statuses(cookie)).map((s) => s === 401),
    );
  });

  it("a password change ends the person's other sessions everywhere; the one that changed it stays", async () => {
    const changing = await signIn(pick(0), 'C10002', DEMO.C10002.password);
    const other = await signIn(pick(1), 'C10002', DEMO.C10002.password);
    const bystander = await signIn(pick(2), 'C10001', DEMO.C10001.password);
    for (const cookie of [changing, other, bystander]) expect(await statuses(cookie)).toEqual(live());
    const newPassword = 'Moved@2024';
    const response = await pick(0).inject({
      method: 'POST',
      url: '/api/user/information/update',
      headers: { cookie: changing },
      payload: {
        customerInfo: {
          customer_id: 'C10002',
          first_name: 'Liam',
          last_name: 'Tremblay',
          email: 'liam.tremblay@mapleleaf.example',
          password: DEMO.C10002.password,
          newPassword,
          confirmPassword: newPassword,
        },
      },
    });
    expect(response.statusCode).toBe(200);
    await everyInstance('every instance to refuse the session', async () =>
      (await statuses(other)).map((s) => s === 401),
    );
    expect(await statuses(changing)).toEqual(live());
    expect(await statuses(bystander)).toEqual(live());
  });

  it('a password reset ends every session of the person everywhere', async () => {
    const cookie = await signIn(pick(1), 'C10001', DEMO.C10001.password);
    expect(await statuses(cookie)).toEqual(live());
    const code = '314159';
    await ctx.database.db.insert(passwordResetCodes).values({
      contactPersonId: 'CP10001',
      codeHash: createHash('sha256').update(code).digest('hex'),
      expiresAt: new Date(Date.now() + 600_000),
    });
    const reset = await pick(2).inject({
      method: 'POST',
      url: '/api/user/forget/resetpassword',
      payload: {
        username: 'C10001',
        password: 'Reset@2024',
        confirmPassword: 'Reset@2024',
        verificationCode: code,
      },
    });
    expect(reset.statusCode).toBe(200);
    await everyInstance('every instance to refuse the session', async () =>
      (await statuses(cookie)).map((s) => s === 401),
    );
  });

  it("revokeCustomer ends the sessions of that customer's people on every instance, and no one else's", async () => {
    const revoked = await signIn(pick(0), 'C10001', 'Reset@2024');
    const kept = await signIn(pick(0), 'C10002', 'Moved@2024');
    expect(await statuses(revoked)).toEqual(live());
    expect(await statuses(kept)).toEqual(live());
    await pick(1).services.sessions.revokeCustomer('C10001');
    await everyInstance('every instance to refuse the session', async () =>
      (await statuses(revoked)).map((s) => s === 401),
    );
    expect(await statuses(kept)).toEqual(live());
  });

  it('refreshCustomer makes every instance read the details again; the sessions stay', async () => {
    const cookie = await signIn(pick(0), 'C10002', 'Moved@2024');
    const percentages = async () =>
      Promise.all(instances.map(async (app) => (await header(app, cookie)).json().customer[0].percentage));
    expect(await percentages()).toEqual(instances.map(() => 10));
    await ctx.database.db.update(customers).set({ percentage: 22 }).where(eq(customers.customerId, 'C10002'));
    // Cached until someone says the customer changed.
    expect(await percentages()).toEqual(instances.map(() => 10));
    await pick(2).services.sessions.refreshCustomer('C10002');
    await everyInstance('every instance to read the new percentage', async () =>
      (await percentages()).map((p) => p === 22),
    );
    expect(await statuses(cookie)).toEqual(live());
  });

  it.runIf(onPostgres)(
    'an instance whose listener lost its connection reads sessions again once it is back (PostgreSQL only)',
    async () => {
      const cookie = await signIn(pick(0), 'C10002', 'Moved@2024');
      expect(await statuses(cookie)).toEqual(live());
      const b = pick(1);
      let reconnected = false;
      b.services.notifier.onReconnect(() => {
        reconnected = true;
      });
      await ctx.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name like 'shop %' and datname = current_database()`,
      );
      // Ended while no instance could hear of it.
      await ctx.database.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(tokenOf(cookie))));
      await waitFor('the listener to reconnect', () => reconnected && b.services.notifier.connected);
      expect((await header(b, cookie)).statusCode).toBe(401);
    },
  );

  it('while its listener is down, an instance asks the database for every session', async () => {
    const lonely = await instance();
    const cookie = await signIn(pick(0), 'C10002', 'Moved@2024');
    expect((await header(lonely, cookie)).statusCode).toBe(200);
    await lonely.services.notifier.close();
    expect(lonely.services.notifier.connected).toBe(false);
    expect((await header(lonely, cookie)).statusCode).toBe(200);
    await ctx.database.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(tokenOf(cookie))));
    expect((await header(lonely, cookie)).statusCode).toBe(401);
  });
});
