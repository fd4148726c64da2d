import { unitPrice } from '@shop/domain/catalog/pricing';
import { productDefaults, productProblems } from '@shop/domain/catalog/product';
import { PRODUCT_CATEGORIES } from '@shop/domain/catalog/rules';
import { describe, expect, it } from 'vitest';
import { productImageSvg } from '../modules/catalog/svg';
import { DEMO_CUSTOMERS, generateCatalog } from './catalog-data';
import type { ProductInput } from './types';

const CATEGORIES = PRODUCT_CATEGORIES;

const SUBCATEGORIES: Record<string, string[]> = {
  Desktop: ['AIO', 'Chromebox', 'Gaming', 'Tower', 'WorkHome'],
  Gaming: ['Desktop', 'Notebook', 'Display'],
  Warranty: ['Desktop', 'Laptop', 'Display', 'Smartphone', 'Tablet'],
  Accessories: ['BackpackCase', 'Charger', 'DockingStation', 'GraphicsCard', 'Headset', 'Mice'],
};

const SHARE_LINK = /^https:\/\/drive\.google\.com\/file\/d\/(demo-[a-z]+-[1-6])\/view$/;

function countBy(items: ProductInput[], key: (p: ProductInput) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const p of items) counts.set(key(p), (counts.get(key(p)) ?? 0) + 1);
  return counts;
}

const catalog = generateCatalog(340);

