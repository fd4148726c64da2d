/**
 * Stock alerts through the API: the buyer's routes and their refusals, firing once when the catalog
 * changes (through the import), again only after the alert stopped matching, the buyer's own price, pausing,
 * the unsubscribe page without a session, and, on PostgreSQL, two server instances mailing once.
 */
import { ALERT_CONDITIONS, ALERT_MSG, MAX_ALERTS } from '@shop/domain/alerts/schemas';
import { availableStock } from '@shop/domain/catalog/pricing';
import type { Condition, FilterField } from '@shop/domain/catalog/rules';
import { personalPrice, toAmount } from '@shop/domain/core/money';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { contacts, outbox, stockAlerts } from '../../db/schema';
import { backOfficeDeps, CLI_ACTOR } from '../../lib/back-office';
import alertsEn from '../../locales/en/alerts.json';
import alertsFr from '../../locales/fr/alerts.json';
import { REMOVED_BODY } from '../../mail/outbox';
import { call, clientAddress, makeCustomer, OWNER, staffSignIn } from '../../test/admin';
import { en } from '../../test/english';
import { useSecondApp, useTestApp } from '../../test/harness';
import { type MailSink, startMailSink, waitFor } from '../../test/mail-sink';
import { applyImport } from '../catalog';
import { hashToken } from '../sessions';
import { AlertEngine, type AlertsNeeds } from '.';
import { MAIL_OFFERS } from './mail';

const sink: MailSink = await startMailSink();
const ctx = useTestApp({ SMTP_URL: sink.url });
const second = useSecondApp(ctx);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function send(cookie: string, method: Method, url: string, payload?: unknown, app = ctx.app) {
  const response = await app.inject({
    method,
    url,
    remoteAddress: clientAddress(),
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as never }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely and assert on them
  return { status: response.statusCode, body: response.json() as Record<string, any> };
}

let owner = '';
beforeAll(async () => {
  owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
});

/** Models of the demo catalog with their items, each handed out once so tests never share stock. */
const usedModels = new Set<string>();
type Picked = { model: string; items: { itemId: string; sku: string; condition: Condition }[] };
function pickModel(accept: (picked: Picked) => boolean = () => true): Picked {
  const groups = new Map<string, { itemId: string; sku: string; condition: Condition }[]>();
  // Models whose every item sells from `stock` alone: setting it sets all the model has in stock.
  const mixed = new Set<string>();
  // An item without a model is a group of its own (an alert on it watches the item).
  for (const p of ctx.app.services.catalog.items.values()) {
    const key = p.model || `item:${p.itemId}`;
    if (!p.isActive || p.itemCondition === 'Warranty' || p.isScratchDent) mixed.add(key);
    const group = groups.get(key) ?? [];
    group.push({ itemId: p.itemId, sku: p.sku, condition: p.itemCondition as Condition });
    groups.set(key, group);
  }
  for (const [model, items] of groups) {
    if (usedModels.has(model) || mixed.has(model)) continue;
    const picked = { model: model.startsWith('item:') ? '' : model, items };
    if (!accept(picked)) continue;
    usedModels.add(model);
    return picked;
  }
  throw new Error('no model left to test with');
}

/** Imports `sku,column...` rows, then lets the catalog and the alerts of every instance catch up. */
async function importRows(header: string, rows: string[], app = ctx.app) {
  await applyImport(backOfficeDeps(app.services), CLI_ACTOR, [header, ...rows].join('\n'));
  await settleEverywhere();
}

async function settleEverywhere() {
  const apps = [ctx.app, second.app].filter((a): a is FastifyInstance => a !== null);
  await Promise.all(apps.map((a) => a.services.catalog.refresh()));
  await Promise.all(apps.map((a) => a.stockAlerts.flush()));
}

const setStock = (items: { sku: string }[], stock: number) =>
  importRows(
    'sku,stock',
    items.map((i) => `${i.sku},${stock}`),
  );

/** The first stock alert mail the sink received for the address. */
async function alertMail(email: string) {
  // Identified by its unsubscribe link: a subject with a quote or an accent arrives encoded.
  const find = () =>
    sink.received.find((m) => m.to.includes(email) && m.text.includes('/acer/unsubscribe?token='));
  await waitFor('the alert mail', () => find() !== undefined);
  return find()!;
}

async function alertMails(email: string) {
  return ctx.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), like(outbox.subject, 'Stock alert%')));
}

