/**
 * The credit limit: the seller sets a small limit for a company in the back office; its buyer's next order
 * passes it, which the checkout says before the click (with the limit, and on its button), is placed on hold ("On hold: credit review") and the buyer is mailed so; the seller releases
 * it on the back office's order page and the buyer is mailed and sees it Pending. The test makes its own
 * company and product, so no other journey's orders are held.
 */
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
import { expectNoSeriousA11y, lastMailId, nextMailTo } from '../fixtures';

test('an order over the credit limit is held; the seller releases it and the buyer is mailed', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  // 2 × $48.00 (40 + 20 %) with Ontario's 13 %: $108.48, over a $100.00 limit.
  const product = await createProduct(page.request, { price: '40.00', stock: 60 });
  const customer = await createCustomer(page.request, { percentage: 20 });

  // The seller sets the company's terms and a small limit.
  await page.goto(`${ADMIN}/customers/${customer.customerId}`);
  const section = page.getByRole('region', { name: 'Tax and credit' });
  await expect(section.getByText('None', { exact: true })).toBeVisible();
  await section.getByLabel('Payment terms', { exact: true }).selectOption({ label: 'Net 15' });
  await section.getByLabel('Credit limit (dollars)').fill('100.00');
  await section.getByRole('button', { name: 'Save terms and limit' }).click();
  await expect(statusMessage(page).filter({ hasText: 'a credit limit of $100.00' })).toBeVisible();
  await expect(section.locator('dd').filter({ hasText: /^\$100\.00$/ })).toBeVisible();
  await expectNoSeriousA11y(page);

  // The buyer orders through the checkout.
  const shop = await customerContext(browser, baseURL, customer);
  const buyer = await shop.newPage();
  await call(shop.request, 'POST', '/api/user/address/create', {
    addressInfo: {
      customer_id: customer.customerId,
      first_name: customer.firstName,
      last_name: customer.lastName,
      company_name: customer.company,
      phone_number: '4165550199',
      address_line_1: '100 King St W',
      address_line_2: '',
      city: 'Toronto',
      province: 'Ontario',
      zip: 'M5H1A1',
      country: 'Canada',
    },
  });
  await call(shop.request, 'POST', '/api/user/cart/add', {
    itemData: {
      customer_id: customer.customerId,
      item_id: product.item_id,
      sku: product.sku,
      quantity: 2,
      item_condition: 'BrandNew',
    },
  });
  const po = `PO-${uid()}`.toUpperCase();
  let since = await lastMailId();
  await buyer.goto('/acer/checkout');
  await buyer.getByLabel('Purchase order number *').fill(po);
  await expect(buyer.locator('.checkout__summary')).toContainText('$108.48');
  // Before the click: the total with its taxes is over the limit, so the order will wait for a review.
  const notice =
    'With this order, your company’s open balance would pass its credit limit of $100.00: the order will be placed on hold for a credit review, and you will get an e-mail when the seller releases or declines it.';
  await expect(buyer.locator('.checkout__summary').getByText(notice)).toBeVisible();
  const place = buyer
    .locator('.checkout__summary')
    .getByRole('button', { name: 'PLACE ORDER FOR CREDIT REVIEW', exact: true });
  await expect(place).toHaveAccessibleDescription(notice);
  await expectNoSeriousA11y(buyer);
  await place.click();
  await expect(buyer.getByRole('heading', { name: 'Thank you, your order has been received' })).toBeVisible();
  // The buyer is told at once that the order waits for a credit review.
  await expect(buyer.locator('.placed')).toContainText('Your order is on hold for a credit review');
  const orderNumber = (await buyer.locator('.placed strong').textContent()) ?? '';
  expect(orderNumber).toMatch(/^SO-\d+$/);
  // The confirmation tells the buyer the order waits for a credit review.
  const placedMail = await nextMailTo(customer.email, since);
  expect(placedMail.text).toContain('on hold for a credit review');
  await buyer.getByRole('link', { name: 'View your order' }).click();
  await expect(buyer.locator('.order__facts').first()).toContainText('On hold: credit review');
  const orderId = Number(/\/acer\/order\/(\d+)/.exec(buyer.url())?.[1]);
  expect(orderId).toBeGreaterThan(0);

  // The seller sees it held, with the company's open balance, and releases it.
  await page.goto(`${ADMIN}/customers/${customer.customerId}`);
  await expect(section.getByRole('link', { name: '1 order' })).toBeVisible();
  await page.goto(`${ADMIN}/orders/${orderId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(orderNumber);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('On hold');
  since = await lastMailId();
  await page.getByRole('button', { name: 'Release (credit approved)' }).click();
  await expect(statusMessage(page).filter({ hasText: `Order ${orderNumber} is now Pending.` })).toBeVisible();
  const released = await nextMailTo(customer.email, since);
  expect(released.subject).toBe(`Order ${orderNumber} released (PO ${po})`);
  expect(released.text).toContain('passed its credit review');

  // The buyer sees it Pending.
  await buyer.reload();
  await expect(buyer.locator('.order__facts').first()).toContainText('Pending');
  await expect(buyer.locator('.order__facts').first()).not.toContainText('On hold');
  await shop.close();
});
