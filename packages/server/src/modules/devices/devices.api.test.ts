/**
 * The company's devices: every buyer of a company sees its units and no other company's (another's serial or
 * unit answers exactly like an unknown one, in the shop and in the company API); the search by the start of a
 * serial and the state filter; the CSV's columns; an extended plan bought 30 days after the unit's order
 * extends its warranty and one bought 31 days after is refused, as is a unit beyond the plan's quantity; the
 * back office's lookup finds every unit a serial ever shipped as.
 */
import { DEVICES_COUNT_CAP, DEVICES_CSV_COLUMNS } from '@shop/domain/after-sale/device-schemas';
import { addYears } from '@shop/domain/after-sale/rules';
import { todayIn } from '@shop/domain/core/days';
import { message } from '@shop/domain/core/i18n';
import { parse } from 'csv-parse/sync';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orderLines, products, units } from '../../db/schema';
import { call, OWNER, placeOrder, staffSignIn } from '../../test/admin';
import { en } from '../../test/english';
import { DEMO, signIn, useTestApp } from '../../test/harness';

const ctx = useTestApp();
let c1 = '';
let c2 = '';
let staff = '';
let apiKey = '';

const db = () => ctx.database.db;
let orderSeq = 0;

/** An order of a company placed at noon (Toronto) on a day, with its lines; answers its id and line ids. */
async function order(
  customerId: string,
  day: string,
  lines: { itemId: string; name: string; sku: string; condition: string; quantity: number }[],
): Promise<{ orderId: number; orderNumber: string; lineIds: number[] }> {
  const number = `SO-DV${String(++orderSeq).padStart(4, '0')}`;
  const result = await db().execute(sql`
    insert into orders (order_number, customer_id, contact_person_id, checkout_key, status, purchase_order_id,
      shipping_method, subtotal_cents, items_tax_cents, tax_rate_milli, total_cents, created_time, created_at,
      shipping_attention, shipping_address_1, shipping_city, shipping_province, shipping_zip, shipping_country,
      billing_attention, billing_address_1, billing_city, billing_province, billing_zip, billing_country)
    select ${number}, ${customerId}, c.contact_person_id, ${`devices-${number}`}, 'Shipped', '',
      'Standard', 10000, 1300, 13000, 11300, '', (${day}::date + time '12:00') at time zone 'America/Toronto',
      'A B', '1 Main', 'Toronto', 'Ontario', 'M5H1A1', 'Canada', 'A B', '1 Main', 'Toronto', 'Ontario', 'M5H1A1', 'Canada'
    from (select contact_person_id from contacts where customer_id = ${customerId} limit 1) c
    returning order_id`);
  const orderId = Number((result as unknown as { rows: { order_id: number }[] }).rows[0]!.order_id);
  const made = await db()
    .insert(orderLines)
    .values(
      lines.map((l) => ({
        orderId,
        itemId: l.itemId,
        itemName: l.name,
        sku: l.sku,
        itemCondition: l.condition,
        quantity: l.quantity,
        itemRateCents: 100_00,
      })),
    )
    .returning({ lineId: orderLines.lineId });
  return { orderId, orderNumber: number, lineIds: made.map((m) => m.lineId) };
}

const NOTEBOOK = { itemId: 'DV-NB-1', name: 'Aspire 5 Notebook', sku: 'DV.NB.001', condition: 'Recertified' };
const MONITOR = { itemId: 'DV-MON-1', name: 'Nitro 27 Monitor', sku: 'DV.MON.001', condition: 'BrandNew' };
const LAPTOP_PLAN = {
  itemId: 'DV-PLAN-LAP3',
  name: 'Acer Care Plus 3-Year Extended Warranty for Notebooks',
  sku: 'DV.PLAN.LAP3',
  condition: 'Warranty',
};

/** A unit shipped on a day, its warranty end as given. */
async function unit(
  serial: string,
  placed: { orderId: number; lineIds: number[] },
  customerId: string,
  itemId: string,
  values: Partial<typeof units.$inferInsert> = {},
) {
  const [row] = await db()
    .insert(units)
    .values({
      serial,
      orderId: placed.orderId,
      lineId: placed.lineIds[0]!,
      customerId,
      itemId,
      warrantyEndsOn: '2099-12-31',
      warrantyBasis: 'terms',
      shippedAt: new Date('2026-01-12T15:00:00Z'),
      ...values,
    })
    .returning({ unitId: units.unitId });
  return row!.unitId;
}

