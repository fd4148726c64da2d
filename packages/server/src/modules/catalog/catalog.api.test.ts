import { unitPrice } from '@shop/domain/catalog/pricing';
import type { Condition } from '@shop/domain/catalog/rules';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { DEMO, signIn, useTestApp } from '../../test/harness';

const ctx = useTestApp();

const PRICE_FIELDS = [
  'personal_price',
  'personal_sale_price',
  'personal_scratch_dent_price',
  'price',
  'sale_price',
];

function expectNoPrices(body: unknown) {
  const text = JSON.stringify(body);
  for (const field of [
    ...PRICE_FIELDS,
    'priceRange',
    'max_price',
    'min_price',
    'maxPrice',
    'minPrice',
    'price_cents',
  ]) {
    expect(text).not.toContain(`"${field}"`);
  }
}

async function get(url: string, cookie?: string) {
  const response = await ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  return { status: response.statusCode, body: response.json() };
}

describe('GET /api/mainpage', () => {
  it('gives the three sliders with brand new or recertified items in stock, and no prices to a visitor', async () => {
    const { status, body } = await get('/api/mainpage');
    expect(status).toBe(200);
    const { featuredProducts, popularProducts, newProducts } = body.products;
    for (const list of [featuredProducts, popularProducts, newProducts]) {
      expect(list.length).toBeGreaterThan(0);
      expect(list.length).toBeLessThanOrEqual(16);
      for (const item of list) {
        expect(['BrandNew', 'Recertified']).toContain(item.item_condition);
        expect(item.stock).toBeGreaterThan(0);
      }
    }
    expectNoPrices(body);
  });

  it('gives a signed-in customer personal prices', async () => {
    const cookie = await signIn(ctx.app, DEMO.C10001.username, DEMO.C10001.password);
    const { body } = await get('/api/mainpage', cookie);
    expect(typeof body.products.popularProducts[0].personal_price).toBe('number');
  });
});

