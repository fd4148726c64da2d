/**
 * The shop in French (issue "French and English"): a buyer switches to FR in the header and walks home,
 * a category with a filter and a sort, a product, the cart, checkout, the placed page, the order, its
 * invoice and every account section. On each page no piece of an English message is left, prices read
 * as French Canada writes them, and axe finds no serious violation with lang="fr". The buyer and the
 * product bought are this test's own, so the demo customers and listings stay as they are.
 */
import { createCustomer, createProduct, expect, test, uid } from '../admin-fixtures';
import { addAddress, invoiceOrder, shopContext } from '../company-fixtures';
import { expectNoSeriousA11y, type Page } from '../fixtures';
import { expectNoEnglish, FRENCH_PRICE, fr } from '../languages';

test.describe.configure({ timeout: 180_000 });

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** The checks every French page passes. */
async function frenchPage(page: Page, { axe = true, prices = false } = {}): Promise<void> {
  await expect(heading(page)).toBeVisible();
  await expectNoEnglish(page);
  if (prices) await expect(page.getByRole('main').getByText(FRENCH_PRICE).first()).toBeVisible();
  if (axe) await expectNoSeriousA11y(page);
}

test('a buyer switches to French and shops, checks out and reads the order, the invoice and the account in French', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const staff = adminPage.request;
  const product = await createProduct(staff, { stock: 40 });
  const customer = await createCustomer(staff);
  const shop = await shopContext(browser, baseURL, customer.customerId, customer.password);
  await addAddress(shop.request, customer);
  const page = await shop.newPage();

  // English first (the browser asks for English); the switch in the header turns the shop French.
  await page.goto('/acer');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/language'));
  await page.getByRole('button', { name: 'Français' }).first().click();
  expect((await saved).status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('button', { name: 'Français' }).first()).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await frenchPage(page, { prices: true });

  // The choice is the account's: a new session of the same buyer, without the cookie, is French too.
  const again = await shopContext(browser, baseURL, customer.customerId, customer.password);
  const other = await again.newPage();
  await other.goto('/acer');
  await expect(other.locator('html')).toHaveAttribute('lang', 'fr');
  await again.close();

  // A category, with the In Stock filter and a sort by price.
  await page.goto('/acer/category/Notebook');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page
    .getByRole('checkbox', { name: fr('catalog:filters.inStock') })
    .first()
    .check();
  await expect(page).toHaveURL(/in_stock=1/);
  await page.getByLabel(fr('catalog:toolbar.sortBy')).selectOption({ label: fr('common:sort.price_asc') });
  await expect(page).toHaveURL(/sort=price_asc/);
  await frenchPage(page, { prices: true });

  // A product of the listing.
  const href = await page.getByRole('article').first().getByRole('link').first().getAttribute('href');
  await page.goto(href!);
  await expect(page).toHaveURL(/\/acer\/product\//);
  await expect(page.getByRole('tab', { name: fr('catalog:product.tab.details') })).toBeVisible();
  await frenchPage(page, { prices: true });

  // The test's own product into the cart, then the cart and checkout.
  await page.goto(`/acer/product/${product.item_id}/BrandNew`);
  await expect(heading(page)).toHaveText(product.item_name);
  await page
    .getByRole('main')
    .getByRole('button', { name: fr('common:cartButton.add') })
    .first()
    .click();
  await expect(page).toHaveURL(/\/acer\/add-to-cart$/);
  await frenchPage(page, { axe: false, prices: true });

  await page.goto('/acer/cart');
  await expect(page.getByRole('main').getByText(product.item_name).first()).toBeVisible();
  await frenchPage(page, { prices: true });
  await page.getByRole('main').getByText(fr('cart:checkoutButton'), { exact: true }).first().click();
  await expect(page).toHaveURL(/\/acer\/checkout$/);
  const shipping = page.getByRole('group', { name: fr('cart:checkout.shippingAddress') });
  const address = shipping.getByRole('radio').first();
  if (!(await address.isChecked())) await address.check();
  const po = `BC-${uid()}`.toUpperCase();
  await page.getByLabel(fr('cart:checkout.po')).fill(po);
  await frenchPage(page, { prices: true });
  await page.getByRole('button', { name: fr('cart:checkout.placeOrder') }).click();

  await expect(heading(page)).toHaveText(fr('cart:placed.confirmed'));
  await frenchPage(page, { axe: false });
  await page.getByRole('link', { name: fr('cart:placed.view') }).click();
  await expect(page).toHaveURL(/\/acer\/order\/\d+$/);
  const orderId = Number(/\/acer\/order\/(\d+)$/.exec(page.url())?.[1]);
  await expect(page.getByRole('main')).toContainText(po);
  await frenchPage(page, { prices: true });

  // The seller invoices it with shipping; the buyer reads the invoice in French.
  const invoice = await invoiceOrder(staff, shop.request, customer.customerId, orderId, '10.00');
  await page.goto(`/acer/invoice/${invoice.invoiceId}`);
  await expect(page.getByRole('main')).toContainText(po);
  await frenchPage(page, { prices: true });

  // Every section of the account.
  for (const section of [
    'orders',
    'messages',
    'addresses',
    'wishLists',
    'recentlyViewed',
    'accountSettings',
    'subscription',
    'buyers',
  ]) {
    await page.goto(`/acer/account/${section}`);
    await expect(heading(page)).toBeVisible();
    await expect(page.getByRole('main').getByRole('progressbar')).toHaveCount(0);
    await frenchPage(page, { axe: section === 'orders' || section === 'addresses' });
  }
});

test('a visitor whose browser asks for French gets the shop in French, and EN brings the English back', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, locale: 'fr-CA' });
  const page = await context.newPage();
  await page.goto('/acer/faq');
  await frenchPage(page);
  await page.goto('/acer/term-of-sale');
  await frenchPage(page, { axe: false });
  await page.getByRole('button', { name: 'English' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'English' }).first()).toHaveAttribute('aria-pressed', 'true');
  await context.close();
});
