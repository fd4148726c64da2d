/**
 * Accounting in the back office: an owner names a tax code and downloads a Zoho Books invoices file for the
 * month; an invoice's id set by the accounting system's sync shows on the order's page.
 */
import {
  ADMIN,
  call,
  createCustomer,
  createProduct,
  customerContext,
  expect,
  placeOrder,
  statusMessage,
  test,
  uid,
} from '../admin-fixtures';
import { expectNoSeriousA11y } from '../fixtures';

test('an owner names tax codes and downloads an import file', async ({ adminPage: page }) => {
  await page.goto(`${ADMIN}/accounting`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accounting');
  const codes = page.getByRole('region', { name: 'Tax codes' });
  await codes.getByLabel('HST in Zoho Books').fill('HST ON');
  await codes.getByRole('button', { name: 'Save the tax codes' }).click();
  await expect(statusMessage(page).filter({ hasText: 'The tax codes have been saved.' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('HST in Zoho Books')).toHaveValue('HST ON');
  await expectNoSeriousA11y(page);

  const exports = page.getByRole('region', { name: 'Export files' });
  await exports.getByLabel('Accounting system').selectOption('zoho');
  await exports.getByLabel('File').selectOption('invoices');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    exports.getByRole('button', { name: 'Download the CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^zoho-invoices-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const path = await download.path();
  const text = await import('node:fs/promises').then((fs) => fs.readFile(path, 'utf8'));
  expect(text.split('\n')[0]).toContain('Invoice Number,Invoice Date,Invoice Status,Customer Name');
});

test('an invoice shows the id the accounting system gave it', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  const staff = page.request;
  const product = await createProduct(staff);
  const customer = await createCustomer(staff);
  const shop = await customerContext(browser, baseURL, customer);
  const order = await placeOrder(shop.request, customer, [{ ...product, quantity: 1 }], `PO-ACC-${uid()}`);
  await shop.close();
  const made = await call<{ order: { invoices: { invoice_number: string }[] } }>(
    staff,
    'POST',
    `/api/admin/orders/${order.orderId}/invoice`,
    { shipping: '10.00' },
  );
  const number = made.order.invoices[0]!.invoice_number;
  const set = await staff.put('/api/admin/accounting/ids', {
    data: { rows: [{ system: 'zoho', kind: 'invoice', id: number, external_id: 'ZB-77001' }] },
  });
  expect(set.status(), await set.text()).toBe(200);
  await page.goto(`${ADMIN}/orders/${order.orderId}`);
  await expect(page.getByTestId('invoice-accounting-ids')).toHaveText('Zoho Books id: ZB-77001');
  await page.goto(`${ADMIN}/accounting`);
  await expect(page.getByRole('region', { name: 'Ids in the accounting systems' })).toContainText('ZB-77001');
});
