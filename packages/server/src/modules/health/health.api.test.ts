import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { outbox, products } from '../../db/schema';
import { queueMail } from '../../mail/outbox';
import { testConfig, useTestApp } from '../../test/harness';
import { eventually } from '../../test/mail-sink';

// A mail server that refuses connections: queued mail stays pending (retried later) while the test reads it.
const ctx = useTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });

const get = (url: string, app: FastifyInstance = ctx.app) => app.inject({ method: 'GET', url });

/**
 * /readyz once it answers 200. Each check has a second to answer: on a busy machine one can miss it, as it
 * would in production, where the load balancer asks again.
 */
const ready = (app: FastifyInstance = ctx.app) =>
  eventually('/readyz to answer 200', async () => {
    const response = await get('/readyz', app);
    return response.statusCode === 200 && response;
  });

describe('health checks', () => {
  it('/healthz says the process is alive, in JSON, never cached', async () => {
    const response = await get('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({ status: 'ok', pid: process.pid });
  });

  it('/readyz reports the database, the catalog with its lag, and the outbox', async () => {
    const [row] = await ctx.database.db.select({ n: count() }).from(products);
    const body = (await ready()).json();
    expect(body.status).toBe('ready');
    expect(body.database).toMatchObject({ ok: true, ms: expect.any(Number) });
    expect(body.catalog).toMatchObject({ ok: true, loaded: true, items: row!.n });
    expect(body.catalog.lagMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(body.catalog.lastSyncAt)).toBeLessThanOrEqual(Date.now());
    expect(body.outbox).toEqual({ ok: true, pending: 0, oldestPendingAt: null, failed: 0 });
  });

  it('/readyz counts mail waiting in the outbox and mail given up', async () => {
    const { db } = ctx.database;
    const first = await queueMail(db, { to: 'a@example.com', subject: 'One', body: 'x' });
    await queueMail(db, { to: 'b@example.com', subject: 'Two', body: 'y' });
    const [oldest] = await db.select({ at: outbox.createdAt }).from(outbox).where(eq(outbox.id, first));
    let body = (await ready()).json();
    expect(body.outbox).toEqual({
      ok: true,
      pending: 2,
      oldestPendingAt: oldest!.at.toISOString(),
      failed: 0,
    });

    // Given up, as the mailer does after its last try.
    await db.update(outbox).set({ failedAt: new Date() }).where(eq(outbox.id, first));
    body = (await ready()).json();
    expect(body.outbox).toMatchObject({ pending: 1, failed: 1 });
    expect(body.status).toBe('ready');

    await db.update(outbox).set({ sentAt: new Date() });
    body = (await ready()).json();
    expect(body.outbox).toMatchObject({ pending: 0, oldestPendingAt: null });
  });
});

/** A TCP proxy to PostgreSQL that can be made to refuse connections (and cut the open ones). */
async function startProxy(target: URL): Promise<{
  port: number;
  refuse(): void;
  accept(): void;
  close(): Promise<void>;
}> {
  const open = new Set<Socket>();
  let refusing = false;
  const server: Server = createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = tcpConnect(Number(target.port || 5432), target.hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      open.add(from);
      from.pipe(to);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        open.delete(from);
        to.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    refuse() {
      refusing = true;
      for (const socket of open) socket.destroy();
    },
    accept() {
      refusing = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'readiness while PostgreSQL goes away and comes back (PostgreSQL only)',
  () => {
    let proxy: Awaited<ReturnType<typeof startProxy>>;
    let app: FastifyInstance;

    beforeAll(async () => {
      const direct = new URL(ctx.url!);
      proxy = await startProxy(direct);
      const through = new URL(direct);
      through.hostname = '127.0.0.1';
      through.port = String(proxy.port);
      app = await buildApp(testConfig({ DATABASE_URL: through.toString(), DATABASE_POOL_SIZE: 3 }), {
        prepared: true,
      });
    });

    afterAll(async () => {
      await app?.close();
      await proxy?.close();
    });

    it('answers 503 while the database refuses connections and 200 again once it is back, without a restart', async () => {
      await ready(app);

      proxy.refuse();
      const down = await get('/readyz', app);
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({
        status: 'not ready',
        database: { ok: false },
        outbox: { ok: false },
      });
      // The process itself is fine: a restart would not help.
      expect((await get('/healthz', app)).statusCode).toBe(200);

      proxy.accept();
      const back = await ready(app);
      expect(back.json()).toMatchObject({ status: 'ready', database: { ok: true }, outbox: { ok: true } });
    });
  },
);
