/**
 * Staff API tokens: an owner makes one (its secret shown once, only its hash kept, never logged), a token
 * passes only routes whose scope it holds, revoked and unknown tokens are refused, each use is audited and
 * shown as the last use, and the warehouse's stock-and-price call is all or nothing.
 */
import { STAFF_ROUTE_SCOPES } from '@shop/domain/back-office/staff-tokens';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products, staffTokens, webhookDeliveries } from '../../db/schema';
import {
  call,
  itemPicker,
  makeCustomer,
  OWNER,
  placeOrder,
  staffSignIn,
  unitSerials,
} from '../../test/admin';
import { useTestApp } from '../../test/harness';
import { eventually } from '../../test/mail-sink';

// At level info, as a shop runs: every request is logged.
// Webhooks to this machine allowed: an endpoint here sees the products' events the warehouse's call writes.
const ctx = useTestApp({ LOG_LEVEL: 'info', WEBHOOKS_ALLOW_PRIVATE: true });
const logged: string[] = [];
let owner = '';

beforeAll(async () => {
  const log = ctx.app.log as unknown as Record<symbol, { write: (line: string) => boolean }>;
  const streamKey = Object.getOwnPropertySymbols(log).find((s) => s.description === 'pino.stream');
  if (!streamKey) throw new Error('the log stream was not found');
  log[streamKey]!.write = (line: string) => {
    logged.push(line);
    return true;
  };
  owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
});

/** A call with `Authorization: Bearer <token>` and no cookie. */
async function withToken(method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: unknown) {
  const response = await ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as never }),
  });
  return { status: response.statusCode, body: response.json(), response };
}

async function makeToken(name: string, scopes: string[]): Promise<{ id: number; secret: string }> {
  const made = await call(ctx.app, 'POST', '/api/admin/staff-tokens', owner, { name, scopes });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return { id: made.body.token.token_id, secret: made.body.secret };
}

const items = itemPicker(() => ctx.app);

