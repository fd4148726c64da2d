/**
 * Returns (RMA): the windows by reason from the delivery day, quantities within what was delivered (also
 * two requests at once on two server instances on PostgreSQL), a unit in one return, the seller's steps
 * as conditional updates (receiving twice restocks once, also at once), one mail per step, and another
 * company's return not found.
 */
import { addDays, todayIn } from '@shop/domain/core/days';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orderLines, orders, outbox, products, units } from '../../db/schema';
import {
  call,
  clientAddress,
  itemPicker,
  makeCustomer,
  OWNER,
  placeOrder,
  staffSignIn,
} from '../../test/admin';
import { en } from '../../test/english';
import { useSecondApp, useTestApp } from '../../test/harness';

const ctx = useTestApp();
const second = useSecondApp(ctx);
const pick = itemPicker(() => ctx.app, 20);

let owner = '';
let buyer: Awaited<ReturnType<typeof makeCustomer>>;
let other: Awaited<ReturnType<typeof makeCustomer>>;

/** A PNG's first bytes: enough for the server to know it as one. */
const PNG = Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), Buffer.alloc(64, 1)]);

function multipart(fields: Record<string, string>, files: { name: string; type: string; bytes: Buffer }[]) {
  const boundary = `----returns${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function ask(
  app: FastifyInstance,
  who: { cookie: string; customerId: string },
  orderId: number,
  body: { reason: string; notes?: string; lines: unknown[] },
  files: { name: string; type: string; bytes: Buffer }[] = [],
) {
  const form = multipart(
    { reason: body.reason, notes: body.notes ?? '', lines: JSON.stringify(body.lines) },
    files,
  );
  const response = await app.inject({
    method: 'POST',
    url: `/api/user/${who.customerId}/orders/${orderId}/returns`,
    remoteAddress: clientAddress(),
    headers: { cookie: who.cookie, 'content-type': form.contentType },
    payload: form.payload,
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely
  return { status: response.statusCode, body: response.json() as Record<string, any> };
}

/** A delivered order of the buyer: one plain line of 5 and one line of 3 serialised units. */
async function deliveredOrder(daysAgo = 1) {
  const [plain, serialised] = pick(2);
  const placed = await placeOrder(ctx.app, buyer.cookie, [
    { itemId: plain!.itemId, quantity: 5 },
    { itemId: serialised!.itemId, quantity: 3 },
  ]);
  const db = ctx.database.db;
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, placed.orderId));
  const plainLine = lines.find((l) => l.itemId === plain!.itemId)!;
  const serialLine = lines.find((l) => l.itemId === serialised!.itemId)!;
  const serials = [0, 1, 2].map((i) => `RT${placed.orderId}X${i}`);
  const made = await db
    .insert(units)
    .values(
      serials.map((serial) => ({
        serial,
        orderId: placed.orderId,
        lineId: serialLine.lineId,
        customerId: buyer.customerId,
        itemId: serialised!.itemId,
        warrantyEndsOn: '2099-01-01',
        warrantyBasis: 'terms',
      })),
    )
    .returning({ unitId: units.unitId, serial: units.serial });
  await db.update(orders).set({ status: 'Delivered' }).where(eq(orders.orderId, placed.orderId));
  await db.update(orderLines).set({ status: 'Delivered' }).where(eq(orderLines.orderId, placed.orderId));
  await db.insert(orderEvents).values({
    orderId: placed.orderId,
    kind: 'delivered',
    actor: 'test',
    createdAt: new Date(Date.now() - daysAgo * 86_400_000),
  });
  return { ...placed, plainLine, serialLine, units: made, plainItem: plain!.itemId };
}

async function moveDelivery(orderId: number, daysAgo: number) {
  await ctx.database.db
    .update(orderEvents)
    .set({ createdAt: new Date(Date.now() - daysAgo * 86_400_000) })
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, 'delivered')));
}

async function mailsAbout(rma: string) {
  return ctx.database.db
    .select({ subject: outbox.subject, to: outbox.to })
    .from(outbox)
    .where(like(outbox.subject, `%${rma}%`));
}

async function stockOf(itemId: string) {
  const [row] = await ctx.database.db
    .select({ stock: products.stock, sd: products.scratchDentStock })
    .from(products)
    .where(eq(products.itemId, itemId));
  return row!;
}

beforeAll(async () => {
  owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
  buyer = await makeCustomer(ctx.app, owner);
  other = await makeCustomer(ctx.app, owner);
});

describe('a buyer asks to return units', () => {
  it('is refused 31 days after delivery, and damage after 7 days, with what to know', async () => {
    const order = await deliveredOrder(31);
    const lines = [{ line_id: order.plainLine.lineId, quantity: 1 }];
    const late = await ask(ctx.app, buyer, order.orderId, { reason: 'not_needed', lines });
    const deliveredOn = addDays(todayIn(ctx.config.SHOP_TIME_ZONE), -31);
    expect(late.status).toBe(400);
    expect(late.body.smessage).toBe(
      en({
        key: 'afterSale.returnWindowClosed',
        values: { days: 30, orderNumber: order.orderNumber, deliveredOn },
      }),
    );
    await moveDelivery(order.orderId, 8);
    const damaged = await ask(ctx.app, buyer, order.orderId, { reason: 'damaged_in_shipping', lines });
    expect(damaged.status).toBe(400);
    expect(damaged.body.smessage).toContain('within 7 days of delivery');
    // The same day's other reasons are still open; in French the refusal is French.
    const frForm = multipart({ reason: 'damaged_in_shipping', lines: JSON.stringify(lines) }, []);
    const fr = await ctx.app.inject({
      method: 'POST',
      url: `/api/user/${buyer.customerId}/orders/${order.orderId}/returns`,
      headers: { cookie: `${buyer.cookie}; lang=fr`, 'content-type': frForm.contentType },
      payload: frForm.payload,
    });
    expect(fr.json().smessage).toContain('dans les 7 jours suivant la livraison');
    const ok = await ask(ctx.app, buyer, order.orderId, { reason: 'not_as_described', lines });
    expect(ok.status).toBe(200);
  });

  it('opens RMA-… with its units and photos, and refuses more than delivered or a unit twice', async () => {
    const order = await deliveredOrder();
    const opened = await ask(
      ctx.app,
      buyer,
      order.orderId,
      {
        reason: 'dead_on_arrival',
        notes: 'Two do not start',
        lines: [
          { line_id: order.plainLine.lineId, quantity: 2 },
          { line_id: order.serialLine.lineId, unit_ids: [order.units[0]!.unitId] },
        ],
      },
      [{ name: 'box.png', type: 'image/png', bytes: PNG }],
    );
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const ret = opened.body.return;
    expect(ret.rma_number).toBe(`RMA-${String(ret.return_id).padStart(6, '0')}`);
    expect(opened.body.smessage).toContain(ret.rma_number);
    expect(ret.state).toBe('requested');
    expect(ret.units).toBe(3);
    expect(ret.lines.map((l: { serial: string | null }) => l.serial)).toContain(order.units[0]!.serial);
    expect(ret.photos).toHaveLength(1);
    const photo = await call(
      ctx.app,
      'GET',
      `/api/user/${buyer.customerId}/returns/${ret.return_id}/photos/${ret.photos[0].photo_id}`,
      buyer.cookie,
    );
    expect(photo.status).toBe(200);
    expect(photo.response.headers['content-type']).toBe('image/png');

    const beyond = await ask(ctx.app, buyer, order.orderId, {
      reason: 'not_needed',
      lines: [{ line_id: order.plainLine.lineId, quantity: 4 }],
    });
    expect(beyond.status).toBe(400);
    expect(beyond.body.smessage).toBe(
      en({
        key: 'afterSale.beyondDelivered',
        values: { item: order.plainLine.itemName, delivered: 5, left: 3 },
      }),
    );
    const twice = await ask(ctx.app, buyer, order.orderId, {
      reason: 'not_needed',
      lines: [{ line_id: order.serialLine.lineId, unit_ids: [order.units[0]!.unitId] }],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.smessage).toBe(
      en({ key: 'afterSale.unitInReturn', values: { serial: order.units[0]!.serial } }),
    );
    const notAPhoto = await ask(
      ctx.app,
      buyer,
      order.orderId,
      { reason: 'not_needed', lines: [{ line_id: order.plainLine.lineId, quantity: 1 }] },
      [{ name: 'x.png', type: 'image/png', bytes: Buffer.from('not a picture') }],
    );
    expect(notAPhoto.status).toBe(400);
    expect(notAPhoto.body.smessage).toBe(en('afterSale.photoType'));

    // A declined return frees its quantities and units.
    const declined = await call(ctx.app, 'POST', `/api/admin/returns/${ret.return_id}/decline`, owner, {
      reason: 'Units were used',
    });
    expect(declined.status).toBe(200);
    const again = await ask(ctx.app, buyer, order.orderId, {
      reason: 'not_needed',
      lines: [
        { line_id: order.plainLine.lineId, quantity: 5 },
        { line_id: order.serialLine.lineId, unit_ids: [order.units[0]!.unitId] },
      ],
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);

    // Another company sees none of it.
    const foreign = await call(
      ctx.app,
      'GET',
      `/api/user/${other.customerId}/returns/${ret.return_id}`,
      other.cookie,
    );
    expect(foreign.status).toBe(404);
    const foreignPhoto = await call(
      ctx.app,
      'GET',
      `/api/user/${other.customerId}/returns/${ret.return_id}/photos/${ret.photos[0].photo_id}`,
      other.cookie,
    );
    expect(foreignPhoto.status).toBe(404);
    const foreignOrder = await ask(ctx.app, other, order.orderId, {
      reason: 'not_needed',
      lines: [{ line_id: order.plainLine.lineId, quantity: 1 }],
    });
    expect(foreignOrder.status).toBe(404);
    const list = await call(ctx.app, 'GET', `/api/user/${other.customerId}/returns`, other.cookie);
    expect(list.body.returns).toEqual([]);
  });

  it('never returns more than delivered when two requests come at once (two instances on PostgreSQL)', async () => {
    const order = await deliveredOrder();
    // Other orders' returns take none of this order's units.
    const open = await call(
      ctx.app,
      'GET',
      `/api/user/${buyer.customerId}/orders/${order.orderId}/returnable`,
      buyer.cookie,
    );
    const serialLine = open.body.lines.find(
      (l: { line_id: number }) => l.line_id === order.serialLine.lineId,
    );
    expect(serialLine.units.map((u: { available: boolean }) => u.available)).toEqual([true, true, true]);
    expect(open.body.lines.find((l: { line_id: number }) => l.line_id === order.plainLine.lineId).left).toBe(
      5,
    );
    const body = { reason: 'not_needed', lines: [{ line_id: order.plainLine.lineId, quantity: 3 }] };
    const answers = await Promise.all([
      ask(ctx.app, buyer, order.orderId, body),
      ask(second.app ?? ctx.app, buyer, order.orderId, body),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const unitBody = {
      reason: 'not_needed',
      lines: [{ line_id: order.serialLine.lineId, unit_ids: [order.units[1]!.unitId] }],
    };
    const unitAnswers = await Promise.all([
      ask(ctx.app, buyer, order.orderId, unitBody),
      ask(second.app ?? ctx.app, buyer, order.orderId, unitBody),
    ]);
    expect(unitAnswers.map((a) => a.status).sort()).toEqual([200, 400]);
  });
});

describe('the seller works a return', () => {
  it('authorises, receives once (also twice at once), resolves, and mails each step once', async () => {
    const order = await deliveredOrder();
    const opened = await ask(ctx.app, buyer, order.orderId, {
      reason: 'dead_on_arrival',
      lines: [
        { line_id: order.plainLine.lineId, quantity: 2 },
        { line_id: order.serialLine.lineId, unit_ids: [order.units[2]!.unitId] },
      ],
    });
    const ret = opened.body.return;
    const url = `/api/admin/returns/${ret.return_id}`;
    const early = await call(ctx.app, 'POST', `${url}/lines/${ret.lines[0].return_line_id}/receive`, owner, {
      disposition: 'stock',
    });
    expect(early.status).toBe(409);
    const authorise = { instructions: '10 Dock Rd, Toronto ON', shipping_paid_by: 'shop' };
    const [a1, a2] = await Promise.all([
      call(ctx.app, 'POST', `${url}/authorise`, owner, authorise),
      call(second.app ?? ctx.app, 'POST', `${url}/authorise`, owner, authorise),
    ]);
    expect([a1.status, a2.status].sort()).toEqual([200, 409]);

    const before = await stockOf(order.plainItem);
    const plain = ret.lines.find((l: { serial: string | null }) => l.serial === null);
    const unit = ret.lines.find((l: { serial: string | null }) => l.serial !== null);
    const receive = { disposition: 'stock', inspection_note: 'Sealed' };
    const [r1, r2] = await Promise.all([
      call(ctx.app, 'POST', `${url}/lines/${plain.return_line_id}/receive`, owner, receive),
      call(second.app ?? ctx.app, 'POST', `${url}/lines/${plain.return_line_id}/receive`, owner, receive),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([200, 409]);
    const again = await call(ctx.app, 'POST', `${url}/lines/${plain.return_line_id}/receive`, owner, receive);
    expect(again.status).toBe(409);
    expect((await stockOf(order.plainItem)).stock).toBe(before.stock + 2);

    const sdBefore = await stockOf(unit.item_id);
    const last = await call(ctx.app, 'POST', `${url}/lines/${unit.return_line_id}/receive`, owner, {
      disposition: 'scratch_dent',
      inspection_note: 'Dented corner',
    });
    expect(last.status).toBe(200);
    expect(last.body.return.state).toBe('received');
    expect((await stockOf(unit.item_id)).sd).toBe(sdBefore.sd + 1);
    const [returned] = await ctx.database.db
      .select({ at: units.returnedAt })
      .from(units)
      .where(eq(units.unitId, order.units[2]!.unitId));
    expect(returned!.at).not.toBeNull();

    const [s1, s2] = await Promise.all([
      call(ctx.app, 'POST', `${url}/resolve`, owner, { resolution: 'replacement' }),
      call(second.app ?? ctx.app, 'POST', `${url}/resolve`, owner, { resolution: 'replacement' }),
    ]);
    expect([s1.status, s2.status].sort()).toEqual([200, 409]);
    const resolved = (s1.status === 200 ? s1 : s2).body.return;
    expect(resolved.state).toBe('resolved');
    const [replacement] = await ctx.database.db
      .select()
      .from(orders)
      .where(eq(orders.orderId, resolved.replacement_order_id));
    expect(replacement).toMatchObject({
      status: 'Confirmed',
      purchaseOrderId: ret.rma_number,
      totalCents: 0,
    });
    expect(replacement!.customerId).toBe(buyer.customerId);

    const mails = await mailsAbout(ret.rma_number);
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [
        `Return ${ret.rma_number} requested (order ${order.orderNumber})`,
        `Return ${ret.rma_number} authorised: how to send the units`,
        `Return ${ret.rma_number} received`,
        `Return ${ret.rma_number} resolved`,
      ].sort(),
    );
    expect(mails.every((m) => m.to === buyer.email)).toBe(true);

    expect((await call(ctx.app, 'GET', '/api/admin/returns')).status).toBe(401);
    expect((await call(ctx.app, 'GET', url, buyer.cookie)).status).toBe(401);
    const queue = await call(ctx.app, 'GET', '/api/admin/returns?state=resolved', owner);
    expect(queue.body.returns.map((r: { return_id: number }) => r.return_id)).toContain(ret.return_id);
    const day = todayIn(ctx.config.SHOP_TIME_ZONE);
    const report = await call(ctx.app, 'GET', `/api/admin/returns/report?from=${day}&to=${day}`, owner);
    expect(report.status).toBe(200);
    expect(report.body.rows.some((r: { item_id: string }) => r.item_id === order.plainItem)).toBe(true);
    const csv = await call(ctx.app, 'GET', `/api/admin/returns/report.csv?from=${day}&to=${day}`, owner);
    expect(csv.response.body).toContain('Item ID,Product,SKU,Condition,Reason,Returns,Units,Received');
  });
});

describe('the contact form', () => {
  it("takes a signed-in buyer's RMA number only when it is one of their company's returns", async () => {
    const order = await deliveredOrder();
    const opened = await ask(ctx.app, buyer, order.orderId, {
      reason: 'not_needed',
      lines: [{ line_id: order.plainLine.lineId, quantity: 1 }],
    });
    const form = {
      fullName: 'Test Buyer',
      phoneNumber: '4165550101',
      email: buyer.email,
      orderNumber: order.orderNumber,
      company: 'Test',
      questions: 'Where do I send the units?',
    };
    const mine = await call(ctx.app, 'POST', '/api/zoho/sendemail', buyer.cookie, {
      ...form,
      rma: opened.body.return.rma_number,
    });
    expect(mine.status).toBe(200);
    const theirs = await call(ctx.app, 'POST', '/api/zoho/sendemail', other.cookie, {
      ...form,
      rma: opened.body.return.rma_number,
    });
    expect(theirs.status).toBe(400);
    expect(theirs.body.smessage).toBe(
      en({ key: 'afterSale.rmaUnknown', values: { rma: opened.body.return.rma_number } }),
    );
  });
});