describe('GET /api/category', () => {
  it('lists 16 a page with filters and their values, out-of-stock items last', async () => {
    const { status, body } = await get('/api/category/Notebook');
    expect(status).toBe(200);
    const list = body.categoryItems;
    expect(list.heading).toBe('Notebooks');
    expect(list.itemsBrief).toHaveLength(16);
    expect(list.total).toBeGreaterThan(16);
    expect(list.filters.map((f: { field: string }) => f.field)).toContain('product_series');
    const last = await get(`/api/category/Notebook?page=${list.pages}`);
    const items = last.body.categoryItems.itemsBrief;
    const stockOf = (i: { item_condition: string; stock: number; scratch_dent_stock: number }) =>
      i.item_condition === 'ScratchDent' ? i.scratch_dent_stock : i.stock;
    const firstOut = items.findIndex((i: never) => stockOf(i) === 0);
    if (firstOut >= 0) expect(items.slice(firstOut).every((i: never) => stockOf(i) === 0)).toBe(true);
    expectNoPrices(body);
  });

  it('narrows by a filter value and by In Stock', async () => {
    const all = (await get('/api/category/Notebook')).body.categoryItems;
    const series = all.filters.find((f: { field: string }) => f.field === 'product_series').values[0];
    const filtered = (await get(`/api/category/Notebook?product_series=${encodeURIComponent(series.value)}`))
      .body.categoryItems;
    expect(filtered.total).toBe(series.count);
    expect(
      filtered.itemsBrief.every((i: { product_series: string }) => i.product_series === series.value),
    ).toBe(true);
    const inStock = (await get('/api/category/Notebook?in_stock=1')).body.categoryItems;
    expect(inStock.total).toBe(all.inStockCount);
    expect(inStock.itemsBrief.every((i: { stock: number }) => i.stock > 0)).toBe(true);
  });

  it('reads Monitor as Display and serves subcategories', async () => {
    const monitors = (await get('/api/category/Monitor')).body.categoryItems;
    expect(monitors.total).toBeGreaterThan(0);
    expect(monitors.itemsBrief.every((i: { category: string }) => i.category === 'Display')).toBe(true);
    expect(monitors.heading).toBe('Monitors');
    const gamingMonitors = (await get('/api/category/Gaming/Monitor')).body.categoryItems;
    expect(gamingMonitors.total).toBeGreaterThan(0);
    expect(gamingMonitors.heading).toBe('Monitors');
    const docks = (await get('/api/category/Accessories/DockingStation')).body.categoryItems;
    expect(docks.itemsBrief.every((i: { sub_category: string }) => i.sub_category === 'DockingStation')).toBe(
      true,
    );
  });

  it('serves the virtual categories Sale, BrandNew and ScratchDent', async () => {
    const sale = (await get('/api/category/Sale')).body.categoryItems;
    expect(sale.total).toBeGreaterThan(0);
    expect(sale.itemsBrief.every((i: { is_sale: boolean }) => i.is_sale)).toBe(true);
    const sd = (await get('/api/category/ScratchDent')).body.categoryItems;
    expect(sd.itemsBrief.every((i: { item_condition: string }) => i.item_condition === 'ScratchDent')).toBe(
      true,
    );
    const bn = (await get('/api/category/BrandNew')).body.categoryItems;
    expect(bn.itemsBrief.every((i: { item_condition: string }) => i.item_condition === 'BrandNew')).toBe(
      true,
    );
  });

  it('counts Warranty items as in stock', async () => {
    const warranty = (await get('/api/category/Warranty?in_stock=1')).body.categoryItems;
    const all = (await get('/api/category/Warranty')).body.categoryItems;
    expect(warranty.total).toBe(all.total);
    expect(all.total).toBeGreaterThan(0);
  });

  it('gives a customer personal prices, a price range and price sorts; C10002 pays less than C10001', async () => {
    const c1 = await signIn(ctx.app, DEMO.C10001.username, DEMO.C10001.password);
    const c2 = await signIn(ctx.app, DEMO.C10002.username, DEMO.C10002.password);
    const a = (await get('/api/category/Notebook?sort=price_asc', c1)).body.categoryItems;
    const b = (await get('/api/category/Notebook?sort=price_asc', c2)).body.categoryItems;
    expect(a.priceRange[0].max_price).toBeGreaterThan(0);
    expect(b.itemsBrief[0].item_id).toBe(a.itemsBrief[0].item_id);
    expect(b.itemsBrief[0].personal_price).toBeLessThan(a.itemsBrief[0].personal_price);
    const pays = (i: {
      item_condition: string;
      is_sale: boolean;
      personal_price: number;
      personal_sale_price: number;
      personal_scratch_dent_price: number;
    }) =>
      i.item_condition === 'ScratchDent' && i.personal_scratch_dent_price
        ? i.personal_scratch_dent_price
        : i.is_sale && i.personal_sale_price
          ? i.personal_sale_price
          : i.personal_price;
    const inStock = a.itemsBrief.filter((i: { stock: number }) => i.stock > 0).map(pays);
    expect(inStock).toEqual([...inStock].sort((x: number, y: number) => x - y));
    const bounded = (await get('/api/category/Notebook?min_price=500&max_price=1000', c1)).body.categoryItems;
    for (const item of bounded.itemsBrief) {
      expect(pays(item)).toBeGreaterThanOrEqual(500);
      expect(pays(item)).toBeLessThanOrEqual(1000);
    }
  });

  it('does not sort by price for a visitor', async () => {
    const byPrice = (await get('/api/category/Notebook?sort=price_desc')).body.categoryItems;
    const byName = (await get('/api/category/Notebook?sort=name_asc')).body.categoryItems;
    expect(byPrice.itemsBrief.map((i: { sku: string }) => i.sku)).toEqual(
      byName.itemsBrief.map((i: { sku: string }) => i.sku),
    );
    expectNoPrices(byPrice);
  });

  it('answers a category the tree does not have with 404 and a message', async () => {
    for (const [url, message] of [
      ['/api/category/Spaceships', 'There is no category Spaceships.'],
      ['/api/category/Notebook/Spaceships', 'There is no category Notebook/Spaceships.'],
      ['/api/category/notebook', 'There is no category notebook.'],
    ]) {
      const { status, body } = await get(url!);
      expect(status).toBe(404);
      expect(body.smessage).toBe(message);
    }
    // Every menu path is known, Monitor and its subcategories included.
    for (const url of [
      '/api/category/Monitor',
      '/api/category/Gaming/Monitor',
      '/api/category/Sale/Notebook',
    ]) {
      expect((await get(url)).status).toBe(200);
    }
  });

  it.each([
    ['/api/category/Notebook?sort=cheapest', 'Sort must be one of'],
    ['/api/category/Notebook?page=0', 'Page must be a whole number'],
    ['/api/category/Notebook?page=abc', 'Page must be a whole number'],
    ['/api/category/Notebook?min_price=-5', 'Minimum price must be a number'],
    ['/api/category/Notebook?min_price=900&max_price=100', 'Minimum price must not be above'],
    ['/api/category/Notebook?column=price&q=x', 'Search column must be one of'],
    ['/api/category/Note%20book', 'A category name has letters only.'],
    [`/api/search?column=all&string=${'x'.repeat(201)}`, 'Search text must be at most 200 characters.'],
  ])('refuses %s with 400 and a message', async (url, message) => {
    const { status, body } = await get(url);
    expect(status).toBe(400);
    expect(body.smessage).toContain(message);
  });
});

