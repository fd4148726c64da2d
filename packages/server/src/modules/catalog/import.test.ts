import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, productImages, products, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { backOfficeDeps, CLI_ACTOR } from '../../lib/back-office';
import { useTestApp } from '../../test/harness';
import { applyImport, parseCatalogFile, planImport } from './import';

const ctx = useTestApp();
const deps = () => backOfficeDeps(ctx.app.services);

const HEADER =
  'sku,item_name,category,sub_category,item_condition,price,sale_price,is_sale,stock,details,main_image,touchscreen';
const GOOD = [
  HEADER,
  'NX.TEST1.001,Acer Aspire Test 15,Notebook,,BrandNew,899.99,,false,12,"Processor: Intel Core i5\\nAspect Ratio: 16:9",https://drive.google.com/file/d/demo-notebook-1/view,No',
  'UM.TEST2.001,Acer Vero Test 27,Monitor,,Recertified,"1,299.00",999.00,true,0,Panel: IPS,,',
].join('\n');

describe('parseCatalogFile', () => {
  it('refuses unknown columns, a file without sku, and files that are not CSV', () => {
    expect(parseCatalogFile('sku,item_name,colour\nA,B,C').problems.map((p) => p.message)).toEqual([
      'Unknown column(s): colour.',
    ]);
    expect(parseCatalogFile('item_name,price\nA,1').problems.map((p) => p.message)).toEqual([
      'Missing required column: sku.',
    ]);
    expect(parseCatalogFile(`${HEADER}\n"unterminated,row`).problems[0]!.message).toMatch(/not valid CSV/);
    expect(parseCatalogFile(HEADER).problems[0]!.message).toBe('The file has no product rows.');
  });
});