let c1Order: { orderId: number; orderNumber: string; lineIds: number[] };
let laptopA = 0;
let returnedUnit = 0;
let replacement = 0;

beforeAll(async () => {
  c1 = await signIn(ctx.app, DEMO.C10001.username, DEMO.C10001.password);
  c2 = await signIn(ctx.app, DEMO.C10002.username, DEMO.C10002.password);
  staff = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
  const key = await call(ctx.app, 'POST', '/api/user/api-keys', c1, {
    name: 'Devices',
    scopes: ['prices:read'],
  });
  expect(key.status, JSON.stringify(key.body)).toBe(200);
  apiKey = key.body.secret;

  await db()
    .insert(products)
    .values([
      { ...product(NOTEBOOK), category: 'Notebook', subCategory: '', serialized: true },
      { ...product(MONITOR), category: 'Display', subCategory: '', serialized: true },
      {
        ...product(LAPTOP_PLAN),
        category: 'Warranty',
        subCategory: 'Laptop',
        details: 'Term: 3 years',
      },
    ]);

  // C10001: notebooks ordered on 10 January 2026 (one delivered), a monitor; C10002: one notebook.
  c1Order = await order('C10001', '2026-01-10', [{ ...NOTEBOOK, quantity: 4 }]);
  await db()
    .insert(orderEvents)
    .values({
      orderId: c1Order.orderId,
      kind: 'delivered',
      actor: 'test',
      createdAt: new Date('2026-01-14T17:00:00Z'),
    });
  laptopA = await unit('NXA-0001', c1Order, 'C10001', NOTEBOOK.itemId, {
    warrantyEndsOn: '2026-04-10',
    warrantyBasis: 'terms',
  });
  await unit('NXA-0002', c1Order, 'C10001', NOTEBOOK.itemId, { warrantyEndsOn: '2026-04-10' });
  await unit('NXA-0003', c1Order, 'C10001', NOTEBOOK.itemId, { warrantyEndsOn: '2026-04-10' });
  returnedUnit = await unit('nxb-0100'.toUpperCase(), c1Order, 'C10001', NOTEBOOK.itemId, {
    returnedAt: new Date('2026-02-01T15:00:00Z'),
    warrantyEndsOn: '2026-04-10',
  });
  const monitorOrder = await order('C10001', '2026-06-01', [{ ...MONITOR, quantity: 1 }]);
  await unit('MON-7777', monitorOrder, 'C10001', MONITOR.itemId, {
    warrantyEndsOn: '2099-06-01',
    warrantyBasis: 'factory',
    shippedAt: new Date('2026-06-03T15:00:00Z'),
  });
  // A replacement for the returned notebook, with the same serial (a unit that came back may ship again).
  replacement = await unit('NXB-0100', c1Order, 'C10001', NOTEBOOK.itemId, {
    warrantyEndsOn: '2099-01-01',
    replaces: returnedUnit,
    shippedAt: new Date('2026-02-10T15:00:00Z'),
  });
  await db().update(units).set({ replacedBy: replacement }).where(eq(units.unitId, returnedUnit));

  const c2Order = await order('C10002', '2026-01-10', [{ ...NOTEBOOK, quantity: 1 }]);
  await unit('OTHER-0001', c2Order, 'C10002', NOTEBOOK.itemId);
});

function product(p: { itemId: string; name: string; sku: string; condition: string }) {
  return {
    itemId: p.itemId,
    itemName: p.name,
    sku: p.sku,
    itemCondition: p.condition,
    priceCents: 100_00,
    stock: 10,
  };
}

