import { Agent, request as httpRequest } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, type Mock, vi } from 'vitest';
import { buildApp } from '../app';
import { openTestDatabase, testConfig } from '../test/harness';
import { gracefulShutdown, type Shutdown } from './shutdown';

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

/**
 * A listening app with a route that holds its answer until the test opens the gate, and its stopper (set up
 * before it listens, as the server does), whose exit is a spy.
 */
async function listeningApp(timeoutMs: number): Promise<{
  app: FastifyInstance;
  port: number;
  gate: Gate;
  shutdown: Shutdown;
  exit: Mock<(code: number) => void>;
}> {
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
  const exit = vi.fn<(code: number) => void>();
  const shutdown = gracefulShutdown(app, timeoutMs, exit);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as AddressInfo).port, gate, shutdown, exit };
}

function get(
  port: number,
  path: string,
  agent: Agent | false = false,
): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('graceful shutdown', () => {
  it('stops accepting, finishes the request in flight, then closes the database and exits 0', async () => {
    const { app, port, gate, shutdown, exit } = await listeningApp(5000);
    const inFlight = get(port, '/test/slow');
    await gate.entered;

    shutdown.signal('SIGTERM');
    // A new connection is refused at once (or, accepted in the moment before the listener closed, closed
    // at once unanswered) ...
    await expect(get(port, '/healthz')).rejects.toMatchObject({
      code: expect.stringMatching(/^(ECONNREFUSED|ECONNRESET)$/),
    });
    expect(exit).not.toHaveBeenCalled();
    // ... while the one in flight gets its answer.
    gate.open();
    expect(await inFlight).toMatchObject({ status: 200, body: '{"finished":true}' });
    expect(await shutdown.done).toBe(0);
    expect(exit).toHaveBeenCalledExactlyOnceWith(0);
    if (shared.url) {
      await expect(app.services.database.db.execute(sql`select 1`)).rejects.toThrow();
    }
  });

  it('exits 1 when finishing takes longer than the deadline', async () => {
    const { port, gate, shutdown, exit } = await listeningApp(300);
    const inFlight = get(port, '/test/slow').catch(() => null);
    await gate.entered;
    const started = Date.now();
    shutdown.signal('SIGTERM');
    expect(await shutdown.done).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(exit).toHaveBeenCalledExactlyOnceWith(1);
    gate.open();
    await inFlight;
  });

  it('a second signal exits at once; a repeated request to stop changes nothing', async () => {
    const { port, gate, shutdown, exit } = await listeningApp(60_000);
    const inFlight = get(port, '/test/slow').catch(() => null);
    await gate.entered;
    shutdown.request('asked by the primary process');
    shutdown.request('asked by the primary process');
    expect(exit).not.toHaveBeenCalled();
    shutdown.signal('SIGINT');
    expect(await shutdown.done).toBe(1);
    expect(exit).toHaveBeenCalledExactlyOnceWith(1);
    gate.open();
    await inFlight;
  });

  it('connections without a request in flight do not hold the stop: idle, never used, or half sent', async () => {
    const { app, port, shutdown, exit } = await listeningApp(5000);
    const agent = new Agent({ keepAlive: true });
    // A keep-alive connection between requests, one opened ahead of need (as browsers do), and one
    // whose request stopped half way through its headers.
    expect(await get(port, '/healthz', agent)).toMatchObject({ status: 200, connection: 'keep-alive' });
    const opened = async (first?: string) => {
      const socket = connect(port, '127.0.0.1');
      // The server resets them: that is the point, not a failure of the test.
      socket.on('error', (error: NodeJS.ErrnoException) => expect(error.code).toBe('ECONNRESET'));
      await new Promise((resolve) => socket.once('connect', resolve));
      if (first) socket.write(first);
      return socket;
    };
    const silent = await opened();
    const halfSent = await opened('GET /healthz HTTP/1.1\r\nHost: shop\r\nX-Slow: ');
    const closed = (socket: Socket) => new Promise((resolve) => socket.once('close', resolve));
    const bothClosed = Promise.all([closed(silent), closed(halfSent)]);

    shutdown.signal('SIGTERM');
    // Before the deadline (a stop held past it exits 1, as above), and the database was closed on the way.
    expect(await shutdown.done).toBe(0);
    expect(exit).toHaveBeenCalledExactlyOnceWith(0);
    await bothClosed;
    if (shared.url) {
      await expect(app.services.database.db.execute(sql`select 1`)).rejects.toThrow();
    }
    agent.destroy();
  });

  it('a keep-alive connection whose request is in flight gets its answer, then closes', async () => {
    const { port, gate, shutdown, exit } = await listeningApp(5000);
    const agent = new Agent({ keepAlive: true });
    const inFlight = get(port, '/test/slow', agent);
    await gate.entered;
    shutdown.signal('SIGTERM');
    // The stop is under way (a new connection is turned away) and waits for the request in flight.
    await expect(get(port, '/healthz')).rejects.toMatchObject({
      code: expect.stringMatching(/^(ECONNREFUSED|ECONNRESET)$/),
    });
    expect(exit).not.toHaveBeenCalled();
    gate.open();
    expect(await inFlight).toEqual({ status: 200, body: '{"finished":true}', connection: 'close' });
    expect(await shutdown.done).toBe(0);
    expect(exit).toHaveBeenCalledExactlyOnceWith(0);
    agent.destroy();
  });

  it('refuses to be set up once the server listens, as it would not know its connections', async () => {
    const { app } = await listeningApp(5000);
    expect(() => gracefulShutdown(app, 5000, vi.fn())).toThrow(
      'set up the graceful shutdown before the server listens',
    );
    await app.close();
  });
});
