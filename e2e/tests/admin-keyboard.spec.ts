/**
 * The back office's lists by keyboard: on Products and on the Audit, `/` goes to the search (the Audit's
 * first filter), `j` `j` `k` land on the first row after the second, `Enter` opens the row, the skip link
 * leads past the filters to the table, and the count line says how many match and changes with a filter.
 * Staff rows, with nothing to open, are still reached with `j`. The products are this test's own.
 */
import { ADMIN, createProduct, expect, test, uid } from '../admin-fixtures';
import { expectNoSeriousA11y } from '../fixtures';

test('the products list is worked by keyboard and counts what matches', async ({ adminPage: page }) => {
  const tag = `keys${uid()}`;
  const made = [];
  for (const n of [1, 2, 3]) made.push(await createProduct(page.request, { item_name: `${tag} mouse ${n}` }));

  await page.goto(`${ADMIN}/products`);
  const count = page.locator('#admin-main').getByRole('status');
  await expect(count).toHaveText(/^\d+ products match, by SKU \(ascending\)\.$/);
  const everything = Number((await count.textContent())?.split(' ')[0]);
  expect(everything).toBeGreaterThanOrEqual(3);

  // `/` goes to the search; the search narrows the list to this test's three, and the count says so.
  await page.locator('h1').click();
  await page.keyboard.press('/');
  const search = page.getByRole('searchbox', { name: 'Search' });
  await expect(search).toBeFocused();
  await page.keyboard.type(tag);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await expect(count).toHaveText('3 products match, by SKU (ascending).');
  const rows = page.locator('#products-table tbody tr');
  await expect(rows).toHaveCount(3);

  // j, j: the second row; k: back to the first; Enter opens the first.
  await page.locator('h1').click();
  await page.keyboard.press('j');
  await expect(rows.nth(0)).toBeFocused();
  await page.keyboard.press('j');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('k');
  await expect(rows.nth(0)).toBeFocused();
  const sku = (await rows.nth(0).getByRole('link').textContent()) ?? '';
  expect(made.map((p) => p.sku)).toContain(sku);
  await page.keyboard.press('Enter');
  await expect(page).toHaveTitle(`Product ${sku} | Back office | Acer Store`);

  // Back on the list, one SKU: one product matches.
  await page.goto(`${ADMIN}/products?q=${made[2]!.sku}`);
  await expect(count).toHaveText('1 product matches, by SKU (ascending).');

  // The skip link leads past the filters to the table, where j starts.
  const skip = page.getByRole('link', { name: 'Skip to the products table' });
  await skip.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#products-table')).toBeFocused();
  await page.keyboard.press('j');
  await expect(rows.nth(0)).toBeFocused();
  await expect(rows.nth(0)).toContainText(made[2]!.item_name);
});

test('the audit is worked by keyboard: Enter opens what a change is about', async ({ adminPage: page }) => {
  const tag = `keys${uid()}`;
  const made = [];
  for (const n of [1, 2, 3]) made.push(await createProduct(page.request, { item_name: `${tag} mouse ${n}` }));

  await page.goto(`${ADMIN}/audit`);
  const count = page.locator('#admin-main').getByRole('status');
  await expect(count).toHaveText(/^[\d,]+ changes match\.$/);

  // `/` goes to the filters; one product's id leaves its one change.
  await page.locator('h1').click();
  await page.keyboard.press('/');
  await expect(page.getByLabel('Kind')).toBeFocused();
  await page.getByLabel('Id').fill(made[1]!.item_id);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(count).toHaveText('1 change matches.');

  // The three products' changes, newest first: j, j, k lands on the newest; Enter opens its product.
  await page.goto(`${ADMIN}/audit?entity_type=product`);
  const rows = page.locator('#audit-table tbody tr');
  await page.locator('h1').click();
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('k');
  await expect(rows.nth(0)).toBeFocused();
  const href = (await rows.nth(0).getByRole('link').getAttribute('href')) ?? '';
  expect(href).toMatch(new RegExp(`^${ADMIN}/products/`));
  await page.keyboard.press('Enter');
  await expect.poll(() => new URL(page.url()).pathname).toBe(href);

  // The skip link leads past the filters to the changes.
  await page.goto(`${ADMIN}/audit`);
  await page.getByRole('link', { name: 'Skip to the changes' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#audit-table')).toBeFocused();
});

test('staff rows, with nothing to open, are reached with j and their controls with Tab', async ({
  adminPage: page,
}) => {
  await page.goto(`${ADMIN}/staff`);
  await expect(page.locator('#admin-main').getByRole('status')).toHaveText(
    /^\d+ (people|person) on the staff\.$/,
  );
  await page.locator('h1').click();
  await page.keyboard.press('j');
  const first = page.locator('#staff-table tbody tr').first();
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${ADMIN}/staff$`));
  await page.keyboard.press('Tab');
  await expect(first.getByRole('combobox')).toBeFocused();
});

// Two lists a test: axe takes some seconds a page on a busy machine.
for (const lists of [
  ['products', 'receivables?all=true'],
  ['audit', 'applications'],
  ['messages?status=all', 'staff'],
]) {
  test(`no serious or critical axe violation on the lists worked by keyboard: ${lists.join(', ')}`, async ({
    adminPage: page,
  }) => {
    // A product of this test: the products list and the audit have a row of it.
    await createProduct(page.request);
    for (const list of lists) {
      await page.goto(`${ADMIN}/${list}`);
      await expect(page.locator('#admin-main').getByRole('status').first()).toBeVisible();
      await expectNoSeriousA11y(page);
    }
  });
}