describe('planImport and applyImport', () => {
  it('names the line and the reason of every bad row, and writes nothing', async () => {
    const text = [
      HEADER,
      'NX.OK.001,Fine,Notebook,,BrandNew,100,,,1,,,',
      'NX.BAD.001,Bad Price,Notebook,,BrandNew,abc,,,1,,,',
      'NX.BAD.002,Bad Category,Toaster,,BrandNew,100,,,1,,,',
      'NX.OK.001,Duplicate,Notebook,,BrandNew,100,,,1,,,',
      'NX.BAD.003,Bad Stock,Notebook,,BrandNew,100,,,-4,,,',
      'NX.BAD.004,Bad Sub,Desktop,Spaceship,BrandNew,100,,,1,,,',
      'NX.BAD.005,Sale Above,Notebook,,BrandNew,100,150,true,1,,,',
      'NX.BAD.006,,Notebook,,BrandNew,,,,1,,,',
    ].join('\n');
    const { preview } = await planImport(deps(), ctx.database.db, text);
    const errors = preview.rows.flatMap((r) => r.errors.map((message) => ({ line: r.line, message })));
    expect(errors).toEqual(
      expect.arrayContaining([
        { line: 3, message: 'price must be an amount in dollars such as 1299.99, not "abc"' },
        expect.objectContaining({ line: 4, message: expect.stringContaining('category must be one of') }),
        { line: 5, message: 'sku NX.OK.001 is also on line 2' },
        { line: 6, message: 'stock must be a whole number of 0 or more, not "-4"' },
        expect.objectContaining({
          line: 7,
          message: expect.stringContaining('sub_category of Desktop must be one of'),
        }),
        { line: 8, message: 'sale_price must be below price' },
        { line: 9, message: 'a new sku needs item_name, price' },
      ]),
    );
    expect(preview.rows[0]!.status).toBe('new');
    await expect(applyImport(deps(), CLI_ACTOR, text)).rejects.toThrow(/Nothing was imported/);
    expect(await ctx.database.db.select().from(products).where(eq(products.sku, 'NX.OK.001'))).toEqual([]);
  });

  it('creates new products, then a file of some columns changes only those columns', async () => {
    const first = await applyImport(deps(), CLI_ACTOR, GOOD);
    expect(first).toMatchObject({ created: 2, updated: 0 });
    const [created] = await ctx.database.db.select().from(products).where(eq(products.sku, 'NX.TEST1.001'));
    expect(created).toMatchObject({ priceCents: 89_999, stock: 12, touchscreen: 'No' });
    expect(created!.details.split('\n')).toHaveLength(2);
    const [monitor] = await ctx.database.db.select().from(products).where(eq(products.sku, 'UM.TEST2.001'));
    expect(monitor).toMatchObject({
      category: 'Display',
      priceCents: 129_900,
      salePriceCents: 99_900,
      isSale: true,
    });

    // The five once-required columns no longer reset stock, details, filters or pictures.
    const text =
      'sku,item_name,category,item_condition,price\nNX.TEST1.001,Acer Aspire Test 15 v2,Notebook,BrandNew,849.00\nUM.TEST2.001,Acer Vero Test 27,Monitor,Recertified,1299';
    const { preview } = await planImport(deps(), ctx.database.db, text);
    expect(preview.summary).toEqual({ new: 0, changed: 1, unchanged: 1, errors: 0 });
    expect(preview.rows[0]!.changes).toEqual([
      { field: 'item_name', old: 'Acer Aspire Test 15', new: 'Acer Aspire Test 15 v2' },
      { field: 'price', old: 899.99, new: 849 },
    ]);
    // An endpoint that wants price changes gets the import's, written with it.
    const [endpoint] = await ctx.database.db
      .insert(webhookEndpoints)
      .values({
        url: 'https://erp.example.com/hooks',
        events: ['product.price_changed'],
        secret: 'whsec_test',
      })
      .returning({ id: webhookEndpoints.id });
    const done = await applyImport(deps(), CLI_ACTOR, text, preview.token);
    expect(done).toMatchObject({ created: 0, updated: 1 });
    const events = await ctx.database.db
      .select({ type: webhookDeliveries.eventType, subject: webhookDeliveries.subject })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint!.id));
    expect(events).toEqual([{ type: 'product.price_changed', subject: `product:${created!.itemId}` }]);
    await ctx.database.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint!.id));
    const [updated] = await ctx.database.db.select().from(products).where(eq(products.sku, 'NX.TEST1.001'));
    expect(updated).toMatchObject({
      itemId: created!.itemId,
      priceCents: 84_900,
      stock: 12,
      details: created!.details,
      touchscreen: 'No',
      mainImage: created!.mainImage,
    });
    const pictures = await ctx.database.db
      .select()
      .from(productImages)
      .where(eq(productImages.itemId, created!.itemId));
    expect(pictures.map((p) => p.imageLink)).toEqual([created!.mainImage]);
    const trail = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, created!.itemId));
    expect(trail.at(-1)).toMatchObject({
      actor: 'cli',
      action: 'product.import',
      before: { item_name: 'Acer Aspire Test 15', price: 899.99 },
      after: { item_name: 'Acer Aspire Test 15 v2', price: 849 },
    });

    await ctx.app.services.catalog.refresh();
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/search?column=sku&string=nx.test1.001',
    });
    expect(response.json().categoryItems.itemsBrief[0].item_name).toBe('Acer Aspire Test 15 v2');
  });

  it('refuses to apply a preview when the catalog changed since', async () => {
    const text = 'sku,stock\nNX.TEST1.001,30';
    const { preview } = await planImport(deps(), ctx.database.db, text);
    await ctx.database.db.update(products).set({ stock: 11 }).where(eq(products.sku, 'NX.TEST1.001'));
    await expect(applyImport(deps(), CLI_ACTOR, text, preview.token)).rejects.toThrow(
      /changed since the preview/,
    );
    const [row] = await ctx.database.db.select().from(products).where(eq(products.sku, 'NX.TEST1.001'));
    expect(row!.stock).toBe(11);
  });
});
