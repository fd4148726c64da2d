/**
 * Volume prices end to end on the API: the seller sets them in the back office (checked, audited) or by
 * import; a customer sees each break with their price, a visitor only quantities and percentages; the cart
 * prices a line by its quantity and names the next break; checkout recomputes with the break and refuses
 * totals made without it; the order line, the invoice and its PDF carry the unit price used.
 */
import { CART_MSG } from '@shop/domain/cart/rules';
import { type PriceBreak, VOLUME_MSG } from '@shop/domain/catalog/volume-prices';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderLines, products } from '../../db/schema';
import { generateCatalog } from '../../seed/catalog-data';
import { call, OWNER, staffSignIn } from '../../test/admin';
import { type Buyer, cartAddBody, checkoutBody, createBuyers } from '../../test/buyers';
import { en } from '../../test/english';
import { useTestApp } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { createInvoice } from '../invoices';
import type { ProductRecord } from './store';

const ctx = useTestApp();
let owner = '';
let buyer: Buyer;
let product: ProductRecord;

/** $100.00 base: $115.00 to a buyer at 15 %; 3 % off is $111.55, 6 % off $108.10. */
const BASE_CENTS = 100_00;
const BREAKS = [
  { condition: 'BrandNew', min_quantity: 10, percent: 3 },
  { condition: 'BrandNew', min_quantity: 50, percent: 6 },
];

beforeAll(async () => {
  owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
  [buyer] = (await createBuyers(ctx.database.db, 1, 'C8V')) as [Buyer];
  const item = [...ctx.app.services.catalog.items.values()].find(
    (p) => p.isActive && p.itemCondition === 'BrandNew' && !p.isSale && p.category === 'Notebook',
  )!;
  await ctx.database.db
    .update(products)
    .set({ priceCents: BASE_CENTS, stock: 200 })
    .where(eq(products.itemId, item.itemId));
  await ctx.app.services.catalog.refresh();
  const saved = await call(ctx.app, 'PATCH', `/api/admin/products/${item.itemId}`, owner, {
    price_breaks: BREAKS,
  });
  expect(saved.status, saved.response.body).toBe(200);
  await ctx.app.services.catalog.refresh();
  product = ctx.app.services.catalog.items.get(item.itemId)!;
});

function asBuyer(method: 'GET' | 'POST', url: string, payload?: unknown) {
  return call(ctx.app, method, url, buyer.cookie, payload);
}

describe('the back office', () => {
  it('stores the breaks, shows them on the form and records them in the audit', async () => {
    expect(product.priceBreaks).toEqual([
      { condition: 'BrandNew', min_quantity: 10, basis_points: 300 },
      { condition: 'BrandNew', min_quantity: 50, basis_points: 600 },
    ]);
    const detail = await call(ctx.app, 'GET', `/api/admin/products/${product.itemId}`, owner);
    expect(detail.body.product.price_breaks).toEqual(BREAKS);
    const audit = detail.body.audit.find(
      (a: { after?: Record<string, unknown> }) => a.after?.price_breaks !== undefined,
    );
    expect(audit.after.price_breaks).toBe('BrandNew 10:3|50:6');
    expect(audit.before.price_breaks).toBe('');
  });

  it('refuses bad breaks with a 400 that says what to fix, and keeps the product as it was', async () => {
    const cases: [unknown, string][] = [
      [[{ condition: 'BrandNew', min_quantity: 1, percent: 3 }], VOLUME_MSG.minQuantity],
      [[{ condition: 'BrandNew', min_quantity: 10000, percent: 3 }], VOLUME_MSG.minQuantity],
      [[{ condition: 'BrandNew', min_quantity: 10, percent: 100 }], VOLUME_MSG.percent],
      [[{ condition: 'BrandNew', min_quantity: 10, percent: 2.555 }], VOLUME_MSG.percent],
      [
        [
          { condition: 'BrandNew', min_quantity: 10, percent: 6 },
          { condition: 'BrandNew', min_quantity: 50, percent: 3 },
        ],
        VOLUME_MSG.order('BrandNew'),
      ],
      [
        [2, 3, 4, 5, 6, 7].map((q) => ({ condition: 'BrandNew', min_quantity: q, percent: q })),
        VOLUME_MSG.tooMany('BrandNew'),
      ],
      [[{ condition: 'Recertified', min_quantity: 10, percent: 3 }], VOLUME_MSG.condition('Recertified')],
    ];
    for (const [price_breaks, message] of cases) {
      const refused = await call(ctx.app, 'PATCH', `/api/admin/products/${product.itemId}`, owner, {
        price_breaks,
      });
      expect(refused.status, JSON.stringify(price_breaks)).toBe(400);
      expect(refused.body.errors.price_breaks).toBe(message);
      expect(refused.body.smessage).toContain(message);
    }
    const detail = await call(ctx.app, 'GET', `/api/admin/products/${product.itemId}`, owner);
    expect(detail.body.product.price_breaks).toEqual(BREAKS);
  });
});

