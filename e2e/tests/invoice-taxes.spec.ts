/**
 * Invoices a Canadian business can file, in the browser: a buyer shipping to Quebec sees GST and QST on
 * lines of their own at checkout and on the order; the seller invoices it in the back office, whose form
 * starts with the environmental handling fee line the fee table gives (marked demo, editable); the buyer's
 * invoice then shows the fee line, GST and QST, the seller's GST/HST and QST numbers, terms, due date, paid
 * and balance, in English and in French. The buyer is this test's own company (a Quebec address makes a
 * company French by default, which the demo customers' journeys must not see).
 */
import { ADMIN, call, createCustomer, createProduct, expect, test, uid } from '../admin-fixtures';
import { shopContext } from '../company-fixtures';
import { expectNoSeriousA11y, money, type Page } from '../fixtures';

/** The value (dd) after a term (dt) of a description list. */
const termValue = (page: Page, scope: string, term: string) =>
  page
    .locator(`${scope} dt`)
    .filter({ hasText: new RegExp(`^${term.replace(/[().]/g, '\\$&')}$`) })
    .locator('xpath=following-sibling::dd[1]');

/** A component's tax in cents, rounded half up once (thousandths of a percent). */
const taxOf = (cents: number, rateMilli: number) => Math.round((cents * rateMilli) / 100_000);

