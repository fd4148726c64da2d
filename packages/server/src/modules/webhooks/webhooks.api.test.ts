/**
 * Webhooks end to end, with a receiver on loopback: events written with the work, delivered once, in
 * order, signed; a receiver down for a while gets everything afterwards; a slow receiver holds no request.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpoints } from '../../db/schema';
import {
  call,
  itemPicker,
  makeCustomer,
  OWNER,
  placeOrder,
  staffSignIn,
  unitSerials,
} from '../../test/admin';
import { useSecondApp, useTestApp } from '../../test/harness';
import { eventually } from '../../test/mail-sink';
import { newSecret } from './service';

interface Received {
  headers: Record<string, string>;
  body: string;
  type: string;
  orderId: number | undefined;
}

/** A receiver: answers 200, 503 while down, or holds each request until released. */
function startReceiver() {
  const received: Received[] = [];
  const held: ServerResponse[] = [];
  const state = { mode: 'ok' as 'ok' | 'down' | 'hold', tries: 0 };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      state.tries++;
      if (state.mode === 'down') {
        res.writeHead(503).end('down for maintenance');
        return;
      }
      const parsed = JSON.parse(body) as { type: string; data: { order_id?: number } };
      received.push({
        headers: req.headers as Record<string, string>,
        body,
        type: parsed.type,
        orderId: parsed.data.order_id,
      });
      if (state.mode === 'hold') held.push(res);
      else res.writeHead(200).end('thanks');
    });
  });
  return {
    received,
    held,
    state,
    server,
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    },
    release() {
      for (const res of held.splice(0)) res.writeHead(200).end('late');
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const ctx = useTestApp({ WEBHOOKS_ALLOW_PRIVATE: true });
const second = useSecondApp(ctx);
const receiver = startReceiver();
const items = itemPicker(() => ctx.app);
let owner = '';
let url = '';
let endpoint: { id: number; secret: string };

beforeAll(async () => {
  url = await receiver.listen();
  owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
  const made = await call(ctx.app, 'POST', '/api/admin/webhooks', owner, {
    url,
    events: [
      'order.placed',
      'order.confirmed',
      'order.shipped',
      'order.held',
      'order.released',
      'invoice.created',
    ],
  });
  expect(made.status).toBe(200);
  endpoint = { id: made.body.endpoint.id, secret: made.body.secret };
});
afterAll(async () => {
  receiver.release();
  await receiver.close();
});

it('keeps the signing secret sealed at rest: the database holds no copy of it in clear', async () => {
  const [row] = await ctx.database.db
    .select({ secret: webhookEndpoints.secret })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, endpoint.id));
  expect(endpoint.secret).toMatch(/^whsec_/);
  expect(row!.secret).toMatch(/^v1:/);
  expect(row!.secret).not.toContain(endpoint.secret.slice(6));
});

/** Both processes look for due deliveries now (as their poll would, later). */
function kick() {
  ctx.app.webhooks.kick();
  second.app?.webhooks.kick();
}

const eventsOf = (orderId: number) => receiver.received.filter((r) => r.orderId === orderId);

async function shipAndInvoice(app: typeof ctx.app, orderId: number) {
  const at = `/api/admin/orders/${orderId}`;
  expect((await call(app, 'POST', `${at}/status`, owner, { action: 'confirm' })).status).toBe(200);
  const serials = await unitSerials(ctx.database.db, orderId);
  expect((await call(app, 'POST', `${at}/status`, owner, { action: 'ship', serials })).status).toBe(200);
  expect((await call(app, 'POST', `${at}/invoice`, owner, { shipping: 10 })).status).toBe(200);
}