describe('product and listing answers', () => {
  it('give a visitor the quantities and percentages, never a price', async () => {
    const page = await call(ctx.app, 'GET', `/api/product/${product.itemId}/BrandNew`);
    const detail = page.body.itemInfo.itemDetail[0];
    expect(detail.price_breaks).toEqual([
      { min_quantity: 10, percent_off: 3 },
      { min_quantity: 50, percent_off: 6 },
    ]);
    const listing = await call(ctx.app, 'GET', `/api/search?column=sku&string=${product.sku}`);
    const card = listing.body.categoryItems.itemsBrief.find(
      (i: { item_id: string }) => i.item_id === product.itemId,
    );
    expect(card.price_breaks).toEqual(detail.price_breaks);
    for (const text of [page.response.body, listing.response.body]) {
      expect(text).not.toContain('"price"');
      expect(text).not.toContain('111.55');
      expect(text).not.toContain('108.1');
    }
  });

  it('come with the demo catalog: accessories, Chromebooks and office monitors sold in lots show breaks', async () => {
    const seeded = generateCatalog(340).filter((p) => p.price_breaks);
    expect(seeded.length).toBeGreaterThan(0);
    for (const p of seeded) {
      expect(ctx.app.services.catalog.items.get(p.item_id)?.priceBreaks as PriceBreak[], p.sku).toEqual(
        p.price_breaks,
      );
    }
    const mouse = seeded.find((p) => p.is_active && p.sub_category === 'Mice')!;
    const page = await call(ctx.app, 'GET', `/api/product/${mouse.item_id}/${mouse.item_condition}`);
    expect(page.body.itemInfo.itemDetail[0].price_breaks).toEqual([
      { min_quantity: 10, percent_off: 3 },
      { min_quantity: 25, percent_off: 5 },
      { min_quantity: 50, percent_off: 8 },
    ]);
  });

  it('give a customer each break with their own price', async () => {
    const page = await asBuyer('GET', `/api/product/${product.itemId}/BrandNew`);
    expect(page.body.itemInfo.itemDetail[0].price_breaks).toEqual([
      { min_quantity: 10, percent_off: 3, price: 111.55 },
      { min_quantity: 50, percent_off: 6, price: 108.1 },
    ]);
    const listing = await asBuyer('GET', `/api/search?column=sku&string=${product.sku}`);
    const card = listing.body.categoryItems.itemsBrief.find(
      (i: { item_id: string }) => i.item_id === product.itemId,
    );
    expect(card.price_breaks[0]).toEqual({ min_quantity: 10, percent_off: 3, price: 111.55 });
  });

  it('keep the cached listings through a sale that only moves stock (the breaks read again compare equal)', async () => {
    const url = `/api/category/${product.category}?page=1`;
    const before = await call(ctx.app, 'GET', url);
    expect(before.status).toBe(200);
    const generation = ctx.app.services.catalog.everything.generation;
    // A stock movement re-reads the row (price_breaks as a new array): the listings stay kept.
    await ctx.database.db.update(products).set({ stock: 199 }).where(eq(products.itemId, product.itemId));
    await ctx.app.services.catalog.refresh();
    expect(ctx.app.services.catalog.everything.generation).toBe(generation);
    await ctx.database.db.update(products).set({ stock: 200 }).where(eq(products.itemId, product.itemId));
    await ctx.app.services.catalog.refresh();
    expect(ctx.app.services.catalog.everything.generation).toBe(generation);
  });
});

