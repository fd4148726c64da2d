/**
 * A company's API keys in the account: its administrators make, list and revoke them (buyers who are
 * not administrators cannot); the secret is shown once, kept only as a hash, and never written to the log.
 * A missing, malformed, wrong or revoked key gets a 401 a person can act on, in English or French.
 */
import { API_MSG, MAX_ACTIVE_KEYS } from '@shop/domain/company-api/schemas';
import { MSG } from '@shop/domain/core/messages';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, apiKeyUses, contacts, customers } from '../../db/schema';
import { translators } from '../../i18n/lang';
import { call, clientAddress } from '../../test/admin';
import { en } from '../../test/english';
import { DEMO, signIn, useTestApp } from '../../test/harness';
import { hashSecret } from './keys';

// At level info, as a shop runs: every request is logged.
const ctx = useTestApp({ LOG_LEVEL: 'info' });
const fr = translators.fr;

/** Every line the app logs from now on. */
const logged: string[] = [];
let admin = '';
let buyer = '';
let otherAdmin = '';

beforeAll(async () => {
  const log = ctx.app.log as unknown as Record<symbol, { write: (line: string) => boolean }>;
  const streamKey = Object.getOwnPropertySymbols(log).find((s) => s.description === 'pino.stream');
  if (!streamKey) throw new Error('the log stream was not found');
  log[streamKey]!.write = (line: string) => {
    logged.push(line);
    return true;
  };
  admin = await signIn(ctx.app, DEMO.C10001.username, DEMO.C10001.password);
  otherAdmin = await signIn(ctx.app, DEMO.C10002.username, DEMO.C10002.password);
  // A buyer of C10001 who is not an administrator.
  const email = `keys.buyer.${Date.now()}@example.com`;
  const added = await call(ctx.app, 'POST', '/api/user/buyers/create', admin, {
    buyerInfo: { first_name: 'Bob', last_name: 'Buyer', email, role: 'buyer' },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const password = 'Buyer@2026xy';
  await ctx.database.db
    .update(contacts)
    .set({ passwordHash: await (await import('../sessions')).hashPassword(password) })
    .where(eq(contacts.email, email));
  buyer = await signIn(ctx.app, email, password);
});

async function makeKey(cookie: string, name: string, scopes: string[]) {
  const made = await call(ctx.app, 'POST', '/api/user/api-keys', cookie, { name, scopes });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body as { apiKey: { key_id: number; prefix: string; name: string }; secret: string };
}

const v1 = (
  secret: string | null,
  url = '/api/v1/price-list?page_size=1',
  headers: Record<string, string> = {},
) =>
  ctx.app.inject({
    method: 'GET',
    url,
    remoteAddress: clientAddress(),
    headers: { ...(secret === null ? {} : { authorization: `Bearer ${secret}` }), ...headers },
  });

describe('making, listing and revoking keys', () => {
  it('an administrator makes a key: the secret is shown once, in its format, and works', async () => {
    const made = await makeKey(admin, 'ERP nightly sync', ['prices:read']);
    expect(made.secret).toMatch(/^ak_live_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
    expect(made.secret.startsWith(`${made.apiKey.prefix}_`)).toBe(true);
    expect(made.apiKey).toMatchObject({
      name: 'ERP nightly sync',
      scopes: ['prices:read'],
      created_by: expect.any(String),
      last_used_at: null,
      revoked_at: null,
    });
    const used = await v1(made.secret);
    expect(used.statusCode, used.body).toBe(200);

    const list = await call(ctx.app, 'GET', '/api/user/api-keys', admin);
    expect(list.status).toBe(200);
    const listed = list.body.apiKeys.find((k: { key_id: number }) => k.key_id === made.apiKey.key_id);
    expect(listed).toMatchObject({ name: 'ERP nightly sync', prefix: made.apiKey.prefix, revoked_at: null });
    expect(JSON.stringify(list.body)).not.toContain(made.secret);
    // The use is recorded (after the answer is sent) with the key's last use.
    await expect
      .poll(
        async () =>
          (await ctx.database.db.select().from(apiKeyUses).where(eq(apiKeyUses.keyId, made.apiKey.key_id)))
            .length,
      )
      .toBe(1);
    const [use] = await ctx.database.db
      .select()
      .from(apiKeyUses)
      .where(eq(apiKeyUses.keyId, made.apiKey.key_id));
    expect(use).toMatchObject({ method: 'GET', route: '/api/v1/price-list', status: 200 });
    const again = await call(ctx.app, 'GET', '/api/user/api-keys', admin);
    expect(
      again.body.apiKeys.find((k: { key_id: number }) => k.key_id === made.apiKey.key_id).last_used_at,
    ).not.toBeNull();
  });

  it('scopes are checked; names and scopes are required, with messages', async () => {
    const noName = await call(ctx.app, 'POST', '/api/user/api-keys', admin, {
      name: '  ',
      scopes: ['prices:read'],
    });
    expect(noName.status).toBe(400);
    expect(noName.body.smessage).toBe(en(API_MSG.keyName));
    const noScope = await call(ctx.app, 'POST', '/api/user/api-keys', admin, { name: 'x', scopes: [] });
    expect(noScope.status).toBe(400);
    expect(noScope.body.smessage).toBe(en(API_MSG.keyScopes));
    const badScope = await call(ctx.app, 'POST', '/api/user/api-keys', admin, {
      name: 'x',
      scopes: ['admin'],
    });
    expect(badScope.status).toBe(400);
    expect(badScope.body.smessage).toBe(en(API_MSG.keyScopes));
  });

  it('a buyer who is not an administrator can neither list, make nor revoke keys (403)', async () => {
    const made = await makeKey(admin, 'Buyer cannot touch', ['orders:write']);
    const list = await call(ctx.app, 'GET', '/api/user/api-keys', buyer);
    expect(list.status).toBe(403);
    expect(list.body.smessage).toBe(en(API_MSG.keysAdminOnly));
    const make = await call(ctx.app, 'POST', '/api/user/api-keys', buyer, {
      name: 'mine',
      scopes: ['prices:read'],
    });
    expect(make.status).toBe(403);
    const revoke = await call(ctx.app, 'POST', `/api/user/api-keys/${made.apiKey.key_id}/revoke`, buyer);
    expect(revoke.status).toBe(403);
    const visitor = await call(ctx.app, 'GET', '/api/user/api-keys', '');
    expect(visitor.status).toBe(401);
    expect(visitor.body.smessage).toBe(en(MSG.notSignedIn));
  });

  it("another company's administrator neither sees nor revokes this company's keys", async () => {
    const made = await makeKey(admin, 'Only ours', ['prices:read']);
    const theirs = await call(ctx.app, 'GET', '/api/user/api-keys', otherAdmin);
    expect(theirs.status).toBe(200);
    expect(theirs.body.apiKeys.map((k: { key_id: number }) => k.key_id)).not.toContain(made.apiKey.key_id);
    const revoke = await call(ctx.app, 'POST', `/api/user/api-keys/${made.apiKey.key_id}/revoke`, otherAdmin);
    expect(revoke.status).toBe(404);
    expect(revoke.body.smessage).toBe(en(API_MSG.keyNotFound));
    expect((await v1(made.secret)).statusCode).toBe(200);
  });

  it('a revoked key stops at once with a 401 that says so; revoking again changes nothing', async () => {
    const made = await makeKey(admin, 'To revoke', ['prices:read', 'orders:write']);
    expect((await v1(made.secret)).statusCode).toBe(200);
    const revoked = await call(ctx.app, 'POST', `/api/user/api-keys/${made.apiKey.key_id}/revoke`, admin);
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body.smessage).toBe(en(API_MSG.keyRevoked('To revoke')));
    expect(revoked.body.apiKey.revoked_at).not.toBeNull();
    expect(revoked.body.apiKey.revoked_by).toBeTruthy();
    const refused = await v1(made.secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ scode: 401, smessage: en(API_MSG.revokedKey) });
    expect(refused.headers['www-authenticate']).toMatch(/^Bearer /);
    const twice = await call(ctx.app, 'POST', `/api/user/api-keys/${made.apiKey.key_id}/revoke`, admin);
    expect(twice.status).toBe(200);
    expect(twice.body.smessage).toBe(en(API_MSG.keyWasRevoked('To revoke')));
    const list = await call(ctx.app, 'GET', '/api/user/api-keys', admin);
    expect(
      list.body.apiKeys.find((k: { key_id: number }) => k.key_id === made.apiKey.key_id).revoked_at,
    ).toBe(revoked.body.apiKey.revoked_at);
  });

  it(`a company holds at most ${MAX_ACTIVE_KEYS} keys in use`, async () => {
    const [row] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(sql`${apiKeys.customerId} = 'C10002' and ${apiKeys.revokedAt} is null`);
    for (let i = row!.n; i < MAX_ACTIVE_KEYS; i++) await makeKey(otherAdmin, `Key ${i}`, ['prices:read']);
    const over = await call(ctx.app, 'POST', '/api/user/api-keys', otherAdmin, {
      name: 'One more',
      scopes: ['prices:read'],
    });
    expect(over.status).toBe(400);
    expect(over.body.smessage).toBe(en(API_MSG.tooManyKeys));
    const list = await call(ctx.app, 'GET', '/api/user/api-keys', otherAdmin);
    await call(ctx.app, 'POST', `/api/user/api-keys/${list.body.apiKeys[0].key_id}/revoke`, otherAdmin);
    await makeKey(otherAdmin, 'One more', ['prices:read']);
  });
});

describe('refused keys', () => {
  it('no key, a malformed one, a wrong one: 401 with WWW-Authenticate and a message to act on', async () => {
    const none = await v1(null);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ scode: 401, smessage: en(API_MSG.missingKey) });
    expect(none.headers['www-authenticate']).toBe('Bearer realm="Acer Store for Business API"');
    const malformed = await v1('not-a-key');
    expect(malformed.statusCode).toBe(401);
    expect(malformed.json().smessage).toBe(en(API_MSG.malformedKey));
    expect(malformed.headers['www-authenticate']).toContain('error="invalid_token"');
    const basic = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/orders',
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(basic.statusCode).toBe(401);
    expect(basic.json().smessage).toBe(en(API_MSG.malformedKey));
    const wrong = await v1(`ak_live_abcdefgh_${'A'.repeat(43)}`);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().smessage).toBe(en(API_MSG.unknownKey));
  });

  it('a key of a company the seller has disabled is refused (403) until it is enabled again', async () => {
    const made = await makeKey(admin, 'Disabled company', ['prices:read']);
    await ctx.database.db
      .update(customers)
      .set({ disabledAt: new Date() })
      .where(eq(customers.customerId, 'C10001'));
    try {
      const refused = await v1(made.secret);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().smessage).toMatch(/^This account has been disabled\./);
    } finally {
      await ctx.database.db
        .update(customers)
        .set({ disabledAt: null })
        .where(eq(customers.customerId, 'C10001'));
    }
    expect((await v1(made.secret)).statusCode).toBe(200);
  });

  it('a session cookie does not open /api/v1', async () => {
    const withCookie = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/orders',
      headers: { cookie: admin },
    });
    expect(withCookie.statusCode).toBe(401);
    expect(withCookie.json().smessage).toBe(en(API_MSG.missingKey));
  });

  it('the messages are in French with Accept-Language: fr', async () => {
    const french = { 'accept-language': 'fr-CA,fr;q=0.9' };
    const none = await v1(null, undefined, french);
    expect(none.statusCode).toBe(401);
    expect(none.json().smessage).toBe(fr.t('companyApi.missingKey'));
    expect(none.json().smessage).toContain('Envoyez votre clé');
    const wrong = await v1(`ak_live_abcdefgh_${'B'.repeat(43)}`, undefined, french);
    expect(wrong.json().smessage).toBe(fr.t('companyApi.unknownKey'));
    const buyerFr = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/api-keys',
      headers: { cookie: buyer, ...french },
    });
    expect(buyerFr.statusCode).toBe(403);
    expect(buyerFr.json().smessage).toBe(fr.t('companyApi.keysAdminOnly'));
    const made = await call(ctx.app, 'POST', '/api/user/api-keys', admin, {
      name: 'Clé',
      scopes: ['prices:read'],
    });
    const revokedFr = await ctx.app.inject({
      method: 'POST',
      url: `/api/user/api-keys/${made.body.apiKey.key_id}/revoke`,
      headers: { cookie: admin, ...french },
    });
    expect(revokedFr.json().smessage).toBe("La clé d'API Clé a été révoquée.");
  });

  it('every message of the company API has its French', () => {
    for (const [name, message] of Object.entries(API_MSG)) {
      if (typeof message !== 'string') continue;
      expect(translators.fr.has(message), name).toBe(true);
      expect(translators.fr.say(message), name).not.toBe(en(message));
    }
    expect(translators.fr.say(API_MSG.notEnoughStock('Aspire 5', 3))).toContain('3 unités de Aspire 5');
    expect(translators.fr.say(API_MSG.rateLimited(120, 42))).toContain('au plus 120 par minute');
  });
});

