/**
 * The seller's day at volume: the orders list's filters (days, province, SKU) find the right orders and
 * survive a reload; ten orders are confirmed, then shipped with each one's tracking number, in two bulk
 * actions, each order's result listed, and the buyer gets a shipped mail with its tracking link for each;
 * the list is worked by keyboard.
 */
import type { APIRequestContext, Browser } from '@playwright/test';
import {
  ADMIN,
  createCustomer,
  createProduct,
  customerContext,
  expect,
  placeOrder,
  test,
  uid,
} from '../admin-fixtures';
import { expectNoSeriousA11y, mailsTo } from '../fixtures';

/** Today in Toronto, as the list's days are. */
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Toronto' });

/**
 * Ten orders of a customer of this test, oldest first: orders 0, 4 and 8 hold the rare SKU; 0, 1 and 2 ship to
 * Alberta, the others to Ontario.
 */
async function tenOrders(staff: APIRequestContext, browser: Browser, baseURL: string | undefined) {
  const common = await createProduct(staff, { price: '30.00', stock: 200 });
  const rare = await createProduct(staff, { price: '55.00', stock: 50 });
  const customer = await createCustomer(staff, { percentage: 0 });
  const shop = await customerContext(browser, baseURL, customer);
  const orders: { orderId: number; orderNumber: string }[] = [];
  for (let i = 0; i < 10; i += 1) {
    const lines = [{ ...common, quantity: 1 + (i % 3) }, ...(i % 4 === 0 ? [{ ...rare, quantity: 1 }] : [])];
    orders.push(
      await placeOrder(
        shop.request,
        customer,
        lines,
        `BULK-${uid()}`.toUpperCase(),
        i < 3 ? 'Alberta' : 'Ontario',
      ),
    );
  }
  return { rare, customer, shop, orders };
}

test('filters find orders by day, province and SKU, and after a reload', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  const { rare, customer, shop, orders } = await tenOrders(page.request, browser, baseURL);

  await page.goto(`${ADMIN}/orders`);
  await page.getByLabel('Customer ID').fill(customer.customerId);
  await page.getByLabel('Placed from').fill(today());
  await page.getByLabel('Placed to').fill(today());
  await page.getByLabel('Province').selectOption('Alberta');
  await page.getByLabel('SKU', { exact: true }).fill(rare.sku.toLowerCase());
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/province=Alberta/);
  const orderLinks = page.locator('#orders-table tbody tr a');
  await expect(orderLinks).toHaveText([orders[0]!.orderNumber]);
  await expect(page.getByText('1 order matches.')).toBeVisible();

  // A bookmarked view: the same filters and rows after a reload.
  await page.reload();
  await expect(page.getByLabel('Province')).toHaveValue('Alberta');
  await expect(page.getByLabel('SKU', { exact: true })).toHaveValue(rare.sku.toLowerCase());
  await expect(page.getByLabel('Placed from')).toHaveValue(today());
  await expect(orderLinks).toHaveText([orders[0]!.orderNumber]);

  // The SKU alone: newest first, the three orders holding it.
  await page.goto(`${ADMIN}/orders?customer=${customer.customerId}&sku=${encodeURIComponent(rare.sku)}`);
  await expect(orderLinks).toHaveText([
    orders[8]!.orderNumber,
    orders[4]!.orderNumber,
    orders[0]!.orderNumber,
  ]);
  // A day before today finds none of them.
  await page.goto(`${ADMIN}/orders?customer=${customer.customerId}&to=2020-01-01`);
  await expect(page.getByText('No order matches.')).toBeVisible();
  await shop.close();
});

