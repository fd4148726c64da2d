/**
 * What a business does with its orders (issue 11): reorder a past order, find an order by its PO number in a
 * list filtered and paged through the address (back and forward follow), see who placed it and how it was
 * shipped, print the invoice without the shop around it and download it as a PDF. Each test makes its own
 * customer, products and orders.
 */
import { readFile } from 'node:fs/promises';
import { createCustomer, createProduct, expect, test, uid } from '../admin-fixtures';
import {
  addAddress,
  expectNoSidewaysScroll,
  invoiceOrder,
  MOBILE,
  orderAction,
  orderTo,
  pdfText,
  removeProduct,
  shopContext,
} from '../company-fixtures';
import { expectNoSeriousA11y, money, type Page } from '../fixtures';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const cartButton = (page: Page) =>
  page.getByRole('navigation', { name: 'Account and cart' }).getByRole('link', { name: /^Cart,/ });
/** The value after a term of a description list. */
const termValue = (page: Page, scope: string, term: string) =>
  page
    .locator(`${scope} dt`)
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');

test('reorder puts the lines still sold into the cart and says why the other could not be added', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const staff = adminPage.request;
  const kept = await createProduct(staff, { stock: 40 });
  const gone = await createProduct(staff, { stock: 40 });
  const customer = await createCustomer(staff);
  const shop = await shopContext(browser, baseURL, customer.customerId, customer.password);
  const addressId = await addAddress(shop.request, customer);
  const po = `PO-${uid()}`.toUpperCase();
  const order = await orderTo(
    shop.request,
    customer.customerId,
    addressId,
    [
      { item_id: kept.item_id, quantity: 2 },
      { item_id: gone.item_id, quantity: 1 },
    ],
    po,
  );
  await removeProduct(staff, gone.item_id);

  const page = await shop.newPage();
  await page.goto(`/acer/order/${order.orderId}`);
  await expect(heading(page)).toHaveText(`Order ${order.orderNumber}`);
  await expect(termValue(page, '.order__more', 'Placed by')).toHaveText(
    `${customer.firstName} ${customer.lastName}`,
  );
  // Not invoiced yet: no PDF to download.
  await expect(page.getByRole('link', { name: /as a PDF$/ })).toHaveCount(0);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');

  await page.getByRole('button', { name: 'REORDER' }).click();
  const results = page.getByRole('region', { name: 'Reorder' });
  await expect(results.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(results.getByText('1 line added to your cart; 1 line could not be added.')).toBeVisible();
  await expect(results.getByRole('heading', { name: 'Not added as asked (1)' })).toBeVisible();
  await expect(results.getByRole('list').first().getByRole('listitem')).toHaveText([
    `Line 2${gone.item_name}${gone.sku} 1 Brand newRemoved item ${gone.sku} has been removed from the store.`,
  ]);
  await expect(results.getByRole('list').nth(1).getByRole('listitem')).toHaveText([
    `Line 1${kept.item_name}${kept.sku} 2 Brand newAdded 2 × ${kept.sku} added to your cart.`,
  ]);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
  await expectNoSeriousA11y(page);
  // At 390 px the results fit the screen.
  await page.setViewportSize(MOBILE);
  await expect(results).toBeVisible();
  await expectNoSidewaysScroll(page);

  await results.getByRole('link', { name: 'Go to your cart' }).click();
  await expect(heading(page)).toHaveText('Your Cart (2 items)');
  await expect(page.getByRole('link', { name: kept.item_name, exact: true })).toBeVisible();
  await shop.close();
});

