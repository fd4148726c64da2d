/**
 * WEB_CONCURRENCY: the server started as an operator starts it (a separate process, from its sources),
 * with several worker processes on one PostgreSQL database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { get as httpGet } from 'node:http';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from './server-root';
import { openTestDatabase } from './test/harness';
import { sampleOf } from './test/metrics-text';

const REPO = resolve(SERVER_ROOT, '../..');
const MAIN = join(SERVER_ROOT, 'src/main.ts');

function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO,
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'info', WEB_DIST: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return { child, output: () => output };
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

/** GET /healthz on a new connection each time (so the cluster can hand it to any worker). */
function health(port: number): Promise<{ status: number; pid: number }> {
  return new Promise((resolve, reject) => {
    const request = httpGet({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, pid: JSON.parse(body).pid as number }));
    });
    request.on('error', reject);
    // A connection handed to a worker that has just died would otherwise wait forever.
    request.setTimeout(2000, () => request.destroy(new Error('no answer within 2 s')));
  });
}

/** GET /metrics on a new connection, with the bearer token when given. */
function metrics(port: number, token?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = token ? { authorization: `Bearer ${token}` } : {};
    const request = httpGet({ host: '127.0.0.1', port, path: '/metrics', headers, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.setTimeout(10_000, () => request.destroy(new Error('no answer within 10 s')));
  });
}

async function workerPids(port: number, tries = 12): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let i = 0; i < tries; i++) pids.add((await health(port)).pid);
  return pids;
}

async function until<T>(what: string, probe: () => Promise<T | null>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  for (;;) {
    const value = await probe().catch((error: unknown) => {
      last = error;
      return null;
    });
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last: ${String(last)})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

it('WEB_CONCURRENCY above 1 without DATABASE_URL stops the start with a message', async () => {
  const { child, output } = startServer({ WEB_CONCURRENCY: '2', PORT: String(await freePort()) });
  expect(await exited(child)).toBe(1);
  expect(output()).toContain('WEB_CONCURRENCY: more than one process needs DATABASE_URL');
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('WEB_CONCURRENCY on PostgreSQL (PostgreSQL only)', () => {
  const METRICS_TOKEN = 'a-metrics-token-for-the-cluster';
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let server: ReturnType<typeof startServer>;
  let port: number;
  let metricsPort: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    port = await freePort();
    metricsPort = await freePort();
    server = startServer({
      DATABASE_URL: database.url!,
      WEB_CONCURRENCY: '2',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_POOL_SIZE: '2',
      SHUTDOWN_TIMEOUT_MS: '5000',
      METRICS_TOKEN,
      METRICS_PORT: String(metricsPort),
    });
    await until('the workers to listen', async () => ((await health(port)).status === 200 ? true : null));
  }, 90_000);

  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await database?.drop();
  });

  // Before a worker is killed: a replacement starts its counts from nothing.
  it("/metrics on METRICS_PORT counts every process's requests, whichever process answers the scrape", async () => {
    // Not on the public port, even with the token; on its own port, only with the token.
    expect((await metrics(port, METRICS_TOKEN)).status).toBe(404);
    expect((await metrics(metricsPort)).status).toBe(401);
    const before = await metrics(metricsPort, METRICS_TOKEN);
    expect(before.status, before.body).toBe(200);
    const healthz = { route: '/healthz', method: 'GET', status: '200' };
    // Requests on new connections until both workers have answered some.
    const pids = new Set<number>();
    let answered = 0;
    await until('both workers to answer', async () => {
      pids.add((await health(port)).pid);
      answered++;
      return pids.size === 2 && answered >= 6 ? true : null;
    });
    // Each count is the sum over both workers (a request is counted once its answer has gone).
    const after = await until('the scrape to count every request', async () => {
      const scraped = await metrics(metricsPort, METRICS_TOKEN);
      const counted =
        sampleOf(scraped.body, 'shop_http_requests_total', healthz) -
        sampleOf(before.body, 'shop_http_requests_total', healthz);
      return counted === answered ? scraped.body : null;
    });
    // Both pools (2 connections at most each) and the outbox, counted once.
    const pool = ['in_use', 'idle', 'waiting'].map((state) =>
      sampleOf(after, 'shop_db_pool_connections', { state }),
    );
    expect(pool[0]! + pool[1]!).toBeGreaterThan(0);
    expect(pool[0]! + pool[1]!).toBeLessThanOrEqual(4);
    expect(after).toMatch(/^shop_outbox_backlog \d+$/m);
  }, 60_000);

  it('starts that many server processes sharing the port, and replaces one that dies', async () => {
    const pids = await until('both workers to answer', async () => {
      const seen = await workerPids(port);
      return seen.size === 2 ? seen : null;
    });
    expect(pids.has(server.child.pid!)).toBe(false);

    const [victim] = [...pids];
    process.kill(victim!, 'SIGKILL');
    const after = await until('a replacement worker', async () => {
      const seen = await workerPids(port);
      return seen.size === 2 && !seen.has(victim!) ? seen : null;
    }).catch((error: Error) => {
      throw new Error(`${error.message}\n${server.output()}`);
    });
    expect(after.size).toBe(2);
    expect(server.output()).toContain('a server process died; starting another');
  }, 90_000);

  it('SIGTERM stops every worker with grace and the primary exits 0', async () => {
    // Every worker's answer, asked again when one is slow to come (a busy machine).
    const pids = await until('both workers to answer', async () => {
      const seen = await workerPids(port);
      return seen.size === 2 ? seen : null;
    });
    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);
    for (const pid of pids) expect(alive(pid)).toBe(false);
    expect(server.output()).toContain('every server process has stopped');
    expect(server.output().match(/"msg":"stopped"/g)).toHaveLength(2);
  }, 30_000);
});
