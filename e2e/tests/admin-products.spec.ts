/**
 * The back office's products and the catalog import (issue 10): a price edit changes only the price, an
 * uploaded picture is kept at once and shows on the shop's product page, a `sku,price` import changes only
 * prices, a product is made with the form (a new filter value confirmed) and deactivated, the list filters
 * by stock and sale and sorts, a zero scratch-and-dent price is refused, and the audit links to the product.
 * The products are this test's own old Accessories.
 */
import { deflateSync } from 'node:zlib';
import { ADMIN, createProduct, expect, productOf, test, uid } from '../admin-fixtures';
import { expectNoSeriousA11y, keepToShop } from '../fixtures';

/** A small real PNG (a coloured square), so the server has a picture to resize. */
function png(size = 64, rgb: [number, number, number] = [30, 110, 200]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) rows.set(rgb, y * (1 + size * 3) + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Every field of a product except those that a change may move (and the audit's time stamp). */
function unchangedPart(product: Record<string, unknown>, except: string[]) {
  const copy = { ...product };
  for (const key of [...except, 'updated_at']) delete copy[key];
  return copy;
}

test("a product's price edit changes only its price", async ({ adminPage: page }) => {
  const before = (
    await productOf(page.request, (await createProduct(page.request, { price: '40.00' })).item_id)
  ).product;
  await page.goto(`${ADMIN}/products`);
  await page.getByLabel('Search').fill(before.sku);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  await expectNoSeriousA11y(page);
  await page.getByRole('link', { name: before.sku }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${before.sku} ${before.item_name}`);
  await expectNoSeriousA11y(page);

  // A sale price at or above the price is refused by the shared rule before anything is sent.
  await page.getByLabel('Sale price').fill('45.00');
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(page.getByRole('alert').first()).toContainText('sale_price must be below price');
  await expect(page.getByLabel('Sale price')).toBeFocused();
  await page.getByLabel('Sale price').fill('0.00');

  await page.getByRole('textbox', { name: 'Price', exact: true }).fill('44.50');
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Product ${before.sku} has been saved.` }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Price', exact: true })).toHaveValue('44.50');

  const after = await productOf(page.request, before.item_id);
  expect(after.product.price).toBe(44.5);
  expect(unchangedPart(after.product, ['price'])).toEqual(unchangedPart(before, ['price']));
  // The audit names the price alone, before and after.
  expect(after.audit[0]).toMatchObject({
    action: 'product.update',
    before: { price: 40 },
    after: { price: 44.5 },
  });
  // The page's audit row names the product, links to it, and shows the change as "field: old → new".
  const auditRow = page.getByRole('region', { name: 'Audit' }).getByRole('row').nth(1);
  await expect(auditRow.getByRole('listitem')).toHaveText(['price: 40 → 44.5']);
  await expect(auditRow.getByRole('link', { name: `Product ${before.item_id}` })).toHaveAttribute(
    'href',
    `${ADMIN}/products/${encodeURIComponent(before.item_id)}`,
  );
  await expect(auditRow).not.toContainText('{');

  // Saving again without a change says so.
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Nothing changed.' })).toBeVisible();
});

test('an uploaded picture shows on the shop product page', async ({ adminPage: page, browser, baseURL }) => {
  const product = await createProduct(page.request);
  await page.goto(`${ADMIN}/products/${product.item_id}`);
  await expect(page.getByText('No pictures.')).toBeVisible();

  // Not a picture: refused with the server's message.
  await page.getByLabel(/^Upload a picture/).setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not a picture at all'),
  });
  await page.getByRole('button', { name: 'Upload picture' }).click();
  await expect(page.getByRole('alert')).toContainText('Send a JPEG, PNG or WebP picture.');

  await page.getByLabel(/^Upload a picture/).setInputFiles({
    name: `mouse-${uid()}.png`,
    mimeType: 'image/png',
    buffer: png(64, [200, 40, 40]),
  });
  await page.getByRole('button', { name: 'Upload picture' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /has been uploaded and added to the product's pictures\.$/ }),
  ).toBeVisible();
  const thumb = page.getByRole('img', { name: `${product.sku} picture 1` });
  await expect(thumb).toHaveAttribute('src', /^\/media\/[0-9a-f]{32}-thumb\.webp$/);
  await expect(page.getByText('Main picture', { exact: true })).toBeVisible();

  // Kept at once, without Save, and audited.
  const { product: saved, audit } = await productOf(page.request, product.item_id);
  expect(saved.images).toHaveLength(1);
  expect(saved.images[0]!.link).toMatch(/^media:[0-9a-f]{32}$/);
  expect(audit[0]).toMatchObject({ action: 'product.update', after: { images: [saved.images[0]!.link] } });

  // The products list shows it as a small thumbnail.
  await page.goto(`${ADMIN}/products?q=${product.sku}`);
  await expect(page.getByRole('table').getByRole('img', { name: product.item_name })).toHaveAttribute(
    'src',
    saved.images[0]!.thumb_url,
  );

  // A visitor's product page shows the picture at its full size.
  const context = await browser.newContext({ baseURL });
  await keepToShop(context, baseURL);
  const shop = await context.newPage();
  await shop.goto(`/acer/product/${product.item_id}`);
  const picture = shop.getByRole('main').locator(`img[src="${saved.images[0]!.url}"]`).first();
  await expect(picture).toBeVisible();
  // The picture may still be decoding when it first shows.
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  await context.close();
});

test('an import of sku,price previews old → new and changes only prices', async ({ adminPage: page }) => {
  const first = (
    await productOf(page.request, (await createProduct(page.request, { price: '40.00' })).item_id)
  ).product;
  const second = (
    await productOf(page.request, (await createProduct(page.request, { price: '55.00' })).item_id)
  ).product;
  await page.goto(`${ADMIN}/import`);
  await expectNoSeriousA11y(page);

  // A file with an error row writes nothing and cannot be applied.
  const file = page.getByLabel(/^CSV file/);
  await file.setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`sku,price\n${first.sku},41.00\n${second.sku},-3\n`),
  });
  await page.getByRole('button', { name: 'Preview' }).click();
  const rows = page.getByRole('table', { name: 'Rows of the file' }).getByRole('row');
  await expect(page.getByRole('alert')).toHaveText(
    'Preview of bad.csv: 0 new, 1 changed, 0 unchanged, 1 with errors. Fix the file and preview it again.',
  );
  await expect(rows.nth(2).getByRole('cell').nth(2)).toHaveText('Error');
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();

  await file.setInputFiles({
    name: 'prices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`sku,price\n${first.sku},42.00\n${second.sku},55.00\n`),
  });
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Preview of prices.csv: 0 new, 1 changed, 1 unchanged, 0 with errors.',
  );
  await expect(rows.nth(1).getByRole('cell')).toHaveText(['2', first.sku, 'Changed', 'price: 40 → 42']);
  await expect(rows.nth(2).getByRole('cell')).toHaveText(['3', second.sku, 'Unchanged', '—']);
  await expectNoSeriousA11y(page);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('status')).toHaveText('Imported: 0 created, 1 updated, 1 unchanged.');
  await expect(page.getByRole('heading', { name: 'Imported' })).toBeVisible();

  const after = (await productOf(page.request, first.item_id)).product;
  expect(after.price).toBe(42);
  expect(unchangedPart(after, ['price'])).toEqual(unchangedPart(first, ['price']));
  const untouched = (await productOf(page.request, second.item_id)).product;
  expect(unchangedPart(untouched, [])).toEqual(unchangedPart(second, []));
});

