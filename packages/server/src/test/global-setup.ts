/**
 * Prepares one migrated, seeded database for the API tests; each test file then starts from its own
 * copy (a PGlite dump, or a PostgreSQL database made from a template).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { seedDemo } from '../seed/seed';
import { adminUrl, databaseUrl, TEMPLATE_DB, TEMPLATE_DUMP } from './paths';

export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    // Leftovers of an interrupted run go first.
    const stale = await admin.query(`select datname from pg_database where datname like 'shop_test_%'`);
    for (const row of stale.rows) await admin.query(`drop database if exists "${row.datname}" with (force)`);
    await admin.query(`create database "${TEMPLATE_DB}"`);
    await admin.end();
    const database = await openDatabase({ url: databaseUrl(url, TEMPLATE_DB), poolSize: 2 });
    await database.migrate();
    await seedDemo(database.db);
    await database.close();
    return;
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await seedDemo(database.db);
  const client = (database as unknown as { pglite: import('@electric-sql/pglite').PGlite }).pglite;
  const dump = await client.dumpDataDir('gzip');
  mkdirSync(dirname(TEMPLATE_DUMP), { recursive: true });
  writeFileSync(TEMPLATE_DUMP, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}
