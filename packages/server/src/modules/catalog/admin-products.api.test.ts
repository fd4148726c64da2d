/** Products in the back office: list and filters, create, edit one field, pictures, the import. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOW_STOCK } from '@shop/domain/back-office/schemas';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { call, clientAddress, makeCustomer, OWNER, staffSignIn } from '../../test/admin';
import { useTestApp } from '../../test/harness';

const media = mkdtempSync(join(tmpdir(), 'shop-media-'));
const ctx = useTestApp({ MEDIA_DIR: media });
afterAll(() => rmSync(media, { recursive: true, force: true }));

let owner = '';
let customer = '';
beforeAll(async () => {
  owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
  customer = (await makeCustomer(ctx.app, owner, { percentage: 10 })).cookie;
});

/** A multipart body with one file (and text fields). */
function multipart(file: { name: string; type: string; data: Buffer }, fields: Record<string, string> = {}) {
  const boundary = `----shop${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(
  url: string,
  file: { name: string; type: string; data: Buffer },
  fields: Record<string, string> = {},
) {
  const body = multipart(file, fields);
  const response = await ctx.app.inject({
    method: 'POST',
    url,
    remoteAddress: clientAddress(),
    headers: { ...body.headers, cookie: owner },
    payload: body.payload,
  });
  return { status: response.statusCode, body: response.json() };
}

const NEW_PRODUCT = {
  sku: 'NX.ADMIN.001',
  item_name: 'Acer Swift Admin 14',
  category: 'Notebook',
  item_condition: 'BrandNew',
  price: '1,199.99',
  sale_price: 999,
  stock: 7,
  is_scratch_dent: true,
  scratch_dent_stock: 2,
  scratch_dent_price: 899.5,
  is_featured: true,
  description: 'A light notebook.',
  details: 'Processor: Intel Core i7\nMemory: 16 GB',
  product_series: 'Swift',
  touchscreen: 'No',
  images: ['https://drive.google.com/file/d/demo-notebook-2/view'],
};

describe('products', () => {
  it('creates a product with every kind of field; buyers see it at once with their prices', async () => {
    const made = await call(ctx.app, 'POST', '/api/admin/products', owner, NEW_PRODUCT);
    expect(made.status).toBe(200);
    expect(made.body.product).toMatchObject({
      sku: 'NX.ADMIN.001',
      price: 1199.99,
      sale_price: 999,
      scratch_dent_price: 899.5,
      stock: 7,
      scratch_dent_stock: 2,
      is_active: true,
      is_featured: true,
      product_series: 'Swift',
      details: 'Processor: Intel Core i7\nMemory: 16 GB',
      images: [{ link: NEW_PRODUCT.images[0], thumb_url: '/images/demo-notebook-2.svg' }],
    });
    const itemId = made.body.product.item_id;
    const [row] = await ctx.database.db.select().from(products).where(eq(products.itemId, itemId));
    expect(Number(row!.priceCents)).toBe(119_999);
    const seen = await call(ctx.app, 'GET', `/api/product/${itemId}/ScratchDent`, customer);
    expect(seen.body.itemInfo.itemDetail[0]).toMatchObject({
      item_name: 'Acer Swift Admin 14',
      personal_scratch_dent_price: 989.45,
    });
    expect(made.body.audit[0]).toMatchObject({
      action: 'product.create',
      after: expect.objectContaining({ price: 1199.99 }),
    });

    const dup = await call(ctx.app, 'POST', '/api/admin/products', owner, NEW_PRODUCT);
    expect(dup.status).toBe(400);
    expect(dup.body.errors.sku).toMatch(/already used/);
  });

  it('an edit changes only the field sent, and the audit keeps before and after', async () => {
    const list = await call(ctx.app, 'GET', '/api/admin/products?q=nx.admin.001', owner);
    const itemId = list.body.products.items[0].item_id;
    const before = (await call(ctx.app, 'GET', `/api/admin/products/${itemId}`, owner)).body.product;
    const [rowBefore] = await ctx.database.db.select().from(products).where(eq(products.itemId, itemId));
    const edited = await call(ctx.app, 'PATCH', `/api/admin/products/${itemId}`, owner, { price: 1099.99 });
    expect(edited.status).toBe(200);
    expect(edited.body.product).toEqual({
      ...before,
      price: 1099.99,
      updated_at: edited.body.product.updated_at,
    });
    const [rowAfter] = await ctx.database.db.select().from(products).where(eq(products.itemId, itemId));
    expect({ ...rowAfter, priceCents: 0, updatedAt: 0, rowVersion: 0, rowXid: 0 }).toEqual({
      ...rowBefore,
      priceCents: 0,
      updatedAt: 0,
      rowVersion: 0,
      rowXid: 0,
    });
    expect(edited.body.audit[0]).toMatchObject({
      actor: OWNER.email,
      action: 'product.update',
      before: { price: 1199.99 },
      after: { price: 1099.99 },
    });
    const same = await call(ctx.app, 'PATCH', `/api/admin/products/${itemId}`, owner, { price: 1099.99 });
    expect(same.body.smessage).toBe('Nothing changed.');
    const seen = await call(ctx.app, 'GET', `/api/product/${itemId}`, customer);
    expect(seen.body.itemInfo.itemDetail[0].personal_price).toBe(1209.99);

    const broken = await call(ctx.app, 'PATCH', `/api/admin/products/${itemId}`, owner, { sale_price: 2000 });
    expect(broken.status).toBe(400);
    expect(broken.body.smessage).toBe('sale_price must be below price');
    const wrongSub = await call(ctx.app, 'PATCH', `/api/admin/products/${itemId}`, owner, {
      sub_category: 'Tower',
    });
    expect(wrongSub.body.smessage).toMatch(/Notebook has no subcategories/);

    const off = await call(ctx.app, 'PATCH', `/api/admin/products/${itemId}`, owner, { is_active: false });
    expect(off.body.product.is_active).toBe(false);
    expect((await call(ctx.app, 'GET', `/api/product/${itemId}`, customer)).status).toBe(404);
    const inactive = await call(ctx.app, 'GET', '/api/admin/products?active=false&q=admin', owner);
    expect(inactive.body.products.items.map((p: { item_id: string }) => p.item_id)).toEqual([itemId]);
    await call(ctx.app, 'PATCH', `/api/admin/products/${itemId}`, owner, { is_active: true });
    expect((await call(ctx.app, 'GET', `/api/product/${itemId}`, customer)).status).toBe(200);
  });

  it('an edit of the French description and details saves only them, audited; French readers see them', async () => {
    const list = await call(ctx.app, 'GET', '/api/admin/products?q=nx.admin.001', owner);
    const itemId = list.body.products.items[0].item_id;
    const before = (await call(ctx.app, 'GET', `/api/admin/products/${itemId}`, owner)).body.product;
    expect(before).toMatchObject({ description_fr: '', details_fr: '' });
    const french = await call(ctx.app, 'GET', `/api/product/${itemId}`, `${customer}; lang=fr`);
    expect(french.body.itemInfo.itemDetail[0].description).toBe('A light notebook.');

    const edited = await call(ctx.app, 'PATCH', `/api/admin/products/${itemId}`, owner, {
      description_fr: 'Un portable léger.',
      details_fr: 'Processeur: Intel Core i7\r\nMémoire: 16 Go',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.product).toEqual({
      ...before,
      description_fr: 'Un portable léger.',
      details_fr: 'Processeur: Intel Core i7\nMémoire: 16 Go',
      updated_at: edited.body.product.updated_at,
    });
    expect(edited.body.audit[0]).toMatchObject({
      action: 'product.update',
      before: { description_fr: '', details_fr: '' },
      after: {
        description_fr: 'Un portable léger.',
        details_fr: 'Processeur: Intel Core i7\nMémoire: 16 Go',
      },
    });
    const [row] = await ctx.database.db.select().from(products).where(eq(products.itemId, itemId));
    expect(row).toMatchObject({ descriptionFr: 'Un portable léger.', description: 'A light notebook.' });

    const seen = (await call(ctx.app, 'GET', `/api/product/${itemId}`, `${customer}; lang=fr`)).body;
    expect(seen.itemInfo.itemDetail[0]).toMatchObject({
      description: 'Un portable léger.',
      details: 'Processeur: Intel Core i7\nMémoire: 16 Go',
      item_name: 'Acer Swift Admin 14',
    });
    const english = (await call(ctx.app, 'GET', `/api/product/${itemId}`, customer)).body;
    expect(english.itemInfo.itemDetail[0]).toMatchObject({
      description: 'A light notebook.',
      details: 'Processor: Intel Core i7\nMemory: 16 GB',
    });
    const tooLong = await call(ctx.app, 'PATCH', `/api/admin/products/${itemId}`, owner, {
      description_fr: 'x'.repeat(20_001),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors.description_fr).toBe('description_fr is longer than 20,000 characters');
  });

  it('refuses a scratch-and-dent offer without a scratch-and-dent price, in the form and the import', async () => {
    const NEEDED =
      'A scratch-and-dent offer needs a scratch-and-dent price above 0; set the price or turn the offer off.';
    const bare = { ...NEW_PRODUCT, sku: 'NX.ADMIN.SD0', scratch_dent_price: 0 };
    const refused = await call(ctx.app, 'POST', '/api/admin/products', owner, bare);
    expect(refused.status).toBe(400);
    expect(refused.body.smessage).toBe(NEEDED);
    expect(refused.body.errors).toEqual({ scratch_dent_price: NEEDED });
    const [none] = await ctx.database.db.select().from(products).where(eq(products.sku, 'NX.ADMIN.SD0'));
    expect(none).toBeUndefined();

    const made = await call(ctx.app, 'POST', '/api/admin/products', owner, {
      ...bare,
      is_scratch_dent: false,
    });
    expect(made.status).toBe(200);
    const itemId = made.body.product.item_id;
    const turnedOn = await call(ctx.app, 'PATCH', `/api/admin/products/${itemId}`, owner, {
      is_scratch_dent: true,
    });
    expect(turnedOn.status).toBe(400);
    expect(turnedOn.body.errors.scratch_dent_price).toBe(NEEDED);
    expect((await call(ctx.app, 'GET', `/api/admin/products/${itemId}`, owner)).body.product).toMatchObject({
      is_scratch_dent: false,
      scratch_dent_price: 0,
    });
    const priced = await call(ctx.app, 'PATCH', `/api/admin/products/${itemId}`, owner, {
      is_scratch_dent: true,
      scratch_dent_price: 750,
    });
    expect(priced.status).toBe(200);
    const zeroed = await call(ctx.app, 'PATCH', `/api/admin/products/${itemId}`, owner, {
      scratch_dent_price: 0,
    });
    expect(zeroed.body.errors.scratch_dent_price).toBe(NEEDED);

    const file = {
      name: 'scratch.csv',
      type: 'text/csv',
      data: Buffer.from(['sku,scratch_dent_price', 'NX.ADMIN.SD0,0'].join('\n')),
    };
    const preview = await upload('/api/admin/catalog/import/preview', file);
    expect(preview.body.preview.rows).toEqual([
      expect.objectContaining({ line: 2, status: 'error', errors: [NEEDED] }),
    ]);
  });

  it('filters by category, condition and stock, with paging', async () => {
    const warranty = await call(ctx.app, 'GET', '/api/admin/products?condition=Warranty&page_size=3', owner);
    expect(warranty.body.products.items).toHaveLength(3);
    for (const p of warranty.body.products.items) expect(p.item_condition).toBe('Warranty');
    const monitors = await call(ctx.app, 'GET', '/api/admin/products?category=Monitor&in_stock=false', owner);
    for (const p of monitors.body.products.items) {
      expect(p.category === 'Display' || p.sub_category === 'Display').toBe(true);
      expect(p.stock).toBe(0);
    }
    const page2 = await call(ctx.app, 'GET', '/api/admin/products?page=2&page_size=10', owner);
    expect(page2.body.products).toMatchObject({ page: 2, page_size: 10 });
    expect(page2.body.products.pages).toBe(Math.ceil(page2.body.products.total / 10));
  });

  it('an uploaded picture is resized, served with long cache headers and shown on the product page', async () => {
    const png = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const sent = await upload('/api/admin/media', { name: 'photo.png', type: 'image/png', data: png });
    expect(sent.status).toBe(200);
    const { link, thumb_url, url } = sent.body.image;
    expect(link).toMatch(/^media:[0-9a-f]{32}$/);
    for (const [path, width] of [
      [thumb_url, 1000],
      [url, 2000],
    ] as const) {
      const served = await ctx.app.inject({ method: 'GET', url: path });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(served.rawPayload).metadata()).width).toBe(width);
    }
    const list = await call(ctx.app, 'GET', '/api/admin/products?q=nx.admin.001', owner);
    const itemId = list.body.products.items[0].item_id;
    const edited = await call(ctx.app, 'PATCH', `/api/admin/products/${itemId}`, owner, {
      images: [link, NEW_PRODUCT.images[0]],
    });
    expect(edited.body.product.images[0]).toEqual({ link, thumb_url, url });
    const page = await call(ctx.app, 'GET', `/api/product/${itemId}`, customer);
    expect(page.body.itemInfo.itemDetail[0].main_image).toBe(thumb_url);
    expect(page.body.itemInfo.itemImages.map((i: { image_url: string }) => i.image_url)).toEqual([
      url,
      '/images/demo-notebook-2.svg',
    ]);

    const fake = await upload('/api/admin/media', {
      name: 'photo.jpg',
      type: 'image/jpeg',
      data: Buffer.from('<svg></svg>'),
    });
    expect(fake.status).toBe(400);
    expect(fake.body.smessage).toMatch(/Send a JPEG, PNG or WebP picture/);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await upload('/api/admin/media', { name: 'a.png', type: 'image/png', data: gif })).status).toBe(
      400,
    );
    const big = await upload('/api/admin/media', {
      name: 'big.png',
      type: 'image/png',
      data: Buffer.alloc(11 * 1024 * 1024),
    });
    expect(big.status).toBe(413);
    const unknown = await call(ctx.app, 'PATCH', `/api/admin/products/${itemId}`, owner, {
      images: [`media:${'0'.repeat(32)}`],
    });
    expect(unknown.status).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/media/${'0'.repeat(32)}-thumb.webp` })).statusCode,
    ).toBe(404);
  });

  it("a picture uploaded to a product is added to it at once, audited, and shows in the list's thumbnail", async () => {
    const made = await call(ctx.app, 'POST', '/api/admin/products', owner, {
      ...NEW_PRODUCT,
      sku: 'NX.PICTURE.1',
      images: [],
    });
    const itemId = made.body.product.item_id;
    const listed = async () =>
      (await call(ctx.app, 'GET', '/api/admin/products?q=nx.picture.1', owner)).body.products.items[0];
    expect((await listed()).thumb_url).toBe('');
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#aa3366' } })
      .jpeg()
      .toBuffer();
    const sent = await upload(`/api/admin/products/${itemId}/pictures`, {
      name: 'front.jpg',
      type: 'image/jpeg',
      data: jpeg,
    });
    expect(sent.status).toBe(200);
    expect(sent.body.smessage).toBe("front.jpg has been uploaded and added to the product's pictures.");
    const [image] = sent.body.product.images;
    expect(image.link).toMatch(/^media:[0-9a-f]{32}$/);
    expect(image.thumb_url).toMatch(/^\/media\/[0-9a-f]{32}-thumb\.webp$/);
    expect(sent.body.audit[0]).toMatchObject({
      action: 'product.update',
      actor: OWNER.email,
      before: { images: [] },
      after: { images: [image.link] },
    });
    expect((await listed()).thumb_url).toBe(image.thumb_url);
    const page = await call(ctx.app, 'GET', `/api/product/${itemId}`, customer);
    expect(page.body.itemInfo.itemDetail[0].main_image).toBe(image.thumb_url);

    const again = await upload(`/api/admin/products/${itemId}/pictures`, {
      name: 'front.jpg',
      type: 'image/jpeg',
      data: jpeg,
    });
    expect(again.body.smessage).toBe("front.jpg is already one of the product's pictures.");
    expect(again.body.product.images).toHaveLength(1);
    const text = await upload(`/api/admin/products/${itemId}/pictures`, {
      name: 'a.jpg',
      type: 'image/jpeg',
      data: Buffer.from('not a picture'),
    });
    expect(text.status).toBe(400);
    expect(text.body.smessage).toMatch(/Send a JPEG, PNG or WebP picture/);
    const nowhere = await upload('/api/admin/products/NO-SUCH-ITEM/pictures', {
      name: 'front.jpg',
      type: 'image/jpeg',
      data: jpeg,
    });
    expect(nowhere.status).toBe(404);
  });
});