describe('the secret at rest and in the log', () => {
  it('is kept only as its hash: no table holds it, and no log line', async () => {
    const made = await makeKey(admin, 'Secret check', ['prices:read', 'orders:write']);
    // Used a few ways: a good call, a refused one, one with the key in a bad header.
    expect((await v1(made.secret)).statusCode).toBe(200);
    expect((await v1(made.secret, '/api/v1/orders?page=0')).statusCode).toBe(400);
    await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/orders',
      headers: { authorization: `Token ${made.secret}` },
    });
    const tables = (
      (await ctx.database.db.execute(
        sql`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
      )) as unknown as { rows: { name: string }[] }
    ).rows;
    expect(tables.map((t) => t.name)).toContain('api_keys');
    const random = made.secret.slice(made.apiKey.prefix.length + 1);
    for (const { name } of tables) {
      const rows = (
        (await ctx.database.db.execute(
          sql`select t::text as row from ${sql.identifier(name)} t`,
        )) as unknown as {
          rows: { row: string }[];
        }
      ).rows;
      for (const r of rows) {
        expect(r.row, name).not.toContain(made.secret);
        expect(r.row, name).not.toContain(random);
      }
    }
    const [row] = await ctx.database.db.select().from(apiKeys).where(eq(apiKeys.keyId, made.apiKey.key_id));
    expect(row!.keyHash).toBe(hashSecret(made.secret));
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.filter((line) => line.includes(random))).toEqual([]);
    expect(logged.filter((line) => /authorization/i.test(line))).toEqual([]);
  });

  it('a key put in the URL instead of the header is refused and logged without its secret', async () => {
    const made = await makeKey(admin, 'Key in the URL', ['prices:read']);
    const random = made.secret.slice(made.apiKey.prefix.length + 1);
    const from = logged.length;
    const urls = [
      `/api/v1/price-list?access_token=${made.secret}`,
      `/api/v1/price-list?page_size=1&api_key=${made.secret}&q=x`,
      `/api/v1/price-list?page=1&other=${made.secret}`,
      `/api/v1/${made.secret}/price-list`,
    ];
    for (const url of urls) {
      const answer = await v1(null, url);
      // Only the Authorization header is read: a key elsewhere is no key.
      expect(answer.statusCode, url).toBe(url.startsWith('/api/v1/price-list') ? 401 : 404);
    }
    const lines = logged.slice(from);
    const incoming = lines
      .map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } })
      .filter((entry) => entry.msg === 'incoming request')
      .map((entry) => entry.req?.url);
    expect(incoming).toEqual([
      '/api/v1/price-list?access_token=(removed)',
      '/api/v1/price-list?page_size=1&api_key=(removed)&q=x',
      '/api/v1/price-list?page=1&other=ak_live_(removed)',
      '/api/v1/ak_live_(removed)/price-list',
    ]);
    expect(lines.filter((line) => line.includes(random))).toEqual([]);
    expect(lines.filter((line) => line.includes(made.apiKey.prefix))).toEqual([]);
  });
});

describe('the API document', () => {
  it('lists every company API call with its tag, summary, security and an example answer', async () => {
    type Schema = { $ref?: string; examples?: unknown[] };
    type Operation = {
      tags?: string[];
      summary?: string;
      security?: Record<string, string[]>[];
      requestBody?: { content: Record<string, { schema: Schema }> };
      responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
    };
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
      components: { schemas: Record<string, Schema>; securitySchemes: Record<string, { scheme?: string }> };
    };
    expect(doc.components.securitySchemes.apiKey!.scheme).toBe('bearer');
    const withExample = (schema: Schema | undefined) => {
      const resolved = schema?.$ref ? doc.components.schemas[schema.$ref.split('/').pop()!] : schema;
      return (resolved?.examples?.length ?? 0) > 0;
    };
    const calls = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ call: `${method.toUpperCase()} ${path}`, path, op })),
    );
    const ours = calls.filter(
      (c) => c.path.startsWith('/api/v1/') || c.path.startsWith('/api/user/api-keys'),
    );
    expect(ours.map((c) => c.call).sort()).toEqual(
      [
        'GET /api/user/api-keys',
        'POST /api/user/api-keys',
        'POST /api/user/api-keys/{keyId}/revoke',
        'GET /api/v1/price-list',
        'GET /api/v1/price-list.csv',
        'GET /api/v1/addresses',
        'POST /api/v1/orders',
        'GET /api/v1/orders',
        'GET /api/v1/orders/{orderNumber}',
        'GET /api/v1/orders/{orderNumber}/invoice.pdf',
        'GET /api/v1/devices',
        'GET /api/v1/devices/{serial}',
        'GET /api/v1/credit-notes',
        'GET /api/v1/credit-notes/{creditNoteNumber}',
        'GET /api/v1/credit-notes/{creditNoteNumber}/pdf',
      ].sort(),
    );
    for (const { call: name, path, op } of ours) {
      expect(op.summary, name).toBeTruthy();
      expect(op.tags, name).toEqual([path.startsWith('/api/v1/') ? 'Company API' : 'Account: API keys']);
      expect(op.security, name).toEqual([path.startsWith('/api/v1/') ? { apiKey: [] } : { session: [] }]);
      const ok = op.responses['200'] ?? op.responses['201'];
      const content = Object.values(ok?.content ?? {})[0];
      // A PDF's answer is its bytes: no example.
      if (!ok?.content?.['application/pdf'])
        expect(withExample(content?.schema), `${name}: an example answer`).toBe(true);
      if (op.requestBody)
        expect(
          withExample(op.requestBody.content['application/json']!.schema),
          `${name}: an example request`,
        ).toBe(true);
      expect(op.responses['4XX'], name).toBeDefined();
    }
  });
});
