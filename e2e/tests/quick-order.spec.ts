/**
 * Quick order (issue 11): a buyer pastes lines copied from a spreadsheet, or reads a CSV file, sees them as
 * they will be read, and sends them to the cart in one request; every line is answered. Each test makes its
 * own customer and products, so no other journey's cart or listing changes.
 */
import { createCustomer, createProduct, expect, test, uid } from '../admin-fixtures';
import { expectNoSidewaysScroll, MOBILE, removeProduct, shopContext } from '../company-fixtures';
import { expectNoSeriousA11y, type Page } from '../fixtures';

const cartButton = (page: Page) =>
  page.getByRole('navigation', { name: 'Account and cart' }).getByRole('link', { name: /^Cart,/ });

test('a 6-line paste adds the three good lines and names the unknown SKU, the one over stock and the removed item', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const staff = adminPage.request;
  const good = [
    await createProduct(staff, { stock: 40 }),
    await createProduct(staff, { stock: 40 }),
    await createProduct(staff, { stock: 40 }),
  ];
  const scarce = await createProduct(staff, { stock: 3 });
  const removed = await createProduct(staff, { stock: 40 });
  await removeProduct(staff, removed.item_id);
  const customer = await createCustomer(staff);
  const shop = await shopContext(browser, baseURL, customer.customerId, customer.password);
  const page = await shop.newPage();

  // The header offers it to a signed-in customer; so does the cart.
  await page.goto('/acer/cart');
  await page.getByRole('link', { name: 'Paste them in a quick order' }).click();
  await expect(page).toHaveURL(/\/acer\/quick-order$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quick order');
  await expect(
    page.getByRole('navigation', { name: 'Account and cart' }).getByRole('link', { name: 'Quick order' }),
  ).toBeVisible();

  const unknown = `NO-SUCH-${uid()}`.toUpperCase();
  const lines = [
    `${good[0]!.sku} 2`,
    `${good[1]!.sku},3`,
    `${good[2]!.sku}\t1\tBrandNew`,
    `${unknown} 1`,
    `${scarce.sku} 10`,
    `${removed.sku} 1`,
  ];
  await page.getByLabel('Lines to order').fill(lines.join('\n'));

  // The preview reads every line as the server will.
  const preview = page.getByRole('region', { name: 'Before you send' });
  await expect(preview.getByText('6 lines ready.')).toBeVisible();
  const read = preview.getByRole('listitem');
  await expect(read).toHaveCount(6);
  await expect(read.nth(0)).toHaveText(`Line 1${good[0]!.sku} × 2`);
  await expect(read.nth(1)).toHaveText(`Line 2${good[1]!.sku} × 3`);
  await expect(read.nth(2)).toHaveText(`Line 3${good[2]!.sku} × 1 · Brand new`);
  await expectNoSeriousA11y(page);

  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  const results = page.getByRole('region', { name: 'What happened to each line' });
  await expect(results.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(results.getByText('3 lines added to your cart; 3 lines could not be added.')).toBeVisible();

  // The three others, named with their reason; the line over stock gets what is left, with the spec's message.
  const attention = results.getByRole('list').first();
  await expect(results.getByRole('heading', { name: 'Not added as asked (3)' })).toBeVisible();
  await expect(attention.getByRole('listitem')).toHaveText([
    `Line 4${unknown} 1Unknown SKU There is no item with SKU ${unknown}.`,
    `Line 5${scarce.item_name}${scarce.sku} 10Limited to the stock This item currently only have 3 left. 3 added.`,
    `Line 6${removed.item_name}${removed.sku} 1Removed item ${removed.sku} has been removed from the store.`,
  ]);
  await expect(results.getByRole('heading', { name: 'Added to your cart (3)' })).toBeVisible();
  await expect(results.getByRole('list').nth(1).getByRole('listitem')).toHaveText([
    `Line 1${good[0]!.item_name}${good[0]!.sku} 2Added 2 × ${good[0]!.sku} added to your cart.`,
    `Line 2${good[1]!.item_name}${good[1]!.sku},3Added 3 × ${good[1]!.sku} added to your cart.`,
    `Line 3${good[2]!.item_name}${good[2]!.sku}\t1\tBrandNewAdded 1 × ${good[2]!.sku} added to your cart.`,
  ]);
  // The header's cart follows at once: 2 + 3 + 1 + 3.
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 9 items');
  await expectNoSeriousA11y(page);

  // The lines not added come back to the box to be corrected.
  await page.getByRole('button', { name: 'Correct the lines not added' }).click();
  await expect(page.getByLabel('Lines to order')).toHaveValue(`${unknown} 1\n${removed.sku} 1`);
  await expect(page.getByLabel('Lines to order')).toBeFocused();

  await results.getByRole('link', { name: 'Go to your cart' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Cart (9 items)');
  for (const product of [...good, scarce]) {
    await expect(page.getByRole('link', { name: product.item_name, exact: true })).toBeVisible();
  }
  await shop.close();
});

test('a CSV file is read in the browser, previewed with the lines that cannot be read, and works at 390 px', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const staff = adminPage.request;
  const product = await createProduct(staff, { stock: 40 });
  const customer = await createCustomer(staff);
  const shop = await shopContext(browser, baseURL, customer.customerId, customer.password, {
    viewport: MOBILE,
  });
  const page = await shop.newPage();
  await page.goto('/acer/quick-order');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quick order');

  // Nothing to send yet: the box says what to paste.
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveText(
    'Paste at least one line: a SKU and a quantity, e.g. NX.SAHAA.001 5.',
  );
  await expect(page.getByLabel('Lines to order')).toBeFocused();
  // Up to 200 lines at a time: more are refused before anything is sent.
  await page
    .getByLabel('Lines to order')
    .fill(Array.from({ length: 201 }, () => `${product.sku} 1`).join('\n'));
  await expect(page.getByText('201 lines ready. Paste at most 200 lines at a time.')).toBeVisible();
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveText(
    'Paste at most 200 lines at a time.',
  );
  await expect(page.getByRole('region', { name: 'What happened to each line' })).toHaveCount(0);

  const csv = `sku,quantity,condition\n"${product.sku}",4,\n${product.sku};x\n`;
  await page.getByLabel('Or read a CSV file').setInputFiles({
    name: 'order.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${csv}`),
  });
  await expect(
    page.getByText('order.csv: 2 lines read. Check them below, then add them to your cart.'),
  ).toBeVisible();
  await expect(page.getByLabel('Lines to order')).toHaveValue(csv);
  const preview = page.getByRole('region', { name: 'Before you send' });
  await expect(preview.getByText('1 line ready, 1 that cannot be read.')).toBeVisible();
  await expect(preview.getByRole('listitem')).toHaveText([
    `Line 2${product.sku} × 4`,
    `Line 3${product.sku};x The quantity must be a whole number from 1 to 9999.`,
  ]);
  await expectNoSidewaysScroll(page);

  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  const results = page.getByRole('region', { name: 'What happened to each line' });
  await expect(results.getByText('1 line added to your cart; 1 line could not be added.')).toBeVisible();
  await expect(results.getByRole('listitem').first()).toContainText(
    'Cannot be read The quantity must be a whole number from 1 to 9999.',
  );
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11y(page);

  // On a phone the header's link is in the menu.
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Quick order' }),
  ).toBeVisible();
  await shop.close();
});

test('a visitor is sent to sign in', async ({ page }) => {
  await page.goto('/acer/quick-order');
  await expect(page).toHaveURL(/\/acer\/signin$/);
  await expect(
    page.getByRole('navigation', { name: 'Account and cart' }).getByRole('link', { name: 'Quick order' }),
  ).toHaveCount(0);
});
