/**
 * Quotes end to end through the API: the buyer's request and its refusals, the seller's answer, revision
 * and refusal (each mailed, in the buyer's language), and acceptance as exactly one order at the quoted
 * prices, with the stock taken then.
 */

import { addDays, todayIn } from '@shop/domain/core/days';
import { formatMoney } from '@shop/domain/core/money';
import { and, eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contacts, orderLines, orders, outbox, products, quotes } from '../../db/schema';
import { call, OWNER, staffSignIn } from '../../test/admin';
import { type Buyer, cartAddBody, checkoutBody, createBuyers } from '../../test/buyers';
import { useTestApp } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import type { ProductRecord } from '../catalog';
import { createInvoice } from '../invoices';

const INBOX = 'quotes-inbox@shop.example';
const ctx = useTestApp({ SHOP_INBOX: INBOX });
let staff: string;
let buyers: Buyer[];
let items: ProductRecord[];

beforeAll(async () => {
  staff = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
  buyers = await createBuyers(ctx.database.db, 3, 'Q7');
  items = [...ctx.app.services.catalog.items.values()]
    .filter((p) => p.isActive && p.itemCondition === 'BrandNew' && !p.isSale)
    .slice(0, 6);
  expect(items.length).toBe(6);
});

async function setStock(item: ProductRecord, stock: number) {
  await ctx.database.db.update(products).set({ stock }).where(eq(products.itemId, item.itemId));
}

const base = (b: Buyer) => `/api/user/${b.customerId}/quotes`;

async function requestQuote(
  buyer: Buyer,
  lines: { item: ProductRecord; quantity: number; target?: number | string }[],
  note = '',
) {
  const res = await call(ctx.app, 'POST', base(buyer), buyer.cookie, {
    lines: lines.map((l) => ({
      item_id: l.item.itemId,
      item_condition: 'BrandNew',
      quantity: l.quantity,
      ...(l.target !== undefined ? { target_price: l.target } : {}),
    })),
    note,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { quote_id: number; quote_number: string; smessage: string };
}

async function adminQuote(quoteId: number) {
  const res = await call(ctx.app, 'GET', `/api/admin/quotes/${quoteId}`, staff);
  expect(res.status).toBe(200);
  return res.body.quote;
}

async function answer(
  quoteId: number,
  prices: number[],
  validUntil = addDays(todayIn(ctx.config.SHOP_TIME_ZONE), 14),
  message = '',
) {
  const quote = await adminQuote(quoteId);
  return call(ctx.app, 'POST', `/api/admin/quotes/${quoteId}/answer`, staff, {
    lines: quote.detail_lines.map((l: { line_id: number }, i: number) => ({
      line_id: l.line_id,
      price: prices[i],
    })),
    valid_until: validUntil,
    message,
  });
}

const placeBody = (b: Buyer, extra: Record<string, unknown> = {}) => ({
  shipping_address_id: b.addressId,
  billing_address_id: b.addressId,
  purchase_order_id: `PO-${b.customerId}`,
  shipping_method: 'Standard',
  ...extra,
});

/** Places the quote as the buyer saw it now (its current revision), unless `extra` says otherwise. */
async function place(b: Buyer, quoteId: number, extra: Record<string, unknown> = {}) {
  const [seen] = await ctx.database.db
    .select({ revision: quotes.revision })
    .from(quotes)
    .where(eq(quotes.quoteId, quoteId));
  return call(ctx.app, 'POST', `${base(b)}/${quoteId}/place`, b.cookie, {
    revision: Math.max(1, seen?.revision ?? 1),
    ...placeBody(b, extra),
  });
}

async function mailsTo(to: string, subject: string) {
  return ctx.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), like(outbox.subject, `%${subject}%`)));
}

