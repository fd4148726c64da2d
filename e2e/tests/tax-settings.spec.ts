/**
 * Taxes in the back office: the owner adds a rate for a later day on the Tax rates page and sees it listed
 * as not yet in force (today's stays in force); the seller records a company's QST exemption and a buyer
 * of that company shipping to Quebec sees QST exempt, with the reason and number, at checkout.
 */

import { backOfficeDay } from '@shop/domain/back-office/rules';
import {
  ADMIN,
  call,
  createCustomer,
  createProduct,
  customerContext,
  expect,
  statusMessage,
  test,
  uid,
} from '../admin-fixtures';
import { expectNoSeriousA11y } from '../fixtures';

/** A day `days` after today (UTC), YYYY-MM-DD. */
function daysAhead(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

test('the owner adds a rate for a later day and sees it listed as not yet in force', async ({
  adminPage: page,
}) => {
  // A day of its own, well ahead, so a run never meets a rate it added before.
  const day = daysAhead(400 + (Date.now() % 3000));
  await page.goto(`${ADMIN}/tax-rates`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tax rates');
  const current = page.locator('tr[data-rate="Prince Edward Island|HST|2000-01-01"]');
  await expect(current).toContainText('In force');

  const form = page.getByRole('region', { name: 'Add a rate' });
  await form.getByLabel('Province or territory').selectOption('Prince Edward Island');
  await form.getByLabel('Component').selectOption('HST');
  await form.getByLabel('Rate (percent)').fill('14.5');
  await form.getByLabel('Start date').fill(day);
  await form.getByRole('button', { name: 'Add rate' }).click();
  await expect(statusMessage(page).filter({ hasText: `from ${day} has been added` })).toBeVisible();

  const added = page.locator(`tr[data-rate="Prince Edward Island|HST|${day}"]`);
  await expect(added).toContainText('14.5 %');
  await expect(added).toContainText(`Not yet in force (from ${backOfficeDay(day)})`);
  await expect(added).toContainText('seller@example.com');
  // Today's rate is still the one charged.
  await expect(current).toContainText('In force');
  await expectNoSeriousA11y(page);

  // Not started yet, it may still be corrected.
  await added
    .getByLabel(`Rate (percent) of HST of Prince Edward Island from ${backOfficeDay(day)}`)
    .fill('14.25');
  await added.getByRole('button', { name: /^Correct/ }).click();
  await expect(added.getByRole('status')).toContainText('is now 14.25 %');
  await expect(added).toContainText('14.25 %');

  // A day already past is refused with the reason, beside the field.
  await form.getByLabel('Rate (percent)').fill('14');
  await form.getByLabel('Start date').fill('2020-01-01');
  await form.getByRole('button', { name: 'Add rate' }).click();
  await expect(form.getByRole('alert')).toContainText('cannot start before today');
});

test('a QST exemption the seller records shows as Exempt at the buyer’s checkout for Quebec', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  const product = await createProduct(page.request, { price: '40.00', stock: 60 });
  const customer = await createCustomer(page.request, { percentage: 20 });
  const number = `QST ${uid()}`.toUpperCase().slice(0, 30);

  await page.goto(`${ADMIN}/customers/${customer.customerId}`);
  const section = page.getByRole('region', { name: 'Tax and credit' });
  await expect(section).toContainText('No exemptions');
  const form = section.getByRole('form', { name: 'Record an exemption' });
  await form.getByLabel('Exempt from').selectOption('provincial');
  await form.getByLabel('Province').selectOption('Quebec');
  await form.getByLabel('Exemption number (PST, RST or QST number)').fill(number);
  await form.getByLabel('Reason').fill('Reseller');
  await form.getByLabel('Expiry date').fill(daysAhead(365));
  await form.getByRole('button', { name: 'Record exemption' }).click();
  await expect(statusMessage(page).filter({ hasText: 'is exempt from QST in Quebec' })).toBeVisible();
  const row = section.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('QST of Quebec');
  await expect(row).toContainText('Applies');
  await expectNoSeriousA11y(page);

  // A buyer of the company with a Quebec address.
  const shop = await customerContext(browser, baseURL, customer);
  await call(shop.request, 'POST', '/api/user/address/create', {
    addressInfo: {
      customer_id: customer.customerId,
      first_name: customer.firstName,
      last_name: customer.lastName,
      company_name: customer.company,
      phone_number: '5145550199',
      address_line_1: '1000 Rue Sherbrooke O',
      address_line_2: '',
      city: 'Montreal',
      province: 'Quebec',
      zip: 'H3A3G4',
      country: 'Canada',
    },
  });
  await call(shop.request, 'POST', '/api/user/cart/add', {
    itemData: {
      customer_id: customer.customerId,
      item_id: product.item_id,
      sku: product.sku,
      quantity: 1,
      item_condition: 'BrandNew',
    },
  });
  const buyer = await shop.newPage();
  await buyer.goto('/acer/checkout');
  const summary = buyer.locator('.checkout__summary');
  const qst = summary.locator('dt[data-tax="QST"]');
  const qstAmount = qst.locator('xpath=following-sibling::dd[1]');
  // A company billed in Quebec reads the shop in French until its buyer chooses: TVQ, exonérée.
  await expect(buyer.getByRole('heading', { level: 1 })).toHaveText('Passer la commande');
  await expect(qst).toContainText('TVQ 9,975');
  await expect(qstAmount).toHaveText(`Exonérée (Reseller, ${number})`);
  await buyer.getByRole('button', { name: 'English' }).click();
  await expect(buyer.getByRole('heading', { level: 1 })).toHaveText('Check Out');
  // $48.00: GST 5 % is charged ($2.40), QST is exempt.
  await expect(qst).toContainText('QST 9.975 %');
  await expect(qstAmount).toHaveText(`Exempt (Reseller, ${number})`);
  await expect(summary.locator('dt[data-tax="GST"]').locator('xpath=following-sibling::dd[1]')).toHaveText(
    '$2.40',
  );
  await expect(summary).toContainText('$50.40');
  await shop.close();
});

test('the owner sees the demo fees marked and sets a fee from a later day', async ({ adminPage: page }) => {
  const day = daysAhead(400 + (Date.now() % 3000));
  await page.goto(`${ADMIN}/fees`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Recycling fees');
  await expect(page.getByRole('note')).toContainText('demo values');
  const demo = page.locator('tr[data-fee="Ontario|display|2000-01-01"]');
  await expect(demo).toContainText('Demo value');
  await expect(demo).toContainText('In force');

  const form = page.getByRole('region', { name: 'Add or change a fee from a date' });
  await form.getByLabel('Province or territory').selectOption('Ontario');
  await form.getByLabel('Category').selectOption({ label: 'Display devices' });
  await form.getByLabel('Fee per unit (dollars)').fill('3.75');
  await form.getByLabel('Start date').fill(day);
  await form.getByRole('button', { name: 'Add fee' }).click();
  await expect(statusMessage(page).filter({ hasText: `$3.75 a unit from ${day}` })).toBeVisible();
  const added = page.locator(`tr[data-fee="Ontario|display|${day}"]`);
  await expect(added).toContainText(`Not yet in force (from ${backOfficeDay(day)})`);
  await expect(added).not.toContainText('Demo value');
  await expect(demo).toContainText('In force');

  // Not started yet: it may still be corrected.
  await added
    .getByLabel(`Fee per unit of Display devices in Ontario from ${backOfficeDay(day)}`)
    .fill('3.80');
  await added.getByRole('button', { name: /^Change/ }).click();
  await expect(added.getByRole('status')).toContainText(`$3.80 a unit from ${day}`);
  await expectNoSeriousA11y(page);
});
