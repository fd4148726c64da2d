/**
 * Every route fits a 390 px phone: no page scrolls sideways, for a visitor and for a signed-in buyer with an
 * order, an invoice, an address and a cart (issue 11). And the wish-list panel stays whole on the screen, on
 * a phone and at 1366 px. On a phone the order's and the invoice's lines show their quantity, rate and
 * amount within the screen, and the header's icons and the breadcrumb's links are at least 44 × 44 px.
 */
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { createCustomer, createProduct, expect, test } from '../admin-fixtures';
import { buyerRoutes } from '../buyer-routes';
import { expectNoSidewaysScroll, MOBILE, shopContext } from '../company-fixtures';
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

/** Where an element sits: its left and right edges and its size, after scrolling it into view. */
async function boxOf(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  expect(box, 'the element has a box on the page').not.toBeNull();
  return { left: box!.x, right: box!.x + box!.width, width: box!.width, height: box!.height };
}

/** Every line of the order or invoice page shows its quantity, rate and amount within the phone's width. */
async function expectLinesOnScreen(page: Page, path: string, atLeast: number) {
  await page.goto(path);
  const table = page.getByRole('main').getByRole('table');
  const lines = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(lines.first()).toBeVisible();
  const count = await lines.count();
  expect(count, path).toBeGreaterThanOrEqual(atLeast);
  const width = MOBILE.width;
  for (let i = 0; i < count; i++) {
    const cells = lines.nth(i).getByRole('cell');
    // Quantity, rate and amount: the table's fourth, fifth and sixth columns.
    for (const column of [3, 4, 5]) {
      const cell = cells.nth(column);
      await expect(cell, `${path}, line ${i + 1}, column ${column + 1}`).toBeVisible();
      await expect(cell).not.toHaveText('');
      const box = await boxOf(cell);
      expect(box.left, `${path}, line ${i + 1}, column ${column + 1}`).toBeGreaterThanOrEqual(0);
      expect(box.right, `${path}, line ${i + 1}, column ${column + 1}`).toBeLessThanOrEqual(width);
    }
  }
  await expectNoSidewaysScroll(page);
}

/** Each of the given tap targets is visible and at least 44 × 44 px. */
async function expectTapTargets(targets: Locator[]) {
  for (const target of targets) {
    await expect(target).toBeVisible();
    const box = await boxOf(target);
    const name = (await target.getAttribute('aria-label')) ?? (await target.innerText());
    expect(box.width, `${name}: width`).toBeGreaterThanOrEqual(44);
    expect(box.height, `${name}: height`).toBeGreaterThanOrEqual(44);
  }
}

test('at 390 px the order and invoice lines show quantity, rate and amount, and tap targets are 44 px', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const { shop, buyer: buyerPaths } = await buyerRoutes(adminPage.request, browser, baseURL, {
    viewport: MOBILE,
  });
  const orderPath = buyerPaths.find((path) => path.startsWith('/acer/order/'))!;
  const invoicePath = buyerPaths.find((path) => path.startsWith('/acer/invoice/'))!;
  const page = await shop.newPage();
  // The order has the product's line; the invoice adds its shipping line.
  await expectLinesOnScreen(page, orderPath, 1);
  await expectLinesOnScreen(page, invoicePath, 2);

  // The header's menu, search, account and cart, and the breadcrumb's links, on the invoice page.
  const header = page.getByRole('banner');
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link');
  await expect(crumbs).toHaveCount(2);
  await expectTapTargets([
    header.getByRole('button', { name: 'Menu' }),
    header.getByRole('button', { name: 'Search' }),
    header.getByRole('link', { name: 'Account', exact: true }),
    header.getByRole('link', { name: /^Cart, \d+ items$/ }),
    ...(await crumbs.all()),
  ]);
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
