/**
 * Volume prices: the seller sets quantity breaks in the back office's product form; a buyer sees them with
 * their own price on the product page, a visitor as percentages only (in the page and in its HTML); the
 * cart's price changes at 10 units and says what reaching the break saves; the order shows the price used.
 * In French too. The test makes its own company and product (an old accessory), so no other journey's
 * listings, carts or orders move.
 */
import {
  ADMIN,
  call,
  createCustomer,
  createProduct,
  customerContext,
  expect,
  test,
  uid,
} from '../admin-fixtures';
import { expectNoSeriousA11y, keepToShop } from '../fixtures';
import { fr } from '../languages';

test('the seller sets volume prices; the buyer sees them and pays the break price from 10 units', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  // $100.00 at 20 %: $120.00; 3 % off from 10 units: $116.40; 6 % off from 50: $112.80.
  const product = await createProduct(page.request, { price: '100.00', stock: 200 });
  const customer = await createCustomer(page.request, { percentage: 20 });

  // The seller: a ladder that goes down is refused before anything is sent; a good one is saved.
  await page.goto(`${ADMIN}/products/${product.item_id}`);
  const breaks = page.getByLabel('Volume prices (Brand new)');
  await breaks.fill('10:6|50:3');
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(breaks).toHaveAccessibleDescription(
    'The volume prices of BrandNew must go up: each larger quantity with a larger percentage off, no quantity twice.',
  );
  await expect(breaks).toHaveAttribute('aria-invalid', 'true');
  await expect(breaks).toBeFocused();
  await breaks.fill('10:3|50:6');
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Product ${product.sku} has been saved.` }),
  ).toBeVisible();
  await expect(breaks).toHaveValue('10:3|50:6');
  const auditRow = page.getByRole('region', { name: 'Audit' }).getByRole('row').nth(1);
  await expect(auditRow.getByRole('listitem')).toHaveText([/^price_breaks: (.* )?→ BrandNew 10:3\|50:6$/]);
  await expectNoSeriousA11y(page);

  const productPath = `/acer/product/${product.item_id}/BrandNew`;

  // A visitor: quantities and percentages, no price anywhere in the page or its HTML.
  const visitorContext = await browser.newContext({ baseURL });
  await keepToShop(visitorContext, baseURL);
  const visitor = await visitorContext.newPage();
  await visitor.goto(productPath);
  const visitorBreaks = visitor.getByRole('list', { name: 'Volume prices' });
  await expect(visitorBreaks.getByRole('listitem')).toHaveText(['10+: 3% off', '50+: 6% off']);
  const html = await (await visitorContext.request.get(productPath)).text();
  expect(html).toContain('percent_off');
  // Neither the break prices nor the buyer's price, in the text or the embedded data.
  expect(html).not.toMatch(/116[.,]4|112[.,]8|120[.,]0|"price"|personal_price/);
  await visitorContext.close();

  // The buyer: each break with their price.
  const shop = await customerContext(browser, baseURL, customer);
  const buyer = await shop.newPage();
  await buyer.goto(productPath);
  await expect(buyer.getByRole('list', { name: 'Volume prices' }).getByRole('listitem')).toHaveText([
    '10+: $116.40 each (3% off)',
    '50+: $112.80 each (6% off)',
  ]);

  // The cart: 9 units at $120.00 say what the tenth would save; one more and the price drops.
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
      quantity: 9,
      item_condition: 'BrandNew',
    },
  });
  await buyer.goto('/acer/cart');
  const line = buyer.locator('.cart-line');
  await expect(line.locator('.cart-line__price')).toHaveText('$120.00 each');
  await expect(line.locator('.cart-line__volume-next')).toHaveText(
    'Add 1 more unit to pay $116.40 each from 10 units: you save $36.00.',
  );
  await expect(line.locator('.cart-line__total')).toHaveText('$1,080.00');
  await buyer.getByRole('button', { name: `One more ${product.item_name}` }).click();
  await expect(line.locator('.cart-line__price')).toHaveText('$116.40 each');
  await expect(line.locator('.cart-line__volume-applied')).toHaveText('Volume price: 3% off from 10 units');
  await expect(line.locator('.cart-line__volume-next')).toHaveText(
    'Add 40 more units to pay $112.80 each from 50 units: you save $180.00.',
  );
  await expect(line.locator('.cart-line__total')).toHaveText('$1,164.00');
  await expectNoSeriousA11y(buyer);

  // Checkout and the order at the break price: $1,164.00 and 13 % tax.
  await buyer.goto('/acer/checkout');
  await buyer.getByLabel('Purchase order number *').fill(`PO-${uid()}`.toUpperCase());
  const summary = buyer.locator('.checkout__summary');
  await expect(summary).toContainText('$116.40 each');
  await expect(summary).toContainText('$1,315.32');
  await summary.getByRole('button', { name: 'PLACE ORDER' }).click();
  await expect(buyer.getByRole('heading', { name: 'Thank you, your order has been received' })).toBeVisible();
  await buyer.getByRole('link', { name: 'View your order' }).click();
  const row = buyer.getByRole('row').filter({ hasText: product.sku });
  await expect(row).toContainText('$116.40');
  await expect(row).toContainText('10');
  await expect(buyer.locator('main')).toContainText('$1,164.00');

  // In French: the buyer's prices and the visitor's percentages as French Canada writes them.
  await buyer.goto(`${productPath}?lang=fr`);
  await expect(buyer.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(buyer.getByRole('list', { name: fr('common:volume.title') }).getByRole('listitem')).toHaveText(
    [
      /^10 et plus : 116,40[\u00a0\u202f ]\$ chacun \(3[\u00a0\u202f ]% de rabais\)$/,
      /^50 et plus : 112,80[\u00a0\u202f ]\$ chacun \(6[\u00a0\u202f ]% de rabais\)$/,
    ],
  );
  await shop.close();
  const french = await browser.newContext({ baseURL });
  await keepToShop(french, baseURL);
  const frenchVisitor = await french.newPage();
  await frenchVisitor.goto(`${productPath}?lang=fr`);
  await expect(
    frenchVisitor.getByRole('list', { name: fr('common:volume.title') }).getByRole('listitem'),
  ).toHaveText([/^10 et plus : 3[\u00a0\u202f ]% de rabais$/, /^50 et plus : 6[\u00a0\u202f ]% de rabais$/]);
  await french.close();
});
