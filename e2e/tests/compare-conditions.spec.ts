import type { APIRequestContext } from '@playwright/test';
import { expectNoSidewaysScroll, MOBILE } from '../company-fixtures';
import { expect, expectNoSeriousA11y, money, type Page, test } from '../fixtures';

interface Offer {
  item_id: string;
  sku: string;
  item_condition: 'BrandNew' | 'Recertified' | 'ScratchDent' | 'Warranty';
  stock: number;
  path: string;
  current: boolean;
  price?: number;
  saving?: { amount: number; percent: number };
}

interface Brief {
  item_id: string;
  item_name: string;
  item_condition: string;
}

const CONDITION = {
  BrandNew: 'Brand new',
  Recertified: 'Recertified',
  ScratchDent: 'Scratch & dent',
  Warranty: 'Warranty',
} as const;

const cents = (amount: number) => Math.round(amount * 100);

/** A product answer's offers of every condition of its model. */
async function compareOf(request: APIRequestContext, path: string): Promise<Offer[]> {
  const response = await request.get(path.replace(/^\/acer\//, '/api/'));
  expect(response.status(), `the product ${path}`).toBe(200);
  return ((await response.json()) as { itemInfo: { compare?: Offer[] } }).itemInfo.compare ?? [];
}

/**
 * A product of the demo catalog sold in several conditions of one model, with a saving against brand new:
 * items listed under the same name in a category are asked until one answers such a comparison.
 */
async function productWithConditions(request: APIRequestContext): Promise<{ path: string; offers: Offer[] }> {
  for (const category of ['Notebook', 'Monitor', 'Tablet', 'Gaming', 'Smartphone', 'Accessories']) {
    const items: Brief[] = [];
    for (let page = 1, pages = 1; page <= pages && page <= 20; page++) {
      const response = await request.get(`/api/category/${category}?page=${page}`);
      if (response.status() !== 200) break;
      const answer = (await response.json()) as { categoryItems: { itemsBrief: Brief[]; pages?: number } };
      items.push(...answer.categoryItems.itemsBrief);
      pages = answer.categoryItems.pages ?? 1;
    }
    const named = (name: string) => items.filter((i) => i.item_name === name).length;
    const candidates = items.filter((i) => i.item_condition !== 'Warranty' && named(i.item_name) > 1);
    const asked = new Set<string>();
    for (const item of candidates) {
      if (asked.has(item.item_name)) continue;
      asked.add(item.item_name);
      const path = `/acer/product/${item.item_id}/${item.item_condition}`;
      const offers = await compareOf(request, path);
      if (offers.length >= 2 && offers.some((o) => o.saving)) return { path, offers };
    }
  }
  throw new Error('no product of the demo catalog is sold in several conditions with a saving');
}

function table(page: Page) {
  return page.getByRole('table', { name: 'Compare conditions' });
}

/** The table's row of each offer, in the answer's order (the first row names the columns). */
function rows(page: Page) {
  return table(page).locator('tbody tr');
}

test.describe('comparing the conditions of a model', () => {
  test('a customer sees each condition priced as the API answers and goes to another one', async ({
    signedInPage,
  }) => {
    const customer = await signedInPage('C10001');
    const { path, offers } = await productWithConditions(customer.request);
    expect(offers.every((o) => o.price !== undefined)).toBe(true);

    await customer.goto(path);
    await expect(customer.getByRole('heading', { name: 'Compare conditions', level: 2 })).toBeVisible();
    await expect(rows(customer)).toHaveCount(offers.length);
    for (const [i, offer] of offers.entries()) {
      const row = rows(customer).nth(i);
      await expect(row.getByRole('rowheader')).toContainText(CONDITION[offer.item_condition]);
      await expect(row.getByRole('rowheader')).toContainText(`SKU: ${offer.sku}`);
      await expect(row.getByRole('cell').nth(0)).toHaveText(money(cents(offer.price!)));
      await expect(row.getByRole('cell').nth(1)).toHaveText(
        offer.saving ? `Save ${money(cents(offer.saving.amount))} (${offer.saving.percent}%)` : '—',
      );
      await expect(row.getByRole('cell').nth(2)).toHaveText(
        offer.item_condition === 'Warranty'
          ? 'In stock'
          : offer.stock > 0
            ? `In stock: ${offer.stock}`
            : 'Out of stock',
      );
      await expect(row.getByRole('cell').nth(3)).not.toBeEmpty();
      if (offer.current) {
        // The page's own condition is named, not linked.
        await expect(row.locator('[aria-current="page"]')).toHaveText(CONDITION[offer.item_condition]);
        await expect(row.getByText('Viewing', { exact: true })).toBeVisible();
        await expect(row.getByRole('link')).toHaveCount(0);
      } else {
        await expect(row.getByRole('link', { name: CONDITION[offer.item_condition] })).toHaveAttribute(
          'href',
          offer.path,
        );
      }
    }
    expect(offers.filter((o) => o.current)).toHaveLength(1);
    await expectNoSeriousA11y(customer);

    // Another condition's link opens its page, where that condition is the one being viewed.
    const index = offers.findIndex((o) => !o.current);
    const other = offers[index]!;
    await rows(customer).nth(index).getByRole('link', { name: CONDITION[other.item_condition] }).click();
    await expect(customer).toHaveURL((url) => url.pathname === other.path);
    await expect(rows(customer).nth(index).locator('[aria-current="page"]')).toHaveText(
      CONDITION[other.item_condition],
    );
    await expect(rows(customer).nth(index).getByRole('cell').nth(0)).toHaveText(money(cents(other.price!)));
  });

  test('a visitor sees the conditions without any price', async ({ page, signedInPage }) => {
    const { path } = await productWithConditions((await signedInPage('C10001')).request);
    const offers = await compareOf(page.request, path);
    expect(offers.length).toBeGreaterThanOrEqual(2);
    expect(offers.every((o) => o.price === undefined && o.saving === undefined)).toBe(true);

    await page.goto(path);
    await expect(rows(page)).toHaveCount(offers.length);
    await expect(table(page)).not.toContainText('$');
    const signIn = table(page).getByRole('link', { name: 'Sign in to see prices' });
    await expect(signIn).toHaveCount(offers.length);
    await expect(signIn.first()).toHaveAttribute('href', '/acer/signin');
    await expectNoSeriousA11y(page);
  });

  test('at 390 px the conditions are stacked, nothing scrolls sideways', async ({ signedInPage }) => {
    const customer = await signedInPage('C10001', { viewport: MOBILE });
    const { path, offers } = await productWithConditions(customer.request);
    await customer.goto(path);
    await expect(rows(customer)).toHaveCount(offers.length);
    const first = offers[0]!;
    await expect(rows(customer).first()).toContainText(money(cents(first.price!)));
    // One condition's lines stand one above the other.
    const boxes = await rows(customer)
      .first()
      .locator('th, td')
      .evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().top));
    expect(boxes).toEqual([...boxes].sort((a, b) => a - b));
    expect(new Set(boxes).size).toBe(boxes.length);
    // The comparison itself fits the window, then so does the whole page.
    const widths = await table(customer).evaluate((element) => ({
      right: element.getBoundingClientRect().right,
      scroll: element.scrollWidth,
      client: element.clientWidth,
      window: window.innerWidth,
    }));
    expect(widths.right).toBeLessThanOrEqual(widths.window);
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    await expectNoSidewaysScroll(customer);
    await expectNoSeriousA11y(customer);
  });
});