describe('the buyer’s alerts', () => {
  it('keep the messages of the domain in the server’s catalogue, in French too', () => {
    for (const [name, key] of Object.entries(ALERT_MSG)) {
      expect(key).toBe(`alerts.msg.${name}`);
      expect(alertsEn[key as keyof typeof alertsEn]).toBeTruthy();
      expect(alertsFr[key as keyof typeof alertsFr]).toBeTruthy();
    }
  });

  it('refuse a visitor, and bad input with a message a person can act on', async () => {
    const buyer = await makeCustomer(ctx.app, owner);
    const { items } = pickModel();
    const product = { kind: 'product', item_id: items[0]!.itemId };
    expect((await send('', 'GET', '/api/user/alerts')).status).toBe(401);
    const cases: [unknown, number, string][] = [
      [{ target: product, conditions: [], min_quantity: 5 }, 400, en(ALERT_MSG.conditions)],
      [{ target: product, conditions: ['Warranty'], min_quantity: 5 }, 400, en(ALERT_MSG.conditions)],
      [{ target: product, conditions: ['BrandNew'], min_quantity: 0 }, 400, en(ALERT_MSG.minQuantity)],
      [{ target: product, conditions: ['BrandNew'], min_quantity: 1.5 }, 400, en(ALERT_MSG.minQuantity)],
      [
        { target: product, conditions: ['BrandNew'], min_quantity: 5, max_price: 0 },
        400,
        en(ALERT_MSG.maxPrice),
      ],
      [
        { target: product, conditions: ['BrandNew'], min_quantity: 5, max_price: -3 },
        400,
        en(ALERT_MSG.maxPrice),
      ],
      [
        { target: { kind: 'product', item_id: 'NO-SUCH-ITEM' }, conditions: ['BrandNew'], min_quantity: 5 },
        404,
        en(ALERT_MSG.productMissing),
      ],
      [
        { target: { kind: 'filter', category: 'Toaster' }, conditions: ['BrandNew'], min_quantity: 5 },
        400,
        en(ALERT_MSG.listingMissing),
      ],
      [
        {
          target: { kind: 'filter', category: 'Notebook', filters: { colour: ['Black'] } },
          conditions: ['BrandNew'],
          min_quantity: 5,
        },
        400,
        en(ALERT_MSG.filter),
      ],
    ];
    for (const [body, status, message] of cases) {
      const answer = await send(buyer.cookie, 'POST', '/api/user/alerts', body);
      expect({ status: answer.status, smessage: answer.body.smessage }).toEqual({
        status,
        smessage: message,
      });
    }
    // The same refusal in French for a buyer reading the shop in French.
    const french = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/alerts',
      remoteAddress: clientAddress(),
      headers: { cookie: `${buyer.cookie}; lang=fr` },
      payload: { target: product, conditions: ['BrandNew'], min_quantity: 0 },
    });
    expect(french.json().smessage).toBe(alertsFr['alerts.msg.minQuantity']);
    expect((await send(buyer.cookie, 'GET', '/api/user/alerts')).body.alerts).toEqual([]);
  });

  it('refuse malformed filters and item ids, and warranty plans that could never fire, in words a person can act on', async () => {
    const buyer = await makeCustomer(ctx.app, owner);
    const warranty = [...ctx.app.services.catalog.items.values()].find(
      (p) => p.isActive && p.itemCondition === 'Warranty',
    );
    expect(warranty).toBeDefined();
    const rule = { conditions: ['BrandNew'], min_quantity: 5 };
    const listing = (filters: unknown, category = 'Notebook', subcategory = '') => ({
      ...rule,
      target: { kind: 'filter', category, subcategory, filters },
    });
    const cases: [unknown, string, string][] = [
      [listing({ color: 'Black' }), en(ALERT_MSG.filterValues), alertsFr['alerts.msg.filterValues']],
      [listing(null), en(ALERT_MSG.filter), alertsFr['alerts.msg.filter']],
      [listing({ color: [5] }), en(ALERT_MSG.filterValues), alertsFr['alerts.msg.filterValues']],
      [
        { ...rule, target: { kind: 'product', item_id: 'X'.repeat(500) } },
        en(ALERT_MSG.itemId),
        alertsFr['alerts.msg.itemId'],
      ],
      [
        { ...rule, target: { kind: 'product', item_id: warranty!.itemId } },
        en(ALERT_MSG.warrantyProduct),
        alertsFr['alerts.msg.warrantyProduct'],
      ],
      [listing({}, 'Warranty'), en(ALERT_MSG.warrantyListing), alertsFr['alerts.msg.warrantyListing']],
      [
        listing({}, 'Warranty', 'Laptop'),
        en(ALERT_MSG.warrantyListing),
        alertsFr['alerts.msg.warrantyListing'],
      ],
      [
        listing({}, 'Sale', 'Warranty'),
        en(ALERT_MSG.warrantyListing),
        alertsFr['alerts.msg.warrantyListing'],
      ],
    ];
    for (const [body, english, french] of cases) {
      const answer = await send(buyer.cookie, 'POST', '/api/user/alerts', body);
      expect({ status: answer.status, smessage: answer.body.smessage }).toEqual({
        status: 400,
        smessage: english,
      });
      const inFrench = await ctx.app.inject({
        method: 'POST',
        url: '/api/user/alerts',
        remoteAddress: clientAddress(),
        headers: { cookie: `${buyer.cookie}; lang=fr` },
        payload: body as never,
      });
      expect({ status: inFrench.statusCode, smessage: inFrench.json().smessage }).toEqual({
        status: 400,
        smessage: french,
      });
    }
    expect((await send(buyer.cookie, 'GET', '/api/user/alerts')).body.alerts).toEqual([]);
  });

  it(`keep at most ${MAX_ALERTS} per buyer`, async () => {
    const buyer = await makeCustomer(ctx.app, owner);
    const body = {
      target: { kind: 'filter', category: 'Notebook', filters: { color: ['Black'] } },
      conditions: ['BrandNew'],
      min_quantity: 9999,
    };
    for (let i = 0; i < MAX_ALERTS; i++) {
      expect((await send(buyer.cookie, 'POST', '/api/user/alerts', body)).status).toBe(200);
    }
    const refused = await send(buyer.cookie, 'POST', '/api/user/alerts', body);
    expect(refused.status).toBe(400);
    expect(refused.body.smessage).toBe(en(ALERT_MSG.tooMany));
    const list = await send(buyer.cookie, 'GET', '/api/user/alerts');
    expect(list.body.alerts).toHaveLength(MAX_ALERTS);
    expect(list.body.alerts[0]).toMatchObject({
      label: 'Notebooks: Black',
      path: '/acer/category/Notebook?color=Black',
      state: 'watching',
    });
  });

  it('are their own: another buyer’s alert is not found, to read, change, pause or delete', async () => {
    const [a, b] = [await makeCustomer(ctx.app, owner), await makeCustomer(ctx.app, owner)];
    const { items } = pickModel();
    await setStock(items, 0);
    const made = await send(a.cookie, 'POST', '/api/user/alerts', {
      target: { kind: 'product', item_id: items[0]!.itemId },
      conditions: ['BrandNew', 'Recertified'],
      min_quantity: 5,
    });
    expect(made.status).toBe(200);
    const id = made.body.alert.alert_id as number;
    const rule = { conditions: ['BrandNew'], min_quantity: 2 };
    for (const [method, url, payload] of [
      ['PUT', `/api/user/alerts/${id}`, rule],
      ['PUT', `/api/user/alerts/${id}/paused`, { paused: true }],
      ['DELETE', `/api/user/alerts/${id}`, undefined],
    ] as const) {
      const answer = await send(b.cookie, method, url, payload);
      expect({ status: answer.status, smessage: answer.body.smessage }).toEqual({
        status: 404,
        smessage: en(ALERT_MSG.notFound),
      });
    }
    expect((await send(b.cookie, 'GET', '/api/user/alerts')).body.alerts).toEqual([]);
    // The owner changes, pauses, resumes and deletes it.
    const edited = await send(a.cookie, 'PUT', `/api/user/alerts/${id}`, { ...rule, max_price: 1234.5 });
    expect(edited.body.alert).toMatchObject({ conditions: ['BrandNew'], min_quantity: 2, max_price: 1234.5 });
    const paused = await send(a.cookie, 'PUT', `/api/user/alerts/${id}/paused`, { paused: true });
    expect(paused.body).toMatchObject({ smessage: en(ALERT_MSG.pausedDone), alert: { state: 'paused' } });
    const resumed = await send(a.cookie, 'PUT', `/api/user/alerts/${id}/paused`, { paused: false });
    expect(resumed.body).toMatchObject({ smessage: en(ALERT_MSG.resumed), alert: { state: 'watching' } });
    expect((await send(a.cookie, 'DELETE', `/api/user/alerts/${id}`)).status).toBe(200);
    expect((await send(a.cookie, 'GET', '/api/user/alerts')).body.alerts).toEqual([]);
    expect((await send(a.cookie, 'PUT', `/api/user/alerts/abc/paused`, { paused: true })).body.smessage).toBe(
      en(ALERT_MSG.alertId),
    );
  });
});

