import { expect, type Page, test, textOf } from '../fixtures';

const PRICE = /^\$\d{1,3}(,\d{3})*\.\d{2}$/;

/** The price a customer pays, in cents, as shown on a product page. */
async function shownPrice(page: Page): Promise<number> {
  const price = page.getByRole('main').getByText(PRICE).first();
  await expect(price).toBeVisible();
  const text = await textOf(price);
  return Math.round(Number(text.replace(/[$,]/g, '')) * 100);
}

test.describe('personal prices', () => {
  test('each customer sees their own price; visitors see none', async ({ page, signedInPage }) => {
    // The first in-stock notebook, as a visitor sees it.
    await page.goto('/acer/category/Notebook');
    const card = page.getByRole('article').first();
    const href = await card.getByRole('link').first().getAttribute('href');
    expect(href).toMatch(/^\/acer\/product\//);
    await page.goto(href!);
    const name = page.getByRole('heading', { level: 1 });
    await expect(name).not.toBeEmpty();
    await expect(page.getByRole('button', { name: 'Please Login' })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('$');

    const [c10001, c10002] = await Promise.all([signedInPage('C10001'), signedInPage('C10002')]);
    await Promise.all([c10001.goto(href!), c10002.goto(href!)]);
    const productName = await textOf(name);
    for (const customer of [c10001, c10002]) {
      await expect(customer.getByRole('heading', { level: 1 })).toHaveText(productName);
      await expect(customer.getByRole('button', { name: 'ADD TO CART' })).toBeVisible();
    }
    const price15 = await shownPrice(c10001);
    const price10 = await shownPrice(c10002);
    expect(price10).toBeLessThan(price15);
    // Both are the same base price, marked up by 15 % and 10 % (to the cent).
    expect(Math.abs(price15 / 115 - price10 / 110)).toBeLessThan(0.01);
  });

  test('a signed-in customer sees prices and ADD TO CART on in-stock cards', async ({ signedInPage }) => {
    const customer = await signedInPage('C10001');
    await customer.goto('/acer/category/Notebook');
    const card = customer.getByRole('article').first();
    await expect(card.getByRole('button', { name: 'ADD TO CART' })).toBeVisible();
    await expect(card.getByText(PRICE).first()).toBeVisible();
    // Price sorts are offered to customers.
    await expect(customer.getByLabel('Sort by').getByRole('option')).toHaveText([
      'A to Z',
      'Z to A',
      'Price: Ascending',
      'Price: Descending',
    ]);
  });
});
