/**
 * Quotes (issue 24): a buyer asks for 60 units of an item with 40 in stock, the seller answers in the back
 * office, the buyer accepts and is told plainly that the line is short; the seller raises the stock and the
 * order is placed once at the quoted price; the invoice carries the quote's number and price. An expired
 * quote is refused. A buyer withdraws a quote, which the seller can then no longer answer. One journey in
 * French: the buyer's pages and the mail. Each test makes its own customer and product (old Accessories
 * nobody else lists), so other journeys' data stays as it is.
 */
import pg from 'pg';
import { ADMIN, call, createCustomer, createProduct, expect, test, uid } from '../admin-fixtures';
import { addAddress, invoiceOrder, shopContext } from '../company-fixtures';
import { shopDatabaseUrl } from '../database';
import { lastMailId, NEEDS_POSTGRES, nextMailTo, ON_POSTGRES } from '../fixtures';

const SHOP_INBOX = 'info@example.com';

test('a quote for more than in stock: answered, refused while short, placed once, invoiced with its number', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const staff = adminPage.request;
  const product = await createProduct(staff, { stock: 40, price: '40.00' });
  const customer = await createCustomer(staff);
  const shop = await shopContext(browser, baseURL, customer.customerId, customer.password);
  await addAddress(shop.request, customer);
  const page = await shop.newPage();

  // The product page leads to the request; the quantity may be more than in stock.
  await page.goto(`/acer/product/${product.item_id}/BrandNew`);
  await page.getByRole('link', { name: 'Buying in volume? Request a quote' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Request a quote' })).toBeVisible();
  await page.getByLabel(`Quantity of ${product.item_name}`).fill('60');
  await page.getByLabel(`Target unit price for ${product.item_name}, in dollars`).fill('33.00');
  await page.getByLabel('Note for the seller (optional)').fill('60 for a school lab.');
  let before = await lastMailId();
  await page.getByRole('button', { name: 'Send the request' }).click();
  const requested = page.getByRole('status').filter({ hasText: 'has been requested' });
  await expect(requested).toBeVisible();
  const quoteNumber = /Quote (Q-\d{6})/.exec((await requested.textContent()) ?? '')![1]!;
  const quoteId = Number(quoteNumber.slice(2));
  await expect(page.getByRole('heading', { name: `Quote ${quoteNumber}` })).toContainText('Requested');
  // Other journeys' orders are mailed to the shop's inbox too: the request's mail names its product.
  const inbox = await nextMailTo(SHOP_INBOX, before, product.item_name);
  expect(inbox.subject).toContain(`New quote request ${quoteNumber}`);
  expect(inbox.text).toContain(`60 x ${product.item_name}`);
  expect(inbox.text).toContain('target $33.00 each');

  // The seller sees the request counted in the menu, answers it on its page.
  await adminPage.goto(`${ADMIN}/quotes?status=requested`);
  await expect(adminPage.getByRole('link', { name: /^Quotes \d+ new$/ })).toBeVisible();
  await adminPage.getByRole('link', { name: quoteNumber }).click();
  await expect(adminPage.getByRole('heading', { level: 1 })).toContainText(quoteNumber);
  await expect(adminPage.getByRole('row', { name: new RegExp(product.item_name) })).toContainText('40');
  await adminPage.getByLabel(`Unit price for 60 x ${product.item_name} (Brand new)`).fill('34.50');
  await adminPage.getByLabel('Message to the buyer').fill('Our best price for 60.');
  before = await lastMailId();
  await adminPage.getByRole('button', { name: 'Send the answer' }).click();
  await expect(adminPage.locator('#admin-main').getByRole('status')).toContainText(
    `Quote ${quoteNumber} answered`,
  );
  const answered = await nextMailTo(customer.email, before);
  expect(answered.subject).toBe(`Your quote ${quoteNumber} is ready`);
  expect(answered.text).toContain('at $34.50 each');
  expect(answered.text).toContain('Our best price for 60.');

  // The buyer reads the answer in the account and accepts it: the line is short, and said so.
  await page.goto('/acer/account/quotes');
  const row = page.getByRole('row', { name: new RegExp(quoteNumber) });
  await expect(row).toContainText('Answered');
  await row.getByRole('link', { name: quoteNumber }).click();
  await expect(page.getByRole('row', { name: new RegExp(product.item_name) })).toContainText('$34.50');
  await expect(page.getByText('Our best price for 60.')).toBeVisible();
  await page.getByRole('link', { name: 'Accept and check out' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Check out quote ${quoteNumber}`);
  await expect(page.getByRole('complementary')).toContainText('$2,070.00');
  await page.getByLabel('Purchase order number').fill(`PO-Q-${uid()}`.slice(0, 40));
  await page.getByRole('button', { name: 'Place the order' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    `${product.item_name} only has 40 left in stock; this quote needs 60.`,
  );

  // The seller raises the stock to 60 and revises the answer (a lower price, a later date) while the
  // checkout is open: the buyer is told, reads the new answer with the earlier price beside it first; the
  // next click places the order at the new price, once.
  await call(staff, 'PATCH', `/api/admin/products/${product.item_id}`, { stock: 60 });
  const { quote: seen } = await call<{ quote: { detail_lines: { line_id: number }[] } }>(
    staff,
    'GET',
    `/api/admin/quotes/${quoteId}`,
  );
  await call(staff, 'POST', `/api/admin/quotes/${quoteId}/answer`, {
    lines: seen.detail_lines.map((l) => ({ line_id: l.line_id, price: '34.00' })),
    valid_until: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
    message: 'Our best price for 60, now for twenty days.',
  });
  await page.getByRole('button', { name: 'Place the order' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This quote was revised since you opened it. Please review the new answer and accept it again.',
  );
  await expect(page.getByText('The seller revised this quote while you were checking out')).toBeVisible();
  const summary = page.getByRole('complementary');
  await expect(summary).toContainText('$34.00 each (was $34.50)');
  await expect(summary).toContainText('$2,040.00');
  await page.getByRole('button', { name: 'Place the order' }).click();
  const placed = page.getByRole('status').filter({ hasText: 'has been placed from quote' });
  await expect(placed).toHaveText(new RegExp(`Order SO-\\d{6} has been placed from quote ${quoteNumber}\\.`));
  const orderNumber = /(SO-\d{6})/.exec((await placed.textContent()) ?? '')![1]!;
  await page.getByRole('link', { name: 'See the order' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(orderNumber);
  await expect(page.getByRole('link', { name: quoteNumber })).toBeVisible();
  const orderId = Number(new URL(page.url()).pathname.split('/').pop());
  expect(
    (await call<{ product: { stock: number } }>(staff, 'GET', `/api/admin/products/${product.item_id}`))
      .product.stock,
  ).toBe(0);

  // Accepting again gives back the same order, never a second one.
  const again = await call<{ orderId: number; repeated: boolean }>(
    shop.request,
    'POST',
    `/api/user/${customer.customerId}/quotes/${quoteId}/place`,
    {
      shipping_address_id: 1,
      billing_address_id: 1,
      purchase_order_id: 'PO-again',
      shipping_method: 'Standard',
      revision: 1,
    },
  );
  expect(again).toMatchObject({ orderId, repeated: true });

  // The back office's order names its quote; the seller invoices it; the invoice carries the number and price.
  await adminPage.goto(`${ADMIN}/orders/${orderId}`);
  await expect(adminPage.getByRole('link', { name: `From quote ${quoteNumber}` })).toBeVisible();
  const invoice = await invoiceOrder(staff, shop.request, customer.customerId, orderId, '25.00');
  await page.goto(`/acer/invoice/${invoice.invoiceId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(invoice.invoiceNumber);
  await expect(page.getByRole('link', { name: quoteNumber })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('$34.00');
  await expect(page.getByRole('main')).toContainText('$2,040.00');
  await shop.close();
});

test('an expired quote is refused', async ({ adminPage, browser, baseURL }) => {
  test.skip(!ON_POSTGRES, NEEDS_POSTGRES);
  const staff = adminPage.request;
  const product = await createProduct(staff, { stock: 20 });
  const customer = await createCustomer(staff);
  const shop = await shopContext(browser, baseURL, customer.customerId, customer.password);
  await addAddress(shop.request, customer);
  const made = await call<{ quote_id: number; quote_number: string }>(
    shop.request,
    'POST',
    `/api/user/${customer.customerId}/quotes`,
    { lines: [{ item_id: product.item_id, item_condition: 'BrandNew', quantity: 5 }] },
  );
  const { quote } = await call<{ quote: { detail_lines: { line_id: number }[] } }>(
    staff,
    'GET',
    `/api/admin/quotes/${made.quote_id}`,
  );
  const today = new Date().toISOString().slice(0, 10);
  const later = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  await call(staff, 'POST', `/api/admin/quotes/${made.quote_id}/answer`, {
    lines: quote.detail_lines.map((l) => ({ line_id: l.line_id, price: '30.00' })),
    valid_until: later,
    message: '',
  });
  // Its day passes: the validity date is moved into the past in the database.
  const client = new pg.Client({ connectionString: shopDatabaseUrl() });
  await client.connect();
  try {
    await client.query(`update quotes set valid_until = date '${today}' - 3 where quote_id = $1`, [
      made.quote_id,
    ]);
  } finally {
    await client.end();
  }

  const page = await shop.newPage();
  await page.goto(`/acer/account/quotes/${made.quote_id}`);
  await expect(page.getByRole('heading', { name: `Quote ${made.quote_number}` })).toContainText('Expired');
  await expect(page.getByText('This quote has expired and can no longer be accepted.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Accept and check out' })).toHaveCount(0);
  // The checkout refuses it, and so does the server when asked directly.
  await page.goto(`/acer/quote-checkout/${made.quote_id}`);
  await expect(page.getByRole('alert')).toContainText('This quote expired on');
  const refused = await shop.request.post(`/api/user/${customer.customerId}/quotes/${made.quote_id}/place`, {
    data: {
      shipping_address_id: 1,
      billing_address_id: 1,
      purchase_order_id: 'PO-late',
      shipping_method: 'Standard',
      revision: 1,
    },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { smessage: string }).smessage).toMatch(
    /^This quote expired on \d{4}-\d{2}-\d{2} and can no longer be accepted\. Please ask for a new quote\.$/,
  );
  await shop.close();
});

test('a buyer withdraws a quote after confirming; the seller can no longer answer it', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const staff = adminPage.request;
  const product = await createProduct(staff, { stock: 10 });
  const customer = await createCustomer(staff);
  const shop = await shopContext(browser, baseURL, customer.customerId, customer.password);
  const made = await call<{ quote_id: number; quote_number: string }>(
    shop.request,
    'POST',
    `/api/user/${customer.customerId}/quotes`,
    { lines: [{ item_id: product.item_id, item_condition: 'BrandNew', quantity: 15 }] },
  );
  const page = await shop.newPage();
  await page.goto(`/acer/account/quotes/${made.quote_id}`);
  await expect(page.getByRole('heading', { name: `Quote ${made.quote_number}` })).toContainText('Requested');
  // A first click only asks; keeping it changes nothing.
  await page.getByRole('button', { name: 'Withdraw this quote' }).click();
  await expect(page.getByRole('group', { name: `Withdraw quote ${made.quote_number}?` })).toBeVisible();
  await page.getByRole('button', { name: 'No, keep it' }).click();
  await expect(page.getByRole('heading', { name: `Quote ${made.quote_number}` })).toContainText('Requested');
  await page.getByRole('button', { name: 'Withdraw this quote' }).click();
  await page.getByRole('button', { name: 'Yes, withdraw it' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'has been withdrawn' })).toHaveText(
    `Quote ${made.quote_number} has been withdrawn: the seller will not answer it, and it can no longer be accepted.`,
  );
  await expect(page.getByRole('heading', { name: `Quote ${made.quote_number}` })).toContainText('Withdrawn');
  await expect(page.getByRole('button', { name: 'Withdraw this quote' })).toHaveCount(0);

  await adminPage.goto(`${ADMIN}/quotes/${made.quote_id}`);
  await expect(adminPage.getByRole('heading', { level: 1 })).toContainText('withdrawn');
  await expect(adminPage.getByText('The buyer withdrew this quote')).toBeVisible();
  await expect(adminPage.getByRole('button', { name: 'Send the answer' })).toHaveCount(0);
  await expect(adminPage.getByRole('button', { name: 'Decline the quote' })).toHaveCount(0);
  await shop.close();
});

test('en français : demande depuis le panier, courriel de réponse et commande', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const staff = adminPage.request;
  const product = await createProduct(staff, { stock: 30 });
  const customer = await createCustomer(staff);
  const shop = await shopContext(browser, baseURL, customer.customerId, customer.password);
  await shop.addCookies([{ name: 'lang', value: 'fr', url: baseURL! }]);
  await addAddress(shop.request, customer);
  await call(shop.request, 'POST', '/api/user/cart/add', {
    itemData: { item_id: product.item_id, quantity: 12, item_condition: 'BrandNew' },
  });
  const page = await shop.newPage();
  await page.goto('/acer/cart');
  await page.getByRole('link', { name: 'Demander une soumission pour ces articles' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Demander une soumission' })).toBeVisible();
  await expect(page.getByLabel(`Quantité de ${product.item_name}`)).toHaveValue('12');
  await page.getByLabel(`Quantité de ${product.item_name}`).fill('0');
  await page.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'La quantité doit être un nombre entier de 1 à 9999 (une soumission peut demander plus que le stock).',
  );
  await page.getByLabel(`Quantité de ${product.item_name}`).fill('25');
  await page.getByRole('button', { name: 'Envoyer la demande' }).click();
  const status = page.getByRole('status').filter({ hasText: 'a été envoyée' });
  await expect(status).toBeVisible();
  const quoteNumber = /(Q-\d{6})/.exec((await status.textContent()) ?? '')![1]!;
  const quoteId = Number(quoteNumber.slice(2));
  await expect(page.getByRole('heading', { name: `Soumission ${quoteNumber}` })).toContainText('Demandée');

  // The seller answers (back office, English); the buyer's mail is French.
  const { quote } = await call<{ quote: { detail_lines: { line_id: number }[] } }>(
    staff,
    'GET',
    `/api/admin/quotes/${quoteId}`,
  );
  const before = await lastMailId();
  const later = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  await call(staff, 'POST', `/api/admin/quotes/${quoteId}/answer`, {
    lines: quote.detail_lines.map((l) => ({ line_id: l.line_id, price: '31.25' })),
    valid_until: later,
    message: 'Livraison en deux semaines.',
  });
  const mail = await nextMailTo(customer.email, before);
  expect(mail.subject).toBe(`Votre soumission ${quoteNumber} est prête`);
  expect(mail.text).toContain('Ces prix sont valides jusqu');
  expect(mail.text).toMatch(/25 x .+ à 31,25\s\$ l.unité/);
  expect(mail.text).toContain('Notre message : Livraison en deux semaines.');

  await page.goto('/acer/account/quotes');
  await expect(page.getByRole('heading', { level: 1, name: 'Soumissions' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(quoteNumber) })).toContainText('Répondue');
  await page.getByRole('link', { name: quoteNumber }).click();
  await expect(page.getByRole('row', { name: new RegExp(product.item_name) })).toContainText(/31,25\s\$/);
  await page.getByRole('link', { name: 'Accepter et passer à la caisse' }).click();
  await page.getByLabel('Numéro de bon de commande').fill('BC-2026');
  await page.getByRole('button', { name: 'Passer la commande' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'a été passée' })).toHaveText(
    new RegExp(`La commande SO-\\d{6} a été passée à partir de la soumission ${quoteNumber}\\.`),
  );
  await shop.close();
});
