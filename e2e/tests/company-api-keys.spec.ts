/**
 * The company API's keys in the account: the company's administrator makes a key, sees its secret once
 * (with the warning, and gone after a reload), the key reads the price list, its last use shows in the
 * list, and revoking it (after a confirmation) stops it at once. The test makes its own customer.
 */
import { createCustomer, expect, test } from '../admin-fixtures';
import { shopContext } from '../company-fixtures';
import { Dialogs, expectNoSeriousA11y, type Page } from '../fixtures';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const accountNav = (page: Page) => page.getByRole('navigation', { name: 'Account' });

test('a company administrator makes an API key, sees its secret once, and revokes it', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const customer = await createCustomer(adminPage.request);
  const context = await shopContext(browser, baseURL, customer.customerId, customer.password);
  const page = await context.newPage();
  const dialogs = new Dialogs(page);
  // The page is drawn on the server and hydrated without an error or a warning.
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  const priceList = (secret: string) =>
    context.request.get('/api/v1/price-list?page_size=1', { headers: { authorization: `Bearer ${secret}` } });

  // Administrators find the section in the account's navigation.
  await page.goto('/acer/account/orders');
  await accountNav(page).getByRole('link', { name: 'API Keys' }).click();
  await expect(page).toHaveURL(/\/acer\/account\/apiKeys$/);
  await expect(heading(page)).toHaveText('API keys');
  await expect(page.getByText('Your company has no API key yet.')).toBeVisible();

  // The form asks for a name before sending.
  await page.getByRole('button', { name: 'MAKE KEY' }).click();
  await expect(page.getByLabel('Name')).toBeFocused();
  await expect(page.locator('#api-key-name-error')).toHaveText('Give the key a name of 1 to 60 characters.');
  await page.getByLabel('Name').fill('ERP nightly sync');
  await expect(page.getByRole('checkbox', { name: /Read the price list/ })).toBeChecked();
  await page.getByRole('checkbox', { name: /Place orders/ }).check();
  await page.getByRole('button', { name: 'MAKE KEY' }).click();

  // The secret, once: focused, with the warning that it will not be shown again.
  const panel = page.getByRole('region', { name: 'Your new key: ERP nightly sync' });
  await expect(panel).toBeFocused();
  await expect(panel).toContainText('it will not be shown again');
  const field = panel.getByRole('textbox', { name: /The key/ });
  const secret = await field.inputValue();
  expect(secret).toMatch(/^ak_live_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
  await panel.getByRole('button', { name: 'Copy' }).click();
  await expect(panel.getByRole('status')).toHaveText(
    /The key has been copied to the clipboard\.|The key is selected: press Ctrl\+C/,
  );
  await expectNoSeriousA11y(page);

  // The list shows the key by its prefix, never by its secret.
  const table = page.getByRole('table', { name: "Your company's API keys" });
  const row = table.getByRole('row').filter({ hasText: 'ERP nightly sync' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${secret.slice(0, 'ak_live_'.length + 8)}_…`);
  await expect(row).toContainText('Read the price list, Place orders');
  await expect(row).toContainText('Never');
  await expect(row).toContainText('Active');

  // The key works, and the list shows its use.
  expect((await priceList(secret)).status()).toBe(200);
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await expect(panel).toHaveCount(0);

  // After a reload the secret is nowhere on the page; the key is listed with its last use.
  await page.reload();
  await expect(heading(page)).toHaveText('API keys');
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('region', { name: /Your new key/ })).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
  await expect(row).not.toContainText('Never');

  // Revoking asks first, then the key stops at once.
  await row.getByRole('button', { name: 'Revoke: ERP nightly sync' }).click();
  await dialogs.next(
    'Revoke the key ERP nightly sync? Every system that uses it stops working at once, and it cannot be turned on again.',
  );
  await expect(
    page.getByRole('status').filter({ hasText: 'API key ERP nightly sync has been revoked.' }),
  ).toBeVisible();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
  const refused = await priceList(secret);
  expect(refused.status()).toBe(401);
  expect((await refused.json()).smessage).toBe(
    'This API key has been revoked. Ask a company administrator for a new one.',
  );
  dialogs.none();
  expect(problems).toEqual([]);
  await context.close();
});