describe('filter values', () => {
  it('lists the values each filter field has in the catalog, in alphabetical order', async () => {
    const r = await call(ctx.app, 'GET', '/api/admin/products/filter-values', owner);
    expect(r.status).toBe(200);
    expect(r.body.values.product_series).toContain('Swift');
    expect(r.body.values.touchscreen).toEqual(['No', 'Yes']);
    for (const list of Object.values(r.body.values) as string[][]) {
      expect(list).not.toContain('');
      expect(list).toEqual([...new Set(list)]);
    }
  });

  it('refuses a new filter value unless confirmed, naming the closest ones; a value kept needs nothing', async () => {
    const typo = { ...NEW_PRODUCT, sku: 'NX.VALUES.1', product_series: 'Swfit', color: 'Blakc' };
    const refused = await call(ctx.app, 'POST', '/api/admin/products', owner, typo);
    expect(refused.status).toBe(400);
    expect(refused.body.errors.product_series).toBe(
      'Series "Swfit" is not in the catalog yet (the closest in the catalog: "Swift").',
    );
    expect(refused.body.errors.color).toMatch(
      /^Color "Blakc" is not in the catalog yet \(the closest .*"Black"/,
    );
    expect(refused.body.new_values).toEqual([
      { field: 'product_series', value: 'Swfit', closest: ['Swift'] },
      expect.objectContaining({ field: 'color', value: 'Blakc' }),
    ]);
    expect(refused.body.smessage).toMatch(/Check the spelling, or confirm the new value/);
    const [none] = await ctx.database.db.select().from(products).where(eq(products.sku, 'NX.VALUES.1'));
    expect(none).toBeUndefined();

    const made = await call(ctx.app, 'POST', '/api/admin/products', owner, {
      ...typo,
      color: 'Black',
      product_series: 'Swift Zeta',
      confirm_new_values: true,
    });
    expect(made.status).toBe(200);
    expect(made.body.product).toMatchObject({ product_series: 'Swift Zeta', color: 'Black' });
    const values = await call(ctx.app, 'GET', '/api/admin/products/filter-values', owner);
    expect(values.body.values.product_series).toContain('Swift Zeta');

    // The product's own value is not new to it: other edits need no confirmation.
    const itemId = made.body.product.item_id;
    const priced = await call(ctx.app, 'PATCH', `/api/admin/products/${itemId}`, owner, {
      price: 1000,
      product_series: 'Swift Zeta',
    });
    expect(priced.status).toBe(200);
    const edited = await call(ctx.app, 'PATCH', `/api/admin/products/${itemId}`, owner, {
      processor_type: 'Intel Core i77',
    });
    expect(edited.status).toBe(400);
    expect(edited.body.new_values).toEqual([
      expect.objectContaining({ field: 'processor_type', value: 'Intel Core i77' }),
    ]);
    expect(edited.body.errors.processor_type).toMatch(
      /^Processor Type "Intel Core i77" is not in the catalog yet/,
    );
    const confirmed = await call(ctx.app, 'PATCH', `/api/admin/products/${itemId}`, owner, {
      processor_type: 'Intel Core i77',
      confirm_new_values: true,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.audit[0]).toMatchObject({
      before: { processor_type: '' },
      after: { processor_type: 'Intel Core i77' },
    });
    expect(confirmed.body.audit[0].after).not.toHaveProperty('confirm_new_values');
  });

  it('the catalog import may still bring new filter values', async () => {
    const file = {
      name: 'colours.csv',
      type: 'text/csv',
      data: Buffer.from(['sku,color', 'NX.VALUES.1,Imported Teal'].join('\n')),
    };
    const preview = await upload('/api/admin/catalog/import/preview', file);
    expect(preview.body.preview.summary).toMatchObject({ changed: 1, errors: 0 });
    const applied = await upload('/api/admin/catalog/import/apply', file, {
      token: preview.body.preview.token,
    });
    expect(applied.status).toBe(200);
    const values = await call(ctx.app, 'GET', '/api/admin/products/filter-values', owner);
    expect(values.body.values.color).toContain('Imported Teal');
  });
});

describe('the products list', () => {
  /** Four products of this test, one per kind of stock, sale and price; their skus sort A, B, C, D. */
  const LISTED = [
    { sku: 'NX.LIST.A', item_name: 'Zeta list', price: 100, stock: 0 },
    {
      sku: 'NX.LIST.B',
      item_name: 'alpha list',
      price: 300,
      stock: 3,
      is_scratch_dent: true,
      scratch_dent_price: 200,
      scratch_dent_stock: 2,
      is_sale: true,
      sale_price: 250,
    },
    {
      sku: 'NX.LIST.C',
      item_name: 'Mid list',
      price: 200,
      stock: 0,
      is_scratch_dent: true,
      scratch_dent_price: 150,
      scratch_dent_stock: 4,
    },
    { sku: 'NX.LIST.D', item_name: 'Beta list', price: 50, stock: 40, is_sale: true, sale_price: 40 },
  ];
  const skus = async (query: string) => {
    const r = await call(ctx.app, 'GET', `/api/admin/products?q=nx.list.&${query}`, owner);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.products.items.map((p: { sku: string }) => p.sku.slice(-1)).join('');
  };

  beforeAll(async () => {
    for (const p of LISTED) {
      const made = await call(ctx.app, 'POST', '/api/admin/products', owner, {
        category: 'Notebook',
        item_condition: 'BrandNew',
        ...p,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
    }
  });

  it(`filters by stock: none, low (1 to ${LOW_STOCK} sellable, scratch-and-dent counted) and in`, async () => {
    expect(await skus('stock=none')).toBe('A');
    expect(await skus('stock=low')).toBe('BC');
    expect(await skus('stock=in')).toBe('D');
    // A Warranty item always counts as in stock.
    const warranty = await call(ctx.app, 'GET', '/api/admin/products?condition=Warranty', owner);
    expect(warranty.body.products.total).toBeGreaterThan(0);
    const inStock = await call(ctx.app, 'GET', '/api/admin/products?condition=Warranty&stock=in', owner);
    expect(inStock.body.products.total).toBe(warranty.body.products.total);
    const none = await call(ctx.app, 'GET', '/api/admin/products?condition=Warranty&stock=none', owner);
    expect(none.body.products.total).toBe(0);
  });

  it('filters by on sale, and counts the products that match', async () => {
    expect(await skus('on_sale=true')).toBe('BD');
    expect(await skus('on_sale=false')).toBe('AC');
    const both = await call(ctx.app, 'GET', '/api/admin/products?q=nx.list.&on_sale=true&stock=low', owner);
    expect(both.body.products).toMatchObject({ total: 1, items: [{ sku: 'NX.LIST.B' }] });
  });

  it('sorts by name, sku, price, stock and last change, either way, and pages in that order', async () => {
    expect(await skus('')).toBe('ABCD');
    expect(await skus('sort=sku&dir=desc')).toBe('DCBA');
    // Names sort regardless of case.
    expect(await skus('sort=name')).toBe('BDCA');
    expect(await skus('sort=name&dir=desc')).toBe('ACDB');
    expect(await skus('sort=price')).toBe('DACB');
    expect(await skus('sort=price&dir=desc')).toBe('BCAD');
    // Equal stocks keep the sku order.
    expect(await skus('sort=stock')).toBe('ACBD');
    expect(await skus('sort=stock&dir=desc')).toBe('DBAC');
    const c = await call(ctx.app, 'GET', '/api/admin/products?q=nx.list.c', owner);
    await call(ctx.app, 'PATCH', `/api/admin/products/${c.body.products.items[0].item_id}`, owner, {
      popularity: 3,
    });
    expect((await skus('sort=updated&dir=desc')).slice(0, 1)).toBe('C');
    expect((await skus('sort=updated')).slice(-1)).toBe('C');
    expect(await skus('sort=price&page_size=2&page=2')).toBe('CB');
  });

  it('refuses a filter, sort or page size it does not know, saying what it takes', async () => {
    const refused = async (query: string) => {
      const r = await call(ctx.app, 'GET', `/api/admin/products?${query}`, owner);
      expect(r.status).toBe(400);
      return r.body.smessage as string;
    };
    expect(await refused('stock=few')).toBe(
      `Stock must be none, low (1 to ${LOW_STOCK} left) or in (more than ${LOW_STOCK}).`,
    );
    expect(await refused('on_sale=maybe')).toBe('on_sale must be true or false.');
    expect(await refused('sort=color')).toBe('Sort must be name, sku, price, stock or updated.');
    expect(await refused('dir=up')).toBe('Dir must be asc or desc.');
    expect(await refused('page_size=500')).toBe('Page size must be a whole number from 1 to 100.');
  });
});

describe('the catalog import', () => {
  it('a file of sku,price previews every row and changes only prices', async () => {
    const catalog = [...ctx.app.services.catalog.items.values()].filter((p) => p.isActive).slice(0, 3);
    const [a, b, c] = catalog as [(typeof catalog)[0], (typeof catalog)[0], (typeof catalog)[0]];
    const [rowsBefore] = [await ctx.database.db.select().from(products).where(eq(products.itemId, a.itemId))];
    const text = [
      'sku,price',
      `${a.sku},${(Number(a.priceCents) + 1000) / 100}`,
      `${b.sku},${Number(b.priceCents) / 100}`,
      'NX.NOT.THERE,100',
      `${c.sku},abc`,
    ].join('\n');
    const file = { name: 'prices.csv', type: 'text/csv', data: Buffer.from(text) };
    const preview = await upload('/api/admin/catalog/import/preview', file);
    expect(preview.body.preview.summary).toEqual({ new: 0, changed: 1, unchanged: 1, errors: 2 });
    expect(preview.body.preview.rows).toEqual([
      expect.objectContaining({
        line: 2,
        status: 'changed',
        changes: [
          { field: 'price', old: Number(a.priceCents) / 100, new: (Number(a.priceCents) + 1000) / 100 },
        ],
      }),
      expect.objectContaining({ line: 3, status: 'unchanged', changes: [] }),
      expect.objectContaining({
        line: 4,
        status: 'error',
        errors: ['a new sku needs item_name, category, item_condition'],
      }),
      expect.objectContaining({
        line: 5,
        status: 'error',
        errors: [expect.stringMatching(/^price must be an amount/)],
      }),
    ]);
    const refused = await upload('/api/admin/catalog/import/apply', file, {
      token: preview.body.preview.token,
    });
    expect(refused.status).toBe(400);

    const good = { ...file, data: Buffer.from(text.split('\n').slice(0, 3).join('\n')) };
    const checked = await upload('/api/admin/catalog/import/preview', good);
    const noToken = await upload('/api/admin/catalog/import/apply', good);
    expect(noToken.status).toBe(400);
    const wrongToken = await upload('/api/admin/catalog/import/apply', good, {
      token: preview.body.preview.token,
    });
    expect(wrongToken.status).toBe(409);
    const applied = await upload('/api/admin/catalog/import/apply', good, {
      token: checked.body.preview.token,
    });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ created: 0, updated: 1 });
    const [rowAfter] = await ctx.database.db.select().from(products).where(eq(products.itemId, a.itemId));
    expect({ ...rowAfter, priceCents: 0, updatedAt: 0, rowVersion: 0, rowXid: 0 }).toEqual({
      ...rowsBefore[0],
      priceCents: 0,
      updatedAt: 0,
      rowVersion: 0,
      rowXid: 0,
    });
    expect(Number(rowAfter!.priceCents)).toBe(Number(a.priceCents) + 1000);
    const seen = await call(ctx.app, 'GET', `/api/product/${a.itemId}`, customer);
    expect(seen.body.itemInfo.itemDetail[0].personal_price).toBeCloseTo(
      Math.round((Number(a.priceCents) + 1000) * 1.1) / 100,
      2,
    );
    const trail = await call(ctx.app, 'GET', `/api/admin/products/${a.itemId}`, owner);
    expect(trail.body.audit[0]).toMatchObject({
      action: 'product.import',
      before: { price: Number(a.priceCents) / 100 },
      after: { price: (Number(a.priceCents) + 1000) / 100 },
    });
    const again = await upload('/api/admin/catalog/import/apply', good, {
      token: checked.body.preview.token,
    });
    expect(again.status).toBe(409);
    expect(again.body.smessage).toMatch(/preview the file again/);
  });

  it('a file of sku,description_fr,details_fr changes only the French texts', async () => {
    const active = [...ctx.app.services.catalog.items.values()].filter((p) => p.isActive);
    const [a, b] = [active[5]!, active[6]!];
    const read = async (itemId: string) =>
      (await ctx.database.db.select().from(products).where(eq(products.itemId, itemId)))[0]!;
    const [aBefore, bBefore] = [await read(a.itemId), await read(b.itemId)];
    const text = [
      'sku,description_fr,details_fr',
      `${a.sku},"Un produit décrit en français, pour l'essai.","Couleur: Noir\\nPoids: 1,5 kg"`,
      `${b.sku},Seule la description change.,`,
    ].join('\n');
    const file = { name: 'french.csv', type: 'text/csv', data: Buffer.from(text) };
    const preview = await upload('/api/admin/catalog/import/preview', file);
    expect(preview.body.preview.summary).toEqual({ new: 0, changed: 2, unchanged: 0, errors: 0 });
    expect(preview.body.preview.rows[0].changes).toEqual([
      {
        field: 'description_fr',
        old: aBefore.descriptionFr,
        new: "Un produit décrit en français, pour l'essai.",
      },
      { field: 'details_fr', old: aBefore.detailsFr, new: 'Couleur: Noir\nPoids: 1,5 kg' },
    ]);
    const applied = await upload('/api/admin/catalog/import/apply', file, {
      token: preview.body.preview.token,
    });
    expect(applied.body).toMatchObject({ created: 0, updated: 2 });
    const ignore = { descriptionFr: '', detailsFr: '', updatedAt: 0, rowVersion: 0, rowXid: 0 };
    const [aAfter, bAfter] = [await read(a.itemId), await read(b.itemId)];
    expect({ ...aAfter, ...ignore }).toEqual({ ...aBefore, ...ignore });
    expect({ ...bAfter, ...ignore }).toEqual({ ...bBefore, ...ignore });
    expect(aAfter.detailsFr).toBe('Couleur: Noir\nPoids: 1,5 kg');
    // An empty cell leaves the field as it is.
    expect(bAfter).toMatchObject({
      descriptionFr: 'Seule la description change.',
      detailsFr: bBefore.detailsFr,
    });

    const french = await call(ctx.app, 'GET', `/api/product/${a.itemId}`, 'lang=fr');
    expect(french.body.itemInfo.itemDetail[0]).toMatchObject({
      description: "Un produit décrit en français, pour l'essai.",
      details: 'Couleur: Noir\nPoids: 1,5 kg',
    });
    expect(
      (await call(ctx.app, 'GET', `/api/product/${a.itemId}`)).body.itemInfo.itemDetail[0].description,
    ).toBe(aBefore.description);
  });
});