describe('firing', () => {
  it('mails once when an import raises stock over the quantity, not again while it keeps matching, and again after it stopped', async () => {
    const buyer = await makeCustomer(ctx.app, owner);
    const { model, items } = pickModel();
    await setStock(items, 0);
    const conditions = [...new Set(items.map((i) => i.condition))];
    const made = await send(buyer.cookie, 'POST', '/api/user/alerts', {
      target: { kind: 'product', item_id: items[0]!.itemId },
      conditions,
      min_quantity: 30 * items.length,
    });
    expect(made.body).toMatchObject({ smessage: en(ALERT_MSG.created), alert: { state: 'watching' } });
    expect(made.body.alert.target).toEqual({ kind: 'model', model, item_id: items[0]!.itemId });

    await setStock(items, 29);
    expect(await alertMails(buyer.email)).toHaveLength(0);

    await setStock(items, 30);
    expect(await alertMails(buyer.email)).toHaveLength(1);
    const list = await send(buyer.cookie, 'GET', '/api/user/alerts');
    expect(list.body.alerts[0]).toMatchObject({ state: 'matched', matching: true });
    expect(list.body.alerts[0].last_fired_at).not.toBeNull();
    const mail = await alertMail(buyer.email);
    expect(mail.text).toContain('Your stock alert');
    expect(mail.text).toContain(`${30 * items.length} units are in stock`);
    for (const item of items) expect(mail.text).toContain(`(SKU ${item.sku})`);

    // Still matching: more stock mails nothing.
    await setStock(items, 40);
    expect(await alertMails(buyer.email)).toHaveLength(1);

    // Stops matching, then matches again: a second mail.
    await setStock(items, 1);
    expect((await send(buyer.cookie, 'GET', '/api/user/alerts')).body.alerts[0].state).toBe('watching');
    expect(await alertMails(buyer.email)).toHaveLength(1);
    await setStock(items, 50);
    expect(await alertMails(buyer.email)).toHaveLength(2);

    // The first mail's unsubscribe link still works after the second mail drew a new one.
    const firstToken = /unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    await waitFor('the second alert mail', () =>
      sink.received.some(
        (m) =>
          m.to.includes(buyer.email) &&
          !m.text.includes(firstToken) &&
          m.text.includes('/acer/unsubscribe?token='),
      ),
    );
    const [row] = await ctx.database.db
      .select()
      .from(stockAlerts)
      .where(eq(stockAlerts.alertId, made.body.alert.alert_id));
    expect(row!.unsubscribeHash).not.toBe(hashToken(firstToken));
    const page = await ctx.app.inject({ method: 'GET', url: `/acer/unsubscribe?token=${firstToken}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<button type="submit">Unsubscribe</button>');
  });

  it("compares the buyer's own price with the highest price", async () => {
    const cheap = await makeCustomer(ctx.app, owner, { percentage: 10 });
    const dear = await makeCustomer(ctx.app, owner, { percentage: 20 });
    const { items } = pickModel();
    const item = items[0]!;
    await importRows('sku,stock,is_sale', [`${item.sku},0,false`]);
    const base = ctx.app.services.catalog.items.get(item.itemId)!.priceCents;
    // Between the two buyers' prices: 10 % over the base is under it, 20 % over is above.
    const ceiling = toAmount(personalPrice(base, 15));
    const body = {
      target: { kind: 'product', item_id: item.itemId },
      conditions: [item.condition],
      min_quantity: 3,
      max_price: ceiling,
    };
    for (const buyer of [cheap, dear]) {
      // Only this item counts: its model's other items stay at nothing in stock.
      await setStock(items, 0);
      expect((await send(buyer.cookie, 'POST', '/api/user/alerts', body)).status).toBe(200);
    }
    await setStock([item], 5);
    expect(await alertMails(cheap.email)).toHaveLength(1);
    expect(await alertMails(dear.email)).toHaveLength(0);
    const text = (await alertMail(cheap.email)).text;
    expect(text).toContain(
      new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }).format(
        personalPrice(base, 10) / 100,
      ),
    );
  });

  it('does not fire a paused alert, and fires on resuming when it matches then', async () => {
    const buyer = await makeCustomer(ctx.app, owner);
    const { items } = pickModel();
    await setStock(items, 0);
    const made = await send(buyer.cookie, 'POST', '/api/user/alerts', {
      target: { kind: 'product', item_id: items[0]!.itemId },
      conditions: [items[0]!.condition],
      min_quantity: 2,
    });
    const id = made.body.alert.alert_id as number;
    await send(buyer.cookie, 'PUT', `/api/user/alerts/${id}/paused`, { paused: true });
    await setStock(items, 10);
    expect(await alertMails(buyer.email)).toHaveLength(0);
    const resumed = await send(buyer.cookie, 'PUT', `/api/user/alerts/${id}/paused`, { paused: false });
    expect(resumed.body.alert.state).toBe('matched');
    expect(await alertMails(buyer.email)).toHaveLength(1);
  });

  it('neither fires nor mails while the seller has the company disabled, and fires once it is enabled again if it matches then', async () => {
    const buyer = await makeCustomer(ctx.app, owner);
    const { items } = pickModel();
    await setStock(items, 0);
    const made = await send(buyer.cookie, 'POST', '/api/user/alerts', {
      target: { kind: 'product', item_id: items[0]!.itemId },
      conditions: [items[0]!.condition],
      min_quantity: 2,
    });
    expect(made.body.alert.state).toBe('watching');
    const id = made.body.alert.alert_id as number;
    const matching = async () =>
      (await ctx.database.db.select().from(stockAlerts).where(eq(stockAlerts.alertId, id)))[0]!.matching;
    const disabled = await call(ctx.app, 'POST', `/api/admin/customers/${buyer.customerId}/disable`, owner);
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);

    await setStock(items, 10);
    expect(await alertMails(buyer.email)).toHaveLength(0);
    expect(await matching()).toBe(false);
    // Settled directly (as a check read before the company was disabled would): it still waits.
    expect(await ctx.app.stockAlerts.settle(id)).toBeNull();
    expect(await alertMails(buyer.email)).toHaveLength(0);

    // Enabled again while it matches: it fires at once, once, like any alert.
    const enabled = await call(ctx.app, 'POST', `/api/admin/customers/${buyer.customerId}/enable`, owner);
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    await settleEverywhere();
    expect(await alertMails(buyer.email)).toHaveLength(1);
    expect(await matching()).toBe(true);
    expect((await alertMail(buyer.email)).text).toContain('Your stock alert');
    await setStock(items, 12);
    expect(await alertMails(buyer.email)).toHaveLength(1);
  });

  it('mails at once an alert that matches when it is made, and a listing alert on an import', async () => {
    const buyer = await makeCustomer(ctx.app, owner);
    const { items } = pickModel();
    await setStock(items, 7);
    const made = await send(buyer.cookie, 'POST', '/api/user/alerts', {
      target: { kind: 'product', item_id: items[0]!.itemId },
      conditions: [items[0]!.condition],
      min_quantity: 7,
    });
    expect(made.body).toMatchObject({ smessage: en(ALERT_MSG.createdMatching), alert: { state: 'matched' } });
    expect(await alertMails(buyer.email)).toHaveLength(1);

    // A listing: the category of an item, with its processor as the filter.
    const p = ctx.app.services.catalog.items.get(items[0]!.itemId)!;
    const row = ctx.app.services.catalog.row(p.itemId, p.itemCondition as Condition)!;
    const listing = await send(buyer.cookie, 'POST', '/api/user/alerts', {
      target: {
        kind: 'filter',
        category: row.category,
        filters: { processor_type: [row.specs.processor_type] },
      },
      conditions: [row.item_condition],
      min_quantity: 9000,
    });
    expect(listing.body.alert.state).toBe('watching');
    await setStock([items[0]!], 9000);
    expect(await alertMails(buyer.email)).toHaveLength(2);
  });
});

/** Makes a buyer who reads the shop, and its mails, in French. */
async function frenchBuyer() {
  const buyer = await makeCustomer(ctx.app, owner);
  await ctx.database.db.update(contacts).set({ language: 'fr' }).where(eq(contacts.email, buyer.email));
  return buyer;
}

/** The offers of a listing with units in stock in the alerts' conditions. */
function offersInStock(category: string): number {
  return ctx.app.services.catalog
    .bucket(category)!
    .rows()
    .filter(
      (r) => (ALERT_CONDITIONS as readonly string[]).includes(r.item_condition) && availableStock(r) > 0,
    ).length;
}

/** Units in stock on a listing in one condition, with the filters given, as the catalog in memory has them. */
function unitsOn(
  category: string,
  subcategory: string,
  condition: Condition,
  filters: Record<string, string[]>,
) {
  let units = 0;
  for (const row of ctx.app.services.catalog.bucket(category, subcategory || undefined)!.rows()) {
    if (row.item_condition !== condition) continue;
    if (!Object.entries(filters).every(([f, v]) => v.includes(row.specs[f as FilterField]))) continue;
    units += availableStock(row);
  }
  return units;
}

describe('watching the catalog', () => {
  const engine = () => ctx.app.stockAlerts;

  it('checks only the listing alerts on the listings a change touches, and those fire', async () => {
    const buyer = await makeCustomer(ctx.app, owner);
    const catalog = ctx.app.services.catalog;
    const rowOf = (itemId: string) => catalog.row(itemId, 'BrandNew')!;
    const filtersOf = (itemId: string) => ({ processor_type: [rowOf(itemId).specs.processor_type] });
    // A Brand New model on listings with room under the highest quantity an alert may ask for.
    const { items } = pickModel(
      (m) =>
        m.items.every((i) => i.condition === 'BrandNew') &&
        unitsOn(rowOf(m.items[0]!.itemId).category, '', 'BrandNew', filtersOf(m.items[0]!.itemId)) < 5000 &&
        unitsOn('BrandNew', rowOf(m.items[0]!.itemId).category, 'BrandNew', {}) < 5000,
    );
    const item = items[0]!;
    await setStock(items, 0);
    const row = rowOf(item.itemId);
    const filters = filtersOf(item.itemId);
    // The item's own listing with its processor, and Brand New narrowed to its category (monitors by the
    // menu's name): each needs the item's 100 units to match.
    const own = { kind: 'filter', category: row.category, subcategory: '', filters };
    const narrowed = row.category === 'Display' ? 'Monitor' : row.category;
    const brandNew = { kind: 'filter', category: 'BrandNew', subcategory: narrowed, filters: {} };
    const other = { kind: 'filter', category: row.category === 'Tablet' ? 'Desktop' : 'Tablet', filters: {} };
    const ids: number[] = [];
    for (const [target, units] of [
      [own, unitsOn(row.category, '', 'BrandNew', filters)],
      [brandNew, unitsOn('BrandNew', narrowed, 'BrandNew', {})],
      [other, 9899],
    ] as const) {
      const made = await send(buyer.cookie, 'POST', '/api/user/alerts', {
        target,
        conditions: ['BrandNew'],
        min_quantity: units + 100,
      });
      expect(made.status).toBe(200);
      ids.push(made.body.alert.alert_id);
    }
    const [ownId, brandNewId, otherId] = ids;
    await engine().flush();
    const evaluated = new Set<number>();
    engine().onEvaluated = (alertIds) => {
      for (const id of alertIds) evaluated.add(id);
    };
    try {
      await setStock([item], 100);
    } finally {
      engine().onEvaluated = null;
    }
    expect(evaluated.has(ownId!)).toBe(true);
    expect(evaluated.has(brandNewId!)).toBe(true);
    expect(evaluated.has(otherId!)).toBe(false);
    const states = (await send(buyer.cookie, 'GET', '/api/user/alerts')).body.alerts.map(
      (a: { alert_id: number; state: string }) => [a.alert_id, a.state],
    );
    expect(states.slice(0, 2)).toEqual([
      [ownId, 'matched'],
      [brandNewId, 'matched'],
    ]);
  });

  it('settles again, after a pause, an alert whose settling failed', async () => {
    const buyer = await makeCustomer(ctx.app, owner);
    const { items } = pickModel();
    await setStock(items, 0);
    const made = await send(buyer.cookie, 'POST', '/api/user/alerts', {
      target: { kind: 'product', item_id: items[0]!.itemId },
      conditions: [items[0]!.condition],
      min_quantity: 4,
    });
    const alertId = made.body.alert.alert_id as number;
    const real = engine().settle.bind(engine());
    let failed = 0;
    const settle = vi.spyOn(engine(), 'settle').mockImplementation(async (id) => {
      if (id === alertId && failed === 0) {
        failed++;
        throw new Error('the connection to the database was lost');
      }
      return real(id);
    });
    try {
      await setStock(items, 4);
      expect(failed).toBe(1);
      await waitFor(
        'the alert mail after the retry',
        async () => (await alertMails(buyer.email)).length === 1,
      );
    } finally {
      settle.mockRestore();
    }
    expect((await send(buyer.cookie, 'GET', '/api/user/alerts')).body.alerts[0].state).toBe('matched');
  });

  it('checks again, after a pause, what a failed check was to check, and logs the failure as an error', async () => {
    const buyer = await makeCustomer(ctx.app, owner);
    const { items } = pickModel();
    await setStock(items, 0);
    await send(buyer.cookie, 'POST', '/api/user/alerts', {
      target: { kind: 'product', item_id: items[0]!.itemId },
      conditions: [items[0]!.condition],
      min_quantity: 4,
    });
    const internals = engine() as unknown as { readAlerts: () => Promise<unknown>; needs: AlertsNeeds };
    const read = vi
      .spyOn(internals, 'readAlerts')
      .mockRejectedValueOnce(new Error('the connection to the database was lost'));
    const errors = vi.spyOn(internals.needs.log, 'error');
    try {
      await setStock(items, 4);
      expect(read).toHaveBeenCalled();
      expect(errors).toHaveBeenCalledWith(
        expect.objectContaining({ err: expect.any(Error) }),
        expect.stringContaining('checking the stock alerts after a catalog change failed'),
      );
      await waitFor(
        'the alert mail after the retry',
        async () => (await alertMails(buyer.email)).length === 1,
      );
    } finally {
      read.mockRestore();
      errors.mockRestore();
    }
  });

  it('waits, on closing, for a check under way, and logs no error', async () => {
    const watcher = new AlertEngine(ctx.app.services);
    const errors = vi.spyOn(ctx.app.services.log, 'error');
    let checked = false;
    watcher.onEvaluated = () => {
      checked = true;
    };
    try {
      watcher.start();
      // The first check (every alert) starts now, and closing comes while it reads.
      const flushed = watcher.flush();
      await watcher.close();
      expect(checked).toBe(true);
      await flushed;
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });
});

describe('the alert mail', () => {
  it('lists the ten cheapest offers and counts the others, with the link to see them all, in English and French', async () => {
    const offers = offersInStock('Notebook');
    expect(offers).toBeGreaterThan(MAIL_OFFERS);
    const body = {
      target: { kind: 'filter', category: 'Notebook' },
      conditions: [...ALERT_CONDITIONS],
      min_quantity: 1,
    };
    const english = await makeCustomer(ctx.app, owner);
    const french = await frenchBuyer();
    for (const [buyer, more] of [
      [english, `- and ${offers - MAIL_OFFERS} more: `],
      [french, `- et ${offers - MAIL_OFFERS} de plus : `],
    ] as const) {
      const made = await send(buyer.cookie, 'POST', '/api/user/alerts', body);
      expect(made.body.smessage).toBe(en(ALERT_MSG.createdMatching));
      const text = (await alertMail(buyer.email)).text;
      expect(text.split('\n').filter((line) => line.includes('(SKU '))).toHaveLength(MAIL_OFFERS);
      expect(text).toMatch(new RegExp(`^${more}http\\S+/acer/category/Notebook$`, 'm'));
    }
  });

  it('names a listing in the buyer’s language, as the unsubscribe page does', async () => {
    const buyer = await frenchBuyer();
    const made = await send(buyer.cookie, 'POST', '/api/user/alerts', {
      target: { kind: 'filter', category: 'Accessories', subcategory: 'Mice', filters: { color: ['Black'] } },
      conditions: [...ALERT_CONDITIONS],
      min_quantity: 1,
    });
    // Kept in English for the account, which names it in the page's language itself.
    expect(made.body.alert.label).toBe('Accessories › Mice: Black');
    expect(made.body.alert.state).toBe('matched');
    const [queued] = await ctx.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, buyer.email), like(outbox.subject, 'Alerte de stock%')));
    expect(queued!.subject).toBe('Alerte de stock : Accessoires › Souris: Noir');
    const mail = await alertMail(buyer.email);
    expect(mail.text).toContain('Votre alerte de stock « Accessoires › Souris: Noir » est satisfaite');
    const token = /unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const page = await ctx.app.inject({ method: 'GET', url: `/acer/unsubscribe?token=${token}` });
    expect(page.body).toContain('>Accessoires › Souris: Noir</a>');
    expect(page.body).not.toContain('Mice: Black');
    const done = await ctx.app.inject({
      method: 'POST',
      url: '/acer/unsubscribe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}`,
    });
    expect(done.body).toContain('« Accessoires › Souris: Noir »');
  });
});