describe('requesting a quote', () => {
  it('refuses bad requests with messages a person can act on', async () => {
    const b = buyers[0]!;
    const item = items[0]!;
    const cases: [unknown, string][] = [
      [{ lines: [], note: '' }, 'A quote asks for 1 to 50 lines.'],
      [
        {
          lines: Array.from({ length: 51 }, () => ({
            item_id: item.itemId,
            item_condition: 'BrandNew',
            quantity: 1,
          })),
        },
        'A quote asks for 1 to 50 lines.',
      ],
      [
        { lines: [{ item_id: item.itemId, item_condition: 'BrandNew', quantity: 10000 }] },
        'The quantity must be a whole number from 1 to 9999 (a quote may ask for more than is in stock).',
      ],
      [
        { lines: [{ item_id: item.itemId, item_condition: 'BrandNew', quantity: 1.5 }] },
        'The quantity must be a whole number from 1 to 9999 (a quote may ask for more than is in stock).',
      ],
      [
        { lines: [{ item_id: item.itemId, item_condition: 'BrandNew', quantity: 2, target_price: 0 }] },
        'A target price must be an amount in dollars above 0, such as 450.00, or left empty.',
      ],
      [
        {
          lines: [{ item_id: item.itemId, item_condition: 'BrandNew', quantity: 2 }],
          note: 'x'.repeat(2001),
        },
        'The note can be at most 2000 characters.',
      ],
      [
        { lines: [{ item_id: 'NO-SUCH-ITEM', item_condition: 'BrandNew', quantity: 2 }] },
        'There is no item NO-SUCH-ITEM in the store.',
      ],
      [
        { lines: [{ item_id: item.itemId, item_condition: 'Recertified', quantity: 2 }] },
        `${item.itemName} is not sold as Recertified.`,
      ],
      [
        {
          lines: [
            { item_id: item.itemId, item_condition: 'BrandNew', quantity: 2 },
            { item_id: item.itemId, item_condition: 'BrandNew', quantity: 3 },
          ],
        },
        'Each item appears once per condition in a quote: add the quantities together.',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await call(ctx.app, 'POST', base(b), b.cookie, body);
      expect(res.status, message).toBe(400);
      expect(res.body.smessage).toBe(message);
    }
    const french = await ctx.app.inject({
      method: 'POST',
      url: base(b),
      headers: { cookie: `${b.cookie}; lang=fr` },
      payload: { lines: [] },
    });
    expect(french.json().smessage).toBe('Une demande de soumission compte de 1 à 50 lignes.');
    // A line that is no object at all, in both languages.
    const nothing = await call(ctx.app, 'POST', base(b), b.cookie, { lines: [null] });
    expect(nothing.status).toBe(400);
    expect(nothing.body.smessage).toBe('Each line needs an item.');
    const rien = await ctx.app.inject({
      method: 'POST',
      url: base(b),
      headers: { cookie: `${b.cookie}; lang=fr` },
      payload: { lines: [null] },
    });
    expect(rien.json().smessage).toBe('Chaque ligne doit nommer un article.');
    // A visitor, and a path naming another company, are refused.
    expect((await call(ctx.app, 'POST', base(b), '', { lines: [] })).status).toBe(401);
    expect((await call(ctx.app, 'GET', base(buyers[1]!), b.cookie)).status).toBe(403);
  });

  it('takes more than in stock, mails the shop inbox, and shows as requested in the list and the new count', async () => {
    const b = buyers[0]!;
    const item = items[0]!;
    await setStock(item, 40);
    const before = (await call(ctx.app, 'GET', '/api/admin/quotes/requested-count', staff)).body.requested;
    const q = await requestQuote(
      b,
      [{ item, quantity: 60, target: '450.00' }],
      'Any condition if the price is right',
    );
    expect(q.quote_number).toMatch(/^Q-\d{6}$/);
    expect(q.smessage).toBe(
      `Quote ${q.quote_number} has been requested. You will be told by e-mail when it is answered.`,
    );
    const inbox = await mailsTo(INBOX, q.quote_number);
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.body).toContain(`60 x ${item.itemName}`);
    expect(inbox[0]!.body).toContain('target $450.00 each');
    expect(inbox[0]!.body).toContain(`/acer/admin/quotes/${q.quote_id}`);
    const count = (await call(ctx.app, 'GET', '/api/admin/quotes/requested-count', staff)).body.requested;
    expect(count).toBe(before + 1);
    const list = await call(ctx.app, 'GET', base(b), b.cookie);
    expect(list.body.quotes[0]).toMatchObject({
      quote_number: q.quote_number,
      state: 'requested',
      quantity: 60,
    });
    const one = await call(ctx.app, 'GET', `${base(b)}/${q.quote_id}`, b.cookie);
    expect(one.body.quote.detail_lines[0]).toMatchObject({
      quantity: 60,
      target_cents: 45000,
      quoted_cents: null,
    });
    const filtered = await call(ctx.app, 'GET', '/api/admin/quotes?status=requested', staff);
    expect(filtered.body.quotes.map((x: { quote_id: number }) => x.quote_id)).toContain(q.quote_id);
  });
});

