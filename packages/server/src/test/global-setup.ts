/**
 * Prepares one migrated, seeded database for the API tests; each test file then starts from its own
 * copy (a PGlite dump, or a PostgreSQL database made from a template).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { setPasswordCost } from '../modules/sessions';
import { seedDemo } from '../seed/seed';
import { testConfig } from './config';
import { adminUrl, databaseUrl, newRunId, runPrefix, templateDb, templateDump } from './paths';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runId = newRunId();
  project.provide('runId', runId);
  const TEMPLATE_DB = templateDb(runId);
  const TEMPLATE_DUMP = templateDump(runId);
  const RUN_PREFIX = runPrefix(runId);
  // The demo passwords are hashed at the tests' cost, like every password the tests' apps set.
  setPasswordCost(testConfig());
  // A project's own setting first: the project `embedded` runs on PGlite whatever the environment says.
  const url = project.config.env?.TEST_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    // Leftovers of runs that were interrupted more than two hours ago go first; other runs are left alone.
    const stale = await admin.query(`select datname from pg_database where datname like 'shop_test_%'`);
    for (const row of stale.rows as { datname: string }[]) {
      const started = Number.parseInt(row.datname.slice('shop_test_'.length, 'shop_test_'.length + 8), 36);
      if (Number.isFinite(started) && Date.now() - started > 2 * 3_600_000) {
        await admin.query(`drop database if exists "${row.datname}" with (force)`);
      }
    }
    await admin.query(`create database "${TEMPLATE_DB}"`);
    await admin.end();
    const database = await openDatabase({ url: databaseUrl(url, TEMPLATE_DB), poolSize: 2 });
    await database.migrate();
    await seedDemo(database.db);
    await database.close();
    return async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl(url) });
      await cleanup.connect();
      const mine = await cleanup.query('select datname from pg_database where starts_with(datname, $1)', [
        RUN_PREFIX,
      ]);
      for (const row of mine.rows as { datname: string }[]) {
        await cleanup.query(`drop database if exists "${row.datname}" with (force)`);
      }
      await cleanup.end();
    };
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await seedDemo(database.db);
  const client = (database as unknown as { pglite: import('@electric-sql/pglite').PGlite }).pglite;
  const dump = await client.dumpDataDir('gzip');
  mkdirSync(dirname(TEMPLATE_DUMP), { recursive: true });
  writeFileSync(TEMPLATE_DUMP, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  return async () => rmSync(TEMPLATE_DUMP, { force: true });
}
