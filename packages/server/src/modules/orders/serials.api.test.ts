/**
 * Serial numbers taken when the seller ships: one per unit of each serialised line, checked in the ship
 * transaction (short, malformed, twice in the shipment, still out on another order, or shipped at the same
 * moment on another process), each unit's warranty end, the invoice and packing slip that list them, the
 * replacement order's units linked to the returned ones, and the catalog import's serialized column.
 */
import { dayIn } from '@shop/domain/core/days';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderCommands } from '../../cli/seller-orders';
import { orders, products, returnLines, returns, units } from '../../db/schema';
import { call, clientAddress, makeCustomer, OWNER, placeOrder, staffSignIn } from '../../test/admin';
import { useSecondApp, useTestApp } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { orderUnitsByLine } from '.';

const ctx = useTestApp();
const second = useSecondApp(ctx);

let owner = '';
let buyer: Awaited<ReturnType<typeof makeCustomer>>;
let serialised: string[] = [];
let plain = '';
beforeAll(async () => {
  owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
  buyer = await makeCustomer(ctx.app, owner);
  const rows = await ctx.database.db
    .select({ itemId: products.itemId, serialized: products.serialized })
    .from(products)
    .where(
      and(
        eq(products.isActive, true),
        eq(products.itemCondition, 'BrandNew'),
        gte(products.stock, 30),
        lt(products.stock, 500),
      ),
    )
    .orderBy(asc(products.itemId));
  serialised = rows.filter((r) => r.serialized).map((r) => r.itemId);
  plain = rows.find((r) => !r.serialized)!.itemId;
});

let next = 0;
/**
 * A confirmed order of these lines; its detail as the back office reads it. Each order adds an address to
 * its buyer, so a new buyer places every fifth.
 */
async function confirmedOrder(lines: { itemId: string; quantity: number }[]) {
  if (next > 0 && next % 5 === 0) buyer = await makeCustomer(ctx.app, owner);
  const order = await placeOrder(ctx.app, buyer.cookie, lines, `PO-SER-${++next}`);
  const confirmed = await call(ctx.app, 'POST', `/api/admin/orders/${order.orderId}/status`, owner, {
    action: 'confirm',
  });
  expect(confirmed.status).toBe(200);
  return { ...order, detail: confirmed.body.order };
}

type Line = { line_id: number; serialized: boolean; quantity: number; sku: string };

let counter = 0;
/** Fresh serials for each serialised line of an order. */
function serialsFor(lines: Line[], prefix = 'SN') {
  return lines
    .filter((l) => l.serialized)
    .map((l) => ({
      line_id: l.line_id,
      serials: Array.from(
        { length: l.quantity },
        () => `${prefix}-${Date.now().toString(36).toUpperCase()}-${++counter}`,
      ),
    }));
}

const ship = (app = ctx.app, orderId: number, serials: unknown) =>
  call(app, 'POST', `/api/admin/orders/${orderId}/status`, owner, {
    action: 'ship',
    carrier: 'Purolator',
    tracking_number: 'PUR-1',
    serials,
  });