describe('the seller answers, revises and declines', () => {
  it('answers with prices, a date and a message; revising keeps what changed; both are mailed and audited', async () => {
    const b = buyers[0]!;
    const [item1, item2] = [items[1]!, items[2]!];
    const q = await requestQuote(b, [
      { item: item1, quantity: 10 },
      { item: item2, quantity: 5 },
    ]);
    // Refusals first: a price missing, a date in the past or too far.
    const quote = await adminQuote(q.quote_id);
    const partial = await call(ctx.app, 'POST', `/api/admin/quotes/${q.quote_id}/answer`, staff, {
      lines: [{ line_id: quote.detail_lines[0].line_id, price: 10 }],
      valid_until: addDays(todayIn(ctx.config.SHOP_TIME_ZONE), 5),
    });
    expect(partial.status).toBe(400);
    expect(partial.body.smessage).toBe(
      'Give a unit price for every line of the quote, and only for its lines.',
    );
    const past = await answer(q.quote_id, [10, 20], addDays(todayIn(ctx.config.SHOP_TIME_ZONE), -1));
    expect(past.status).toBe(400);
    expect(past.body.smessage).toBe(
      'The validity date is a day written YYYY-MM-DD, from today to 90 days from today.',
    );
    expect((await answer(q.quote_id, [10, 20], addDays(todayIn(ctx.config.SHOP_TIME_ZONE), 91))).status).toBe(
      400,
    );
    const zero = await answer(q.quote_id, [0, 20]);
    expect(zero.status).toBe(400);
    expect(zero.body.smessage).toBe('Each line needs a unit price in dollars above 0, such as 450.00.');

    const day = addDays(todayIn(ctx.config.SHOP_TIME_ZONE), 10);
    const answered = await answer(q.quote_id, [400, '250.50' as never], day, 'Firm for ten days.');
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body.quote).toMatchObject({ state: 'answered', revision: 1, valid_until: day });
    const mail1 = await mailsTo(b.email, `Your quote ${q.quote_number} is ready`);
    expect(mail1).toHaveLength(1);
    expect(mail1[0]!.body).toContain(`10 x ${item1.itemName}`);
    expect(mail1[0]!.body).toContain('at $400.00 each');
    expect(mail1[0]!.body).toContain('Our message: Firm for ten days.');
    expect(mail1[0]!.body).toContain(`/acer/account/quotes/${q.quote_id}`);

    const later = addDays(todayIn(ctx.config.SHOP_TIME_ZONE), 20);
    const revised = await answer(q.quote_id, [380, 250.5], later, 'Better price.');
    expect(revised.status).toBe(200);
    expect(revised.body.quote).toMatchObject({ revision: 2, valid_until: later });
    const seen = (await call(ctx.app, 'GET', `${base(b)}/${q.quote_id}`, b.cookie)).body.quote;
    expect(seen.previous).toEqual({ valid_until: day, message: 'Firm for ten days.' });
    expect(seen.detail_lines[0]).toMatchObject({ quoted_cents: 38000, previous_quoted_cents: 40000 });
    expect(seen.detail_lines[1]).toMatchObject({ quoted_cents: 25050, previous_quoted_cents: null });
    const mail2 = await mailsTo(b.email, `Your quote ${q.quote_number} has been revised`);
    expect(mail2).toHaveLength(1);
    expect(mail2[0]!.body).toContain('at $380.00 each (was $400.00)');

    const trail = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'quote'), eq(auditLog.entityId, String(q.quote_id))));
    expect(trail.map((t) => t.action).sort()).toEqual(['quote.answer', 'quote.revise']);
    expect(trail.every((t) => t.actor === OWNER.email)).toBe(true);
  });

  it('refuses an answer whose total is above what an order may total, which the buyer could never accept', async () => {
    const b = buyers[0]!;
    const q = await requestQuote(b, [{ item: items[2]!, quantity: 9999 }]);
    const huge = await answer(q.quote_id, ['1000000.00' as never]);
    expect(huge.status).toBe(400);
    expect(huge.body.smessage).toBe(
      'At these prices the quote totals $9,999,000,000.00 before taxes, above the $99,999,999.99 an order may total, so the buyer could never accept it. Lower the prices, or decline it and ask the buyer to split it into several quotes.',
    );
    const seen = (await call(ctx.app, 'GET', `${base(b)}/${q.quote_id}`, b.cookie)).body.quote;
    expect(seen).toMatchObject({ state: 'requested', revision: 0 });
    expect(await mailsTo(b.email, `Your quote ${q.quote_number} is ready`)).toHaveLength(0);
    // At a price an order can total, it is answered.
    expect((await answer(q.quote_id, [9999])).status).toBe(200);
  });

  it('declines with a reason (required), mailed in the language the buyer asked in', async () => {
    const b = buyers[0]!;
    const res = await ctx.app.inject({
      method: 'POST',
      url: base(b),
      headers: { cookie: `${b.cookie}; lang=fr` },
      payload: { lines: [{ item_id: items[3]!.itemId, item_condition: 'BrandNew', quantity: 3 }] },
    });
    expect(res.statusCode).toBe(200);
    const q = res.json() as { quote_id: number; quote_number: string; smessage: string };
    expect(q.smessage).toContain(`La demande de soumission ${q.quote_number} a été envoyée.`);
    const empty = await call(ctx.app, 'POST', `/api/admin/quotes/${q.quote_id}/decline`, staff, {
      reason: ' ',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.smessage).toBe('A reason is required (at most 1000 characters).');
    const declined = await call(ctx.app, 'POST', `/api/admin/quotes/${q.quote_id}/decline`, staff, {
      reason: 'Model discontinued.',
    });
    expect(declined.status).toBe(200);
    expect(declined.body.quote.state).toBe('declined');
    const mail = await mailsTo(b.email, `Votre demande de soumission ${q.quote_number} a été refusée`);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body).toContain('Raison : Model discontinued.');
    // Declined: it can be neither answered nor accepted.
    expect((await answer(q.quote_id, [10])).status).toBe(409);
    const refused = await place(b, q.quote_id);
    expect(refused.status).toBe(409);
    expect(refused.body.smessage).toBe('This quote was declined and cannot be accepted.');
  });
});