describe('GET /api/search', () => {
  it('finds by sku, case-insensitively', async () => {
    const some = (await get('/api/category/Notebook')).body.categoryItems.itemsBrief[0];
    const { body } = await get(`/api/search?column=sku&string=${some.sku.toLowerCase()}`);
    expect(body.categoryItems.itemsBrief.map((i: { sku: string }) => i.sku)).toContain(some.sku);
    expect(body.categoryItems.itemsBrief.every((i: { sku: string }) => i.sku === some.sku)).toBe(true);
  });

  it('finds by name with terms joined by +', async () => {
    const { body } = await get('/api/search?column=item_name&string=SWIFT+go');
    expect(body.categoryItems.total).toBeGreaterThan(0);
    for (const item of body.categoryItems.itemsBrief)
      expect(item.item_name.toLowerCase()).toMatch(/swift go/);
    expectNoPrices(body);
  });

  it('searches all columns', async () => {
    const { body } = await get('/api/search?column=all&string=predator');
    expect(body.categoryItems.total).toBeGreaterThan(0);
  });

  it('finds nothing for nonsense', async () => {
    const { body } = await get('/api/search?column=all&string=zzqqxx');
    expect(body.categoryItems.total).toBe(0);
  });
});

describe('GET /api/product', () => {
  it('gives the product with images and details; no price to a visitor', async () => {
    const some = (await get('/api/category/Notebook')).body.categoryItems.itemsBrief[0];
    const { status, body } = await get(`/api/product/${some.item_id}/${some.item_condition}`);
    expect(status).toBe(200);
    const detail = body.itemInfo.itemDetail[0];
    expect(detail.sku).toBe(some.sku);
    expect(detail.details.split('\n').length).toBeGreaterThan(3);
    expect(body.itemInfo.itemImages.length).toBeGreaterThan(0);
    expect(body.itemInfo.itemImages[0].image_url).toMatch(/^\/images\/.+\.svg$/);
    expect(detail.breadcrumbs[0].pathname).toBe('/category/Notebook');
    expectNoPrices(body);
  });

  it('gives a customer the personal prices', async () => {
    const cookie = await signIn(ctx.app, DEMO.C10002.username, DEMO.C10002.password);
    const some = (await get('/api/category/Notebook')).body.categoryItems.itemsBrief[0];
    const { body } = await get(`/api/product/${some.item_id}/${some.item_condition}`, cookie);
    expect(body.itemInfo.itemDetail[0].personal_price).toBeGreaterThan(0);
  });

  it('serves the scratch-and-dent offer of an item', async () => {
    const sd = (await get('/api/category/ScratchDent')).body.categoryItems.itemsBrief[0];
    const { body } = await get(`/api/product/${sd.item_id}/ScratchDent`);
    expect(body.itemInfo.itemDetail[0].item_condition).toBe('ScratchDent');
    expect(body.itemInfo.product.length).toBe(2);
  });

  it('answers a missing item, a condition not offered or a removed item with 404 and the message', async () => {
    const missing = await get('/api/product/0000000000/BrandNew');
    expect(missing.status).toBe(404);
    expect(missing.body.smessage).toBe('Item does not exsist, or Item has been removed.');
    const warranty = (await get('/api/category/Warranty')).body.categoryItems.itemsBrief[0];
    const wrong = await get(`/api/product/${warranty.item_id}/ScratchDent`);
    expect(wrong.status).toBe(404);
    const removed = [...ctx.app.services.catalog.items.values()].find((p) => !p.isActive)!;
    const gone = await get(`/api/product/${removed.itemId}/${removed.itemCondition}`);
    expect(gone.status).toBe(404);
    expect(gone.body.smessage).toBe('Item does not exsist, or Item has been removed.');
  });

  it('refuses an unknown condition with 400', async () => {
    const { status, body } = await get('/api/product/123/Used');
    expect(status).toBe(400);
    expect(body.smessage).toContain('Condition must be one of');
  });

  it('never lists removed items', async () => {
    const removed = [...ctx.app.services.catalog.items.values()].find((p) => !p.isActive)!;
    const { body } = await get(`/api/search?column=sku&string=${removed.sku}`);
    expect(body.categoryItems.total).toBe(0);
  });
});

