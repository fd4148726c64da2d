/**
 * The back office's orders (issue 10): a buyer's order is found in the list, confirmed, shipped with a
 * tracking number, delivered, invoiced and its invoice corrected, and the customer is mailed each step; a
 * cancel puts the stock back. Each test makes its own customer, product and order.
 */
import {
  ADMIN,
  call,
  createCustomer,
  createProduct,
  customerContext,
  expect,
  placeOrder,
  productOf,
  test,
  uid,
} from '../admin-fixtures';
import { invoiceOrder, orderAction } from '../company-fixtures';
import { expectNoSeriousA11y, lastMailId, money, nextMailTo } from '../fixtures';

test('a seller ships a 10-unit line by scanning a serial per unit, and the serials are on the invoice', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  const product = await createProduct(page.request, { price: '40.00', stock: 60, serialized: true });
  const customer = await createCustomer(page.request, { percentage: 20 });
  const shop = await customerContext(browser, baseURL, customer);
  const order = await placeOrder(shop.request, customer, [{ ...product, quantity: 10 }], `PO-${uid()}`);
  await orderAction(page.request, order.orderId, 'confirm');

  await page.goto(`${ADMIN}/orders/${order.orderId}`);
  await page.getByLabel('Carrier').selectOption('Purolator');
  await expect(page.getByRole('group', { name: 'Serial numbers' }).getByRole('textbox')).toHaveCount(10);
  await expectNoSeriousA11y(page);
  // A scanner types each unit's number and Enter: Enter goes on to the next unit's field.
  const serials = Array.from({ length: 10 }, (_, i) => `SN-${uid()}-${i + 1}`.toUpperCase());
  for (const [i, serial] of serials.entries()) {
    const field = page.getByLabel(`Line 1, unit ${i + 1}`, { exact: true });
    if (i > 0) await expect(field).toBeFocused();
    await field.fill(serial);
    await field.press('Enter');
    if (i < serials.length - 1)
      await expect(page.getByRole('status').filter({ hasText: 'is now Shipped' })).toHaveCount(0);
  }
  // The last Enter ships the order.
  await expect(
    page.getByRole('status').filter({ hasText: `Order ${order.orderNumber} is now Shipped.` }),
  ).toBeVisible();
  const lines = page.getByRole('region', { name: 'Lines' });
  await expect(lines).toContainText(`Serial numbers: ${serials.join(', ')}`);

  // Invoiced, the buyer's invoice lists the serials under their line.
  const invoice = await invoiceOrder(page.request, shop.request, customer.customerId, order.orderId, '10.00');
  const invoicePage = await shop.newPage();
  await invoicePage.goto(`/acer/invoice/${invoice.invoiceId}`);
  const row = invoicePage.getByRole('row').filter({ hasText: product.sku });
  await expect(row).toContainText(`Serial numbers: ${serials.join(', ')}`);
  await invoicePage.close();
  await shop.close();
});

