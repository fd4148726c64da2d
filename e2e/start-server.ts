/**
 * Starts the shop for the browser tests on an empty database: with E2E_DATABASE_URL a freshly created
 * PostgreSQL database `shop_e2e`, otherwise a fresh embedded PGlite directory under .data/e2e.
 * The compiled server migrates and seeds the demo data on start (SEED_DEMO=true, also on PostgreSQL).
 * With E2E_DIST it runs the copy of the build that copy-build.ts made there (the page's too).
 * Run from e2e/ with `node --import tsx`.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import {
  E2E_DATA_DIR,
  E2E_DATA_ROOT,
  E2E_DATABASE_NAME,
  maintenanceUrl,
  privateBuild,
  shopDatabaseUrl,
} from './database';

const admin = maintenanceUrl();
if (admin) {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    // Force ends the connections a previous run (or a seller command) may have left open.
    await client.query(`drop database if exists "${E2E_DATABASE_NAME}" with (force)`);
    await client.query(`create database "${E2E_DATABASE_NAME}"`);
  } finally {
    await client.end();
  }
  process.env.DATABASE_URL = shopDatabaseUrl();
  delete process.env.DATA_DIR;
  console.log(`e2e server on PostgreSQL database ${E2E_DATABASE_NAME}`);
} else {
  rmSync(E2E_DATA_ROOT, { recursive: true, force: true });
  delete process.env.DATABASE_URL;
  process.env.DATA_DIR = E2E_DATA_DIR;
}

// The compiled server, as `npm run serve` runs it (`npm run build` makes it), or this run's copy of it
// (E2E_DIST); a computed specifier keeps it outside this package's type check.
const copy = privateBuild();
const main = copy
  ? pathToFileURL(join(copy.serverDist, 'main.js'))
  : new URL('../packages/server/dist/main.js', import.meta.url);
if (copy) process.env.WEB_DIST = copy.webDist;
if (!existsSync(main)) {
  console.error(
    copy
      ? `No server in E2E_DIST (${copy.serverDist}): run npm run build, then node --import tsx copy-build.ts.`
      : 'The server is not built: run npm run build first.',
  );
  process.exit(1);
}
await import(main.href);