const api = (path: string) =>
  ctx.app
    .inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${apiKey}` } })
    .then((r) => ({ status: r.statusCode, body: r.json() }));

describe("a company's devices", () => {
  it('lists every unit of the company, latest shipped first, with its order, delivery and warranty', async () => {
    const list = await call(ctx.app, 'GET', '/api/user/C10001/devices', c1);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.devicesPage).toMatchObject({ total: 6, capped: false, page: 1, pages: 1 });
    const serials = list.body.devices.map((d: { serial: string }) => d.serial);
    expect(serials[0]).toBe('MON-7777');
    expect(serials).not.toContain('OTHER-0001');
    const a = list.body.devices.find((d: { unit_id: number }) => d.unit_id === laptopA);
    expect(a).toMatchObject({
      serial: 'NXA-0001',
      item_name: NOTEBOOK.name,
      sku: NOTEBOOK.sku,
      condition: 'Recertified',
      condition_name: 'Recertified',
      order_number: c1Order.orderNumber,
      shipped_on: '2026-01-12',
      delivered_on: '2026-01-14',
      warranty_ends_on: '2026-04-10',
      warranty_basis: 'terms',
      state: 'expired',
    });
    const states = Object.fromEntries(
      list.body.devices.map((d: { unit_id: number; state: string }) => [d.unit_id, d.state]),
    );
    expect(states[returnedUnit]).toBe('replaced');
    expect(states[replacement]).toBe('in_warranty');
    // French: the condition's name in French.
    const fr = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/C10001/devices?q=nxa-0001',
      headers: { cookie: `${c1}; lang=fr` },
    });
    expect(fr.json().devices[0].condition_name).toBe('Remis à neuf');
  });

  it('finds units by the start of a serial in any case, and filters by state', async () => {
    const found = await call(ctx.app, 'GET', '/api/user/C10001/devices?q=nxa', c1);
    expect(found.body.devices.map((d: { serial: string }) => d.serial).sort()).toEqual([
      'NXA-0001',
      'NXA-0002',
      'NXA-0003',
    ]);
    expect((await call(ctx.app, 'GET', '/api/user/C10001/devices?q=XA-0', c1)).body.devicesPage.total).toBe(
      0,
    );
    expect((await call(ctx.app, 'GET', '/api/user/C10001/devices?q=NX_', c1)).body.devicesPage.total).toBe(0);
    const inWarranty = await call(ctx.app, 'GET', '/api/user/C10001/devices?state=in_warranty', c1);
    expect(inWarranty.body.devices.map((d: { serial: string }) => d.serial).sort()).toEqual([
      'MON-7777',
      'NXB-0100',
    ]);
    const replaced = await call(ctx.app, 'GET', '/api/user/C10001/devices?state=replaced&q=nxb', c1);
    expect(replaced.body.devices.map((d: { unit_id: number }) => d.unit_id)).toEqual([returnedUnit]);
    const bad = await call(ctx.app, 'GET', '/api/user/C10001/devices?state=lost', c1);
    expect(bad.status).toBe(400);
    expect(bad.body.smessage).toContain(en(message('afterSale.deviceStateInvalid')));
  });

  it("sees none of another company's units: its serial and its unit answer like unknown ones", async () => {
    const theirs = await call(ctx.app, 'GET', '/api/user/C10001/devices?q=OTHER', c1);
    expect(theirs.body.devicesPage.total).toBe(0);
    const [other] = await db().select().from(units).where(eq(units.serial, 'OTHER-0001'));
    const foreign = await call(ctx.app, 'GET', `/api/user/C10001/devices/${other!.unitId}`, c1);
    const unknown = await call(ctx.app, 'GET', '/api/user/C10001/devices/999999', c1);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
    expect(foreign.body.smessage).toBe(en(message('afterSale.deviceNotFound')));
    // Another company's path is refused before anything is read.
    expect((await call(ctx.app, 'GET', '/api/user/C10002/devices', c1)).status).toBe(403);
    // C10002's buyer sees its own unit.
    const own = await call(ctx.app, 'GET', `/api/user/C10002/devices/${other!.unitId}`, c2);
    expect(own.body.device.serial).toBe('OTHER-0001');

    // The company API: the same list, and another company's serial is not found like an unknown one.
    const listed = await api('/api/v1/devices?q=nx&state=in_warranty');
    expect(listed.status).toBe(200);
    expect(listed.body.devices.map((d: { serial: string }) => d.serial)).toEqual(['NXB-0100']);
    const mine = await api('/api/v1/devices/nxa-0001');
    expect(mine.body.device).toMatchObject({ unit_id: laptopA, order_number: c1Order.orderNumber });
    const otherSerial = await api('/api/v1/devices/OTHER-0001');
    const noSerial = await api('/api/v1/devices/NOPE-0001');
    expect(otherSerial.status).toBe(404);
    expect(noSerial.status).toBe(404);
    expect(otherSerial.body.smessage).toBe(en(message('afterSale.serialUnknown', { serial: 'OTHER-0001' })));
    expect(noSerial.body.smessage).toBe(en(message('afterSale.serialUnknown', { serial: 'NOPE-0001' })));
  });

  it("shows a unit's history: its order, its replacement and the unit it replaces", async () => {
    const old = await call(ctx.app, 'GET', `/api/user/C10001/devices/${returnedUnit}`, c1);
    expect(old.body.device).toMatchObject({
      state: 'replaced',
      ordered_on: '2026-01-10',
      replaced_by: { unit_id: replacement, serial: 'NXB-0100' },
      replaces: null,
      returns: [],
      claims: [],
    });
    const now = await call(ctx.app, 'GET', `/api/user/C10001/devices/${replacement}`, c1);
    expect(now.body.device.replaces).toEqual({ unit_id: returnedUnit, serial: 'NXB-0100' });
  });

  it('exports the filtered list as CSV with its columns', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/C10001/devices.csv?q=NXA',
      headers: { cookie: c1 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const rows = parse(response.body) as string[][];
    expect(rows[0]).toEqual([...DEVICES_CSV_COLUMNS]);
    expect(rows).toHaveLength(4);
    const a = rows.find((r) => r[0] === 'NXA-0001')!;
    expect(a).toEqual([
      'NXA-0001',
      NOTEBOOK.name,
      NOTEBOOK.sku,
      'Recertified',
      c1Order.orderNumber,
      '',
      '2026-01-12',
      '2026-01-14',
      '2026-04-10',
      'terms',
      'expired',
    ]);
  });
});

describe('units shipped through the back office', () => {
  it('appear in the Devices of the company with the warranty their shipment set', async () => {
    const [item] = await db()
      .select({ itemId: products.itemId })
      .from(products)
      .where(
        and(
          eq(products.isActive, true),
          eq(products.serialized, true),
          eq(products.itemCondition, 'BrandNew'),
          gte(products.stock, 5),
          lt(products.stock, 500),
        ),
      )
      .orderBy(asc(products.itemId))
      .limit(1);
    const placed = await placeOrder(ctx.app, c2, [{ itemId: item!.itemId, quantity: 2 }], 'PO-DEVICES');
    const confirmed = await call(ctx.app, 'POST', `/api/admin/orders/${placed.orderId}/status`, staff, {
      action: 'confirm',
    });
    const line = (confirmed.body.order.lines as { line_id: number; serialized: boolean }[]).find(
      (l) => l.serialized,
    )!;
    const shipped = await call(ctx.app, 'POST', `/api/admin/orders/${placed.orderId}/status`, staff, {
      action: 'ship',
      carrier: 'Purolator',
      tracking_number: 'PUR-DEV-1',
      serials: [{ line_id: line.line_id, serials: ['ship-dev-001', 'SHIP-DEV-002'] }],
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    const list = await call(ctx.app, 'GET', '/api/user/C10002/devices?q=ship-dev', c2);
    expect(list.body.devices.map((d: { serial: string }) => d.serial).sort()).toEqual([
      'SHIP-DEV-001',
      'SHIP-DEV-002',
    ]);
    const today = todayIn(ctx.app.services.config.SHOP_TIME_ZONE);
    expect(list.body.devices[0]).toMatchObject({
      order_number: placed.orderNumber,
      shipped_on: today,
      delivered_on: null,
      warranty_basis: 'factory',
      warranty_ends_on: addYears(today, 1),
      state: 'in_warranty',
    });
    // Not the other company's.
    expect(
      (await call(ctx.app, 'GET', '/api/user/C10001/devices?q=ship-dev', c1)).body.devicesPage.total,
    ).toBe(0);
  });
});

describe('a company with many units', () => {
  it('counts up to 1,000 and says so: a serial finds the rest', async () => {
    const [first] = await db().select().from(units).where(eq(units.serial, 'OTHER-0001'));
    await db().execute(sql`insert into units (serial, order_id, line_id, customer_id, item_id, warranty_ends_on,
        warranty_basis)
      select 'MANY-' || lpad(g::text, 5, '0'), ${first!.orderId}, ${first!.lineId}, 'C10002', ${first!.itemId},
        date '2099-01-01', 'terms'
      from generate_series(1, ${DEVICES_COUNT_CAP}) g`);
    const list = await call(ctx.app, 'GET', '/api/user/C10002/devices', c2);
    expect(list.body.devicesPage).toMatchObject({ total: DEVICES_COUNT_CAP, capped: true, pages: 50 });
    const found = await call(ctx.app, 'GET', '/api/user/C10002/devices?q=many-0099', c2);
    expect(found.body.devicesPage).toMatchObject({ total: 10, capped: false });
  });
});

describe('extended plans registered to units', () => {
  let dayThirty: { orderId: number; lineIds: number[] };
  let dayThirtyOne: { orderId: number; lineIds: number[] };

  beforeAll(async () => {
    // The notebooks were ordered on 10 January 2026: 9 February is day 30, 10 February day 31.
    dayThirty = await order('C10001', '2026-02-09', [{ ...LAPTOP_PLAN, quantity: 1 }]);
    dayThirtyOne = await order('C10001', '2026-02-10', [{ ...LAPTOP_PLAN, quantity: 1 }]);
  });

  const register = (placed: { orderId: number; lineIds: number[] }, serial: string) =>
    call(ctx.app, 'POST', `/api/admin/orders/${placed.orderId}/plans/${placed.lineIds[0]}/units`, staff, {
      serial,
    });

  it('a plan bought on day 30 extends the unit to its term from the purchase day', async () => {
    const plans = await call(ctx.app, 'GET', `/api/admin/orders/${dayThirty.orderId}/plans`, staff);
    expect(plans.body.plans).toEqual([
      expect.objectContaining({
        line_id: dayThirty.lineIds[0],
        years: 3,
        kind: 'Laptop',
        quantity: 1,
        units: [],
      }),
    ]);
    const done = await register(dayThirty, ' nxa-0001 ');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.unit).toMatchObject({
      serial: 'NXA-0001',
      warranty_ends_on: '2029-01-10',
      warranty_basis: 'plan',
    });
    expect(done.body.plans[0].units).toEqual([
      expect.objectContaining({ serial: 'NXA-0001', warranty_ends_on: '2029-01-10' }),
    ]);
    const seen = await call(ctx.app, 'GET', `/api/user/C10001/devices/${laptopA}`, c1);
    expect(seen.body.device).toMatchObject({
      state: 'in_warranty',
      warranty_basis: 'plan',
      plan: { line_id: dayThirty.lineIds[0], item_name: LAPTOP_PLAN.name },
    });
  });

  it('refuses a plan bought on day 31, a second unit beyond its quantity, another kind or company', async () => {
    const late = await register(dayThirtyOne, 'NXA-0002');
    expect(late.status).toBe(400);
    expect(late.body.smessage).toContain('31 days after');
    const full = await register(dayThirty, 'NXA-0002');
    expect(full.status).toBe(400);
    expect(full.body.smessage).toContain('All 1 unit of');
    const monitor = await register(dayThirtyOne, 'MON-7777');
    expect(monitor.status).toBe(400);
    expect(monitor.body.smessage).toContain('does not cover');
    const foreign = await register(dayThirtyOne, 'OTHER-0001');
    expect(foreign.status).toBe(400);
    expect(foreign.body.smessage).toContain('was sold to C10002');
    const unknown = await register(dayThirtyOne, 'NOPE-9999');
    expect(unknown.status).toBe(400);
    const again = await register(dayThirty, 'NXA-0001');
    expect(again.status).toBe(400);
    expect(again.body.smessage).toContain('already registered');
    // Nothing moved: the second notebook keeps the terms' end.
    const [second] = await db().select().from(units).where(eq(units.serial, 'NXA-0002'));
    expect(second).toMatchObject({ warrantyEndsOn: '2026-04-10', planLineId: null });
    const notPlan = await call(
      ctx.app,
      'POST',
      `/api/admin/orders/${c1Order.orderId}/plans/${c1Order.lineIds[0]}/units`,
      staff,
      {
        serial: 'NXA-0002',
      },
    );
    expect(notPlan.status).toBe(404);
  });
});

describe("the back office's serial lookup", () => {
  it("finds a serial's every unit, newest first, with company, order and state", async () => {
    const history = await call(ctx.app, 'GET', '/api/admin/serials/nxb-0100', staff);
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(history.body.serial).toBe('NXB-0100');
    expect(history.body.units.map((u: { unit_id: number; state: string }) => [u.unit_id, u.state])).toEqual([
      [replacement, 'in_warranty'],
      [returnedUnit, 'replaced'],
    ]);
    expect(history.body.units[0]).toMatchObject({ customer_id: 'C10001', order_number: c1Order.orderNumber });
    const search = await call(ctx.app, 'GET', '/api/admin/serials?q=nxa-000', staff);
    expect(search.body.units.map((u: { serial: string }) => u.serial)).toEqual([
      'NXA-0001',
      'NXA-0002',
      'NXA-0003',
    ]);
    const none = await call(ctx.app, 'GET', '/api/admin/serials/ZZZ-404', staff);
    expect(none.status).toBe(404);
    expect(none.body.smessage).toBe('No unit with serial ZZZ-404 has shipped.');
    // A buyer's cookie is no key to the back office.
    expect((await call(ctx.app, 'GET', '/api/admin/serials/NXB-0100', c1)).status).toBe(401);
  });
});