describe('GET /api/product in French', () => {
  const page = async (path: string, headers: Record<string, string> = {}) => {
    const response = await ctx.app.inject({ method: 'GET', url: path, headers });
    return {
      status: response.statusCode,
      text: response.body,
      detail: response.json().itemInfo.itemDetail[0],
    };
  };

  it('gives the French description and details to a French reader (Accept-Language or the lang cookie), the English to others', async () => {
    const some = (await get('/api/category/Notebook')).body.categoryItems.itemsBrief[0];
    const item = ctx.app.services.catalog.items.get(some.item_id)!;
    expect(item.descriptionFr).not.toBe('');
    const path = `/api/product/${some.item_id}/${some.item_condition}`;
    const english = await page(path);
    expect(english.detail.description).toBe(item.description);
    expect(english.detail.details).toBe(item.details);

    const frenchReaders: Record<string, string>[] = [
      { 'accept-language': 'fr-CA,fr;q=0.9' },
      { cookie: 'lang=fr' },
    ];
    for (const headers of frenchReaders) {
      const french = await page(path, headers);
      expect(french.status).toBe(200);
      expect(french.detail.description).toBe(item.descriptionFr);
      expect(french.detail.details).toBe(item.detailsFr);
      expect(french.detail.description).toMatch(/^L'Acer /);
      // Names and SKUs stay as they are.
      expect(french.detail.item_name).toBe(item.itemName);
      expect(french.detail.sku).toBe(item.sku);
    }
    // The lang cookie wins over the browser's language; the English answer is the same as before.
    expect((await page(path, { cookie: 'lang=en', 'accept-language': 'fr' })).text).toBe(english.text);
    expect((await page(path, { 'accept-language': 'en-CA' })).text).toBe(english.text);
    expect((await page(path)).text).toBe(english.text);
  });

  it('gives the English to a French reader when the product has no French, and follows changes', async () => {
    const some = (await get('/api/category/Tablet')).body.categoryItems.itemsBrief[1];
    const path = `/api/product/${some.item_id}/${some.item_condition}`;
    const fr = { cookie: 'lang=fr' };
    expect((await page(path, fr)).detail.description).toMatch(/^L'Acer /);
    await ctx.database.db
      .update(products)
      .set({ descriptionFr: '', detailsFr: '' })
      .where(eq(products.itemId, some.item_id));
    await ctx.app.services.catalog.refresh();
    const item = ctx.app.services.catalog.items.get(some.item_id)!;
    const french = await page(path, fr);
    expect(french.detail.description).toBe(item.description);
    expect(french.detail.details).toBe(item.details);
    expect(french.text).toBe((await page(path)).text);

    await ctx.database.db
      .update(products)
      .set({ descriptionFr: 'Une tablette pour les essais.' })
      .where(eq(products.itemId, some.item_id));
    await ctx.app.services.catalog.refresh();
    const changed = await page(path, fr);
    expect(changed.detail.description).toBe('Une tablette pour les essais.');
    expect(changed.detail.details).toBe(item.details);
    expect((await page(path)).detail.description).toBe(item.description);
  });
});

describe('catalog freshness', () => {
  it('shows a change written to the database after a refresh', async () => {
    const some = (await get('/api/category/Tablet')).body.categoryItems.itemsBrief[0];
    await ctx.database.db
      .update(products)
      .set({ itemName: 'Renamed Tablet For Test' })
      .where(eq(products.itemId, some.item_id));
    await ctx.app.services.catalog.refresh();
    const { body } = await get('/api/search?column=item_name&string=renamed+tablet');
    const ids = new Set(body.categoryItems.itemsBrief.map((i: { item_id: string }) => i.item_id));
    expect([...ids]).toEqual([some.item_id]);
  });
});

describe('images', () => {
  it('serves generated product pictures and a placeholder', async () => {
    const some = (await get('/api/category/Notebook')).body.categoryItems.itemsBrief[0];
    const picture = await ctx.app.inject({ method: 'GET', url: some.main_image });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toContain('image/svg+xml');
    const missing = await ctx.app.inject({ method: 'GET', url: '/images/unknown-thing.svg' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('comparing the conditions of a model', () => {
  function modelItem() {
    const catalog = ctx.app.services.catalog;
    const item = [...catalog.items.values()].find(
      (p) =>
        p.isActive &&
        p.model !== '' &&
        catalog.modelRows(p.model).some((r) => r.item_condition === 'BrandNew') &&
        catalog.modelRows(p.model).some((r) => r.item_condition !== 'BrandNew'),
    );
    if (!item) throw new Error('the demo catalog has no model in several conditions');
    return { item, rows: catalog.modelRows(item.model) };
  }

  it('shows each condition with the customer’s price, the saving against new, stock, warranty and a link', async () => {
    const { item, rows } = modelItem();
    const cookie = await signIn(ctx.app, DEMO.C10001.username, DEMO.C10001.password);
    const { body } = await get(`/api/product/${item.itemId}`, cookie);
    const compare = body.itemInfo.compare as {
      item_id: string;
      item_condition: string;
      price: number;
      saving?: { amount: number; percent: number };
      stock: number;
      warranty: string;
      path: string;
      current: boolean;
    }[];
    expect(compare).toHaveLength(rows.length);
    expect(compare.filter((c) => c.current)).toHaveLength(1);
    const newest = Math.min(...compare.filter((c) => c.item_condition === 'BrandNew').map((c) => c.price));
    for (const offer of compare) {
      const page = (await get(`/api/product/${offer.item_id}/${offer.item_condition}`, cookie)).body.itemInfo;
      const detail = page.itemDetail[0];
      const unit =
        unitPrice({
          item_condition: offer.item_condition as Condition,
          is_sale: detail.is_sale,
          price: Math.round(detail.personal_price * 100),
          sale_price: Math.round(detail.personal_sale_price * 100),
          scratch_dent_price: Math.round(detail.personal_scratch_dent_price * 100),
        }) / 100;
      expect(offer.price).toBe(unit);
      expect(offer.path).toBe(`/acer/product/${offer.item_id}/${offer.item_condition}`);
      expect(offer.warranty).toMatch(/warranty/);
      expect(offer.stock).toBe(
        offer.item_condition === 'ScratchDent' ? detail.scratch_dent_stock : detail.stock,
      );
      if (offer.item_condition !== 'BrandNew' && offer.price < newest) {
        expect(offer.saving!.amount).toBeCloseTo(newest - offer.price, 2);
      }
    }
  });

  it('gives a visitor the conditions without any price, and follows a sibling’s stock', async () => {
    const { item, rows } = modelItem();
    const { body } = await get(`/api/product/${item.itemId}`);
    expectNoPrices(body);
    expect(JSON.stringify(body.itemInfo.compare)).not.toContain('saving');
    const sibling = rows.find((r) => r.item_id !== item.itemId) ?? rows[0]!;
    await ctx.database.db
      .update(products)
      .set(sibling.item_condition === 'ScratchDent' ? { scratchDentStock: 77 } : { stock: 77 })
      .where(eq(products.itemId, sibling.item_id));
    await ctx.app.services.catalog.refresh();
    const again = (await get(`/api/product/${item.itemId}`)).body.itemInfo.compare as {
      item_id: string;
      item_condition: string;
      stock: number;
    }[];
    expect(
      again.find((c) => c.item_id === sibling.item_id && c.item_condition === sibling.item_condition)!.stock,
    ).toBe(77);
  });
});
