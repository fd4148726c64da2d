/** Each API test file gets its own app on its own copy of the seeded database. */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app';
import type { Config } from '../config';
import { type Database, openDatabase } from '../db/client';
import { testConfig } from './config';
import { adminUrl, databaseUrl, runPrefix, templateDb, templateDump } from './paths';

export { testConfig };

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The PostgreSQL URL of this file's database (unset on PGlite). */
  url?: string;
}

export async function openTestDatabase(): Promise<{
  database: Database;
  drop: () => Promise<void>;
  url?: string;
}> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const runId = inject('runId');
    const name = `${runPrefix(runId)}${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`create database "${name}" template "${templateDb(runId)}"`);
    await admin.end();
    const database = await openDatabase({ url: databaseUrl(url, name), poolSize: 5 });
    return {
      database,
      url: databaseUrl(url, name),
      drop: async () => {
        await database.close();
        const a = new pg.Client({ connectionString: adminUrl(url) });
        await a.connect();
        await a.query(`drop database if exists "${name}" with (force)`);
        await a.end();
      },
    };
  }
  const dump = new Blob([readFileSync(templateDump(inject('runId')))]);
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir: dump });
  return { database, drop: () => database.close() };
}

/** Registers beforeAll/afterAll that build the app; read the context inside tests. */
export function useTestApp(overrides: Partial<Config> = {}): TestContext {
  const context = {} as TestContext;
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const opened = await openTestDatabase();
    drop = opened.drop;
    context.database = opened.database;
    context.url = opened.url;
    context.config = testConfig(overrides);
    context.app = await buildApp(context.config, { database: opened.database, prepared: true });
  });
  afterAll(async () => {
    await context.app?.close();
    await drop();
  });
  return context;
}

/**
 * On PostgreSQL, a second server instance on the same database as `ctx` (two processes' worth of caches and
 * pools); on PGlite, with one connection, none: `app` stays null and requests go to `ctx.app`.
 */
export function useSecondApp(ctx: TestContext, poolSize = 10): { app: FastifyInstance | null } {
  const second = { app: null as FastifyInstance | null };
  let database: Database | null = null;
  beforeAll(async () => {
    if (!ctx.url) return;
    database = await openDatabase({ url: ctx.url, poolSize });
    second.app = await buildApp(ctx.config, { database, prepared: true });
  });
  afterAll(async () => {
    await second.app?.close();
    await database?.close();
  });
  return second;
}

/** Signs in through the API and returns the session cookie header to send along. */
export async function signIn(app: FastifyInstance, username: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return cookieHeader(response);
}

export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

export const DEMO = {
  C10001: { username: 'C10001', password: 'Demo@10001', percentage: 15 },
  C10002: { username: 'C10002', password: 'Demo@10002', percentage: 10 },
} as const;

/** A new, empty PostgreSQL database of this test run (no migrations, no data); only with TEST_DATABASE_URL. */
export async function createEmptyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('createEmptyDatabase needs TEST_DATABASE_URL');
  const name = `${runPrefix(inject('runId'))}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  return {
    url: databaseUrl(url, name),
    drop: async () => {
      const a = new pg.Client({ connectionString: adminUrl(url) });
      await a.connect();
      await a.query(`drop database if exists "${name}" with (force)`);
      await a.end();
    },
  };
}
