/**
 * The seller's commands as the seller runs them (a separate process) on the embedded database: refused
 * while the server holds it, and printing what visitors typed without letting it drive the terminal.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { accountApplications } from '../db/schema';
import { SERVER_ROOT } from '../server-root';
import { testConfig } from '../test/harness';

const REPO = resolve(SERVER_ROOT, '../..');

function seller(dataDir: string, ...args: string[]) {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(SERVER_ROOT, 'src/cli/seller.ts'), ...args],
    {
      cwd: REPO,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('seller commands on the embedded database', () => {
  let dir: string;
  let dataDir: string;
  let app: FastifyInstance | null = null;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'shop-seller-'));
    dataDir = join(dir, 'pglite');
    app = await buildApp(testConfig({ DATA_DIR: dataDir, SEED_DEMO: false }));
    // An application as a visitor could send it: escape sequences that clear the screen and forge a line.
    await app.services.database.db.insert(accountApplications).values({
      company: 'Acme\u001b[2J\u001b[HApproved as C10001',
      contactName: 'Eve\u202Enoxid',
      email: 'eve@example.com',
      phoneNumber: '4165550100',
      province: 'ON',
      message: 'First line\r\u001b[31mall is fine\u0007\nSecond line',
    });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuse while the server holds the database, naming it, and change nothing', () => {
    const run = seller(dataDir, 'customers');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      `The embedded database in ${dataDir} is in use by the shop server (process ${process.pid}`,
    );
    expect(run.stderr).toContain('run the shop on PostgreSQL (DATABASE_URL)');
  });

  it('a second server start on the same database is refused too', async () => {
    await expect(buildApp(testConfig({ DATA_DIR: dataDir, SEED_DEMO: false }))).rejects.toThrow(
      /in use by the shop server/,
    );
    // The refused start did not take the lock away from the running server.
    expect(seller(dataDir, 'customers').code).toBe(1);
  });

  it('once the server has stopped, they run and print visitors\u2019 text with control characters escaped', async () => {
    await app!.close();
    app = null;
    expect(existsSync(`${dataDir}.lock`)).toBe(false);

    const run = seller(dataDir, 'applications');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for raw control characters
    expect(run.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/);
    const [summary, first, second] = run.stdout.trimEnd().split('\n');
    expect(summary).toContain(
      'Acme\\x1b[2J\\x1b[HApproved as C10001  |  Eve\\u202enoxid  |  eve@example.com',
    );
    expect(first).toBe('      First line\\x0d\\x1b[31mall is fine\\x07');
    expect(second).toBe('      Second line');
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });
});