describe('the cart and checkout', () => {
  it('prices the line by its quantity and names the next break and its saving', async () => {
    const nine = await asBuyer('POST', '/api/user/cart/add', cartAddBody(buyer, product.itemId, 9, true));
    expect(nine.status, nine.response.body).toBe(200);
    const line9 = nine.body.cartItems[0];
    expect(line9.unit_price).toBe(115);
    // 10 units at $111.55 instead of $115.00: $34.50 saved.
    expect(line9.next_break).toEqual({
      min_quantity: 10,
      percent_off: 3,
      price: 111.55,
      more: 1,
      saving: 34.5,
    });
    expect(line9.price_breaks).toEqual([
      { min_quantity: 10, percent_off: 3, price: 111.55 },
      { min_quantity: 50, percent_off: 6, price: 108.1 },
    ]);
    const ten = await asBuyer('POST', '/api/user/cart/add', cartAddBody(buyer, product.itemId, 10, true));
    const line10 = ten.body.cartItems[0];
    expect(line10.unit_price).toBe(111.55);
    // 50 units at $108.10 instead of $111.55: $172.50 saved.
    expect(line10.next_break).toMatchObject({ min_quantity: 50, more: 40, saving: 172.5 });
    const fifty = await asBuyer('POST', '/api/user/cart/add', cartAddBody(buyer, product.itemId, 50, true));
    expect(fifty.body.cartItems[0].unit_price).toBe(108.1);
    expect(fifty.body.cartItems[0].next_break).toBeUndefined();
    await asBuyer('POST', '/api/user/cart/add', cartAddBody(buyer, product.itemId, 10, true));
  });

  it('refuses totals computed without the break, then places the order at the break price', async () => {
    const honest = checkoutBody(buyer, product, 10, { checkoutKey: 'volume-1' });
    expect(honest.orderInfo.subtotal).toBe(1115.5);
    const forged = {
      ...honest,
      orderInfo: { ...honest.orderInfo, subtotal: 1150, items_tax: 149.5, total: 1299.5 },
    };
    const refused = await asBuyer('POST', '/api/placeorder', forged);
    expect(refused.status).toBe(409);
    expect(refused.body.smessage).toBe(en(CART_MSG.totalsChanged));
    expect(refused.body).toMatchObject({ subtotal: 1115.5, items_tax: 145.02, total: 1260.52 });

    const placed = await asBuyer('POST', '/api/placeorder', honest);
    expect(placed.status, placed.response.body).toBe(200);
    const { orderId, orderNumber } = placed.body;
    const [line] = await ctx.database.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(line!.itemRateCents).toBe(111_55);
    const view = (await asBuyer('GET', `/api/user/${buyer.customerId}/orders/${orderId}`)).body.orderInfo
      .order;
    expect(view).toMatchObject({ subtotal: 1115.5, items_tax: 145.02, total: 1260.52 });
    expect(view.line_items[0]).toMatchObject({ quantity: 10, item_rate: 111.55 });

    const invoice = await createInvoice(ctx.database.db, ctx.config.SHOP_TIME_ZONE, orderNumber, 0);
    const invoiceView = await asBuyer('GET', `/api/user/${buyer.customerId}/invoices/${invoice.invoiceId}`);
    expect(invoiceView.body.orderInfo.order.line_items[0]).toMatchObject({ quantity: 10, item_rate: 111.55 });
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/${buyer.customerId}/invoices/${invoice.invoiceId}/pdf`,
      headers: { cookie: buyer.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('111.55');
    expect(text).toContain('1,115.50');
  });

  it('prices nine units without the break at checkout', async () => {
    await asBuyer('POST', '/api/user/cart/add', cartAddBody(buyer, product.itemId, 9, true));
    const body = checkoutBody(buyer, product, 9, { checkoutKey: 'volume-2' });
    expect(body.orderInfo.subtotal).toBe(1035);
    const placed = await asBuyer('POST', '/api/placeorder', body);
    expect(placed.status, placed.response.body).toBe(200);
    const [line] = await ctx.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, placed.body.orderId));
    expect(line!.itemRateCents).toBe(115_00);
  });
});

describe('the company API price list', () => {
  it("lists each offer's volume prices at the company's unit price", async () => {
    const key = await asBuyer('POST', '/api/user/api-keys', { name: 'Volume', scopes: ['prices:read'] });
    expect(key.status, key.response.body).toBe(200);
    const since = new Date(Date.now() - 10 * 60_000).toISOString();
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/price-list?changed_since=${encodeURIComponent(since)}&page_size=500`,
      headers: { authorization: `Bearer ${key.body.secret}` },
    });
    expect(list.statusCode, list.body).toBe(200);
    const item = list.json().items.find((i: { item_id: string }) => i.item_id === product.itemId);
    expect(item.offers[0]).toMatchObject({
      condition: 'BrandNew',
      unit_price_cents: 115_00,
      volume_prices: [
        { min_quantity: 10, percent_off: 3, unit_price_cents: 111_55 },
        { min_quantity: 50, percent_off: 6, unit_price_cents: 108_10 },
      ],
    });
  });
});