test('a Quebec buyer sees GST and QST at checkout and on the invoice the seller makes with the fee table’s lines', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const staff = adminPage.request;
  // A mouse: a computer peripheral, whose demo fee is $0.25 a unit.
  const product = await createProduct(staff, { stock: 40, price: '100.00' });
  const customer = await createCustomer(staff, { percentage: 20 });
  const shop = await shopContext(browser, baseURL, customer.customerId, customer.password);
  await shop.addCookies([{ name: 'lang', value: 'en', url: baseURL! }]);
  await call(shop.request, 'POST', '/api/user/address/create', {
    addressInfo: {
      customer_id: customer.customerId,
      first_name: customer.firstName,
      last_name: customer.lastName,
      company_name: customer.company,
      phone_number: '5145550199',
      address_line_1: '1000 rue Sherbrooke Ouest',
      address_line_2: '',
      city: 'Montréal',
      province: 'Quebec',
      zip: 'H3A3G4',
      country: 'Canada',
    },
  });
  await call(shop.request, 'POST', '/api/user/cart/add', {
    itemData: { item_id: product.item_id, item_condition: 'BrandNew', quantity: 4 },
  });

  // Checkout: GST and QST each on a line of its own.
  const page = await shop.newPage();
  await page.goto('/acer/checkout');
  const shipping = page.getByRole('group', { name: 'Shipping address' });
  const quebec = shipping.getByRole('radio', { name: /1000 rue Sherbrooke Ouest/ }).first();
  if (!(await quebec.isChecked())) await quebec.check();
  const subtotal = 4 * 12_000; // $100.00 at the company's 20 %
  const gstOnItems = taxOf(subtotal, 5000);
  const qstOnItems = taxOf(subtotal, 9975);
  await expect(termValue(page, '.checkout__summary', 'Subtotal')).toHaveText(money(subtotal));
  await expect(termValue(page, '.checkout__summary', 'GST 5 % (Quebec)')).toHaveText(money(gstOnItems));
  await expect(termValue(page, '.checkout__summary', 'QST 9.975 % (Quebec)')).toHaveText(money(qstOnItems));
  await expect(termValue(page, '.checkout__summary', 'Total')).toHaveText(
    money(subtotal + gstOnItems + qstOnItems),
  );
  await page.getByLabel('Purchase order number *').fill(`PO-QC-${uid()}`.toUpperCase());
  await page.getByRole('button', { name: 'PLACE ORDER' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you, your order has been received');
  const view = page.getByRole('link', { name: 'View your order' });
  const orderId = /\/acer\/order\/(\d+)$/.exec((await view.getAttribute('href')) ?? '')?.[1];
  expect(orderId).toBeTruthy();

  // The order: its components, and the fees to come on the invoice.
  await view.click();
  await expect(termValue(page, '.order__totals', 'GST 5 %')).toHaveText(money(gstOnItems));
  await expect(termValue(page, '.order__totals', 'QST 9.975 %')).toHaveText(money(qstOnItems));
  await expect(
    page.getByText('Shipping and environmental handling fees will be added on the invoice.'),
  ).toBeVisible();

  // The seller's invoice form starts with the fee table's line for Quebec.
  await adminPage.goto(`${ADMIN}/orders/${orderId}`);
  const form = adminPage.getByRole('form', { name: 'Make the invoice' });
  await expect(form.getByRole('group', { name: 'Environmental handling fees (Quebec)' })).toBeVisible();
  await expect(form.getByLabel('Fee 1 name')).toHaveValue(
    'Environmental handling fee: Computer peripherals (Quebec)',
  );
  await expect(form.getByLabel('Fee 1 quantity')).toHaveValue('4');
  await expect(form.getByLabel('Fee 1 per unit (dollars) (demo)')).toHaveValue('0.25');
  await expect(form.getByLabel('Fee 1: provincial sales tax applies')).toBeChecked();
  await expect(form.getByText(/Demo values: check them/)).toBeVisible();
  await form.getByLabel('Shipping (dollars)').fill('12.00');
  await form.getByRole('button', { name: 'Make the invoice' }).click();
  await expect(
    adminPage.getByRole('status').filter({ hasText: /^Invoice INV-\d+ has been made for order/ }),
  ).toBeVisible();
  const added = 1200 + 100; // shipping and 4 x $0.25
  const gst = gstOnItems + taxOf(added, 5000);
  const qst = qstOnItems + taxOf(added, 9975);
  const total = subtotal + added + gst + qst;
  const card = adminPage.getByRole('region', { name: 'Invoice' });
  await expect(card.getByRole('row', { name: /^GST 5 %/ }).first()).toContainText(money(gst));
  await expect(card.getByRole('row', { name: /^QST 9\.975 %/ }).first()).toContainText(money(qst));
  await expect(card.getByRole('row', { name: /^Total/ }).first()).toContainText(money(total));

  // The buyer's invoice: the fee line, GST and QST, the seller's numbers, terms, due date, paid and balance.
  await page.goto(`/acer/order/${orderId}`);
  await page.getByRole('link', { name: /^INV-\d+$/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Invoice INV-\d+$/);
  await expect(
    page.getByRole('row').filter({ hasText: 'Environmental handling fee: Computer peripherals (Quebec)' }),
  ).toContainText(money(100));
  await expect(termValue(page, '.order__totals', 'Environmental handling fees')).toHaveText(money(100));
  await expect(termValue(page, '.order__totals', 'Shipping')).toHaveText(money(1200));
  await expect(termValue(page, '.order__totals', 'GST 5 %')).toHaveText(money(gst));
  await expect(termValue(page, '.order__totals', 'QST 9.975 %')).toHaveText(money(qst));
  await expect(termValue(page, '.order__totals', 'Total')).toHaveText(money(total));
  await expect(termValue(page, '.order__totals', 'Paid')).toHaveText(money(0));
  await expect(termValue(page, '.order__totals', 'Balance due')).toHaveText(money(total));
  await expect(termValue(page, '.order__facts', 'Payment terms')).toHaveText('Net 30');
  await expect(termValue(page, '.order__facts', 'Due date')).toHaveText(/\d{4}/);
  const seller = page.getByRole('region', { name: 'Issued by' });
  await expect(seller).toContainText('GST/HST registration number: 12345 6789 RT0001');
  await expect(seller).toContainText('QST registration number: 1234567890 TQ0001');
  await expectNoSeriousA11y(page);

  // In French: TPS and TVQ, the fee line named in French.
  await shop.addCookies([{ name: 'lang', value: 'fr', url: baseURL! }]);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.locator('.order__totals dt', { hasText: /^TPS 5\s%$/ })).toHaveCount(1);
  await expect(page.locator('.order__totals dt', { hasText: /^TVQ 9,975\s%$/ })).toHaveCount(1);
  await expect(
    page.getByText('Frais de gestion environnementale : Périphériques (Québec)', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Émise par' })).toContainText(
    'Numéro d’inscription aux fins de la TVQ : 1234567890 TQ0001',
  );
  await shop.close();
});
