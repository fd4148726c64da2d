/** The API's reference at /api/docs: drawn in the browser from /api/openapi.json, under the shop's CSP. */
import { expect, test } from '../fixtures';

test('the API reference lists the calls of the shop, the back office and the company API', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto('/api/docs/');
  // Swagger UI draws the whole document (a few hundred calls) in the browser: on a busy machine that takes
  // more than the default five seconds.
  await expect(page.getByRole('heading', { name: /Acer Store for Business API/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    page.locator('.opblock-summary-path', { hasText: '/api/category/{category}' }).first(),
  ).toBeVisible();
  await expect(page.locator('.opblock-summary-path', { hasText: '/api/admin/orders' }).first()).toBeVisible();
  await expect(
    page.locator('.opblock-summary-path', { hasText: '/api/v1/price-list' }).first(),
  ).toBeVisible();
  expect(problems).toEqual([]);
});
