import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { openTestDatabase, testConfig } from '../test/harness';
import { gracefulShutdown } from './shutdown';

let shared: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  shared = await openTestDatabase();
});
afterAll(async () => {
  await shared?.drop();
});

interface Gate {
  entered: Promise<void>;
  open(): void;
}

/** A listening app with a route that holds its answer until the test opens the gate. */
async function listeningApp(): Promise<{ app: FastifyInstance; port: number; gate: Gate }> {
  // On PostgreSQL the app opens its own pool, so the test can see it closed; PGlite shares the file's copy.
  const app = shared.url
    ? await buildApp(testConfig({ DATABASE_URL: shared.url, DATABASE_POOL_SIZE: 2 }), { prepared: true })
    : await buildApp(testConfig(), { database: shared.database, prepared: true });
  let entered: () => void = () => {};
  let open: () => void = () => {};
  const gate: Gate = {
    entered: new Promise<void>((resolve) => {
      entered = resolve;
    }),
    open: () => open(),
  };
  const released = new Promise<void>((resolve) => {
    open = resolve;
  });
  app.get('/test/slow', async () => {
    entered();
    await released;
    return { finished: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as AddressInfo).port, gate };
}

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('graceful shutdown', () => {
  it('stops accepting, finishes the request in flight, then closes the database and exits 0', async () => {
    const { app, port, gate } = await listeningApp();
    const inFlight = get(port, '/test/slow');
    await gate.entered;
    const exit = vi.fn();
    const shutdown = gracefulShutdown(app, 5000, exit);

    shutdown.signal('SIGTERM');
    // A new connection is refused at once ...
    await expect(get(port, '/healthz')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(exit).not.toHaveBeenCalled();
    // ... while the one in flight gets its answer.
    gate.open();
    expect(await inFlight).toEqual({ status: 200, body: '{"finished":true}' });
    expect(await shutdown.done).toBe(0);
    expect(exit).toHaveBeenCalledExactlyOnceWith(0);
    if (shared.url) {
      await expect(app.services.database.db.execute(sql`select 1`)).rejects.toThrow();
    }
  });

  it('exits 1 when finishing takes longer than the deadline', async () => {
    const { app, port, gate } = await listeningApp();
    const inFlight = get(port, '/test/slow').catch(() => null);
    await gate.entered;
    const exit = vi.fn();
    const started = Date.now();
    const shutdown = gracefulShutdown(app, 300, exit);
    shutdown.signal('SIGTERM');
    expect(await shutdown.done).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(exit).toHaveBeenCalledExactlyOnceWith(1);
    gate.open();
    await inFlight;
  });

  it('a second signal exits at once; a repeated request to stop changes nothing', async () => {
    const { app, port, gate } = await listeningApp();
    const inFlight = get(port, '/test/slow').catch(() => null);
    await gate.entered;
    const exit = vi.fn();
    const shutdown = gracefulShutdown(app, 60_000, exit);
    shutdown.request('asked by the primary process');
    shutdown.request('asked by the primary process');
    expect(exit).not.toHaveBeenCalled();
    shutdown.signal('SIGINT');
    expect(await shutdown.done).toBe(1);
    expect(exit).toHaveBeenCalledExactlyOnceWith(1);
    gate.open();
    await inFlight;
  });
});
