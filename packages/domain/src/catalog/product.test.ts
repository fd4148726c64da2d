import { describe, expect, it } from 'vitest';
import { type ProductValues, productDefaults, productProblems } from './product';

const good: ProductValues = {
  ...productDefaults(),
  sku: 'NX.GOOD.001',
  item_name: 'Acer Aspire 5',
  category: 'Notebook',
  item_condition: 'BrandNew',
  price_cents: 99_999,
  serialized: true,
};

describe('productProblems', () => {
  it('accepts a whole product', () => {
    expect(productProblems(good)).toEqual([]);
    expect(
      productProblems({
        ...good,
        category: 'Desktop',
        sub_category: 'Tower',
        images: [`media:${'a'.repeat(32)}`],
      }),
    ).toEqual([]);
    expect(productProblems({ ...good, is_scratch_dent: true, scratch_dent_price_cents: 79_999 })).toEqual([]);
    // With the offer off, a price of 0 is simply no scratch-and-dent price.
    expect(productProblems({ ...good, is_scratch_dent: false, scratch_dent_price_cents: 0 })).toEqual([]);
  });

  it.each([
    [{ sale_price_cents: 99_999 }, 'sale_price must be below price'],
    [{ scratch_dent_price_cents: 100_000 }, 'scratch_dent_price must be below price'],
    [{ price_cents: 0 }, 'price must be above 0'],
    [
      { is_scratch_dent: true, scratch_dent_price_cents: 0 },
      'A scratch-and-dent offer needs a scratch-and-dent price above 0; set the price or turn the offer off.',
    ],
    [{ category: 'Warranty' }, 'item_condition Warranty goes with category Warranty, and only there'],
    [
      { category: 'Warranty', item_condition: 'Warranty', is_scratch_dent: true },
      'a Warranty item has no scratch-and-dent offer',
    ],
    [{ sub_category: 'Tower' }, 'Notebook has no subcategories, but sub_category is "Tower"'],
    [{ touchscreen: 'Maybe' }, 'touchscreen must be Yes, No or empty, not "Maybe"'],
    [{ sku: 'has space' }, 'sku may use only letters, digits, . _ - (1 to 50 characters)'],
    [{ stock: -1 }, 'stock must be a whole number from 0 to 1000000'],
    [
      { images: ['https://example.com/x.png'] },
      'image link "https://example.com/x.png" has no /d/{id}/ part',
    ],
    [{ listed_at: 'soon' }, 'listed_at must be a date such as 2026-01-31, not "soon"'],
  ] as [Partial<ProductValues>, string][])('refuses %o', (change, message) => {
    expect(productProblems({ ...good, ...change }).map((p) => p.message)).toContain(message);
  });
});
