/**
 * Warranty claims: a claim by serial checked against the unit's warranty, another company's serial answered
 * as an unknown one, the seller's one answer (even twice at once), its return, and each mail once.
 */
import { addDays, todayIn } from '@shop/domain/core/days';
import { CLAIM_MSG } from '@shop/domain/warranty-claims/schemas';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contacts, orderLines, outbox, returns, units, warrantyClaims } from '../../db/schema';
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
import { useTestApp } from '../../test/harness';

const ctx = useTestApp();
const pick = itemPicker(() => ctx.app);
let owner: string;
let buyer: Awaited<ReturnType<typeof makeCustomer>>;
let other: Awaited<ReturnType<typeof makeCustomer>>;
let serialCount = 0;

beforeAll(async () => {
  owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
  buyer = await makeCustomer(ctx.app, owner);
  other = await makeCustomer(ctx.app, owner);
});

/** A unit shipped to the customer on an order of theirs, its warranty ending on `endsOn`. */
async function shippedUnit(
  customer: { customerId: string; cookie: string },
  endsOn = addDays(todayIn(ctx.config.SHOP_TIME_ZONE), 60),
): Promise<{ serial: string; unitId: number; orderId: number }> {
  const [item] = pick(1);
  const order = await placeOrder(ctx.app, customer.cookie, [{ itemId: item!.itemId, quantity: 1 }]);
  const db = ctx.app.services.database.db;
  const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, order.orderId));
  const serial = `WCT${Date.now().toString(36).toUpperCase()}${++serialCount}`;
  const [unit] = await db
    .insert(units)
    .values({
      serial,
      orderId: order.orderId,
      lineId: line!.lineId,
      customerId: customer.customerId,
      itemId: item!.itemId,
      warrantyEndsOn: endsOn,
      warrantyBasis: 'terms',
    })
    .returning();
  return { serial, unitId: unit!.unitId, orderId: order.orderId };
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Submits a claim as the customer (multipart: serial, problem, photos). */
async function claim(
  customer: { customerId: string; cookie: string },
  serial: string,
  photos: { type: string; data: Buffer }[] = [],
  problem = 'The screen stays black after the power button is pressed.',
) {
  const boundary = `----claim${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries({ serial, problem }))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const [i, p] of photos.entries())
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="p${i}"\r\nContent-Type: ${p.type}\r\n\r\n`,
      ),
      p.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/user/${customer.customerId}/warranty-claims`,
    remoteAddress: clientAddress(),
    headers: { cookie: customer.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
  return { status: response.statusCode, body: response.json() };
}

async function mailsTo(to: string, subject: string) {
  const rows = await ctx.app.services.database.db.select().from(outbox).where(eq(outbox.to, to));
  return rows.filter((m) => m.subject === subject);
}

describe('a buyer claims a unit by serial', () => {
  it('takes a claim within the warranty, numbers it, keeps its photos and mails the buyer once', async () => {
    const unit = await shippedUnit(buyer);
    const made = await claim(buyer, unit.serial.toLowerCase(), [{ type: 'image/png', data: PNG }]);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.claim_number).toMatch(/^WC-\d{6}$/);
    expect(made.body.smessage).toBe(en(CLAIM_MSG.submitted(made.body.claim_number)));
    const list = await call(ctx.app, 'GET', `/api/user/${buyer.customerId}/warranty-claims`, buyer.cookie);
    expect(list.body.claims[0]).toMatchObject({
      claim_number: made.body.claim_number,
      serial: unit.serial,
      state: 'submitted',
      answer: null,
    });
    const mails = await mailsTo(buyer.email, `Warranty claim ${made.body.claim_number} received`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('2-3 business days');
    // The same unit again while the first waits: refused, naming the claim that waits.
    const again = await claim(buyer, unit.serial);
    expect(again.status).toBe(409);
    expect(again.body.smessage).toBe(en(CLAIM_MSG.claimOpen(unit.serial, made.body.claim_number)));
  });

  it('refuses a claim after the warranty ended, saying when it ended', async () => {
    const endsOn = addDays(todayIn(ctx.config.SHOP_TIME_ZONE), -1);
    const unit = await shippedUnit(buyer, endsOn);
    const made = await claim(buyer, unit.serial);
    expect(made.status).toBe(400);
    expect(made.body.smessage).toBe(en(CLAIM_MSG.warrantyExpired(unit.serial, endsOn)));
    // The last day of the warranty is still within it.
    const lastDay = await shippedUnit(buyer, todayIn(ctx.config.SHOP_TIME_ZONE));
    expect((await claim(buyer, lastDay.serial)).status).toBe(200);
  });

  it("answers another company's serial exactly as an unknown one", async () => {
    const theirs = await shippedUnit(other);
    const foreign = await claim(buyer, theirs.serial);
    const unknownSerial = `${theirs.serial.slice(0, -1)}Z9`;
    const unknown = await claim(buyer, unknownSerial);
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(foreign.status);
    expect(foreign.body).toEqual({ scode: 404, smessage: en(CLAIM_MSG.serialUnknown(theirs.serial)) });
    expect(unknown.body).toEqual({ scode: 404, smessage: en(CLAIM_MSG.serialUnknown(unknownSerial)) });
  });

  it('refuses a photo that is not a picture and more than five photos', async () => {
    const unit = await shippedUnit(buyer);
    const text = await claim(buyer, unit.serial, [{ type: 'image/png', data: Buffer.from('not a picture') }]);
    expect(text.status).toBe(400);
    expect(text.body.smessage).toBe(en(CLAIM_MSG.photoType));
    const six = await claim(
      buyer,
      unit.serial,
      Array.from({ length: 6 }, () => ({ type: 'image/png', data: PNG })),
    );
    expect(six.status).toBe(400);
    expect(six.body.smessage).toBe(en(CLAIM_MSG.photoCount));
  });
});

describe('the seller answers a claim', () => {
  it('answers once even when answered twice at once, opens the return and mails the buyer once', async () => {
    const unit = await shippedUnit(buyer);
    const made = await claim(buyer, unit.serial);
    const claimId = made.body.claim_id as number;
    const queue = await call(ctx.app, 'GET', '/api/admin/warranty-claims?state=submitted', owner);
    expect(queue.body.claims.map((c: { claim_id: number }) => c.claim_id)).toContain(claimId);
    const waiting = await call(ctx.app, 'GET', '/api/admin/warranty-claims/waiting-count', owner);
    expect(waiting.body.waiting).toBeGreaterThan(0);

    const answer = { answer: 'replacement', note: 'We will send a new unit.' };
    const url = `/api/admin/warranty-claims/${claimId}/answer`;
    const both = await Promise.all([
      call(ctx.app, 'POST', url, owner, answer),
      call(ctx.app, 'POST', url, owner, answer),
    ]);
    expect(both.map((b) => b.status).sort()).toEqual([200, 409]);
    const answered = both.find((b) => b.status === 200)!.body.claim;
    expect(answered).toMatchObject({ state: 'answered', answer: 'replacement', return_state: 'authorised' });
    expect(answered.rma_number).toMatch(/^RMA-\d{6}$/);

    const db = ctx.app.services.database.db;
    const opened = await db.select().from(returns).where(eq(returns.claimId, claimId));
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ reason: 'warranty', state: 'authorised', orderId: unit.orderId });
    const [row] = await db.select().from(warrantyClaims).where(eq(warrantyClaims.claimId, claimId));
    expect(row!.returnId).toBe(opened[0]!.returnId);

    const mails = await mailsTo(buyer.email, `Warranty claim ${made.body.claim_number}: our answer`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(opened[0]!.rmaNumber);
    const list = await call(ctx.app, 'GET', `/api/user/${buyer.customerId}/warranty-claims`, buyer.cookie);
    expect(list.body.claims.find((c: { claim_id: number }) => c.claim_id === claimId)).toMatchObject({
      state: 'answered',
      answer: 'replacement',
      answer_note: 'We will send a new unit.',
      rma_number: opened[0]!.rmaNumber,
    });
  });

  it('opens no return when the unit need not come back', async () => {
    const unit = await shippedUnit(buyer);
    const made = await claim(buyer, unit.serial);
    const done = await call(
      ctx.app,
      'POST',
      `/api/admin/warranty-claims/${made.body.claim_id}/answer`,
      owner,
      {
        answer: 'refund',
        note: '',
        keep_unit: true,
      },
    );
    expect(done.status).toBe(200);
    expect(done.body.claim).toMatchObject({ answer: 'refund', return_id: null });
    const db = ctx.app.services.database.db;
    expect(await db.select().from(returns).where(eq(returns.claimId, made.body.claim_id))).toHaveLength(0);
  });
});

describe('what a claim is told in French, and bad input', () => {
  it("mails a French-speaking buyer in French and keeps the claim's photos for the seller", async () => {
    const french = await makeCustomer(ctx.app, owner);
    const db = ctx.app.services.database.db;
    await db.update(contacts).set({ language: 'fr' }).where(eq(contacts.customerId, french.customerId));
    const unit = await shippedUnit(french);
    const made = await claim(french, unit.serial, [{ type: 'image/png', data: PNG }]);
    expect(made.status).toBe(200);
    const mails = await mailsTo(
      french.email,
      `Réclamation au titre de la garantie ${made.body.claim_number} reçue`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('2 à 3 jours ouvrables');
    const seen = await call(ctx.app, 'GET', `/api/admin/warranty-claims/${made.body.claim_id}`, owner);
    expect(seen.body.claim).toMatchObject({
      serial: unit.serial,
      order_id: unit.orderId,
      state: 'submitted',
    });
    const photo = seen.body.claim.photos[0];
    const bytes = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/warranty-claims/${made.body.claim_id}/photos/${photo.photo_id}`,
      headers: { cookie: owner },
    });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/png');
    expect(bytes.rawPayload.equals(PNG)).toBe(true);
  });

  it('answers bad input with 4xx and a message, never 500', async () => {
    const url = `/api/user/${buyer.customerId}/warranty-claims`;
    const json = await call(ctx.app, 'POST', url, buyer.cookie, { serial: 'X', problem: 'y' });
    expect(json.status).toBe(400);
    expect(json.body.smessage).toBe(en(CLAIM_MSG.unreadable));
    const short = await claim(buyer, 'ABC123', [], 'broken');
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual({ problem: en(CLAIM_MSG.problem) });
    expect(
      (await call(ctx.app, 'GET', `/api/user/${other.customerId}/warranty-claims`, buyer.cookie)).status,
    ).toBe(403);
    expect((await call(ctx.app, 'GET', url, '')).status).toBe(401);
    for (const id of ['x', '0', '-1', '99999999999', '2147483647'])
      expect((await call(ctx.app, 'GET', `/api/admin/warranty-claims/${id}`, owner)).status).toBe(404);
    const answer = await call(ctx.app, 'POST', '/api/admin/warranty-claims/1/answer', owner, {
      answer: 'swap',
    });
    expect(answer.status).toBe(400);
    expect((await call(ctx.app, 'GET', '/api/admin/warranty-claims?age=2', owner)).status).toBe(400);
    expect((await call(ctx.app, 'GET', '/api/admin/warranty-claims?customer=%25_x', owner)).status).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/admin/warranty-claims/1/photos/999999', owner)).status).toBe(
      404,
    );
    expect((await call(ctx.app, 'GET', '/api/admin/warranty-claims', '')).status).toBe(401);
  });
});
