/**
 * The record of a company API key's uses is bounded: each key keeps its latest uses, pruned as it is used,
 * while the account's API-keys section still shows the key's last use.
 */
import { and, count, eq, max, min } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiKeyUses } from '../../db/schema';
import { call, clientAddress } from '../../test/admin';
import { DEMO, signIn, useTestApp } from '../../test/harness';
import { waitFor } from '../../test/mail-sink';
import { PRUNE_EVERY, USES_KEPT } from './uses';

// Enough requests a minute for one key to be used past a pruning.
const ctx = useTestApp({ API_KEY_RATE_LIMIT: 1000 });
let admin = '';

beforeAll(async () => {
  admin = await signIn(ctx.app, DEMO.C10001.username, DEMO.C10001.password);
});

async function makeKey(name: string) {
  const made = await call(ctx.app, 'POST', '/api/user/api-keys', admin, { name, scopes: ['prices:read'] });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body as { apiKey: { key_id: number }; secret: string };
}

const use = (secret: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/v1/addresses',
    remoteAddress: clientAddress(),
    headers: { authorization: `Bearer ${secret}` },
  });

/**
 * Uses recorded long ago, straight in the table: `rows` of them a second apart, the oldest `fromDaysAgo`
 * days back (its time is returned).
 */
async function oldUses(keyId: number, rows: number, fromDaysAgo: number): Promise<number> {
  const start = Date.now() - fromDaysAgo * 86_400_000;
  const values = Array.from({ length: rows }, (_, i) => ({
    keyId,
    at: new Date(start + i * 1000),
    method: 'GET',
    route: '/api/v1/price-list',
    status: 200,
  }));
  for (let i = 0; i < values.length; i += 500)
    await ctx.database.db.insert(apiKeyUses).values(values.slice(i, i + 500));
  return start;
}

async function usesOf(keyId: number) {
  const [row] = await ctx.database.db
    .select({ rows: count(), oldest: min(apiKeyUses.at), newest: max(apiKeyUses.at) })
    .from(apiKeyUses)
    .where(eq(apiKeyUses.keyId, keyId));
  return row!;
}

async function requestsRecorded(keyId: number) {
  const [row] = await ctx.database.db
    .select({ rows: count() })
    .from(apiKeyUses)
    .where(and(eq(apiKeyUses.keyId, keyId), eq(apiKeyUses.route, '/api/v1/addresses')));
  return row!.rows;
}

describe('the uses of a key', () => {
  it(`keep the latest ${USES_KEPT}, pruned as the key is used, and the key's last use stays shown`, async () => {
    const made = await makeKey('Busy sync');
    const keyId = made.apiKey.key_id;
    const start = await oldUses(keyId, USES_KEPT + 300, 30);
    expect((await usesOf(keyId)).rows).toBe(USES_KEPT + 300);

    // The first use prunes: the newest uses are kept, this one among them.
    expect((await use(made.secret)).statusCode).toBe(200);
    await waitFor('the use to be recorded', async () => (await requestsRecorded(keyId)) === 1);
    await waitFor('the uses to be pruned', async () => (await usesOf(keyId)).rows === USES_KEPT);
    // The 300 oldest went, and one more for the use just recorded.
    expect((await usesOf(keyId)).oldest!.getTime()).toBe(start + 301 * 1000);

    // More old rows come in (as from other processes); they stay until this process prunes again, after
    // PRUNE_EVERY uses: the key never holds more than that beyond the bound.
    await oldUses(keyId, 500, 20);
    for (let i = 1; i < PRUNE_EVERY; i++) expect((await use(made.secret)).statusCode).toBe(200);
    await waitFor('the uses to be recorded', async () => (await requestsRecorded(keyId)) === PRUNE_EVERY);
    expect((await usesOf(keyId)).rows).toBeLessThanOrEqual(USES_KEPT + 500 + PRUNE_EVERY);
    expect((await use(made.secret)).statusCode).toBe(200);
    await waitFor(
      'the last use to be recorded',
      async () => (await requestsRecorded(keyId)) === PRUNE_EVERY + 1,
    );
    await waitFor('the uses to be pruned', async () => (await usesOf(keyId)).rows === USES_KEPT);
    // Every request of the key is among those kept: they are the newest.
    expect(await requestsRecorded(keyId)).toBe(PRUNE_EVERY + 1);

    const listed = (await call(ctx.app, 'GET', '/api/user/api-keys', admin)).body.apiKeys.find(
      (k: { key_id: number }) => k.key_id === keyId,
    );
    expect(Date.now() - Date.parse(listed.last_used_at)).toBeLessThan(60_000);
  });

  it('of another key are left alone', async () => {
    const quiet = await makeKey('Quiet key');
    const busy = await makeKey('Busy key');
    await oldUses(quiet.apiKey.key_id, USES_KEPT + 10, 40);
    await oldUses(busy.apiKey.key_id, USES_KEPT + 10, 40);
    expect((await use(busy.secret)).statusCode).toBe(200);
    await waitFor('the uses to be pruned', async () => (await usesOf(busy.apiKey.key_id)).rows === USES_KEPT);
    expect((await usesOf(quiet.apiKey.key_id)).rows).toBe(USES_KEPT + 10);
  });
});
