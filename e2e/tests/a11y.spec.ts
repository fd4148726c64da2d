import { expect, expectNoSeriousA11y, test } from '../fixtures';

test.describe('accessibility: no serious or critical axe violations', () => {
  test('home', async ({ page }) => {
    await page.goto('/acer');
    await expect(
      page.getByRole('region', { name: 'NEW PRODUCTS' }).getByRole('article').first(),
    ).toBeVisible();
    await expectNoSeriousA11y(page);
  });

  test('category', async ({ page }) => {
    await page.goto('/acer/category/Notebook');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('group', { name: 'Series' })).toBeVisible();
    await expectNoSeriousA11y(page);
  });

  test('product', async ({ page }) => {
    await page.goto('/acer/category/Notebook');
    const href = await page.getByRole('article').first().getByRole('link').first().getAttribute('href');
    await page.goto(href!);
    await expect(page.getByRole('tab', { name: 'DETAILS' })).toBeVisible();
    await expectNoSeriousA11y(page);
  });

  test('sign in', async ({ page }) => {
    await page.goto('/acer/signin');
    await expect(page.getByRole('button', { name: 'SIGN IN' })).toBeVisible();
    await expectNoSeriousA11y(page);
  });

  test('contact', async ({ page }) => {
    await page.goto('/acer/contact-us');
    await expect(page.getByRole('button', { name: 'SUBMIT' })).toBeVisible();
    await expectNoSeriousA11y(page);
  });
});
