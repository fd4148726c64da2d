import { configDefaults, defineConfig } from 'vitest/config';

/** The API tests run on PostgreSQL when TEST_DATABASE_URL names one, else on the embedded database (PGlite). */
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

/**
 * What only the embedded database has, run by the project `embedded` on PGlite whatever TEST_DATABASE_URL says:
 * the data directory's lock, the seller's commands refused while the server holds it (their server and
 * commands start on a fresh data directory, so the migrations run there from the first), and the cart and
 * one order placed end to end, invoiced and moved through its statuses. Its global setup migrates and
 * seeds a PGlite database too. The files that only ever use PGlite leave the PostgreSQL run.
 */
const EMBEDDED_ONLY = [
  'packages/server/src/db/data-dir-lock.test.ts',
  'packages/server/src/cli/seller-cli.api.test.ts',
];
const EMBEDDED = [...EMBEDDED_ONLY, 'packages/server/src/modules/orders/orders.api.test.ts'];

const api = {
  environment: 'node',
  globalSetup: ['packages/server/src/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 120_000,
  pool: 'forks',
} as const;

export default defineConfig({
  test: {
    // Every skipped test is listed at the end by its name, which says why (scripts/skipped-tests-reporter.ts).
    reporters: ['default', './scripts/skipped-tests-reporter.ts'],
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          // The page's code that runs without a browser: its routes against the shop's table of pages.
          name: 'web',
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'boundaries',
          include: ['boundaries/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          ...api,
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...(ON_POSTGRES ? EMBEDDED_ONLY : [])],
          // PGlite takes ~0.8 GB per instance: two files at a time on a 2-core machine. On PostgreSQL a file
          // waits on the database part of its time, so more files at once keep both cores busy.
          maxWorkers: ON_POSTGRES ? 4 : 2,
          // On PostgreSQL the files of a worker share its imported server (each still gets its own database and
          // app): the run took 5.4 min instead of 10.4 (load 15-17), its import time 37 s instead of 776 s.
          isolate: !ON_POSTGRES,
        },
      },
      {
        test: {
          ...api,
          name: 'embedded',
          include: EMBEDDED,
          // The tests' workers see no PostgreSQL (the global setup reads the same, see global-setup.ts).
          env: { TEST_DATABASE_URL: '' },
          maxWorkers: 2,
        },
      },
    ],
  },
});
