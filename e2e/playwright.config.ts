import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { DATABASE_SUFFIX, MAIL_SINK, SHOP_ORIGIN, SHOP_PORT, SMTP_PORT } from './ports';

/** This package's folder: the web server runs here, so its relative paths resolve from e2e/. */
const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  testDir: './tests',
  // A run clears its output folder when it starts: a run with E2E_PORT_OFFSET keeps its own, so that another
  // run in the same checkout does not remove the traces and attachments this one is writing.
  outputDir: DATABASE_SUFFIX ? `../.data/e2e-results${DATABASE_SUFFIX}` : 'test-results',
  // No retries: a journey that fails once fails the run. Given retries by hand (--retries), one that passes
  // only on a retry (flaky) still fails a CI run instead of being hidden.
  retries: 0,
  failOnFlakyTests: Boolean(process.env.CI),
  workers: 2,
  // A journey's time on these two shared cores grows with what else runs: CI ran them 1.65 times slower
  // than a quiet machine, and a 25 s journey then passed 30 s. The timeout ends a journey that hangs; it
  // measures nothing (speed is measured in npm run bench), so it is set for a busy machine.
  timeout: 60_000,
  // The list, and at its end every skipped journey with the reason given to test.skip (skipped-reporter.ts).
  reporter: [['list'], ['./skipped-reporter.ts']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // A hermetic network: no host name resolves but the shop's own address (fixtures.ts, keepToShop).
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
      ],
    },
    baseURL: SHOP_ORIGIN,
    // Nothing retries, so a trace is recorded for every journey and kept only for one that failed. Not in CI:
    // nobody opens its traces, and recording them costs the journeys a tenth of their time (121 s against
    // 110 s summed over 16 journeys); a failure there still prints its error and the page's snapshot.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
  },
  webServer: [
    {
      // Catches the shop's mail (verification codes); the tests read it over HTTP.
      command: 'node --import tsx mail-sink.ts',
      cwd: here,
      url: `${MAIL_SINK}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // A fresh database each run: PostgreSQL `shop_e2e` when E2E_DATABASE_URL is set, else embedded PGlite.
      command: 'node --import tsx start-server.ts',
      cwd: here,
      url: `${SHOP_ORIGIN}/acer`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(SHOP_PORT),
        HOST: '127.0.0.1',
        LOGIN_RATE_LIMIT: '10000',
        // Password hashes at a test's cost (about 1 ms instead of 20; production keeps 19 MiB and 2 passes).
        PASSWORD_HASH_MEMORY_KIB: '64',
        PASSWORD_HASH_PASSES: '1',
        LOG_LEVEL: 'warn',
        // Demo data goes into PostgreSQL only when asked; the journeys sign in as the demo customers.
        SEED_DEMO: 'true',
        WEB_DIST: '../packages/web/dist',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        WEBHOOKS_ALLOW_PRIVATE: 'true',
        // The key webhooks' signing secrets are sealed with at rest (lib/secret-box.ts).
        SECRETS_KEY: 'secrets-key-of-the-browser-journeys-0123456789',
      },
    },
  ],
});
