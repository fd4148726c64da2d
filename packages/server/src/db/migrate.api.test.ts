/**
 * Several processes starting at the same moment on one PostgreSQL database: the migrations and the demo
 * seed run under an advisory lock, so every instance serves and the seed runs once.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { SERVER_ROOT } from '../server-root';
import { createEmptyDatabase, openTestDatabase, testConfig } from '../test/harness';
import { eventually } from '../test/mail-sink';
import { openDatabase } from './client';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const journal = JSON.parse(readFileSync(join(SERVER_ROOT, 'drizzle/meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

interface Counts {
  customers: number;
  contacts: number;
  products: number;
  /** Every product write takes a row_version: a second seed would have rewritten every product. */
  maxRowVersion: number;
  migrations: number;
}

async function counts(url: string): Promise<Counts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async (query: string) => Number((await client.query(query)).rows[0].n);
    return {
      customers: await one('select count(*) as n from customers'),
      contacts: await one('select count(*) as n from contacts'),
      products: await one('select count(*) as n from products'),
      maxRowVersion: await one('select max(row_version) as n from products'),
      migrations: await one('select count(*) as n from drizzle.__drizzle_migrations'),
    };
  } finally {
    await client.end();
  }
}

async function migrationsApplied(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query('select count(*) as n from drizzle.__drizzle_migrations')).rows[0].n);
  } finally {
    await client.end();
  }
}

/** What one seed on its own gives: the counts of a copy of the tests' template (seeded once). */
async function seededOnce(): Promise<Counts> {
  const copy = await openTestDatabase();
  try {
    return await counts(copy.url!);
  } finally {
    await copy.drop();
  }
}

async function startThree(url: string): Promise<FastifyInstance[]> {
  const config = testConfig({ DATABASE_URL: url, SEED_DEMO: true, DATABASE_POOL_SIZE: 3 });
  return Promise.all([buildApp(config), buildApp(config), buildApp(config)]);
}

/**
 * Readiness checks the database within a second: on a busy machine one answer can miss that, as it would in
 * production, so an instance is waited for until it says it is ready.
 */
function ready(app: FastifyInstance) {
  return eventually('the instance to be ready', async () => {
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    return response.statusCode === 200 && response;
  });
}

async function expectAllServe(apps: FastifyInstance[], items: number): Promise<void> {
  for (const app of apps) {
    const home = await app.inject({ method: 'GET', url: '/api/mainpage' });
    expect(home.statusCode).toBe(200);
    expect((await ready(app)).json().catalog.items).toBe(items);
  }
}

describe.skipIf(!onPostgres)('several processes starting together on PostgreSQL (PostgreSQL only)', () => {
  let expected: Counts;
  /** The scratch databases, dropped after the tests (a drop waits for a checkpoint: no test waits on it). */
  const made: { drop: () => Promise<void> }[] = [];
  const emptyDatabase = async () => {
    const empty = await createEmptyDatabase();
    made.push(empty);
    return empty;
  };
  beforeAll(async () => {
    expected = await seededOnce();
  });
  afterAll(async () => {
    for (const database of made) await database.drop();
  });

  it('three instances on an empty database all serve, and the demo seed ran once', async () => {
    expect(expected.customers).toBe(2);
    const empty = await emptyDatabase();
    let apps: FastifyInstance[] = [];
    try {
      apps = await startThree(empty.url);
      const after = await counts(empty.url);
      expect(after).toEqual({ ...expected, migrations: journal.entries.length });
      await expectAllServe(apps, expected.products);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });

  it('three instances on an older database bring it up to date together', async () => {
    const empty = await emptyDatabase();
    // The first migration alone, as a database made by an older release would have it.
    const older = mkdtempSync(join(tmpdir(), 'shop-migrations-'));
    cpSync(join(SERVER_ROOT, 'drizzle'), older, { recursive: true });
    writeFileSync(
      join(older, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, 1) }),
    );
    let apps: FastifyInstance[] = [];
    try {
      const database = await openDatabase({ url: empty.url, poolSize: 1, migrationsFolder: older });
      await database.migrate();
      await database.close();
      expect(await migrationsApplied(empty.url)).toBe(1);

      apps = await startThree(empty.url);
      expect(await counts(empty.url)).toEqual({ ...expected, migrations: journal.entries.length });
      await expectAllServe(apps, expected.products);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      rmSync(older, { recursive: true, force: true });
    }
  });

  it('a migration run and a server start at the same moment do not collide; PostgreSQL gets no demo data unasked', async () => {
    const empty = await emptyDatabase();
    let app: FastifyInstance | null = null;
    try {
      const migrator = await openDatabase({ url: empty.url, poolSize: 1 });
      // The environment a deployer gives: DATABASE_URL, and SEED_DEMO left unset.
      const config = loadConfig({
        DATABASE_URL: empty.url,
        LOG_LEVEL: 'silent',
        WEB_DIST: '/nonexistent',
      } as NodeJS.ProcessEnv);
      const [, started] = await Promise.all([
        migrator.migrate().finally(() => migrator.close()),
        buildApp(config),
      ]);
      app = started;
      const after = await counts(empty.url);
      expect(after.migrations).toBe(journal.entries.length);
      expect(after.customers).toBe(0);
      expect(after.contacts).toBe(0);
      await ready(app);
    } finally {
      await app?.close();
    }
  });
});
