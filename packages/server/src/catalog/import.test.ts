import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../db/schema';
import { useTestApp } from '../test/harness';
import { importProducts, parseCatalogCsv } from './import';

const ctx = useTestApp();

const HEADER =
  'sku,item_name,category,sub_category,item_condition,price,sale_price,is_sale,stock,details,main_image,touchscreen';
const GOOD = [
  HEADER,
  'NX.TEST1.001,Acer Aspire Test 15,Notebook,,BrandNew,899.99,,false,12,"Processor: Intel Core i5\nAspect Ratio: 16:9",https://drive.google.com/file/d/demo-notebook-1/view,No',
  'UM.TEST2.001,Acer Vero Test 27,Monitor,,Recertified,"1,299.00",999.00,true,0,Panel: IPS,,',
].join('\n');

describe('parseCatalogCsv', () => {
  it('reads good rows into products with cents and Display for Monitor', () => {
    const { products: rows, problems } = parseCatalogCsv(GOOD);
    expect(problems).toEqual([]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ sku: 'NX.TEST1.001', price_cents: 89_999, stock: 12, is_active: true });
    expect(rows[0]!.details.split('\n')).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      category: 'Display',
      price_cents: 129_900,
      sale_price_cents: 99_900,
      is_sale: true,
    });
  });

  it('names the line and the reason of every bad row, and keeps nothing', () => {
    const text = [
      HEADER,
      'NX.OK.001,Fine,Notebook,,BrandNew,100,,,1,,,',
      'NX.BAD.001,Bad Price,Notebook,,BrandNew,abc,,,1,,,',
      'NX.BAD.002,Bad Category,Toaster,,BrandNew,100,,,1,,,',
      'NX.OK.001,Duplicate,Notebook,,BrandNew,100,,,1,,,',
      'NX.BAD.003,Bad Stock,Notebook,,BrandNew,100,,,-4,,,',
      'NX.BAD.004,Bad Sub,Desktop,Spaceship,BrandNew,100,,,1,,,',
      'NX.BAD.005,Sale Above,Notebook,,BrandNew,100,150,true,1,,,',
      'NX.BAD.006,Too Dear,Notebook,,BrandNew,100000000.00,,,1,,,',
    ].join('\n');
    const { products: rows, problems } = parseCatalogCsv(text);
    expect(rows).toEqual([]);
    expect(problems).toEqual(
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
        { line: 9, message: 'price must be at most $99,999,999.99, not "100000000.00"' },
      ]),
    );
  });

  it('refuses unknown and missing columns and files that are not CSV', () => {
    expect(parseCatalogCsv('sku,item_name,colour\nA,B,C').problems.map((p) => p.message)).toEqual([
      'Unknown column(s): colour.',
      'Missing required column(s): category, item_condition, price.',
    ]);
    expect(parseCatalogCsv(`${HEADER}\n"unterminated,row`).problems[0]!.message).toMatch(/not valid CSV/);
    expect(parseCatalogCsv(HEADER).problems[0]!.message).toBe('The file has no product rows.');
  });
});

describe('importProducts', () => {
  it('creates new products, updates existing ones by sku, and the catalog shows them', async () => {
    const first = parseCatalogCsv(GOOD);
    expect(await importProducts(ctx.database.db, first.products)).toEqual({ created: 2, updated: 0 });
    const [created] = await ctx.database.db.select().from(products).where(eq(products.sku, 'NX.TEST1.001'));
    expect(created?.priceCents).toBe(89_999);

    const second = parseCatalogCsv(
      GOOD.replace('899.99', '849.00').replace('Aspire Test 15', 'Aspire Test 15 v2'),
    );
    expect(await importProducts(ctx.database.db, second.products)).toEqual({ created: 0, updated: 2 });
    const [updated] = await ctx.database.db.select().from(products).where(eq(products.sku, 'NX.TEST1.001'));
    expect(updated?.itemId).toBe(created?.itemId);
    expect(updated?.priceCents).toBe(84_900);

    await ctx.app.services.catalog.refresh();
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/search?column=sku&string=nx.test1.001',
    });
    expect(response.json().categoryItems.itemsBrief[0].item_name).toBe('Acer Aspire Test 15 v2');
  });
});