test('the orders list finds an order by PO number, filters by status and dates, pages, and keeps it all in the address', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const staff = adminPage.request;
  const product = await createProduct(staff, { stock: 200, price: '10.00' });
  const customer = await createCustomer(staff, { percentage: 20 });
  const shop = await shopContext(browser, baseURL, customer.customerId, customer.password);
  const addressId = await addAddress(shop.request, customer);
  const id = uid().toUpperCase();
  // 21 orders, one more than a page: the 6th has the PO number we look for.
  const orders: { orderId: number; orderNumber: string; po: string }[] = [];
  for (let i = 0; i < 21; i++) {
    const po = i === 5 ? `ACME-${id}` : `REQ-${id}-${i}`;
    const placed = await orderTo(
      shop.request,
      customer.customerId,
      addressId,
      [{ item_id: product.item_id, quantity: 1 }],
      po,
    );
    orders.push({ ...placed, po });
  }
  await orderAction(staff, orders[3]!.orderId, 'confirm');
  const invoice = await invoiceOrder(staff, shop.request, customer.customerId, orders[7]!.orderId, '10.00');
  const placedBy = `${customer.firstName} ${customer.lastName}`;

  const page = await shop.newPage();
  await page.goto('/acer/account/orders');
  const count = page.locator('.acct-filters__count');
  const rows = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
  const search = page.getByLabel('Order or PO number');
  await expect(count).toHaveText('21 orders, page 1 of 2');
  await expect(rows).toHaveCount(20);
  await expect(page.getByRole('table').getByRole('columnheader')).toHaveText([
    'Order #',
    'Date',
    'PO Number',
    'Total',
    'Status',
    'Invoice',
    'Invoice total',
    'Placed by',
  ]);
  // The invoiced order shows its invoice and the invoice's total (the order's with shipping and its tax).
  const invoiced = rows.filter({
    has: page.getByRole('link', { name: orders[7]!.orderNumber, exact: true }),
  });
  await expect(invoiced.getByRole('cell').nth(5)).toHaveText('Invoice');
  await expect(invoiced.getByRole('cell').nth(6)).toHaveText(money(invoice.total));
  // $12.00 (10 + 20 %), 13 % tax, shipping $10.00 and its tax.
  expect(invoice.total).toBe(1200 + 156 + 1000 + 130);
  await expectNoSeriousA11y(page);

  // Paging, like the listing.
  const pager = page.getByRole('navigation', { name: 'Pages of orders' });
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/acer\/account\/orders\?page=2$/);
  await expect(count).toHaveText('21 orders, page 2 of 2');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole('cell').first()).toHaveText(orders[0]!.orderNumber);
  await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await page.goBack();
  await expect(count).toHaveText('21 orders, page 1 of 2');

  // Search by PO number.
  await search.fill(`acme-${id}`);
  await page.getByRole('button', { name: 'FIND ORDERS' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=acme-${id}$`, 'i'));
  await expect(count).toHaveText('1 order');
  await expect(rows.getByRole('cell')).toHaveText([
    orders[5]!.orderNumber,
    new RegExp(String(new Date().getFullYear())),
    `ACME-${id}`,
    money(1200 + 156),
    'Pending',
    '—',
    '—',
    placedBy,
  ]);
  // Back and forward follow the search, form included.
  await page.goBack();
  await expect(count).toHaveText('21 orders, page 1 of 2');
  await expect(search).toHaveValue('');
  await page.goForward();
  await expect(count).toHaveText('1 order');
  await expect(search).toHaveValue(`acme-${id}`);
  // By order number too.
  await search.fill(orders[9]!.orderNumber);
  await search.press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole('cell').nth(2)).toHaveText(orders[9]!.po);

  // Status.
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await expect(page).toHaveURL(/\/acer\/account\/orders$/);
  await page.getByLabel('Status').selectOption('Confirmed');
  await page.getByRole('button', { name: 'FIND ORDERS' }).click();
  await expect(page).toHaveURL(/\?status=Confirmed$/);
  await expect(count).toHaveText('1 order');
  await expect(rows.first().getByRole('cell').nth(4)).toHaveText('Confirmed');
  await expect(rows.first().getByRole('cell').first()).toHaveText(orders[3]!.orderNumber);

  // Dates: a range that cannot be is said at once; a range in the future finds nothing.
  await page.getByLabel('Status').selectOption('');
  await page.getByLabel('Placed from').fill('2099-01-02');
  await page.getByLabel('Placed to').fill('2099-01-01');
  await page.getByRole('button', { name: 'FIND ORDERS' }).click();
  await expect(page.locator('#orders-to-error')).toHaveText('The start date must not be after the end date.');
  await expect(page.getByLabel('Placed to')).toBeFocused();
  await expect(page).toHaveURL(/\?status=Confirmed$/);
  await page.getByLabel('Placed to').fill('2099-12-31');
  await page.getByRole('button', { name: 'FIND ORDERS' }).click();
  await expect(page).toHaveURL(/\?from=2099-01-02&to=2099-12-31$/);
  await expect(count).toHaveText('No order matches your search.');
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoSeriousA11y(page);

  // At 390 px the rows are stacked and nothing scrolls sideways.
  await page.setViewportSize(MOBILE);
  await page.goto('/acer/account/orders');
  await expect(rows).toHaveCount(20);
  await expectNoSidewaysScroll(page);
  await shop.close();
});

test('an invoice prints without the shop around it and downloads as a PDF holding its number, PO, tax number and total; the order shows who placed it and the tracking', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const staff = adminPage.request;
  const product = await createProduct(staff, { stock: 40, price: '250.00' });
  const customer = await createCustomer(staff, { percentage: 20 });
  const shop = await shopContext(browser, baseURL, customer.customerId, customer.password);
  const addressId = await addAddress(shop.request, customer);
  const po = `PO-PDF-${uid()}`.toUpperCase();
  const order = await orderTo(
    shop.request,
    customer.customerId,
    addressId,
    [{ item_id: product.item_id, quantity: 2 }],
    po,
  );
  const tracking = `1Z${uid()}`.toUpperCase();
  await orderAction(staff, order.orderId, 'confirm');
  await orderAction(staff, order.orderId, 'ship', { carrier: 'Purolator', tracking_number: tracking });
  const invoice = await invoiceOrder(staff, shop.request, customer.customerId, order.orderId, '25.00');

  const page = await shop.newPage();
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.goto(`/acer/order/${order.orderId}`);
  await expect(heading(page)).toHaveText(`Order ${order.orderNumber}`);
  await expect(termValue(page, '.order__more', 'Placed by')).toHaveText(
    `${customer.firstName} ${customer.lastName}`,
  );
  await expect(termValue(page, '.order__more', 'Carrier')).toHaveText('Purolator');
  await expect(termValue(page, '.order__more', 'Tracking number')).toHaveText(tracking);
  await expect(
    page.getByRole('link', { name: `Download invoice ${invoice.invoiceNumber} as a PDF` }),
  ).toBeVisible();
  await expectNoSeriousA11y(page);

  await page.getByRole('link', { name: invoice.invoiceNumber, exact: true }).click();
  await expect(heading(page)).toHaveText(`Invoice ${invoice.invoiceNumber}`);
  await expect(page.getByRole('button', { name: 'REORDER' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await expectNoSeriousA11y(page);

  // On paper: the invoice alone.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(heading(page)).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('banner')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: `Download invoice ${invoice.invoiceNumber} as a PDF` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${invoice.invoiceNumber}.pdf`);
  const text = await pdfText(await readFile(await download.path()));
  for (const expected of [invoice.invoiceNumber, po, '12345 6789 RT0001', money(invoice.total)]) {
    expect(text, `the PDF holds ${expected}`).toContain(expected);
  }
  await shop.close();
});