describe('serials taken when shipping', () => {
  it('refuses a short shipment, a malformed serial and one given twice; ships with one per unit, normalised, each unit with its warranty end', async () => {
    const order = await confirmedOrder([
      { itemId: serialised[0]!, quantity: 3 },
      { itemId: plain, quantity: 2 },
    ]);
    const lines = order.detail.lines as Line[];
    const serial = lines.find((l) => l.serialized)!;
    const other = lines.find((l) => !l.serialized)!;
    expect(serial).toMatchObject({ quantity: 3, serials: [] });
    expect(other.serialized).toBe(false);

    const none = await ship(ctx.app, order.orderId, []);
    expect(none.status).toBe(400);
    expect(none.body.smessage).toMatch(
      /line 1 \(.+\) ships 3 units: give 3 serial numbers, one per unit \(0 given\)/i,
    );
    const short = await ship(ctx.app, order.orderId, [
      { line_id: serial.line_id, serials: ['AB-001', 'AB-002'] },
    ]);
    expect(short.status).toBe(400);
    expect(short.body.smessage).toMatch(/\(2 given\)/);
    const bad = await ship(ctx.app, order.orderId, [
      { line_id: serial.line_id, serials: ['AB-001', 'no spaces allowed', 'AB-003'] },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.smessage).toMatch(/"NO SPACES ALLOWED" \(line 1 .+, unit 2\) is not a serial number/);
    const twice = await ship(ctx.app, order.orderId, [
      { line_id: serial.line_id, serials: ['AB-001', 'ab-002', ' AB-002 '] },
    ]);
    expect(twice.status).toBe(400);
    expect(twice.body.smessage).toMatch(
      /Serial AB-002 is given twice in this shipment: line 1 .+ unit 2 and line 1 .+ unit 3/,
    );
    const onPlain = await ship(ctx.app, order.orderId, [
      { line_id: serial.line_id, serials: ['AB-001', 'AB-002', 'AB-003'] },
      { line_id: other.line_id, serials: ['XY-001', 'XY-002'] },
    ]);
    expect(onPlain.status).toBe(400);
    expect(onPlain.body.smessage).toMatch(/Line 2 .+ does not carry serial numbers/);
    // Nothing was recorded, and the order is still Confirmed.
    expect(await orderUnitsByLine(ctx.database.db, order.orderId)).toEqual([]);

    const fresh = `ok-${Date.now().toString(36).toUpperCase()}`;
    const given = [` ${fresh}-1`, `${fresh}-2 `, `${fresh}/3`];
    const shipped = await ship(ctx.app, order.orderId, [{ line_id: serial.line_id, serials: given }]);
    expect(shipped.status).toBe(200);
    expect(shipped.body.order.status).toBe('Shipped');
    const upper = given.map((s) => s.trim().toUpperCase());
    expect(shipped.body.order.lines.find((l: Line) => l.line_id === serial.line_id).serials).toEqual(upper);

    const recorded = await ctx.database.db.select().from(units).where(eq(units.orderId, order.orderId));
    const [placed] = await ctx.database.db.select().from(orders).where(eq(orders.orderId, order.orderId));
    const day = dayIn(placed!.createdAt, ctx.config.SHOP_TIME_ZONE);
    // Brand new: the maker's year from the order's day.
    expect(recorded.map((u) => [u.serial, u.warrantyEndsOn, u.warrantyBasis, u.customerId])).toEqual(
      upper.map((s) => [s, `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`, 'factory', buyer.customerId]),
    );
    expect((await orderUnitsByLine(ctx.database.db, order.orderId))[0]).toMatchObject({
      lineId: serial.line_id,
      units: upper.map((s) => ({ serial: s, returnedAt: null })),
    });
  });

  it('refuses a serial out on another order, naming it, and takes it again once that unit is returned', async () => {
    const first = await confirmedOrder([{ itemId: serialised[1]!, quantity: 1 }]);
    const line = (first.detail.lines as Line[])[0]!;
    const serial = `OUT-${Date.now().toString(36).toUpperCase()}`;
    expect((await ship(ctx.app, first.orderId, [{ line_id: line.line_id, serials: [serial] }])).status).toBe(
      200,
    );

    const again = await confirmedOrder([{ itemId: serialised[1]!, quantity: 1 }]);
    const againLine = (again.detail.lines as Line[])[0]!;
    const refused = await ship(ctx.app, again.orderId, [
      { line_id: againLine.line_id, serials: [serial.toLowerCase()] },
    ]);
    expect(refused.status).toBe(409);
    expect(refused.body.smessage).toBe(
      `Serial ${serial} is already out on order ${first.orderNumber} and not returned; check the unit in hand, or record its return first.`,
    );

    await ctx.database.db.update(units).set({ returnedAt: new Date() }).where(eq(units.serial, serial));
    const accepted = await ship(ctx.app, again.orderId, [{ line_id: againLine.line_id, serials: [serial] }]);
    expect(accepted.status).toBe(200);
    expect(await ctx.database.db.select().from(units).where(eq(units.serial, serial))).toHaveLength(2);
  });

  it('two shipments of one serial at once on two server instances: one ships, the other is told the serial (409)', async () => {
    const a = await confirmedOrder([{ itemId: serialised[2]!, quantity: 1 }]);
    const b = await confirmedOrder([{ itemId: serialised[2]!, quantity: 1 }]);
    const serial = `RACE-${Date.now().toString(36).toUpperCase()}`;
    const [one, two] = await Promise.all([
      ship(ctx.app, a.orderId, [{ line_id: (a.detail.lines as Line[])[0]!.line_id, serials: [serial] }]),
      ship(second.app ?? ctx.app, b.orderId, [
        { line_id: (b.detail.lines as Line[])[0]!.line_id, serials: [serial] },
      ]),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    const lost = one.status === 409 ? one : two;
    expect(lost.body.smessage).toMatch(new RegExp(`^Serial ${serial} is already out`));
    expect(await ctx.database.db.select().from(units).where(eq(units.serial, serial))).toHaveLength(1);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a shipment that meets a serial another process committed after its check is told the serial (409), not a 500',
    async () => {
      const order = await confirmedOrder([{ itemId: serialised[2]!, quantity: 1 }]);
      const line = (order.detail.lines as Line[])[0]!;
      const serial = `CLASH-${Date.now().toString(36).toUpperCase()}`;
      // Another process has shipped the serial and not committed yet: the shipment's check cannot see it.
      const other = new pg.Client({ connectionString: ctx.url });
      const watcher = new pg.Client({ connectionString: ctx.url });
      await Promise.all([other.connect(), watcher.connect()]);
      try {
        await other.query('begin');
        await other.query(
          `insert into units (serial, order_id, line_id, customer_id, item_id, warranty_ends_on, warranty_basis)
           values ($1, $2, $3, $4, $5, '2030-01-01', 'terms')`,
          [serial, order.orderId, line.line_id, order.detail.customer_id, order.detail.lines[0].item_id],
        );
        const shipping = ship(ctx.app, order.orderId, [{ line_id: line.line_id, serials: [serial] }]);
        // The shipment waits on the serial's unique index until the other commits.
        for (;;) {
          const { rows } = await watcher.query(
            `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike 'insert into "units"%'`,
          );
          if (rows[0].n > 0) break;
          await new Promise((r) => setImmediate(r));
        }
        await other.query('commit');
        const refused = await shipping;
        expect(refused.status).toBe(409);
        expect(refused.body.smessage).toBe(
          `Serial ${serial} is already out and not returned; check the unit in hand, or record its return first.`,
        );
      } finally {
        await Promise.all([other.end(), watcher.end()]);
      }
    },
  );

  it('ships in bulk with each order’s serials; an order short of them is refused on its own line', async () => {
    const a = await confirmedOrder([{ itemId: serialised[3]!, quantity: 2 }]);
    const b = await confirmedOrder([{ itemId: serialised[3]!, quantity: 1 }]);
    const bulk = await call(ctx.app, 'POST', '/api/admin/orders/bulk', owner, {
      action: 'ship',
      carrier: 'UPS',
      orders: [
        { order_id: a.orderId, tracking_number: '1Z1', serials: serialsFor(a.detail.lines, 'BULK') },
        { order_id: b.orderId, tracking_number: '1Z2' },
      ],
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body.results).toEqual([
      expect.objectContaining({ order_id: a.orderId, ok: true, status: 'Shipped' }),
      expect.objectContaining({
        order_id: b.orderId,
        ok: false,
        message: expect.stringMatching(/ships 1 unit: give its serial number \(0 given\)/),
      }),
    ]);
  });

  it('lists the serials under their line on the invoice PDF, the buyer’s invoice and the packing slip', async () => {
    const order = await confirmedOrder([
      { itemId: serialised[4]!, quantity: 2 },
      { itemId: plain, quantity: 1 },
    ]);
    const serials = serialsFor(order.detail.lines, 'DOC');
    expect((await ship(ctx.app, order.orderId, serials)).status).toBe(200);
    const invoiced = await call(ctx.app, 'POST', `/api/admin/orders/${order.orderId}/invoice`, owner, {
      shipping: 10,
    });
    expect(invoiced.status).toBe(200);
    const invoice = invoiced.body.order.invoices[0];
    const list = serials[0]!.serials;
    expect(invoice.lines.find((l: { serials: string[] }) => l.serials.length > 0).serials).toEqual(list);

    const page = await call(
      ctx.app,
      'GET',
      `/api/user/${buyer.customerId}/invoices/${invoice.invoice_id}`,
      buyer.cookie,
    );
    expect(page.status).toBe(200);
    expect(
      page.body.orderInfo.order.line_items.find((l: { serials?: string[] }) => l.serials?.length),
    ).toMatchObject({ serials: list });

    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/${buyer.customerId}/invoices/${invoice.invoice_id}/pdf`,
      headers: { cookie: buyer.cookie },
      remoteAddress: clientAddress(),
    });
    expect(pdf.statusCode).toBe(200);
    const invoiceText = await pdfText(pdf.rawPayload);
    // Under the line: the label, then each serial (a long list wraps).
    expect(invoiceText).toMatch(/\(Brand new\)\s+Serial numbers: /);
    for (const serial of list) expect(invoiceText).toContain(serial);

    const slip = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.orderNumber}/packing-slip.pdf`,
      headers: { cookie: owner },
      remoteAddress: clientAddress(),
    });
    expect(slip.statusCode).toBe(200);
    expect(slip.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(slip.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain(`Packing slip ${order.orderNumber}`);
    expect(text).toContain('10 King St W');
    expect(text).toContain('Serial numbers:');
    for (const serial of list) expect(text).toContain(serial);
    expect(text).not.toMatch(/\$/);
    const missing = await call(ctx.app, 'GET', '/api/admin/orders/SO-999999/packing-slip.pdf', owner);
    expect(missing.status).toBe(404);
  });

  it('the seller’s command ships with --serials by the line’s number on the order', async () => {
    const order = await confirmedOrder([
      { itemId: plain, quantity: 1 },
      { itemId: serialised[6]!, quantity: 2 },
    ]);
    const context = {
      db: ctx.database.db,
      config: ctx.config,
      deps: { catalog: ctx.app.services.catalog } as never,
    };
    const stamp = Date.now().toString(36).toUpperCase();
    const args = [order.orderNumber, 'ship', '--carrier', 'UPS'];
    await expect(
      orderCommands.order!.run(context, [...args, '--serials', `2=CLI-${stamp}-1`]),
    ).rejects.toThrow(/line 2 \(.+\) ships 2 units: give 2 serial numbers, one per unit \(1 given\)/i);
    await expect(
      orderCommands.order!.run(context, [...args, '--serials', `7=CLI-${stamp}-1`]),
    ).rejects.toThrow(/--serials takes a line's number on the order \(1 to 2\)/);
    const log = console.log;
    console.log = () => {};
    try {
      await orderCommands.order!.run(context, [...args, '--serials', `2=cli-${stamp}-1, cli-${stamp}-2`]);
    } finally {
      console.log = log;
    }
    const lines = await orderUnitsByLine(ctx.database.db, order.orderId);
    expect(lines.flatMap((l) => l.units.map((u) => u.serial))).toEqual([`CLI-${stamp}-1`, `CLI-${stamp}-2`]);
  });

  it('links a replacement order’s units to the returned units they replace', async () => {
    const original = await confirmedOrder([{ itemId: serialised[5]!, quantity: 1 }]);
    const oldSerial = `OLD-${Date.now().toString(36).toUpperCase()}`;
    const line = (original.detail.lines as Line[])[0]!;
    expect(
      (await ship(ctx.app, original.orderId, [{ line_id: line.line_id, serials: [oldSerial] }])).status,
    ).toBe(200);
    const replacement = await confirmedOrder([{ itemId: serialised[5]!, quantity: 1 }]);
    const db = ctx.database.db;
    const [oldUnit] = await db.select().from(units).where(eq(units.serial, oldSerial));
    await db.update(units).set({ returnedAt: new Date() }).where(eq(units.unitId, oldUnit!.unitId));
    const [made] = await db
      .insert(returns)
      .values({
        rmaNumber: `RMA-T${Date.now().toString(36).toUpperCase()}`,
        orderId: original.orderId,
        customerId: original.detail.customer_id,
        reason: 'dead_on_arrival',
        state: 'resolved',
        resolution: 'replacement',
        replacementOrderId: replacement.orderId,
      })
      .returning();
    await db
      .insert(returnLines)
      .values({ returnId: made!.returnId, lineId: line.line_id, unitId: oldUnit!.unitId, quantity: 1 });
    const newSerial = `NEW-${Date.now().toString(36).toUpperCase()}`;
    const shipped = await ship(ctx.app, replacement.orderId, [
      { line_id: (replacement.detail.lines as Line[])[0]!.line_id, serials: [newSerial] },
    ]);
    expect(shipped.status).toBe(200);
    const [newUnit] = await db.select().from(units).where(eq(units.serial, newSerial));
    const [oldAfter] = await db.select().from(units).where(eq(units.unitId, oldUnit!.unitId));
    expect(newUnit!.replaces).toBe(oldUnit!.unitId);
    expect(oldAfter!.replacedBy).toBe(newUnit!.unitId);
  });
});

function multipart(file: { name: string; data: Buffer }) {
  const boundary = `----serials${Date.now()}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      file.data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('whether a product carries serials', () => {
  it('is set by the import’s serialized column, and for a new product left without it, by its category', async () => {
    const suffix = Date.now().toString(36).toUpperCase();
    const file = Buffer.from(
      [
        'sku,item_name,category,item_condition,price,listed_at,serialized',
        `SER.NB.${suffix},Serial Test Notebook,Notebook,BrandNew,999,2026-01-05,`,
        `SER.AC.${suffix},Serial Test Cable,Accessories,BrandNew,9,2026-01-05,`,
        `SER.AC2.${suffix},Serial Test Dock,Accessories,BrandNew,99,2026-01-05,yes`,
      ].join('\n'),
    );
    const send = async (url: string, body: Buffer, token?: string) => {
      const form = multipart({ name: 'serial.csv', data: body });
      const fields = token
        ? Buffer.concat([
            Buffer.from(
              `--${form.headers['content-type'].split('boundary=')[1]}\r\nContent-Disposition: form-data; name="token"\r\n\r\n${token}\r\n`,
            ),
            form.payload,
          ])
        : form.payload;
      const response = await ctx.app.inject({
        method: 'POST',
        url,
        remoteAddress: clientAddress(),
        headers: { ...form.headers, cookie: owner },
        payload: fields,
      });
      return { status: response.statusCode, body: response.json() };
    };
    const preview = await send('/api/admin/catalog/import/preview', file);
    expect(preview.body.preview.summary).toMatchObject({ new: 3, errors: 0 });
    const applied = await send('/api/admin/catalog/import/apply', file, preview.body.preview.token);
    expect(applied.status).toBe(200);
    const flags = async () =>
      Object.fromEntries(
        (
          await ctx.database.db
            .select({ sku: products.sku, serialized: products.serialized })
            .from(products)
            .where(and(gte(products.sku, 'SER.'), lt(products.sku, 'SER/')))
        ).map((r) => [r.sku, r.serialized]),
      );
    expect(await flags()).toMatchObject({
      [`SER.NB.${suffix}`]: true,
      [`SER.AC.${suffix}`]: false,
      [`SER.AC2.${suffix}`]: true,
    });
    // An existing product changes with the column, and the product form reads and writes it.
    const change = Buffer.from(['sku,serialized', `SER.NB.${suffix},false`].join('\n'));
    const changed = await send(
      '/api/admin/catalog/import/apply',
      change,
      (await send('/api/admin/catalog/import/preview', change)).body.preview.token,
    );
    expect(changed.status).toBe(200);
    expect((await flags())[`SER.NB.${suffix}`]).toBe(false);
    const [row] = await ctx.database.db
      .select()
      .from(products)
      .where(eq(products.sku, `SER.AC.${suffix}`));
    const edited = await call(ctx.app, 'PATCH', `/api/admin/products/${row!.itemId}`, owner, {
      serialized: true,
    });
    expect(edited.status).toBe(200);
    const read = await call(ctx.app, 'GET', `/api/admin/products/${row!.itemId}`, owner);
    expect(read.body.product.serialized).toBe(true);
  });
});