describe('the import', () => {
  function upload(url: string, csv: string, fields: Record<string, string> = {}) {
    const boundary = `----volume${Date.now()}`;
    const parts = Object.entries(fields).map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="breaks.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    );
    return ctx.app.inject({
      method: 'POST',
      url,
      headers: { cookie: owner, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: parts.join(''),
    });
  }

  it('reads volume_breaks and scratch_dent_volume_breaks; a bad cell is an error on its line', async () => {
    const other = [...ctx.app.services.catalog.items.values()].find(
      (p) => p.isActive && p.isScratchDent && p.itemCondition === 'Recertified',
    )!;
    const bad = [
      'sku,volume_breaks,scratch_dent_volume_breaks',
      `${product.sku},10:4|50:8,`,
      `${other.sku},10:3,5-10`,
    ].join('\n');
    const refused = (await upload('/api/admin/catalog/import/preview', bad)).json().preview;
    expect(refused.rows[1]).toMatchObject({
      line: 3,
      status: 'error',
      errors: [`scratch_dent_volume_breaks: ${VOLUME_MSG.cell('5-10')}`],
    });
    const order = ['sku,volume_breaks', `${product.sku},50:3|10:4`].join('\n');
    const unordered = (await upload('/api/admin/catalog/import/preview', order)).json().preview;
    expect(unordered.rows[0].errors).toEqual([`volume_breaks: ${VOLUME_MSG.order('BrandNew')}`]);

    const good = [
      'sku,volume_breaks,scratch_dent_volume_breaks',
      `${product.sku},10:4|50:8,`,
      `${other.sku},10:3,5:10`,
    ].join('\n');
    const preview = (await upload('/api/admin/catalog/import/preview', good)).json().preview;
    expect(preview.rows[0]).toMatchObject({
      status: 'changed',
      changes: [{ field: 'price_breaks', old: 'BrandNew 10:3|50:6', new: 'BrandNew 10:4|50:8' }],
    });
    expect(preview.rows[1].changes).toEqual([
      { field: 'price_breaks', old: '', new: 'Recertified 10:3; ScratchDent 5:10' },
    ]);
    const applied = await upload('/api/admin/catalog/import/apply', good, { token: preview.token });
    expect(applied.statusCode, applied.body).toBe(200);
    await ctx.app.services.catalog.refresh();
    expect(ctx.app.services.catalog.items.get(other.itemId)!.priceBreaks).toEqual([
      { condition: 'Recertified', min_quantity: 10, basis_points: 300 },
      { condition: 'ScratchDent', min_quantity: 5, basis_points: 1000 },
    ]);
    const sd = await call(ctx.app, 'GET', `/api/product/${other.itemId}/ScratchDent`);
    expect(sd.body.itemInfo.itemDetail[0].price_breaks).toEqual([{ min_quantity: 5, percent_off: 10 }]);

    // An empty cell leaves the breaks; `none` removes them.
    const keep = ['sku,volume_breaks,scratch_dent_volume_breaks', `${other.sku},,none`].join('\n');
    const kept = (await upload('/api/admin/catalog/import/preview', keep)).json().preview;
    expect(kept.rows[0].changes).toEqual([
      { field: 'price_breaks', old: 'Recertified 10:3; ScratchDent 5:10', new: 'Recertified 10:3' },
    ]);
  });
});
