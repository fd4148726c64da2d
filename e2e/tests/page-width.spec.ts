/**
 * Every route fits a 390 px phone: no page scrolls sideways, for a visitor and for a signed-in buyer with an
 * order, an invoice, an address and a cart (issue 11). And the wish-list panel stays whole on the screen, on
 * a phone and at 1366 px.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { createCustomer, createProduct, expect, test } from '../admin-fixtures';
import { buyerRoutes } from '../buyer-routes';
import { MOBILE, shopContext } from '../company-fixtures';
import { keepToShop } from '../fixtures';

test.describe.configure({ timeout: 180_000 });

/** Opens each path and gives back those whose page is wider than the window, with their widths. */
async function tooWide(page: Page, paths: string[]): Promise<string[]> {
  const wide: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.loading, [aria-busy="true"]')).toHaveCount(0);
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      window: window.innerWidth,
    }));
    if (widths.page > widths.window) wide.push(`${path}: ${widths.page}px in a ${widths.window}px window`);
  }
  return wide;
}

/** Opens the product page's wish-list panel and gives back where it sits against the window. */
async function wishListPanel(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('button', { name: 'Wish list' }).click();
  const panel = page.locator('.wl-heart__panel');
  await expect(panel).toBeVisible();
  return panel.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return {
      left: box.left,
      right: box.right,
      window: document.documentElement.clientWidth,
      page: document.documentElement.scrollWidth,
    };
  });
}

test('at 390 px no page scrolls sideways, for a visitor or a signed-in buyer', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const {
    shop,
    products,
    visitor: visitorRoutes,
    buyer: buyerPaths,
  } = await buyerRoutes(adminPage.request, browser, baseURL, { viewport: MOBILE });
  const visitorContext: BrowserContext = await browser.newContext({ baseURL, viewport: MOBILE });
  await keepToShop(visitorContext, baseURL);
  const visitor = await visitorContext.newPage();
  expect(await tooWide(visitor, visitorRoutes)).toEqual([]);

  const buyer = await shop.newPage();
  expect(await tooWide(buyer, buyerPaths)).toEqual([]);

  // The product page's wish-list panel opens within the phone's screen, and the page stays as wide.
  for (const path of products) {
    const panel = await wishListPanel(buyer, path);
    expect(panel.left, path).toBeGreaterThanOrEqual(0);
    expect(panel.right, path).toBeLessThanOrEqual(panel.window);
    expect(panel.page, path).toBeLessThanOrEqual(panel.window);
  }
  await visitorContext.close();
  await shop.close();
});

test('at 1366 px the wish-list panel opens whole on the screen', async ({ adminPage, browser, baseURL }) => {
  const staff = adminPage.request;
  const product = await createProduct(staff, { stock: 40 });
  const customer = await createCustomer(staff);
  const shop = await shopContext(browser, baseURL, customer.customerId, customer.password, {
    viewport: { width: 1366, height: 768 },
  });
  const page = await shop.newPage();
  const panel = await wishListPanel(page, `/acer/product/${product.item_id}/BrandNew`);
  expect(panel.left).toBeGreaterThanOrEqual(0);
  expect(panel.right).toBeLessThanOrEqual(panel.window);
  expect(panel.page).toBeLessThanOrEqual(panel.window);
  await shop.close();
});
