/**
 * Stock alerts: a buyer saves an alert on a product page, the seller raises the stock in the back office,
 * the buyer is mailed once, the account lists the alert as matched, and the mail's unsubscribe link works
 * in a fresh browser without signing in. Each test makes its own buyer and product (an old accessory).
 */
import type { BrowserContext, Page } from '@playwright/test';
import {
  call,
  createCustomer,
  createProduct,
  customerContext,
  expect,
  type NewCustomer,
  test,
} from '../admin-fixtures';
import { type CaughtMail, keepToShop, mailsTo } from '../fixtures';

/** The alert mails a buyer received (they carry the unsubscribe link). */
async function alertMails(email: string): Promise<CaughtMail[]> {
  return (await mailsTo(email)).filter((m) => m.text.includes('/acer/unsubscribe?token='));
}

/** The unsubscribe link of a mail, as a path of this server. */
function unsubscribePath(mail: CaughtMail): string {
  const found = /https?:\/\/[^\s/]+(\/acer\/unsubscribe\?token=[A-Za-z0-9_-]+)/.exec(mail.text);
  expect(found, `an unsubscribe link in:\n${mail.text}`).not.toBeNull();
  return found![1]!;
}

async function buyerPage(
  browser: import('@playwright/test').Browser,
  baseURL: string | undefined,
  customer: NewCustomer,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await customerContext(browser, baseURL, customer);
  return { context, page: await context.newPage() };
}

test('an alert saved on a product page mails once when the seller raises stock, and unsubscribes without signing in', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const product = await createProduct(adminPage.request, { stock: 0 });
  const customer = await createCustomer(adminPage.request);
  const { context, page } = await buyerPage(browser, baseURL, customer);

  await page.goto(`/acer/product/${product.item_id}`);
  await page.getByRole('button', { name: 'Alert me' }).click();
  const form = page.getByRole('form', { name: 'Mail me when this is in stock' });
  await expect(form.getByRole('checkbox', { name: 'Brand new' })).toBeChecked();
  // A quantity the form refuses says so before anything is sent.
  await form.getByLabel('At least this many units in stock').fill('0');
  await form.getByRole('button', { name: 'Save alert' }).click();
  await expect(form.getByText('Enter a whole number from 1 to 9999.')).toBeVisible();
  await form.getByLabel('At least this many units in stock').fill('25');
  await form.getByRole('button', { name: 'Save alert' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your stock alert is saved.' })).toBeVisible();

  // Not enough yet: no mail. Then enough: one mail.
  await call(adminPage.request, 'PATCH', `/api/admin/products/${product.item_id}`, { stock: 24 });
  await call(adminPage.request, 'PATCH', `/api/admin/products/${product.item_id}`, { stock: 30 });
  await expect.poll(async () => (await alertMails(customer.email)).length, { timeout: 15_000 }).toBe(1);
  const [mail] = await alertMails(customer.email);
  expect(mail!.text).toContain(product.item_name);
  expect(mail!.text).toContain('30 units are in stock in Brand new');
  expect(mail!.text).toContain(`(SKU ${product.sku}), Brand new: 30 in stock at`);

  // The account lists it as matched.
  await page.goto('/acer/account/stockAlerts');
  await expect(page.getByRole('heading', { level: 1, name: 'Stock alerts' })).toBeVisible();
  const item = page.getByTestId('stock-alert');
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('link', { name: product.item_name })).toBeVisible();
  await expect(item).toContainText('Matched on');
  await expect(item).toContainText('Brand new: at least 25 in stock, any price');
  // Still matching: more stock mails nothing more (the account still says matched, with one mail).
  await call(adminPage.request, 'PATCH', `/api/admin/products/${product.item_id}`, { stock: 31 });

  // A fresh browser, nobody signed in: the link shows the alert and one button.
  const stranger = await browser.newContext({ baseURL });
  await keepToShop(stranger, baseURL);
  const visitor = await stranger.newPage();
  await visitor.goto(unsubscribePath(mail!));
  await expect(visitor.getByRole('heading', { level: 1, name: 'Stop a stock alert' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: product.item_name })).toBeVisible();
  await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(visitor.getByRole('status')).toContainText('is deleted and sends no more mail');
  // The same link again is refused plainly.
  await visitor.goto(unsubscribePath(mail!));
  await expect(visitor.getByRole('alert')).toContainText('This unsubscribe link is not valid any more');
  await stranger.close();

  await page.reload();
  await expect(page.getByText('You have no stock alert.')).toBeVisible();
  expect(await alertMails(customer.email)).toHaveLength(1);
  await context.close();
});