test('ten orders are confirmed, then shipped with their tracking numbers, in bulk; the list is worked by keyboard', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  const { customer, shop, orders } = await tenOrders(page.request, browser, baseURL);

  // Every order of the customer, ticked at once and confirmed in one action.
  await page.goto(`${ADMIN}/orders?customer=${customer.customerId}`);
  await expect(page.getByText('10 orders match.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Tick every order of this page' }).check();
  await expect(page.getByText('10 orders ticked.')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm 10' }).click();
  await expect(page.getByRole('status').filter({ hasText: '10 orders confirmed.' })).toBeVisible();
  const results = page.getByRole('table', { name: 'What was done to each order' });
  await expect(results.getByRole('row')).toHaveCount(11);
  await expect(results.getByRole('cell', { name: 'Done', exact: true })).toHaveCount(10);
  await expect(page.locator('#orders-table .admin-status')).toHaveText(Array(10).fill('Confirmed'));

  // Shipped with one carrier, each order with its own tracking number typed in its row.
  await page.getByRole('checkbox', { name: 'Tick every order of this page' }).check();
  await page.getByLabel('Action', { exact: true }).selectOption('ship');
  await page.getByLabel('Carrier').selectOption('Purolator');
  const tracking = new Map<string, string>();
  for (const order of orders) {
    const number = `PUR${uid()}`.toUpperCase();
    tracking.set(order.orderNumber, number);
    await page.getByRole('textbox', { name: `Tracking number of ${order.orderNumber}` }).fill(number);
  }
  await expectNoSeriousA11y(page);
  await page.getByRole('button', { name: 'Mark shipped 10' }).click();
  await expect(page.getByRole('status').filter({ hasText: '10 orders shipped.' })).toBeVisible();
  for (const order of orders)
    await expect(
      results.getByRole('row').filter({ hasText: order.orderNumber }).getByRole('cell').last(),
    ).toHaveText(`Shipped with Purolator, tracking ${tracking.get(order.orderNumber)}.`);
  await expect(page.locator('#orders-table .admin-status')).toHaveText(Array(10).fill('Shipped'));

  // Each order's buyer is mailed that it shipped, with the carrier's tracking link.
  await expect
    .poll(async () => (await mailsTo(customer.email)).filter((m) => / shipped/.test(m.subject)).length, {
      timeout: 20_000,
    })
    .toBe(10);
  const shipped = (await mailsTo(customer.email)).filter((m) => / shipped/.test(m.subject));
  for (const order of orders) {
    const mail = shipped.find((m) => m.subject.includes(order.orderNumber));
    expect(mail, order.orderNumber).toBeDefined();
    expect(mail!.text).toContain(
      `https://www.purolator.com/en/shipping/tracker?pin=${tracking.get(order.orderNumber)}`,
    );
  }

  // By keyboard: / goes to the search, j to the first row, Enter opens it.
  await page.locator('h1').click();
  await page.keyboard.press('/');
  await expect(page.getByLabel('Search')).toBeFocused();
  await page.locator('h1').click();
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(page.locator('#orders-table tbody tr').nth(1)).toBeFocused();
  await page.keyboard.press('k');
  await expect(page.locator('#orders-table tbody tr').first()).toBeFocused();
  // x ticks the focused row for a bulk action.
  await page.keyboard.press('x');
  await expect(page.getByRole('checkbox', { name: `Tick order ${orders[9]!.orderNumber}` })).toBeChecked();
  await expect(page.getByText('1 order ticked.')).toBeVisible();
  await page.locator('#orders-table tbody tr').first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${orders[9]!.orderNumber} Shipped`);
  await shop.close();
});

test('the skip link leads past the filters to the orders table', async ({ adminPage: page }) => {
  await page.goto(`${ADMIN}/orders`);
  const skip = page.getByRole('link', { name: 'Skip to the orders table' });
  await skip.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#orders-table')).toBeFocused();
});

test('a filter the server cannot read is said above the filters, which stay to be corrected', async ({
  adminPage: page,
}) => {
  await page.goto(`${ADMIN}/orders?total_min=abc`);
  await expect(page.getByRole('alert')).toContainText('The lowest total must be an amount in dollars');
  await expect(page.getByLabel('Total from ($)')).toHaveValue('abc');
  await page.getByLabel('Total from ($)').fill('10');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText(/orders? match/)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