// An order's life in two tests, each with its own order: found, confirmed and shipped; then invoiced,
// delivered and its invoice corrected.
test('a buyer order is found, confirmed and shipped with tracking; each step is mailed', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  const product = await createProduct(page.request, { price: '40.00', stock: 60 });
  const customer = await createCustomer(page.request, { percentage: 20 });
  const shop = await customerContext(browser, baseURL, customer);
  const po = `PO-${uid()}`.toUpperCase();
  const order = await placeOrder(shop.request, customer, [{ ...product, quantity: 2 }], po);

  // The list, newest first: found by its PO number, Pending, with the customer.
  await page.goto(`${ADMIN}/orders`);
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link', { name: /^Orders \d+ pending( \d+ on hold)?$/ })).toBeVisible();
  await page.getByLabel('Search').fill(po);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${po}`));
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: order.orderNumber }) });
  await expect(row.getByRole('cell')).toHaveText([
    // The box that ticks it for a bulk action.
    '',
    order.orderNumber,
    /\d{4}/,
    `${customer.customerId} ${customer.company}`,
    `${customer.firstName} ${customer.lastName}`,
    po,
    'Ontario',
    // 2 × $48.00 (40 + 20 %) and Ontario's 13 %.
    money(9600 + 1248),
    'Pending',
    '—',
  ]);
  await expectNoSeriousA11y(page);

  await row.getByRole('link', { name: order.orderNumber }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${order.orderNumber} Pending`);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  const lines = page.getByRole('region', { name: 'Lines' }).getByRole('table');
  await expect(lines.getByRole('row').nth(1).getByRole('cell')).toHaveText([
    product.item_name,
    product.sku,
    'Brand new',
    '2',
    '$48.00',
    '$96.00',
  ]);
  await expect(page.getByRole('link', { name: `${customer.customerId} ${customer.company}` })).toBeVisible();
  await expectNoSeriousA11y(page);

  // Confirm.
  let since = await lastMailId();
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Order ${order.orderNumber} is now Confirmed.` }),
  ).toBeVisible();
  let mail = await nextMailTo(customer.email, since);
  expect(mail.subject).toBe(`Order ${order.orderNumber} confirmed (PO ${po})`);

  // Ship with a carrier picked from the list and a tracking number.
  const tracking = `1Z${uid()}`.toUpperCase();
  const trackingPage = `https://www.purolator.com/en/shipping/tracker?pin=${tracking}`;
  since = await lastMailId();
  const carrier = page.getByLabel('Carrier');
  await expect(carrier.getByRole('option')).toHaveText([
    'Choose a carrier',
    'Canada Post',
    'Purolator',
    'UPS',
    'FedEx',
    'Canpar',
    'Loomis',
    'DHL',
    'Other',
  ]);
  await carrier.selectOption('Purolator');
  await page.getByLabel('Tracking number').fill(tracking);
  await page.getByRole('button', { name: 'Ship order' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Order ${order.orderNumber} is now Shipped.` }),
  ).toBeVisible();
  mail = await nextMailTo(customer.email, since);
  expect(mail.subject).toBe(`Order ${order.orderNumber} shipped (PO ${po})`);
  expect(mail.text).toContain('Purolator');
  expect(mail.text).toContain(tracking);
  // The mail links the carrier's tracking page on a line of its own.
  expect(mail.text.split(/\r?\n/)).toContain(trackingPage);
  // The back office links it too.
  await expect(page.getByRole('link', { name: tracking, exact: true })).toHaveAttribute('href', trackingPage);
  // The customer sees the carrier, and the tracking number as a link to the carrier's page in a new tab.
  const seen = await call<{ orderInfo: { order: Record<string, unknown> } }>(
    shop.request,
    'GET',
    `/api/user/${customer.customerId}/orders/${order.orderId}`,
  );
  expect(JSON.stringify(seen.orderInfo.order)).toContain(tracking);
  const buyerPage = await shop.newPage();
  await buyerPage.goto(`/acer/order/${order.orderId}`);
  await expect(buyerPage.getByRole('heading', { level: 1 })).toHaveText(`Order ${order.orderNumber}`);
  const facts = buyerPage.locator('.order__more');
  await expect(facts).toContainText('Purolator');
  const trackingLink = facts.getByRole('link', { name: new RegExp(`^${tracking}: track the parcel`) });
  await expect(trackingLink).toHaveText(tracking);
  await expect(trackingLink).toHaveAttribute('href', trackingPage);
  await expect(trackingLink).toHaveAttribute('target', '_blank');
  await expect(trackingLink).toHaveAttribute('rel', /\bnoopener\b/);
  await expectNoSeriousA11y(buyerPage);
  await buyerPage.close();
  await shop.close();
});

test('a shipped order is invoiced, delivered and its invoice corrected; each step is mailed and in its history', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  const product = await createProduct(page.request, { price: '40.00', stock: 60 });
  const customer = await createCustomer(page.request, { percentage: 20 });
  const shop = await customerContext(browser, baseURL, customer);
  const po = `PO-${uid()}`.toUpperCase();
  const order = await placeOrder(shop.request, customer, [{ ...product, quantity: 2 }], po);
  // Confirmed and shipped by the owner, as the journey above does in the page.
  const tracking = `1Z${uid()}`.toUpperCase();
  await orderAction(page.request, order.orderId, 'confirm');
  await orderAction(page.request, order.orderId, 'ship', { carrier: 'Purolator', tracking_number: tracking });
  await page.goto(`${ADMIN}/orders/${order.orderId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${order.orderNumber} Shipped`);

  // Invoice: shipping and an extra line.
  let since = await lastMailId();
  await page.getByLabel('Shipping (dollars)').first().fill('25.00');
  // The form starts with the order's environmental handling fee from the fee table: the mouse's, 2 × $0.25.
  await expect(page.getByLabel('Fee 1 name')).toHaveValue(
    /^Environmental handling fee: Computer peripherals/,
  );
  await expect(page.getByLabel('Fee 1 quantity')).toHaveValue('2');
  await expect(page.getByLabel(/^Fee 1 per unit \(dollars\)/)).toHaveValue('0.25');
  await page.getByRole('button', { name: 'Add a line' }).first().click();
  await page.getByLabel('Line 1 name').fill('Recycling fee');
  await page.getByLabel('Line 1 amount (dollars)').fill('5.00');
  await page.getByRole('button', { name: 'Make the invoice' }).click();
  const made = page.getByRole('status').filter({ hasText: /^Invoice INV-\d+ has been made for order/ });
  await expect(made).toBeVisible();
  const invoiceNumber = /INV-\d+/.exec((await made.textContent()) ?? '')![0];
  let mail = await nextMailTo(customer.email, since);
  expect(mail.subject).toBe(`Invoice ${invoiceNumber} for order ${order.orderNumber}`);
  expect(mail.text).toContain('Shipping: $25.00, Recycling fee: $5.00.');
  // Items 96.00 and their tax 12.48; shipping 25.00, the line 5.00 and the fee 0.50 with Ontario's 13 %
  // on them (3.965, rounded once).
  const invoice = page.getByRole('region', { name: 'Invoice' });
  await expect(invoice.getByRole('heading', { name: `Invoice ${invoiceNumber} (current)` })).toBeVisible();
  await expect(invoice.getByRole('row', { name: /^Total/ }).first()).toContainText(
    money(9600 + 1248 + 2500 + 500 + 50 + 397),
  );

  // Deliver.
  since = await lastMailId();
  await page.getByRole('button', { name: 'Mark as delivered' }).click();
  await expect(page.getByText('No status change is open to this order: it is delivered.')).toBeVisible();
  mail = await nextMailTo(customer.email, since);
  expect(mail.subject).toBe(`Order ${order.orderNumber} delivered (PO ${po})`);

  // A corrected invoice replaces the first; the customer sees the new one.
  since = await lastMailId();
  await page.getByLabel('Shipping (dollars)').fill('20.00');
  await page.getByLabel('Note').fill('Shipping was overcharged.');
  await page.getByRole('button', { name: 'Make the corrected invoice' }).click();
  const corrected = page.getByRole('status').filter({ hasText: /^Invoice INV-\d+ has been made for order/ });
  await expect(corrected).not.toContainText(invoiceNumber);
  await expect(invoice.getByRole('heading', { name: `Invoice ${invoiceNumber} (replaced)` })).toBeVisible();
  mail = await nextMailTo(customer.email, since);
  expect(mail.subject).toMatch(new RegExp(`^Corrected invoice INV-\\d+ for order ${order.orderNumber}$`));
  expect(mail.text).toContain('Why: Shipping was overcharged.');

  // The history and the audit name who did what.
  const history = page.getByRole('region', { name: 'History' }).getByRole('listitem');
  await expect(history).toHaveText([
    /Placed by /,
    /Confirmed by seller@example\.com/,
    new RegExp(`Shipped by seller@example\\.com; carrier Purolator; tracking ${tracking}`),
    /Invoiced by seller@example\.com/,
    /Delivered by seller@example\.com/,
    /Invoice corrected by seller@example\.com/,
  ]);
  await expect(page.getByRole('region', { name: 'Audit' }).getByRole('row')).not.toHaveCount(1);
  await expectNoSeriousA11y(page);
  await shop.close();
});

test('cancelling an order needs a reason, mails it and puts the stock back', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  const product = await createProduct(page.request, { stock: 30 });
  const customer = await createCustomer(page.request);
  const shop = await customerContext(browser, baseURL, customer);
  const po = `PO-${uid()}`;
  const order = await placeOrder(shop.request, customer, [{ ...product, quantity: 3 }], po);
  expect((await productOf(page.request, product.item_id)).product.stock).toBe(27);

  await page.goto(`${ADMIN}/orders/${order.orderId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${order.orderNumber} Pending`);
  // Without a reason the shared rule's message is announced at the field.
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const reason = page.getByLabel('Reason to cancel or decline');
  await expect(page.getByRole('alert')).toHaveText(/Please give a reason/);
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');

  const since = await lastMailId();
  await reason.fill('The customer ordered the wrong model.');
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Order ${order.orderNumber} is now Canceled.` }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${order.orderNumber} Canceled`);
  const mail = await nextMailTo(customer.email, since);
  expect(mail.subject).toBe(`Order ${order.orderNumber} canceled (PO ${po})`);
  expect(mail.text).toContain('The customer ordered the wrong model.');
  expect((await productOf(page.request, product.item_id)).product.stock).toBe(30);
  // Nothing more can happen to it, and it cannot be invoiced.
  await expect(page.getByText('No status change is open to this order: it is canceled.')).toBeVisible();
  await expect(page.getByText('This order cannot be invoiced.')).toBeVisible();
  await shop.close();
});

test('the order list filters by status and searches by customer id', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  const product = await createProduct(page.request);
  const customer = await createCustomer(page.request);
  const shop = await customerContext(browser, baseURL, customer);
  const first = await placeOrder(shop.request, customer, [{ ...product, quantity: 1 }], `PO-${uid()}`);
  const second = await placeOrder(shop.request, customer, [{ ...product, quantity: 1 }], `PO-${uid()}`);
  await call(page.request, 'POST', `/api/admin/orders/${first.orderId}/status`, { action: 'confirm' });

  await page.goto(`${ADMIN}/orders?q=${customer.customerId}`);
  const numbers = page.getByRole('table').getByRole('row').getByRole('link');
  // Newest first.
  await expect(numbers).toHaveText([second.orderNumber, first.orderNumber]);
  await expect(page.getByText('2 orders match.')).toBeVisible();
  await page.getByLabel('Status').selectOption('Confirmed');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(numbers).toHaveText([first.orderNumber]);
  await expect(page.getByText('1 order', { exact: true })).toBeVisible();
  await shop.close();
});