test('a product is made with the form, found by its filters, deactivated and reactivated', async ({
  adminPage: page,
}) => {
  const sku = `ADM-NEW-${uid()}`.toUpperCase();
  await page.goto(`${ADMIN}/products/new`);
  await expectNoSeriousA11y(page);
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(page.getByLabel('SKU')).toBeFocused();

  await page.getByLabel('SKU').fill(sku);
  await page.getByLabel('Name').fill(`Back office docking station ${sku}`);
  await page.getByRole('combobox', { name: 'Category', exact: true }).selectOption('Accessories');
  await page.getByLabel('Sub-category').selectOption('DockingStation');
  await page.getByRole('textbox', { name: 'Price', exact: true }).fill('129.99');
  await page.getByRole('textbox', { name: 'Stock', exact: true }).fill('7');
  await page.getByLabel('Listed on').fill('2020-02-01');
  await page.getByLabel('Details', { exact: true }).fill('Ports: 2 x USB-C\nPower: 100 W');
  // A series no product has yet is refused until confirmed, naming the closest ones.
  const series = `Test Dock ${sku}`;
  await page.getByLabel('Series').fill(series);
  await expect(page.getByText('New: no product has this value yet.')).toBeVisible();
  await page.getByLabel('Touchscreen').selectOption('No');
  await page.getByRole('button', { name: 'Create product' }).click();
  const fresh = page.getByRole('region', { name: 'New filter values' });
  await expect(fresh).toContainText(`Series: ${series}`);
  await expect(page.getByRole('alert').first()).toContainText(`Series "${series}" is not in the catalog yet`);
  await expectNoSeriousA11y(page);
  await fresh.getByRole('button', { name: 'Create with the new values' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Product ${sku} has been created.` }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `${sku} Back office docking station ${sku}`,
  );
  await expect(page.getByRole('region', { name: 'Audit' })).toContainText('product.create');

  await page.goto(`${ADMIN}/products?category=DockingStation&q=${sku}`);
  await expect(page.getByRole('table').getByRole('row').nth(1).getByRole('cell')).toHaveText([
    'None',
    sku,
    `Back office docking station ${sku}`,
    'Accessories / DockingStation',
    'Brand new',
    '$129.99',
    '—',
    '—',
    '7',
    '—',
    'Yes',
    // The day of the last change, written as the back office writes every date.
    /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/,
  ]);
  await page.getByRole('link', { name: sku }).click();
  await page.getByRole('button', { name: 'Deactivate product' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Product ${sku} has been saved.` })).toBeVisible();
  await expect(page.getByText('Deactivated: carts, orders and wish lists show it as removed.')).toBeVisible();
  await page.goto(`${ADMIN}/products?active=false&q=${sku}`);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  await page.getByRole('link', { name: sku }).click();
  await page.getByRole('button', { name: 'Reactivate product' }).click();
  await expect(page.getByText('Active: buyers can order it.')).toBeVisible();
});