describe('accepting a quote', () => {
  it('says a line short of stock plainly, then places one order at the quoted prices once the stock is there', async () => {
    const b = buyers[0]!;
    const item = items[0]!;
    await setStock(item, 40);
    const q = await requestQuote(b, [{ item, quantity: 60 }]);
    // Not yet answered: nothing to accept.
    const early = await place(b, q.quote_id);
    expect(early.status).toBe(409);
    expect(early.body.smessage).toBe('This quote has not been answered yet.');
    expect((await answer(q.quote_id, [412.34])).status).toBe(200);

    const short = await place(b, q.quote_id);
    expect(short.status).toBe(409);
    expect(short.body.smessage).toBe(`${item.itemName} only has 40 left in stock; this quote needs 60.`);
    const still = (await call(ctx.app, 'GET', `${base(b)}/${q.quote_id}`, b.cookie)).body.quote;
    expect(still.state).toBe('answered');

    await setStock(item, 70);
    // A forged price or lines in the request are not looked at: prices come from the quote.
    const placed = await place(b, q.quote_id, {
      lines: [{ item_id: item.itemId, quantity: 1, price: 0.01 }],
      price: 0.01,
      subtotal: 0.6,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.smessage).toBe(
      `Order ${placed.body.orderNumber} has been placed from quote ${q.quote_number}.`,
    );
    const [order] = await ctx.database.db
      .select()
      .from(orders)
      .where(eq(orders.orderId, placed.body.orderId));
    expect(order!.quoteId).toBe(q.quote_id);
    expect(order!.subtotalCents).toBe(60 * 41234);
    expect(order!.checkoutKey).toBe(`quote:${q.quote_id}`);
    const lines = await ctx.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order!.orderId));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ quantity: 60, itemRateCents: 41234 });
    const [p] = await ctx.database.db.select().from(products).where(eq(products.itemId, item.itemId));
    expect(p!.stock).toBe(10);
    const [stored] = await ctx.database.db.select().from(quotes).where(eq(quotes.quoteId, q.quote_id));
    expect(stored).toMatchObject({ status: 'accepted', orderId: order!.orderId });
    const confirmation = await mailsTo(b.email, `Order ${order!.orderNumber} received`);
    expect(confirmation).toHaveLength(1);
    expect(confirmation[0]!.body).toContain(`Placed from quote ${q.quote_number}, at its quoted prices.`);
    expect(confirmation[0]!.body).toContain(`60 x ${item.itemName}`);
    expect(confirmation[0]!.body).toContain(`at ${formatMoney(41234)}`);

    // Again: the same order back, and the seller can no longer revise it.
    const again = await place(b, q.quote_id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ orderId: order!.orderId, repeated: true });
    const revise = await answer(q.quote_id, [1]);
    expect(revise.status).toBe(409);
    expect(revise.body.smessage).toBe('This quote is accepted: it can no longer be answered or declined.');
    const listed = (await call(ctx.app, 'GET', base(b), b.cookie)).body.quotes.find(
      (x: { quote_id: number }) => x.quote_id === q.quote_id,
    );
    expect(listed).toMatchObject({ state: 'accepted', order_number: order!.orderNumber });
  });

  it('says a product no longer sold in the quoted condition is no longer sold, by its name now, in the buyer’s language', async () => {
    const b = buyers[2]!;
    const item = items[1]!;
    await setStock(item, 100);
    const q = await requestQuote(b, [{ item, quantity: 6 }]);
    expect((await answer(q.quote_id, [80])).status).toBe(200);
    const [saved] = await ctx.database.db.select().from(products).where(eq(products.itemId, item.itemId));
    try {
      // Renamed and now sold as recertified only: the quote's brand-new line cannot be placed.
      await ctx.database.db
        .update(products)
        .set({ itemName: `${saved!.itemName} (2026)`, itemCondition: 'Recertified' })
        .where(eq(products.itemId, item.itemId));
      const refused = await place(b, q.quote_id);
      expect(refused.status).toBe(409);
      expect(refused.body.smessage).toBe(
        `${saved!.itemName} (2026) is no longer sold as BrandNew; ask us for a new quote.`,
      );
      // Turned off altogether: the same, in French for a French buyer.
      await ctx.database.db
        .update(products)
        .set({ itemName: saved!.itemName, itemCondition: saved!.itemCondition, isActive: false })
        .where(eq(products.itemId, item.itemId));
      const french = await ctx.app.inject({
        method: 'POST',
        url: `${base(b)}/${q.quote_id}/place`,
        headers: { cookie: `${b.cookie}; lang=fr` },
        payload: { revision: 1, ...placeBody(b) },
      });
      expect(french.statusCode).toBe(409);
      expect(french.json().smessage).toBe(
        `${saved!.itemName} n'est plus vendu dans l'état Neuf; demandez-nous une nouvelle soumission.`,
      );
      expect(await ctx.database.db.select().from(orders).where(eq(orders.quoteId, q.quote_id))).toHaveLength(
        0,
      );
      const [p] = await ctx.database.db.select().from(products).where(eq(products.itemId, item.itemId));
      expect(p!.stock).toBe(100);
    } finally {
      await ctx.database.db
        .update(products)
        .set({ itemName: saved!.itemName, itemCondition: saved!.itemCondition, isActive: saved!.isActive })
        .where(eq(products.itemId, item.itemId));
    }
    const [still] = await ctx.database.db.select().from(quotes).where(eq(quotes.quoteId, q.quote_id));
    expect(still!.status).toBe('answered');
  });

  it('accepted twice at once makes exactly one order', async () => {
    const b = buyers[1]!;
    const item = items[4]!;
    await setStock(item, 100);
    const q = await requestQuote(b, [{ item, quantity: 7 }]);
    expect((await answer(q.quote_id, [99])).status).toBe(200);
    const results = await Promise.all([place(b, q.quote_id), place(b, q.quote_id), place(b, q.quote_id)]);
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(new Set(results.map((r) => r.body.orderId)).size).toBe(1);
    expect(results.filter((r) => !r.body.repeated)).toHaveLength(1);
    const made = await ctx.database.db.select().from(orders).where(eq(orders.quoteId, q.quote_id));
    expect(made).toHaveLength(1);
    const [p] = await ctx.database.db.select().from(products).where(eq(products.itemId, item.itemId));
    expect(p!.stock).toBe(93);
  });

  it('a cart checkout sent with the quote’s own key (quote:<id>) is an order of its own: the quote still becomes its order', async () => {
    const b = buyers[2]!;
    const item = items[2]!;
    await setStock(item, 100);
    // Quote numbers as a shop has them after a while: "quote:<id>" is long enough to be a checkout key.
    await ctx.database.db.execute(
      sql`select setval(pg_get_serial_sequence('quotes', 'quote_id'), (select coalesce(max(quote_id), 0) + 40 from quotes))`,
    );
    const q = await requestQuote(b, [{ item, quantity: 3 }]);
    expect((await answer(q.quote_id, [75])).status).toBe(200);
    // The buyer's cart, checked out with the text the shop gives the quote's order as its key.
    const added = await call(
      ctx.app,
      'POST',
      '/api/user/cart/add',
      b.cookie,
      cartAddBody(b, item.itemId, 1, true),
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const site = await call(
      ctx.app,
      'POST',
      '/api/placeorder',
      b.cookie,
      checkoutBody(b, item, 1, { checkoutKey: `quote:${q.quote_id}` }),
    );
    expect(site.status, JSON.stringify(site.body)).toBe(200);

    const placed = await place(b, q.quote_id);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.orderId).not.toBe(site.body.orderId);
    expect(placed.body.smessage).toBe(
      `Order ${placed.body.orderNumber} has been placed from quote ${q.quote_number}.`,
    );
    const [order] = await ctx.database.db
      .select()
      .from(orders)
      .where(eq(orders.orderId, placed.body.orderId));
    expect(order).toMatchObject({ quoteId: q.quote_id, subtotalCents: 3 * 7500 });
    const [stored] = await ctx.database.db.select().from(quotes).where(eq(quotes.quoteId, q.quote_id));
    expect(stored).toMatchObject({ status: 'accepted', orderId: order!.orderId });
    const [p] = await ctx.database.db.select().from(products).where(eq(products.itemId, item.itemId));
    expect(p!.stock).toBe(100 - 1 - 3);
  });

  it('refuses an expired quote, and another company sees none of it', async () => {
    const b = buyers[2]!;
    const item = items[5]!;
    await setStock(item, 100);
    const q = await requestQuote(b, [{ item, quantity: 2 }]);
    expect((await answer(q.quote_id, [50])).status).toBe(200);
    // Another company: 404 for reading and accepting.
    const other = buyers[0]!;
    expect((await call(ctx.app, 'GET', `${base(other)}/${q.quote_id}`, other.cookie)).status).toBe(404);
    const stolen = await place(other, q.quote_id);
    expect(stolen.status).toBe(404);
    expect(stolen.body.smessage).toBe('There is no such quote in your account.');

    const yesterday = addDays(todayIn(ctx.config.SHOP_TIME_ZONE), -1);
    await ctx.database.db.update(quotes).set({ validUntil: yesterday }).where(eq(quotes.quoteId, q.quote_id));
    const seen = (await call(ctx.app, 'GET', `${base(b)}/${q.quote_id}`, b.cookie)).body.quote;
    expect(seen.state).toBe('expired');
    const refused = await place(b, q.quote_id);
    expect(refused.status).toBe(409);
    expect(refused.body.smessage).toBe(
      `This quote expired on ${yesterday} and can no longer be accepted. Please ask for a new quote.`,
    );
    expect(await ctx.database.db.select().from(orders).where(eq(orders.quoteId, q.quote_id))).toHaveLength(0);
    const expired = await call(ctx.app, 'GET', '/api/admin/quotes?status=expired', staff);
    expect(expired.body.quotes.map((x: { quote_id: number }) => x.quote_id)).toContain(q.quote_id);
    // A revision with a new date makes it acceptable again.
    expect((await answer(q.quote_id, [45])).status).toBe(200);
    const placed = await place(b, q.quote_id);
    expect(placed.status).toBe(200);
    const [order] = await ctx.database.db
      .select()
      .from(orders)
      .where(eq(orders.orderId, placed.body.orderId));
    expect(order!.subtotalCents).toBe(9000);
  });

  it('is not placed from an answer the buyer did not see, nor above a buyer’s order limit', async () => {
    const b = buyers[1]!;
    const item = items[3]!;
    await setStock(item, 100);
    const q = await requestQuote(b, [{ item, quantity: 5 }]);
    expect((await answer(q.quote_id, [100])).status).toBe(200);
    const seen = await place(b, q.quote_id, { revision: 'x' });
    expect(seen.status).toBe(400);
    const far = await place(b, q.quote_id, { shipping_address_id: 99_999_999_999 });
    expect(far.status).toBe(400);
    expect(far.body.smessage).toBe('please make sure you have select your shipping and billing address.');
    // The seller revises while the buyer's checkout still shows the first answer: refused, nothing placed.
    expect((await answer(q.quote_id, [120])).status).toBe(200);
    const stale = await place(b, q.quote_id, { revision: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.smessage).toBe(
      'This quote was revised since you opened it. Please review the new answer and accept it again.',
    );
    expect(await ctx.database.db.select().from(orders).where(eq(orders.quoteId, q.quote_id))).toHaveLength(0);

    // A buyer (not an administrator) with a $500 limit cannot accept a $678.00 order ($600 + 13 %).
    const [contact] = await ctx.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.customerId, b.customerId));
    await ctx.database.db
      .update(contacts)
      .set({ role: 'buyer', orderLimitCents: 50_000 })
      .where(eq(contacts.contactPersonId, contact!.contactPersonId));
    try {
      const over = await place(b, q.quote_id);
      expect(over.status).toBe(409);
      expect(over.body.smessage).toMatch(
        /^This quote's order totals \$\d[\d,.]*, above your order limit of \$500\.00\./,
      );
      expect(await ctx.database.db.select().from(orders).where(eq(orders.quoteId, q.quote_id))).toHaveLength(
        0,
      );
      // A French buyer reads the amounts as French writes them.
      const french = await ctx.app.inject({
        method: 'POST',
        url: `${base(b)}/${q.quote_id}/place`,
        headers: { cookie: `${b.cookie}; lang=fr` },
        payload: { revision: 2, ...placeBody(b) },
      });
      expect(french.statusCode).toBe(409);
      const total = /^La commande de cette soumission totalise (\d[\d\s]*,\d\d\s\$), /.exec(
        french.json().smessage,
      )?.[1];
      expect(total, french.json().smessage).toBeDefined();
      expect(french.json().smessage).toBe(
        `La commande de cette soumission totalise ${total}, au-delà de votre limite de commande de ${formatMoney(50_000, 'fr')}. Un administrateur de votre entreprise peut l'accepter dans la section Soumissions du compte.`,
      );
      expect(formatMoney(50_000, 'fr')).toMatch(/^500,00\s\$$/);
    } finally {
      await ctx.database.db
        .update(contacts)
        .set({ role: contact!.role, orderLimitCents: null })
        .where(eq(contacts.contactPersonId, contact!.contactPersonId));
    }
    // As an administrator, with the answer they see: placed at the revised price.
    const placed = await place(b, q.quote_id);
    expect(placed.status).toBe(200);
    const [line] = await ctx.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, placed.body.orderId));
    expect(line!.itemRateCents).toBe(12_000);
  });

  it('shows the quote number on the order, the invoice, its PDF and the back office order', async () => {
    const b = buyers[1]!;
    const item = items[3]!;
    await setStock(item, 100);
    const q = await requestQuote(b, [{ item, quantity: 4 }]);
    expect((await answer(q.quote_id, [123.45])).status).toBe(200);
    const placed = await place(b, q.quote_id);
    expect(placed.status).toBe(200);
    const orderId = placed.body.orderId as number;
    const view = await call(ctx.app, 'GET', `/api/user/${b.customerId}/orders/${orderId}`, b.cookie);
    expect(view.status).toBe(200);
    expect(view.body.orderInfo.order.quote_number).toBe(q.quote_number);
    expect(view.body.orderInfo.order.line_items[0].item_rate).toBe(123.45);
    const admin = await call(ctx.app, 'GET', `/api/admin/orders/${orderId}`, staff);
    expect(admin.body.order.quote_number).toBe(q.quote_number);
    const invoice = await createInvoice(
      ctx.database.db,
      ctx.config.SHOP_TIME_ZONE,
      placed.body.orderNumber,
      1000,
    );
    const inv = await call(
      ctx.app,
      'GET',
      `/api/user/${b.customerId}/invoices/${invoice.invoiceId}`,
      b.cookie,
    );
    expect(inv.status).toBe(200);
    expect(inv.body.orderInfo.order.quote_number).toBe(q.quote_number);
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/${b.customerId}/invoices/${invoice.invoiceId}/pdf`,
      headers: { cookie: b.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Quote number');
    expect(text).toContain(q.quote_number);
    expect(text).toContain('$123.45');
    // An order not placed from a quote says none.
    const plain = await ctx.database.db.select().from(orders).where(eq(orders.customerId, 'C10001')).limit(1);
    if (plain[0]) {
      const other = await call(ctx.app, 'GET', `/api/admin/orders/${plain[0].orderId}`, staff);
      expect(other.body.order.quote_number).toBeNull();
    }
  });

  it('is refused without a session and for a quote that does not exist', async () => {
    const b = buyers[0]!;
    expect((await call(ctx.app, 'POST', `${base(b)}/999999/place`, '', placeBody(b))).status).toBe(401);
    expect((await place(b, 999999)).status).toBe(404);
    expect((await call(ctx.app, 'GET', '/api/admin/quotes/999999', staff)).status).toBe(404);
    expect((await call(ctx.app, 'GET', '/api/admin/quotes', '')).status).toBe(401);
    const page = await call(ctx.app, 'GET', '/api/admin/quotes?page=0', staff);
    expect(page.status).toBe(400);
    expect(page.body.smessage).toBe('The page is a whole number from 1 to 10000.');
  });
});

describe('withdrawing a quote', () => {
  const withdraw = (b: Buyer, quoteId: number) =>
    call(ctx.app, 'POST', `${base(b)}/${quoteId}/withdraw`, b.cookie, {});

  it('withdraws a requested or answered quote once: it can then be neither answered nor accepted, and the shop is told', async () => {
    const b = buyers[2]!;
    const item = items[5]!;
    await setStock(item, 100);
    const q = await requestQuote(b, [{ item, quantity: 3 }]);
    expect((await answer(q.quote_id, [70])).status).toBe(200);
    // Another company cannot, and is told there is no such quote.
    const other = buyers[0]!;
    const stolen = await withdraw(other, q.quote_id);
    expect(stolen.status).toBe(404);
    expect(stolen.body.smessage).toBe('There is no such quote in your account.');

    const done = await withdraw(b, q.quote_id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.smessage).toBe(
      `Quote ${q.quote_number} has been withdrawn: the seller will not answer it, and it can no longer be accepted.`,
    );
    expect(done.body.quote).toMatchObject({ quote_id: q.quote_id, state: 'withdrawn' });
    const listed = (await call(ctx.app, 'GET', base(b), b.cookie)).body.quotes.find(
      (x: { quote_id: number }) => x.quote_id === q.quote_id,
    );
    expect(listed.state).toBe('withdrawn');

    // Twice: already withdrawn. Accepting it, or the seller answering it, is refused.
    const again = await withdraw(b, q.quote_id);
    expect(again.status).toBe(409);
    expect(again.body.smessage).toBe('This quote was withdrawn already.');
    const accept = await place(b, q.quote_id);
    expect(accept.status).toBe(409);
    expect(accept.body.smessage).toBe('This quote was withdrawn and cannot be accepted.');
    expect(await ctx.database.db.select().from(orders).where(eq(orders.quoteId, q.quote_id))).toHaveLength(0);
    const revise = await answer(q.quote_id, [60]);
    expect(revise.status).toBe(409);
    expect(revise.body.smessage).toBe('This quote is withdrawn: it can no longer be answered or declined.');
    const decline = await call(ctx.app, 'POST', `/api/admin/quotes/${q.quote_id}/decline`, staff, {
      reason: 'Too late.',
    });
    expect(decline.status).toBe(409);

    // The seller sees it withdrawn; the inbox was told; the trail names the buyer.
    expect((await adminQuote(q.quote_id)).state).toBe('withdrawn');
    const filtered = await call(ctx.app, 'GET', '/api/admin/quotes?status=withdrawn', staff);
    expect(filtered.body.quotes.map((x: { quote_id: number }) => x.quote_id)).toContain(q.quote_id);
    const told = await mailsTo(INBOX, `Quote ${q.quote_number} withdrawn`);
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain(`/acer/admin/quotes/${q.quote_id}`);
    const trail = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'quote'), eq(auditLog.entityId, String(q.quote_id))));
    expect(trail.find((t) => t.action === 'quote.withdraw')?.actor).toContain(b.customerId);

    // A request not yet answered is withdrawn too, and leaves the seller's count of new requests.
    const fresh = await requestQuote(b, [{ item, quantity: 2 }]);
    const count = async () =>
      (await call(ctx.app, 'GET', '/api/admin/quotes/requested-count', staff)).body.requested as number;
    const before = await count();
    expect((await withdraw(b, fresh.quote_id)).status).toBe(200);
    expect(await count()).toBe(before - 1);
  });

  it('withdraws an expired quote, but not an accepted or declined one (said in French too)', async () => {
    const b = buyers[1]!;
    const item = items[4]!;
    await setStock(item, 100);
    const expired = await requestQuote(b, [{ item, quantity: 2 }]);
    expect((await answer(expired.quote_id, [20])).status).toBe(200);
    await ctx.database.db
      .update(quotes)
      .set({ validUntil: addDays(todayIn(ctx.config.SHOP_TIME_ZONE), -2) })
      .where(eq(quotes.quoteId, expired.quote_id));
    expect((await withdraw(b, expired.quote_id)).status).toBe(200);

    const accepted = await requestQuote(b, [{ item, quantity: 2 }]);
    expect((await answer(accepted.quote_id, [20])).status).toBe(200);
    expect((await place(b, accepted.quote_id)).status).toBe(200);
    const late = await withdraw(b, accepted.quote_id);
    expect(late.status).toBe(409);
    expect(late.body.smessage).toBe(
      'This quote was accepted: it has its order, and can no longer be withdrawn.',
    );
    const tard = await ctx.app.inject({
      method: 'POST',
      url: `${base(b)}/${accepted.quote_id}/withdraw`,
      headers: { cookie: `${b.cookie}; lang=fr` },
      payload: {},
    });
    expect(tard.json().smessage).toBe(
      'Cette soumission a été acceptée : elle a sa commande et ne peut plus être retirée.',
    );
    const [stored] = await ctx.database.db.select().from(quotes).where(eq(quotes.quoteId, accepted.quote_id));
    expect(stored!.status).toBe('accepted');

    const declined = await requestQuote(b, [{ item, quantity: 2 }]);
    await call(ctx.app, 'POST', `/api/admin/quotes/${declined.quote_id}/decline`, staff, { reason: 'No.' });
    const nothing = await withdraw(b, declined.quote_id);
    expect(nothing.status).toBe(409);
    expect(nothing.body.smessage).toBe(
      'This quote was declined by the seller: there is nothing to withdraw.',
    );
  });

  it('withdrawn and accepted at once: exactly one of them happens', async () => {
    const b = buyers[1]!;
    const item = items[4]!;
    await setStock(item, 100);
    const q = await requestQuote(b, [{ item, quantity: 4 }]);
    expect((await answer(q.quote_id, [25])).status).toBe(200);
    const [accepted, withdrawn] = await Promise.all([place(b, q.quote_id), withdraw(b, q.quote_id)]);
    expect([accepted.status, withdrawn.status].sort()).toEqual([200, 409]);
    const made = await ctx.database.db.select().from(orders).where(eq(orders.quoteId, q.quote_id));
    const [stored] = await ctx.database.db.select().from(quotes).where(eq(quotes.quoteId, q.quote_id));
    if (accepted.status === 200) {
      expect(made).toHaveLength(1);
      expect(stored!.status).toBe('accepted');
    } else {
      expect(made).toHaveLength(0);
      expect(stored!.status).toBe('withdrawn');
      expect(accepted.body.smessage).toBe('This quote was withdrawn and cannot be accepted.');
    }
  });
});
