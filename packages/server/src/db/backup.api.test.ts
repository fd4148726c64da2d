/**
 * Backups that restore: a shop with an order, its invoice, a payment, an uploaded picture and signed-in
 * sessions is backed up while it serves, restored into a fresh database, started there, and reads the same.
 * On PostgreSQL with pg_dump and pg_restore as the README says; on the embedded database with the seller's
 * `backup` command (a separate process, answered by the running shop) and its `restore`.
 */
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../app';
import { backupCommands } from '../cli/seller-backup';
import { invoicedOrder, payment } from '../modules/accounts/test-fixtures';
import { SERVER_ROOT } from '../server-root';
import { call, clientAddress, makeCustomer, OWNER, staffSignIn } from '../test/admin';
import { createEmptyDatabase, openTestDatabase, testConfig } from '../test/harness';
import { templateDump } from '../test/paths';
import { answerBackups, backupSocketPath } from './backup';
import { type Database, openDatabase } from './client';

const run = promisify(execFile);
const REPO = resolve(SERVER_ROOT, '../..');
const dir = mkdtempSync(join(tmpdir(), 'shop-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What the test made in the shop, and with whose sessions it reads it back. */
interface Made {
  owner: string;
  buyer: { customerId: string; cookie: string };
  orderId: number;
  invoiceId: number;
  pictures: string[];
}

/** An order of a new company, invoiced and partly paid, and a picture uploaded in the back office. */
async function fillShop(app: FastifyInstance): Promise<Made> {
  const owner = await staffSignIn(app, OWNER.email, OWNER.password);
  const buyer = await makeCustomer(app, owner, { company: 'Backed Up Supplies Inc.' });
  const order = await invoicedOrder(app, owner, buyer.cookie, 'PO-BACKUP');
  const paid = await call(
    app,
    'POST',
    `/api/admin/invoices/${order.invoiceId}/payments`,
    owner,
    payment(2_500),
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#aa3366' } })
    .png()
    .toBuffer();
  const boundary = `----backup${Date.now()}`;
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/admin/media',
    remoteAddress: clientAddress(),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: owner },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="box.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const { thumb_url, url } = uploaded.json().image as { thumb_url: string; url: string };
  return { owner, buyer, orderId: order.orderId, invoiceId: order.invoiceId, pictures: [thumb_url, url] };
}

/** What the buyer and the seller see of it: each answer whole, and each picture's bytes by their hash. */
async function readShop(app: FastifyInstance, made: Made) {
  const { customerId, cookie } = made.buyer;
  const get = async (url: string, as: string) => {
    const answer = await call(app, 'GET', url, as);
    expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  };
  const pictures: string[] = [];
  for (const url of made.pictures) {
    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode, url).toBe(200);
    pictures.push(createHash('sha256').update(served.rawPayload).digest('hex'));
  }
  return {
    orders: await get(`/api/user/${customerId}/orders`, cookie),
    order: await get(`/api/user/${customerId}/orders/${made.orderId}`, cookie),
    invoice: await get(`/api/user/${customerId}/invoices/${made.invoiceId}`, cookie),
    statement: await get(`/api/user/${customerId}/statement`, cookie),
    backOffice: await get(`/api/admin/customers/${customerId}/invoices`, made.owner),
    pictures,
  };
}

type Shop = Awaited<ReturnType<typeof readShop>>;

/** The restored shop reads what the first one read, its sessions still sign in, and anyone else is refused. */
async function expectSameShop(app: FastifyInstance, made: Made, before: Shop) {
  expect(await readShop(app, made)).toEqual(before);
  expect((await call(app, 'GET', `/api/user/${made.buyer.customerId}/statement`, '')).status).toBe(401);
}

/** What was read is what was made: one order invoiced and partly paid, two sizes of one picture. */
function expectFilled(before: Shop) {
  expect(before.orders.orders).toHaveLength(1);
  expect(before.invoice.orderInfo.order).toMatchObject({ purchase_order_id: 'PO-BACKUP', invoice_paid: 25 });
  expect(before.statement.statement.invoices[0]).toMatchObject({ status: 'open', paid: 25 });
  expect(before.pictures).toHaveLength(2);
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'PostgreSQL: pg_dump and pg_restore (PostgreSQL only)',
  () => {
    const file = join(dir, 'shop.dump');
    let first: Awaited<ReturnType<typeof openTestDatabase>>;
    let app: FastifyInstance;
    let made: Made;
    let before: Shop;
    const fresh: { url: string; drop: () => Promise<void> }[] = [];
    const second: { app?: FastifyInstance; database?: Database } = {};

    beforeAll(async () => {
      first = await openTestDatabase();
      app = await buildApp(testConfig({ MEDIA_DIR: join(dir, 'media-pg-1') }), {
        database: first.database,
        prepared: true,
      });
      made = await fillShop(app);
      before = await readShop(app, made);
      expectFilled(before);
    });

    afterAll(async () => {
      await second.app?.close();
      await second.database?.close();
      await app?.close();
      await first?.drop();
      for (const f of fresh) await f.drop();
    });

    it('pg_dump takes a custom-format dump while the shop serves', async () => {
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-acl', `--file=${file}`, first.url!]);
      expect((await call(app, 'GET', '/api/header', made.buyer.cookie)).status).toBe(200);
    });

    it('pg_restore into a fresh database; the shop started on it serves the same orders, invoices, statement, pictures and sessions', async () => {
      const target = await createEmptyDatabase();
      fresh.push(target);
      await run('pg_restore', [
        '--no-owner',
        '--no-acl',
        '--exit-on-error',
        '--jobs=2',
        `--dbname=${target.url}`,
        file,
      ]);
      // Started as a server starts (its migrations run), with a picture folder of its own, empty.
      second.database = await openDatabase({ url: target.url, poolSize: 5 });
      second.app = await buildApp(testConfig({ MEDIA_DIR: join(dir, 'media-pg-2') }), {
        database: second.database,
      });
      await expectSameShop(second.app, made, before);
    });
  },
);

describe('the embedded database: npm run seller -- backup while the shop runs, then restore', () => {
  const dataDir = join(dir, 'pglite');
  const file = join(dir, 'shop.tar.gz');
  let app: FastifyInstance | null = null;
  let restored: FastifyInstance | null = null;
  let stopAnswering = async () => {};
  let made: Made;
  let before: Shop;

  beforeAll(async () => {
    // On disk, as the shop keeps it: from the tests' migrated and seeded copy when this run made one.
    const template = templateDump(inject('runId'));
    const database = existsSync(template)
      ? await openDatabase({
          dataDir,
          loadDataDir: new Blob([readFileSync(template)]),
          owner: 'the shop server',
        })
      : null;
    await database?.close();
    app = await buildApp(testConfig({ DATA_DIR: dataDir, SEED_DEMO: true, MEDIA_DIR: join(dir, 'media-1') }));
    // As main.ts does once the shop listens.
    stopAnswering = await answerBackups(app.services.database, dataDir, app.log);
    made = await fillShop(app);
    before = await readShop(app, made);
    expectFilled(before);
  });

  afterAll(async () => {
    await stopAnswering();
    await app?.close();
    await restored?.close();
  });

  it('the command, a process of its own, gets the backup from the running shop, which serves on', async () => {
    const command = seller(dataDir, 'backup', file);
    expect(await command.done, command.output()).toBe(0);
    expect(command.output()).toContain(`written to ${file}`);
    expect(command.output()).toContain('taken by the running shop');
    expect((await call(app!, 'GET', '/api/header', made.buyer.cookie)).status).toBe(200);
  });

  it('restored into a fresh data directory, the shop started on it serves the same orders, invoices, statement, pictures and sessions', async () => {
    await stopAnswering();
    await app!.close();
    app = null;
    expect(existsSync(backupSocketPath(dataDir))).toBe(false);
    // The restore as the command runs it (the shop stopped), into a data directory of its own.
    const restoredDir = join(dir, 'restored');
    const said = vi.spyOn(console, 'log').mockImplementation(() => {});
    await backupCommands.restore!.run(testConfig({ DATA_DIR: restoredDir }), [file]);
    expect(said.mock.calls.join('\n')).toMatch(
      /Restored .*: \d+ migrations, \d+ customers, 1 orders, 1 invoices/,
    );
    said.mockRestore();
    restored = await buildApp(testConfig({ DATA_DIR: restoredDir, MEDIA_DIR: join(dir, 'media-2') }));
    await expectSameShop(restored, made, before);
  });
});

/** The seller's command in a process of its own, as the seller runs it. */
function seller(dataDir: string, ...args: string[]): { done: Promise<number | null>; output: () => string } {
  let output = '';
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(SERVER_ROOT, 'src/cli/seller.ts'), ...args],
    {
      cwd: REPO,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
  }
  const done = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { done, output: () => output };
}