test('the product form refuses a zero scratch-and-dent price', async ({ adminPage: page }) => {
  const product = await createProduct(page.request, { price: '40.00' });
  await page.goto(`${ADMIN}/products/${product.item_id}`);
  await page.getByLabel('Also offered as scratch and dent').check();
  await page.getByLabel('Scratch-and-dent price').fill('0.00');
  await page.getByLabel('Scratch-and-dent stock').fill('2');
  await page.getByRole('button', { name: 'Save product' }).click();
  const NEEDED =
    'A scratch-and-dent offer needs a scratch-and-dent price above 0; set the price or turn the offer off.';
  await expect(page.getByRole('alert').first()).toContainText(NEEDED);
  await expect(page.getByLabel('Scratch-and-dent price')).toBeFocused();
  expect((await productOf(page.request, product.item_id)).product).toMatchObject({
    is_scratch_dent: false,
    scratch_dent_price: 0,
  });

  // The server refuses it too, whoever sends it.
  const sent = await page.request.patch(`/api/admin/products/${product.item_id}`, {
    data: { is_scratch_dent: true, scratch_dent_price: 0 },
  });
  expect(sent.status()).toBe(400);
  expect((await sent.json()).smessage).toBe(NEEDED);

  await page.getByLabel('Scratch-and-dent price').fill('30.00');
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Product ${product.sku} has been saved.` }),
  ).toBeVisible();
});

test('an audit row links to the product it changed and shows old → new', async ({ adminPage: page }) => {
  const product = await createProduct(page.request, { price: '40.00', stock: 60 });
  await page.request.patch(`/api/admin/products/${product.item_id}`, { data: { price: 42.5, stock: 12 } });
  await page.goto(`${ADMIN}/audit`);
  await page.getByLabel('Kind').selectOption('product');
  await page.getByLabel('Id', { exact: true }).fill(product.item_id);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`entity_id=${product.item_id}`));
  const rows = page.getByRole('region', { name: 'Audit' }).getByRole('row');
  // The header, the change, the creation.
  await expect(rows).toHaveCount(3);
  const change = rows.nth(1);
  await expect(change).toContainText('product.update');
  await expect(change.getByRole('listitem')).toHaveCount(2);
  await expect(change.getByRole('listitem').filter({ hasText: 'price: 40 → 42.5' })).toHaveCount(1);
  await expect(change.getByRole('listitem').filter({ hasText: 'stock: 60 → 12' })).toHaveCount(1);
  await expect(change).not.toContainText('{');
  await expectNoSeriousA11y(page);
  await change.getByRole('link', { name: `Product ${product.item_id}` }).click();
  await expect(page).toHaveURL(`${ADMIN}/products/${product.item_id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${product.sku} ${product.item_name}`);
});

test('the products list filters by stock and sale, sorts by a column, and keeps both on reload', async ({
  adminPage: page,
}) => {
  const tag = `LIST-${uid()}`.toUpperCase();
  const make = (letter: string, fields: Record<string, unknown>) =>
    createProduct(page.request, {
      sku: `${tag}-${letter}`,
      item_name: `List test ${tag} ${letter}`,
      ...fields,
    });
  // Low stock (1 to 5), on sale, at three prices; one out of stock; one plenty.
  await make('A', { stock: 3, price: '30.00', is_sale: true, sale_price: '25.00' });
  await make('B', { stock: 5, price: '10.00', is_sale: true, sale_price: '8.00' });
  await make('C', { stock: 1, price: '20.00', is_sale: true, sale_price: '15.00' });
  await make('D', { stock: 2, price: '5.00' });
  await make('E', { stock: 0, price: '50.00', is_sale: true, sale_price: '45.00' });
  await make('F', { stock: 80, price: '60.00', is_sale: true, sale_price: '55.00' });

  await page.goto(`${ADMIN}/products`);
  await page.getByLabel('Search').fill(tag);
  await page.getByLabel('Stock', { exact: true }).selectOption('low');
  await page.getByLabel('On sale').selectOption('true');
  await page.getByLabel('Per page').selectOption('50');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/stock=low/);
  await expect(page).toHaveURL(/on_sale=true/);
  await expect(page).toHaveURL(/page_size=50/);
  await expect(page.getByRole('status')).toHaveText('3 products match, by SKU (ascending).');
  const skus = page.getByRole('table').getByRole('row').locator('td:nth-child(2)');
  await expect(skus).toHaveText([`${tag}-A`, `${tag}-B`, `${tag}-C`]);
  await expect(page.getByText('Low: 1 to 5 left')).toBeVisible();

  // The Price header sorts by price, ascending, then descending.
  const price = page.getByRole('columnheader', { name: 'Price', exact: true });
  await price.getByRole('link').click();
  await expect(page).toHaveURL(/sort=price&dir=asc/);
  await expect(price).toHaveAttribute('aria-sort', 'ascending');
  await expect(skus).toHaveText([`${tag}-B`, `${tag}-C`, `${tag}-A`]);
  await price.getByRole('link').click();
  await expect(page).toHaveURL(/sort=price&dir=desc/);
  await expect(price).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByRole('columnheader', { name: 'SKU', exact: true })).not.toHaveAttribute('aria-sort');
  await expect(skus).toHaveText([`${tag}-A`, `${tag}-C`, `${tag}-B`]);
  await expectNoSeriousA11y(page);

  // A reload (or a bookmark) gives the same view.
  await page.reload();
  await expect(page.getByLabel('Search')).toHaveValue(tag);
  await expect(page.getByLabel('Stock', { exact: true })).toHaveValue('low');
  await expect(page.getByLabel('On sale')).toHaveValue('true');
  await expect(page.getByLabel('Per page')).toHaveValue('50');
  await expect(price).toHaveAttribute('aria-sort', 'descending');
  await expect(skus).toHaveText([`${tag}-A`, `${tag}-C`, `${tag}-B`]);

  // Changing a filter keeps the sort.
  await page.getByLabel('Stock', { exact: true }).selectOption('');
  await page.getByLabel('On sale').selectOption('');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(skus).toHaveText([`${tag}-F`, `${tag}-E`, `${tag}-A`, `${tag}-C`, `${tag}-B`, `${tag}-D`]);
  await expect(page.getByRole('status')).toHaveText('6 products match, by price (descending).');
});