test('in French: the alert is saved from the product page, mailed in French, and unsubscribed in French', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const product = await createProduct(adminPage.request, { stock: 0 });
  const customer = await createCustomer(adminPage.request);
  const { context, page } = await buyerPage(browser, baseURL, customer);
  const chosen = await context.request.post('/api/user/language', { data: { language: 'fr' } });
  expect(chosen.status(), await chosen.text()).toBe(200);

  await page.goto(`/acer/product/${product.item_id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.getByRole('button', { name: "M'alerter" }).click();
  const form = page.getByRole('form', { name: "M'écrire quand cet article est en stock" });
  await form.getByLabel("Au moins ce nombre d'unités en stock").fill('5');
  await form.getByLabel("Prix maximal à l'unité (votre prix, facultatif)").fill('100');
  await form.getByRole('button', { name: "Enregistrer l'alerte" }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Votre alerte de stock est enregistrée.' }),
  ).toBeVisible();

  await call(adminPage.request, 'PATCH', `/api/admin/products/${product.item_id}`, { stock: 8 });
  await expect.poll(async () => (await alertMails(customer.email)).length, { timeout: 15_000 }).toBe(1);
  const [mail] = await alertMails(customer.email);
  expect(mail!.text).toMatch(/^Bonjour/);
  expect(mail!.text).toContain('8 unités sont en stock en Neuf');

  await page.goto('/acer/account/stockAlerts');
  await expect(page.getByTestId('stock-alert')).toContainText('Satisfaite le');

  const stranger = await browser.newContext({ baseURL });
  await keepToShop(stranger, baseURL);
  const visitor = await stranger.newPage();
  await visitor.goto(unsubscribePath(mail!));
  await expect(visitor.getByRole('heading', { level: 1, name: 'Arrêter une alerte de stock' })).toBeVisible();
  await visitor.getByRole('button', { name: 'Se désabonner' }).click();
  await expect(visitor.getByRole('status')).toContainText('est supprimée');
  await stranger.close();
  await context.close();
});

test('an alert saved on a category listing keeps the listing’s filters, and the account can pause and delete it', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const customer = await createCustomer(adminPage.request);
  const { context, page } = await buyerPage(browser, baseURL, customer);
  await page.goto('/acer/category/Accessories/Mice?color=Black');
  await page.getByRole('button', { name: 'Alert me about this listing' }).click();
  const form = page.getByRole('form', { name: 'Mail me when this listing, with its filters, is in stock' });
  await expect(form).toContainText(
    'The alert watches this listing with the filters chosen now: Color: Black.',
  );
  await form.getByLabel('At least this many units in stock').fill('9999');
  await form.getByRole('button', { name: 'Save alert' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your stock alert is saved.' })).toBeVisible();

  await page.getByRole('link', { name: 'Your stock alerts' }).click();
  const item = page.getByTestId('stock-alert');
  await expect(item.getByRole('link', { name: 'Mice: Black' })).toHaveAttribute(
    'href',
    '/acer/category/Accessories/Mice?color=Black',
  );
  await expect(item).toContainText('Watching');
  // Read in French, the listing and its filter values are French.
  expect((await context.request.post('/api/user/language', { data: { language: 'fr' } })).status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('stock-alert').getByRole('link', { name: 'Souris: Noir' })).toBeVisible();
  expect((await context.request.post('/api/user/language', { data: { language: 'en' } })).status()).toBe(200);
  await page.reload();
  await expect(item.getByRole('link', { name: 'Mice: Black' })).toBeVisible();
  await item.getByRole('button', { name: 'Pause' }).click();
  await expect(item).toContainText('Paused');
  await expect(item.getByRole('button', { name: 'Resume' })).toBeVisible();
  page.once('dialog', (dialog) => dialog.accept());
  await item.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('You have no stock alert.')).toBeVisible();
  await context.close();
});