describe('staff API tokens', () => {
  it('declares scopes only for routes the server registers', () => {
    const registered = new Set(ctx.app.routeTable.map((r) => `${r.method} ${r.url}`));
    for (const route of Object.keys(STAFF_ROUTE_SCOPES)) expect(registered, route).toContain(route);
  });

  it('says in the API document which routes take a token, with its scope', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.components.securitySchemes.staffToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/admin/orders'].get.security).toContainEqual({ staffToken: ['orders:read'] });
    expect(doc.paths['/api/admin/products/stock-prices'].patch.security).toEqual([
      { staff: [] },
      { staffToken: ['catalog:write'] },
    ]);
    expect(doc.paths['/api/admin/staff-tokens'].get.security).toEqual([{ staff: [] }]);
  });

  it('shows the secret once, keeps only its hash, and never logs it', async () => {
    const { id, secret } = await makeToken('Reporting', ['orders:read', 'customers:read']);
    expect(secret).toMatch(/^st_live_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
    const read = await withToken('GET', '/api/admin/orders', secret);
    expect(read.status).toBe(200);

    const [row] = await ctx.database.db.select().from(staffTokens).where(eq(staffTokens.tokenId, id));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(secret.slice(17));
    // The list shows the prefix and the last use (recorded once the answer is sent), never the secret.
    const list = await eventually('the token’s last use', async () => {
      const answer = await call(ctx.app, 'GET', '/api/admin/staff-tokens', owner);
      const token = answer.body.tokens.find((t: { token_id: number }) => t.token_id === id);
      return token?.last_used_at ? answer : null;
    });
    const listed = list.body.tokens.find((t: { token_id: number }) => t.token_id === id);
    expect(listed).toMatchObject({ prefix: secret.slice(0, 16), scopes: ['orders:read', 'customers:read'] });
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(17));

    expect(logged.length).toBeGreaterThan(0);
    expect(logged.join('\n')).not.toContain(secret.slice(17));
    // The use is in the audit trail.
    const uses = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, `token:${id}`), eq(auditLog.action, 'staff_token.use')));
    expect(uses.map((u) => u.after)).toContainEqual({
      method: 'GET',
      route: '/api/admin/orders',
      status: 200,
    });
  });

  it('passes only the routes whose scope the token holds', async () => {
    const reader = await makeToken('Reader', ['orders:read', 'customers:read', 'invoices:read']);
    const catalog = await makeToken('Warehouse', ['catalog:write']);
    const buyer = await makeCustomer(ctx.app, owner);

    expect((await withToken('GET', `/api/admin/customers/${buyer.customerId}`, reader.secret)).status).toBe(
      200,
    );
    // A read token cannot write.
    const write = await withToken('POST', '/api/admin/orders/1/status', reader.secret, { action: 'confirm' });
    expect(write.status).toBe(403);
    expect(write.body.smessage).toBe('This API token does not have the orders:write scope this call needs.');
    const stock = await withToken('PATCH', '/api/admin/products/stock-prices', reader.secret, {
      rows: [{ sku: 'x', stock: 1 }],
    });
    expect(stock.status).toBe(403);
    // A catalog token cannot read customers.
    const customers = await withToken('GET', `/api/admin/customers/${buyer.customerId}`, catalog.secret);
    expect(customers.status).toBe(403);
    expect(customers.body.smessage).toBe(
      'This API token does not have the customers:read scope this call needs.',
    );
    // A route that declares no scope refuses every token, whatever it holds.
    for (const url of ['/api/admin/staff-tokens', '/api/admin/audit', '/api/admin/me']) {
      const refused = await withToken('GET', url, reader.secret);
      expect(refused.status, url).toBe(403);
      expect(refused.body.smessage).toBe(
        'This call cannot be made with an API token; sign in to the back office.',
      );
    }
  });

  it('refuses revoked and unknown tokens', async () => {
    const { id, secret } = await makeToken('Soon revoked', ['orders:read']);
    expect((await withToken('GET', '/api/admin/orders', secret)).status).toBe(200);
    const revoked = await call(ctx.app, 'POST', `/api/admin/staff-tokens/${id}/revoke`, owner);
    expect(revoked.status).toBe(200);
    expect(revoked.body.token.revoked_at).not.toBeNull();

    const after = await withToken('GET', '/api/admin/orders', secret);
    expect(after.status).toBe(401);
    expect(after.body.smessage).toBe('This API token has been revoked.');
    for (const wrong of [`${secret.slice(0, -4)}AAAA`, 'st_live_nothing', 'ak_live_abcdefgh_x']) {
      const unknown = await withToken('GET', '/api/admin/orders', wrong);
      expect(unknown.status, wrong).toBe(401);
      expect(unknown.response.headers['www-authenticate']).toContain('invalid_token');
    }
    // A cookie does not rescue a bad token: the header decides.
    const both = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/orders',
      headers: { authorization: 'Bearer st_live_nothing', cookie: owner },
    });
    expect(both.statusCode).toBe(401);
  });

  it('sets stock and prices of 500 SKUs in one call, all or nothing, naming the refused row', async () => {
    const { secret } = await makeToken('Warehouse sync', ['catalog:write']);
    // The demo has fewer than 500 products: the rest are made here.
    await ctx.database.db.insert(products).values(
      Array.from({ length: 200 }, (_, i) => ({
        itemId: `WH-${i}`,
        itemName: `Warehouse item ${i}`,
        sku: `WH-SKU-${i}`,
        category: 'Accessories',
        itemCondition: 'BrandNew',
        priceCents: 5_000,
      })),
    );
    const all = await ctx.database.db
      .select({
        itemId: products.itemId,
        sku: products.sku,
        stock: products.stock,
        price: products.priceCents,
      })
      .from(products)
      .orderBy(products.itemId)
      .limit(500);
    expect(all.length).toBe(500);
    const rows = all.map((p) => ({ sku: p.sku, stock: p.stock + 7, price_cents: p.price + 1 }));
    const bad = [...rows];
    bad[317] = { sku: 'NO-SUCH-SKU-317', stock: 1, price_cents: 100 };
    const refused = await withToken('PATCH', '/api/admin/products/stock-prices', secret, { rows: bad });
    expect(refused.status).toBe(400);
    expect(refused.body.smessage).toBe('1 row was refused; nothing has been changed.');
    expect(refused.body.refused).toEqual([
      { index: 317, sku: 'NO-SUCH-SKU-317', reason: 'There is no product with this SKU.' },
    ]);
    const unchanged = await ctx.database.db
      .select({
        itemId: products.itemId,
        sku: products.sku,
        stock: products.stock,
        price: products.priceCents,
      })
      .from(products)
      .where(
        inArray(
          products.itemId,
          all.map((p) => p.itemId),
        ),
      )
      .orderBy(products.itemId);
    expect(unchanged).toEqual(all);

    const endpoint = await call(ctx.app, 'POST', '/api/admin/webhooks', owner, {
      url: 'http://127.0.0.1:9/warehouse-sync',
      events: ['product.price_changed', 'product.stock_changed'],
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(200);
    const saved = await withToken('PATCH', '/api/admin/products/stock-prices', secret, { rows });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.updated).toBe(500);
    // Each product's price and stock change is a webhook event, written with the change.
    const events = await ctx.database.db
      .select({ type: webhookDeliveries.eventType, subject: webhookDeliveries.subject })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.body.endpoint.id));
    expect(events.filter((e) => e.type === 'product.price_changed')).toHaveLength(500);
    expect(events.filter((e) => e.type === 'product.stock_changed')).toHaveLength(500);
    expect(events).toContainEqual({ type: 'product.stock_changed', subject: `product:${all[0]!.itemId}` });
    const [first] = await ctx.database.db.select().from(products).where(eq(products.itemId, all[0]!.itemId));
    expect(first).toMatchObject({ stock: rows[0]!.stock, priceCents: rows[0]!.price_cents });
    // Each product's change is audited in the token's name.
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, all[0]!.itemId), eq(auditLog.action, 'product.stock_prices')));
    expect(entry?.actor).toBe(`${OWNER.email} (token ${secret.slice(0, 16)})`);
  });

  it('ships an order with carrier, tracking and serials with an orders:write token', async () => {
    const { secret } = await makeToken('Shipping', ['orders:write', 'orders:read']);
    const buyer = await makeCustomer(ctx.app, owner);
    const [item] = items(1);
    const order = await placeOrder(ctx.app, buyer.cookie, [{ itemId: item!.itemId, quantity: 1 }]);
    const url = `/api/admin/orders/${order.orderId}/status`;
    expect((await withToken('POST', url, secret, { action: 'confirm' })).status).toBe(200);
    const shipped = await withToken('POST', url, secret, {
      action: 'ship',
      carrier: 'UPS',
      tracking_number: '1Z999',
      serials: await unitSerials(ctx.database.db, order.orderId),
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect(shipped.body.order.status).toBe('Shipped');
  });
});