describe('webhooks', () => {
  it('refuses private and malformed addresses unless allowed, and shows the secret only once', async () => {
    ctx.config.WEBHOOKS_ALLOW_PRIVATE = false;
    try {
      for (const bad of [
        'http://127.0.0.1:9/x',
        'http://10.1.2.3/',
        'http://[::1]/',
        'http://169.254.169.254/latest',
      ])
        expect(
          (await call(ctx.app, 'POST', '/api/admin/webhooks', owner, { url: bad, events: ['order.placed'] }))
            .body.smessage,
        ).toMatch(/private, loopback or link-local/);
      const forged = await call(ctx.app, 'POST', '/api/admin/webhooks', owner, {
        url: 'http://user:pw@example.com/',
        events: ['order.placed'],
      });
      expect(forged.status).toBe(400);
      expect(
        (
          await call(ctx.app, 'POST', '/api/admin/webhooks', owner, {
            url: 'ftp://x/',
            events: ['order.placed'],
          })
        ).status,
      ).toBe(400);
    } finally {
      ctx.config.WEBHOOKS_ALLOW_PRIVATE = true;
    }
    const list = await call(ctx.app, 'GET', '/api/admin/webhooks', owner);
    expect(list.body.endpoints).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(endpoint.secret);
    expect(endpoint.secret).toMatch(/^whsec_/);
  });

  it('sends an order placed, confirmed, shipped and invoiced in order, each once, signed with the endpoint secret', async () => {
    const buyer = await makeCustomer(ctx.app, owner);
    const [item] = items(1);
    const app2 = second.app ?? ctx.app;
    // Placed through one process, moved on through the other: both senders deliver.
    const order = await placeOrder(ctx.app, buyer.cookie, [{ itemId: item!.itemId, quantity: 1 }]);
    await shipAndInvoice(app2, order.orderId);
    kick();
    const got = await eventually(
      'four events',
      () => eventsOf(order.orderId).length >= 4 && eventsOf(order.orderId),
    );
    await ctx.app.webhooks.idle();
    await second.app?.webhooks.idle();
    expect(eventsOf(order.orderId).map((e) => e.type)).toEqual([
      'order.placed',
      'order.confirmed',
      'order.shipped',
      'invoice.created',
    ]);
    const ids = got.map((e) => e.headers['webhook-id']);
    expect(new Set(ids).size).toBe(4);
    const right = new Webhook(endpoint.secret);
    const wrong = new Webhook(newSecret());
    for (const e of got) {
      expect(right.verify(e.body, e.headers)).toMatchObject({ data: { order_id: order.orderId } });
      expect(() => wrong.verify(e.body, e.headers)).toThrow();
    }
    const log = await call(ctx.app, 'GET', `/api/admin/webhooks/${endpoint.id}/deliveries`, owner);
    expect(log.body.deliveries[0]).toMatchObject({
      state: 'delivered',
      last_status: 200,
      last_response: 'thanks',
    });
  });

  it('sends an order held over the credit limit, then released', async () => {
    const buyer = await makeCustomer(ctx.app, owner);
    const credit = await call(ctx.app, 'PUT', `/api/admin/customers/${buyer.customerId}/credit`, owner, {
      payment_terms: 'net30',
      credit_limit: 0.01,
    });
    expect(credit.status).toBe(200);
    const order = await placeOrder(ctx.app, buyer.cookie, [{ itemId: items(1)[0]!.itemId, quantity: 1 }]);
    const release = await call(ctx.app, 'POST', `/api/admin/orders/${order.orderId}/status`, owner, {
      action: 'release',
    });
    expect(release.status).toBe(200);
    kick();
    await eventually('three events', () => eventsOf(order.orderId).length >= 3);
    expect(eventsOf(order.orderId).map((e) => [e.type, JSON.parse(e.body).data.status])).toEqual([
      ['order.placed', 'OnHold'],
      ['order.held', 'OnHold'],
      ['order.released', 'Pending'],
    ]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'delivers each event once when two processes send at the same time',
    async () => {
      const buyer = await makeCustomer(ctx.app, owner);
      const picked = items(3);
      const orders: { orderId: number }[] = [];
      for (const [i, item] of picked.entries())
        orders.push(
          await placeOrder(i % 2 ? second.app! : ctx.app, buyer.cookie, [
            { itemId: item.itemId, quantity: 1 },
          ]),
        );
      kick();
      await eventually('three orders', () => orders.every((o) => eventsOf(o.orderId).length === 1));
      await ctx.app.webhooks.idle();
      await second.app!.webhooks.idle();
      const ids = receiver.received.map((r) => r.headers['webhook-id']);
      expect(new Set(ids).size).toBe(ids.length);
    },
  );

  it('keeps what a receiver down missed and sends it all, in order, once it answers; a day of failures turns the endpoint off', async () => {
    receiver.state.mode = 'down';
    const buyer = await makeCustomer(ctx.app, owner);
    const [item] = items(1);
    const order = await placeOrder(ctx.app, buyer.cookie, [{ itemId: item!.itemId, quantity: 1 }]);
    const tries = receiver.state.tries;
    await shipAndInvoice(ctx.app, order.orderId);
    await eventually('a failed try', () => receiver.state.tries > tries);
    await ctx.app.webhooks.idle();
    await second.app?.webhooks.idle();
    // Only the first event is tried: the order's later ones wait behind it.
    const pending =
      await ctx.database.db.execute(sql`select event_type, attempts, last_status from webhook_deliveries
      where payload->'data'->>'order_id' = ${String(order.orderId)} order by id`);
    const rows = (
      pending as unknown as { rows: { event_type: string; attempts: number; last_status: number | null }[] }
    ).rows;
    expect(rows.map((r) => r.event_type)).toEqual([
      'order.placed',
      'order.confirmed',
      'order.shipped',
      'invoice.created',
    ]);
    expect(rows.map((r) => r.attempts)).toEqual([1, 0, 0, 0]);
    expect(rows[0]!.last_status).toBe(503);

    // Time passes: the retry is due; the receiver is back.
    receiver.state.mode = 'ok';
    await ctx.database.db.execute(
      sql`update webhook_deliveries set next_attempt_at = now() where delivered_at is null`,
    );
    kick();
    await eventually('every event', () => eventsOf(order.orderId).length >= 4);
    expect(eventsOf(order.orderId).map((e) => e.type)).toEqual([
      'order.placed',
      'order.confirmed',
      'order.shipped',
      'invoice.created',
    ]);

    // A day of failures: the endpoint is turned off and the owners are mailed.
    receiver.state.mode = 'down';
    const other = await placeOrder(ctx.app, buyer.cookie, [{ itemId: items(1)[0]!.itemId, quantity: 1 }]);
    await ctx.database.db.execute(sql`update webhook_deliveries set created_at = now() - interval '25 hours', next_attempt_at = now()
      where payload->'data'->>'order_id' = ${String(other.orderId)}`);
    kick();
    const off = await eventually('the endpoint turned off', async () => {
      const list = await call(ctx.app, 'GET', '/api/admin/webhooks', owner);
      return list.body.endpoints[0].enabled === false && list.body.endpoints[0];
    });
    expect(off.disabled_reason).toMatch(/failed for a day/);
    const mail = await ctx.database.db.execute(
      sql`select subject from outbox where "to" = ${OWNER.email} and subject like 'Webhook endpoint turned off%'`,
    );
    expect((mail as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    receiver.state.mode = 'ok';
    const on = await call(ctx.app, 'PATCH', `/api/admin/webhooks/${endpoint.id}`, owner, { enabled: true });
    expect(on.body.endpoint).toMatchObject({ enabled: true, disabled_reason: null });
  });

  it('answers an order while a slow receiver still holds the request', async () => {
    receiver.state.mode = 'hold';
    const buyer = await makeCustomer(ctx.app, owner);
    const first = await placeOrder(ctx.app, buyer.cookie, [{ itemId: items(1)[0]!.itemId, quantity: 1 }]);
    kick();
    await eventually('the receiver holding the first order', () => receiver.held.length > 0);
    // The receiver has not answered; the next order is answered all the same.
    const next = await placeOrder(ctx.app, buyer.cookie, [{ itemId: items(1)[0]!.itemId, quantity: 1 }]);
    expect(next.orderId).toBeGreaterThan(first.orderId);
    expect(receiver.held.length).toBeGreaterThan(0);
    expect(eventsOf(first.orderId)).toHaveLength(1);
    receiver.state.mode = 'ok';
    receiver.release();
  });

  it('sends a test event and sends a delivery again under the same id', async () => {
    const test = await call(ctx.app, 'POST', `/api/admin/webhooks/${endpoint.id}/test`, owner);
    expect(test.status).toBe(200);
    const sent = await eventually('the test event', () =>
      receiver.received.find((r) => r.type === 'webhook.test'),
    );
    const again = await call(
      ctx.app,
      'POST',
      `/api/admin/webhooks/${endpoint.id}/deliveries/${test.body.delivery.id}/resend`,
      owner,
    );
    expect(again.status).toBe(200);
    await eventually(
      'the test event again',
      () => receiver.received.filter((r) => r.type === 'webhook.test').length === 2,
    );
    const both = receiver.received.filter((r) => r.type === 'webhook.test');
    expect(both[1]!.headers['webhook-id']).toBe(sent.headers['webhook-id']);
    const doc = await call(ctx.app, 'GET', '/api/openapi.json');
    expect(
      doc.body.webhooks['order.shipped'].post.requestBody.content['application/json'].schema.properties.type,
    ).toMatchObject({ const: 'order.shipped' });
    const clerkless = await call(ctx.app, 'GET', '/api/admin/webhooks', '');
    expect(clerkless.status).toBe(401);
  });
});