describe('generateCatalog(340)', () => {
  it('yields 340 items and at least 400 listing rows', () => {
    expect(catalog).toHaveLength(340);
    const rows = catalog.length + catalog.filter((p) => p.is_scratch_dent).length;
    expect(rows).toBeGreaterThanOrEqual(400);
  });

  it('is deterministic', () => {
    expect(generateCatalog(340)).toEqual(catalog);
    // A shorter catalog is a prefix of a longer one, but for the models (which depend on the whole set).
    const withoutModel = ({ model: _, ...rest }: (typeof catalog)[number]) => rest;
    expect(generateCatalog(50).map(withoutModel)).toEqual(catalog.slice(0, 50).map(withoutModel));
  });

  it('names models sold in several conditions', () => {
    const models = countBy(
      catalog.filter((p) => p.model),
      (p) => p.model!,
    );
    expect(models.size).toBeGreaterThanOrEqual(10);
    for (const model of models.keys()) {
      const group = catalog.filter((p) => p.model === model);
      expect(group.length).toBeGreaterThanOrEqual(2);
      const offers = new Set(
        group.flatMap((p) => [p.item_condition, ...(p.is_scratch_dent ? ['ScratchDent'] : [])]),
      );
      expect(offers.size).toBeGreaterThanOrEqual(2);
    }
  });

  it('covers every stored category and no virtual one', () => {
    const categories = countBy(catalog, (p) => p.category);
    expect([...categories.keys()].sort()).toEqual([...CATEGORIES].sort());
    for (const name of CATEGORIES) expect(categories.get(name)).toBeGreaterThanOrEqual(4);
  });

  it('fills every subcategory with several items, and no others', () => {
    const subs = countBy(catalog, (p) => `${p.category}/${p.sub_category}`);
    for (const [category, children] of Object.entries(SUBCATEGORIES)) {
      for (const child of children) expect(subs.get(`${category}/${child}`), child).toBeGreaterThanOrEqual(4);
    }
    for (const p of catalog) {
      const allowed = SUBCATEGORIES[p.category];
      if (allowed) expect(allowed).toContain(p.sub_category);
      else expect(p.sub_category).toBe('');
    }
  });

  it('uses the three primary conditions, Warranty exactly for warranty items', () => {
    const conditions = countBy(catalog, (p) => p.item_condition);
    expect(conditions.get('BrandNew')).toBeGreaterThan(0);
    expect(conditions.get('Recertified')).toBeGreaterThan(0);
    expect(conditions.get('Warranty')).toBeGreaterThan(0);
    for (const p of catalog) expect(p.item_condition === 'Warranty').toBe(p.category === 'Warranty');
  });

  it('offers some items as scratch-and-dent, below the price', () => {
    const offers = catalog.filter((p) => p.is_scratch_dent);
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.some((p) => p.scratch_dent_stock === 0)).toBe(true);
    expect(offers.some((p) => p.scratch_dent_stock > 0)).toBe(true);
    for (const p of offers) {
      expect(p.category).not.toBe('Warranty');
      expect(p.scratch_dent_price_cents).toBeGreaterThan(0);
      expect(p.scratch_dent_price_cents).toBeLessThan(p.price_cents);
    }
    for (const p of catalog.filter((q) => !q.is_scratch_dent)) {
      expect(p.scratch_dent_stock).toBe(0);
      expect(p.scratch_dent_price_cents).toBe(0);
    }
  });

  it('prices every scratch-and-dent offer below what the same model costs recertified', () => {
    // What a buyer pays for each recertified item: its sale price when on sale.
    const recertified = (items: ProductInput[], model: string) =>
      items
        .filter((p) => p.model === model && p.item_condition === 'Recertified')
        .map((p) =>
          unitPrice({
            item_condition: 'Recertified',
            is_sale: p.is_sale,
            price: p.price_cents,
            sale_price: p.sale_price_cents,
            scratch_dent_price: 0,
          }),
        );
    // The seeded catalog, and a larger one where the draw alone would price some at or above it.
    for (const items of [catalog, generateCatalog(3000)]) {
      const pairs = items.filter(
        (p) => p.model && p.is_scratch_dent && recertified(items, p.model).length > 0,
      );
      expect(pairs.length, `models with both offers in ${items.length} items`).toBeGreaterThan(2);
      for (const p of pairs) {
        const cheapest = Math.min(...recertified(items, p.model!));
        expect(p.scratch_dent_price_cents, `${p.sku} (${p.model})`).toBeLessThan(cheapest);
        expect(p.scratch_dent_price_cents).toBeGreaterThan(0);
      }
    }
  });

  it('gives some products volume prices the back office would accept, reachable with their stock', () => {
    const broken = catalog.filter((p) => p.price_breaks);
    expect(broken.length).toBeGreaterThanOrEqual(20);
    expect(broken.length).toBeLessThan(catalog.length / 4);
    expect(new Set(broken.map((p) => p.category))).toEqual(new Set(['Accessories', 'Chromebook', 'Display']));
    expect(new Set(broken.map((p) => p.item_condition))).toEqual(new Set(['BrandNew', 'Recertified']));
    for (const p of broken) {
      const breaks = p.price_breaks!;
      expect(breaks.length).toBeGreaterThanOrEqual(2);
      expect(breaks.every((b) => b.condition === p.item_condition)).toBe(true);
      expect(p.stock).toBeGreaterThanOrEqual(breaks[0]!.min_quantity);
      // The rules the product form and the import check, breaks included.
      const values = {
        ...productDefaults(),
        ...p,
        serialized: p.serialized ?? false,
        model: p.model ?? '',
        price_breaks: breaks,
      };
      expect(productProblems(values), p.sku).toEqual([]);
    }
    // A scratch-and-dent offer, and the item that carries it, have none.
    for (const p of catalog.filter((q) => q.is_scratch_dent)) expect(p.price_breaks).toBeUndefined();
  });

  it('puts items on sale with a lower sale price, a few without one', () => {
    const sale = catalog.filter((p) => p.is_sale);
    expect(sale.length).toBeGreaterThan(catalog.length * 0.1);
    expect(sale.some((p) => p.sale_price_cents === 0)).toBe(true);
    for (const p of sale) expect(p.sale_price_cents).toBeLessThan(p.price_cents);
    for (const p of catalog.filter((q) => !q.is_sale)) expect(p.sale_price_cents).toBe(0);
  });

  it('has out-of-stock, inactive and featured items', () => {
    const products = catalog.filter((p) => p.category !== 'Warranty');
    expect(products.some((p) => p.stock === 0)).toBe(true);
    for (const p of products) {
      expect(p.stock).toBeGreaterThanOrEqual(0);
      expect(p.stock).toBeLessThanOrEqual(120);
    }
    for (const p of catalog.filter((q) => q.category === 'Warranty')) expect(p.stock).toBe(0);
    expect(catalog.some((p) => !p.is_active)).toBe(true);
    const featured = catalog.filter((p) => p.is_featured);
    expect(featured.length).toBeGreaterThan(0);
    for (const p of featured) {
      expect(p.item_condition).not.toBe('Warranty');
      expect(p.stock).toBeGreaterThan(0);
    }
  });

  it('gives unique Acer-style skus and 19-digit item ids', () => {
    expect(new Set(catalog.map((p) => p.sku)).size).toBe(catalog.length);
    expect(new Set(catalog.map((p) => p.item_id)).size).toBe(catalog.length);
    for (const p of catalog) {
      expect(p.sku).toMatch(/^[A-Z]{2}\.[A-Z]{5}\.\d{3}$/);
      expect(p.item_id).toMatch(/^\d{19}$/);
    }
  });

  it('prices in whole cents within realistic ranges', () => {
    const range = (category: string, sub: string | null, min: number, max: number) => {
      const items = catalog.filter(
        (p) => p.category === category && (sub === null || p.sub_category === sub),
      );
      expect(items.length).toBeGreaterThan(0);
      for (const p of items) {
        expect(Number.isInteger(p.price_cents)).toBe(true);
        expect(p.price_cents).toBeGreaterThanOrEqual(min * 100);
        expect(p.price_cents).toBeLessThan((max + 1) * 100);
      }
    };
    range('Notebook', null, 399, 2999);
    range('Display', null, 129, 1299);
    range('Warranty', null, 49, 399);
    for (const sub of ['BackpackCase', 'Charger', 'DockingStation', 'Headset', 'Mice']) {
      range('Accessories', sub, 19, 199);
    }
  });

  it('writes descriptions and 6 to 12 "name: value" detail lines', () => {
    for (const p of catalog) {
      expect(p.item_name.startsWith('Acer ')).toBe(true);
      expect(p.description.length).toBeGreaterThan(20);
      const lines = p.details.split('\n');
      expect(lines.length).toBeGreaterThanOrEqual(6);
      expect(lines.length).toBeLessThanOrEqual(12);
      for (const line of lines) expect(line).toContain(': ');
    }
    expect(catalog.some((p) => p.details.includes('Aspect Ratio: 16:10'))).toBe(true);
  });

  it('describes every product in French too, line for line', () => {
    // Words that would mean an English phrase was left in the French.
    const english = /\b(the|with|and|for|up to|hours|year|included|cable|Front|Rear|Black|Gray|Silver)\b/;
    for (const p of catalog) {
      expect(p.description_fr.length).toBeGreaterThan(20);
      expect(p.description_fr).not.toBe(p.description);
      const lines = p.details_fr.split('\n');
      expect(lines).toHaveLength(p.details.split('\n').length);
      for (const line of lines) expect(line).toContain(': ');
      expect(`${p.description_fr}\n${p.details_fr}`).not.toMatch(english);
    }
    const laptop = catalog.find((p) => p.category === 'Notebook')!;
    expect(laptop.description_fr).toMatch(/^L'Acer .+ est un .+ Go de mémoire/);
    expect(laptop.details_fr).toMatch(/^Processeur: .+ \(jusqu'à \d,\d GHz\)$/m);
    // Bigger catalogs (the benchmark's) find French for every phrase too.
    expect(() => generateCatalog(3000)).not.toThrow();
  });

  it('fills filter fields with small sets of values', () => {
    const touch = new Set(catalog.map((p) => p.touchscreen));
    expect([...touch].sort()).toEqual(['', 'No', 'Yes']);
    for (const p of catalog.filter((q) => q.category === 'Warranty' || q.category === 'Accessories')) {
      expect(p.touchscreen).toBe('');
    }
    const notebooks = catalog.filter((p) => p.category === 'Notebook');
    for (const field of ['processor_type', 'standard_memory', 'screen_size', 'solid_state_drive'] as const) {
      const values = new Set(notebooks.map((p) => p[field]));
      expect(values.size, field).toBeGreaterThanOrEqual(2);
      expect(values.size, field).toBeLessThanOrEqual(8);
      expect(values.has(''), field).toBe(false);
    }
  });

  it('links images that the image route can draw', () => {
    for (const p of catalog) {
      expect(p.images.length).toBeGreaterThanOrEqual(1);
      expect(p.images.length).toBeLessThanOrEqual(3);
      expect(p.images[0]).toBe(p.main_image);
      for (const link of p.images) {
        const id = SHARE_LINK.exec(link)?.[1];
        expect(id, link).toBeDefined();
        expect(productImageSvg(id!), id).not.toBeNull();
      }
    }
  });

  it('spreads listing dates and popularity', () => {
    for (const p of catalog) {
      expect(p.listed_at >= '2024-01-01').toBe(true);
      expect(p.listed_at < '2026-11-01').toBe(true);
      expect(Number.isNaN(Date.parse(p.listed_at))).toBe(false);
      expect(p.popularity).toBeGreaterThanOrEqual(0);
      expect(p.popularity).toBeLessThanOrEqual(1000);
    }
  });
});

describe('generateCatalog at benchmark size', () => {
  // How long it takes is the bench's business (a timed test fails on a busy machine).
  it('keeps skus and item ids unique at 15000 items', () => {
    const big = generateCatalog(15000);
    expect(big).toHaveLength(15000);
    expect(new Set(big.map((p) => p.sku)).size).toBe(15000);
    expect(new Set(big.map((p) => p.item_id)).size).toBe(15000);
  });
});

describe('DEMO_CUSTOMERS', () => {
  it('has the two demo accounts', () => {
    expect(DEMO_CUSTOMERS.map((c) => c.customer_id)).toEqual(['C10001', 'C10002']);
    for (const c of DEMO_CUSTOMERS) expect(c.contact.username).toBe(c.customer_id);
  });
});