describe('unsubscribing', () => {
  it('works without a session from the mail’s link, stores no token, and refuses a wrong one', async () => {
    const buyer = await makeCustomer(ctx.app, owner);
    const { items } = pickModel();
    await setStock(items, 0);
    const made = await send(buyer.cookie, 'POST', '/api/user/alerts', {
      target: { kind: 'product', item_id: items[0]!.itemId },
      conditions: [items[0]!.condition],
      min_quantity: 4,
      max_price: 99999,
    });
    const id = made.body.alert.alert_id as number;
    await setStock(items, 4);
    const mail = await alertMail(buyer.email);
    const token = /unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    // RFC 8058 headers on the mail.
    const head = mail.raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    expect(head).toMatch(new RegExp(`List-Unsubscribe: <http[^>]+/acer/unsubscribe\\?token=${token}>`));
    expect(head).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // Only the hash is kept; the delivered mail's text and headers are gone from the outbox.
    const [row] = await ctx.database.db.select().from(stockAlerts).where(eq(stockAlerts.alertId, id));
    expect(row!.unsubscribeHash).toBe(hashToken(token!));
    expect(JSON.stringify(row)).not.toContain(token!);
    await waitFor(
      'the mail recorded as sent',
      async () => (await alertMails(buyer.email))[0]?.sentAt != null,
    );
    const [sent] = await alertMails(buyer.email);
    expect(sent!.body).toBe(REMOVED_BODY);
    expect(sent!.headers).toBeNull();

    // The page, without a session: the alert and one button.
    const page = await ctx.app.inject({ method: 'GET', url: `/acer/unsubscribe?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(buyer.email);
    expect(page.body).toContain('<button type="submit">Unsubscribe</button>');

    const wrong = await ctx.app.inject({ method: 'GET', url: `/acer/unsubscribe?token=${'x'.repeat(43)}` });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).toContain(en(ALERT_MSG.badToken));
    const missing = await ctx.app.inject({ method: 'GET', url: '/acer/unsubscribe' });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain(en(ALERT_MSG.tokenMissing));

    // A mail program's one-click request: the token in the link, the RFC's body.
    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: `/acer/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('is deleted and sends no more mail');
    expect((await send(buyer.cookie, 'GET', '/api/user/alerts')).body.alerts).toEqual([]);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/acer/unsubscribe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}`,
    });
    expect(again.statusCode).toBe(404);
  });
});

/** A buyer with an alert that has mailed them; the token of its mail's unsubscribe link. */
async function alertWithToken(): Promise<{ buyer: { cookie: string; email: string }; token: string }> {
  const buyer = await makeCustomer(ctx.app, owner);
  const { items } = pickModel();
  await setStock(items, 0);
  await send(buyer.cookie, 'POST', '/api/user/alerts', {
    target: { kind: 'product', item_id: items[0]!.itemId },
    conditions: [items[0]!.condition],
    min_quantity: 3,
  });
  await setStock(items, 3);
  const mail = await alertMail(buyer.email);
  return { buyer, token: /unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]! };
}

describe('one-click unsubscribing (RFC 8058)', () => {
  const boundary = '----mailprogram7MA4YWxkTrZu0gW';
  const multipart = (fields: Record<string, string>) =>
    `${Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('')}--${boundary}--\r\n`;
  const post = (url: string, payload: string, contentType = `multipart/form-data; boundary=${boundary}`) =>
    ctx.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });

  it('takes a mail program’s multipart/form-data request, the token in the link', async () => {
    const { buyer, token } = await alertWithToken();
    const answer = await post(
      `/acer/unsubscribe?token=${token}`,
      multipart({ 'List-Unsubscribe': 'One-Click' }),
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('is deleted and sends no more mail');
    expect((await send(buyer.cookie, 'GET', '/api/user/alerts')).body.alerts).toEqual([]);
  });

  it('reads the token from a multipart body too, and refuses a body it cannot read without failing', async () => {
    const { buyer, token } = await alertWithToken();
    // No boundary to read: no fields, so no token (the link had none either).
    const unreadable = await post('/acer/unsubscribe', 'List-Unsubscribe=One-Click', 'multipart/form-data');
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.body).toContain(en(ALERT_MSG.tokenMissing));
    const tooLarge = await post(`/acer/unsubscribe?token=${token}`, multipart({ x: 'y'.repeat(10_000) }));
    expect(tooLarge.statusCode).toBe(413);
    expect((await send(buyer.cookie, 'GET', '/api/user/alerts')).body.alerts).toHaveLength(1);
    const answer = await post('/acer/unsubscribe', multipart({ token }));
    expect(answer.statusCode).toBe(200);
    expect((await send(buyer.cookie, 'GET', '/api/user/alerts')).body.alerts).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two server instances on one PostgreSQL database (PostgreSQL only)',
  () => {
    it('queue exactly one mail when an import in one raises stock over an alert’s quantity', async () => {
      const other = second.app!;
      const buyer = await makeCustomer(ctx.app, owner);
      const { items } = pickModel();
      await setStock(items, 0);
      // Made through the second instance; the import runs in the first.
      const made = await send(
        buyer.cookie,
        'POST',
        '/api/user/alerts',
        {
          target: { kind: 'product', item_id: items[0]!.itemId },
          conditions: [items[0]!.condition],
          min_quantity: 12,
        },
        other,
      );
      expect(made.status).toBe(200);
      await applyImport(
        backOfficeDeps(ctx.app.services),
        CLI_ACTOR,
        ['sku,stock', ...items.map((i) => `${i.sku},12`)].join('\n'),
      );
      // Both instances see the change and both find the alert flipped; they settle it at once.
      await Promise.all([ctx.app.services.catalog.refresh(), other.services.catalog.refresh()]);
      await Promise.all([ctx.app.stockAlerts.flush(), other.stockAlerts.flush()]);
      expect(await alertMails(buyer.email)).toHaveLength(1);
      // And a later change that keeps it matching mails nothing from either.
      await importRows(
        'sku,stock',
        items.map((i) => `${i.sku},13`),
        other,
      );
      expect(await alertMails(buyer.email)).toHaveLength(1);
    });
  },
);
