/**
 * Where the e2e server keeps its data. With E2E_DATABASE_URL (a PostgreSQL maintenance database such as
 * postgres://postgres@127.0.0.1:5432/postgres) the server runs on a fresh database `shop_e2e` on that
 * server; without it on an embedded PGlite directory. No Playwright here: the server start imports it.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DATABASE_SUFFIX } from './ports';

export const E2E_DATABASE_NAME = `shop_e2e${DATABASE_SUFFIX}`;

/** The repository's root folder (the seller command runs there). */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** The embedded database's directory, relative to e2e/ (the server's working directory). */
export const E2E_DATA_ROOT = `../.data/e2e${DATABASE_SUFFIX}`;
export const E2E_DATA_DIR = `${E2E_DATA_ROOT}/pglite`;

/** The maintenance database's URL, when the run is on PostgreSQL. */
export function maintenanceUrl(): string | undefined {
  return process.env.E2E_DATABASE_URL || undefined;
}

/** The URL of the database the e2e server uses, when the run is on PostgreSQL. */
export function shopDatabaseUrl(): string | undefined {
  const url = maintenanceUrl();
  if (!url) return undefined;
  const shop = new URL(url);
  shop.pathname = `/${E2E_DATABASE_NAME}`;
  return shop.toString();
}

/**
 * A copy of the build that this run alone uses (E2E_DIST, made by copy-build.ts), relative to e2e/, so that
 * `npm run build` elsewhere in the same checkout does not change the shop under a run; undefined runs the
 * build in packages/ itself.
 */
export function privateBuild(): { serverDist: string; webDist: string } | undefined {
  const folder = process.env.E2E_DIST;
  if (!folder) return undefined;
  const root = resolve(fileURLToPath(new URL('.', import.meta.url)), folder);
  return { serverDist: resolve(root, 'server/dist'), webDist: resolve(root, 'web/dist') };
}
