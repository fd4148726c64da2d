/**
 * The shop in French (issue "French and English"): a buyer switches to FR in the header and walks home,
 * a category with a filter and a sort, a product, the cart, checkout, the placed page, the order, its
 * invoice and every account section. On each page no piece of an English message is left, prices read
 * as French Canada writes them, and axe finds no serious violation with lang="fr". The listing's filters
 * name their values in French (colours, Go, po, decimal commas); the mails the buyer gets (order placed,
 * shipped) and the invoice PDF are French too, and so are an applicant's mails, the welcome included. The
 * buyer and the product bought are this test's own, so the demo customers and listings stay as they are.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';
import { FILTER_LABELS } from '@shop/domain/catalog/rules';
import { type CheckoutTaxesAnswer, chargedComponents } from '@shop/domain/tax/answers';
import { taxLines, taxTotal } from '@shop/domain/tax/rules';
import { call, createCustomer, createProduct, expect, type NewCustomer, test, uid } from '../admin-fixtures';
import { addAddress, invoiceOrder, orderAction, orderTo, pdfText, shopContext } from '../company-fixtures';
import { repoRoot } from '../database';
import { type CaughtMail, expectNoSeriousA11y, lastMailId, nextMailTo, type Page } from '../fixtures';
import { expectNoEnglish, FRENCH_PRICE, fr } from '../languages';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

type Catalogue = Record<string, string>;
const read = (path: string) => JSON.parse(readFileSync(join(repoRoot, path), 'utf8')) as Catalogue;

/**
 * The English of the server's mails and invoice that must not show in their French: from each English text
 * that differs from its French, the stretches between its {values} of two words or more that its French
 * does not hold too (Net 30 is part of Net 30 jours).
 */
const SERVER_ENGLISH: string[] = (() => {
  const pieces = new Set<string>();
  for (const file of ['mail.json', 'invoice.json']) {
    const en = read(`packages/server/src/locales/en/${file}`);
    const french = read(`packages/server/src/locales/fr/${file}`);
    for (const [key, text] of Object.entries(en)) {
      if (french[key] === text) continue;
      for (const piece of text.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/)) {
        const trimmed = piece.trim();
        const words = trimmed.split(/\s+/).filter((w) => /[A-Za-z]{2}/.test(w));
        if (words.length >= 2 && !french[key]?.includes(trimmed)) pieces.add(trimmed);
      }
    }
  }
  return [...pieces];
})();

/** Fails when a mail or PDF text holds a piece of the server's English. */
function expectNoServerEnglish(text: string, what: string): void {
  const flat = text.replace(/[\u00a0\u202f\s]+/g, ' ');
  expect(
    SERVER_ENGLISH.filter((piece) => flat.includes(piece)),
    `English left in ${what}`,
  ).toEqual([]);
}

/** A mail in French: its subject and text hold no English of the shop's. */
function expectFrenchMail(mail: CaughtMail, what: string): void {
  expect(mail.text, what).toMatch(/^Bonjour/);
  expectNoServerEnglish(`${mail.subject}\n${mail.text}`, what);
}

/** The catalog values stored in English whose French differs (Black / Noir), from the domain's table. */
const ENGLISH_VALUES: string[] = Object.entries(read('packages/domain/src/locales/fr/values.json'))
  .map(([key, french]) => [key.slice(key.indexOf('.') + 1), french] as const)
  .filter(([english, french]) => english !== french)
  .map(([english]) => english);

/** The listing's filters: their names are French, and so are their values (words, Go/To, po, decimal commas). */
async function expectFrenchFilters(page: Page): Promise<void> {
  const groups = page.locator('fieldset.filters__group');
  const legends = (await groups.locator('legend').allInnerTexts()).map((l) => l.trim());
  expect(legends.length).toBeGreaterThan(3);
  for (const label of Object.values(FILTER_LABELS)) expect(legends, 'filter names').not.toContain(label);
  const values = (await groups.locator('label.filters__check').allInnerTexts()).map((v) =>
    v.replace(/\s*\(\d+\)\s*$/, '').trim(),
  );
  expect(values.length).toBeGreaterThan(10);
  const english = values.filter(
    (v) =>
      /\b(GB|TB|MB)\b|"|\d\.\d|\binch/.test(v) ||
      ENGLISH_VALUES.some((word) => new RegExp(`(^|\\s)${word}(\\s|$)`).test(v)),
  );
  expect(english, 'filter values left in English').toEqual([]);
  expect(
    values.some((v) => /^\d+ Go$/.test(v)),
    'a memory in Go',
  ).toBe(true);
  expect(
    values.some((v) => /^\d+(,\d+)? po$/.test(v)),
    'a screen size in po',
  ).toBe(true);
  expect(
    values.some((v) => /^\d+,\d+ GHz$/.test(v)),
    'a speed with a decimal comma',
  ).toBe(true);
}

/** The checks every French page passes. */
async function frenchPage(page: Page, { axe = true, prices = false } = {}): Promise<void> {
  await expect(heading(page)).toBeVisible();
  await expectNoEnglish(page);
  if (prices) await expect(page.getByRole('main').getByText(FRENCH_PRICE).first()).toBeVisible();
  if (axe) await expectNoSeriousA11y(page);
}

/**
 * A buyer of this test who chose French (as the header's switch keeps it on the account), signed in, with an
 * Ontario address.
 */
async function frenchBuyer(
  staff: APIRequestContext,
  browser: Browser,
  baseURL: string | undefined,
): Promise<{ customer: NewCustomer; shop: BrowserContext; addressId: number }> {
  const customer = await createCustomer(staff);
  const shop = await shopContext(browser, baseURL, customer.customerId, customer.password);
  const addressId = await addAddress(shop.request, customer);
  await call(shop.request, 'POST', '/api/user/language', { language: 'fr' });
  return { customer, shop, addressId };
}

// The French journey in six tests, each with its own buyer: switching, browsing, buying, the order's mails
// and papers, the account's sections.
test('a buyer switches to French in the header, and the account keeps the choice', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const customer = await createCustomer(adminPage.request);
  const shop = await shopContext(browser, baseURL, customer.customerId, customer.password);
  const page = await shop.newPage();

  // English first (the browser asks for English); the switch in the header turns the shop French.
  await page.goto('/acer');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/language'));
  await page.getByRole('button', { name: 'Français' }).first().click();
  expect((await saved).status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('button', { name: 'Français' }).first()).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await frenchPage(page, { prices: true });

  // The choice is the account's: a new session of the same buyer, without the cookie, is French too.
  const again = await shopContext(browser, baseURL, customer.customerId, customer.password);
  const other = await again.newPage();
  await other.goto('/acer');
  await expect(other.locator('html')).toHaveAttribute('lang', 'fr');
  await again.close();
  await shop.close();
});

test('a French buyer browses a category, its filters and a product in French', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const { shop } = await frenchBuyer(adminPage.request, browser, baseURL);
  const page = await shop.newPage();

  // A category, with the In Stock filter and a sort by price.
  await page.goto('/acer/category/Notebook');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page
    .getByRole('checkbox', { name: fr('catalog:filters.inStock') })
    .first()
    .check();
  await expect(page).toHaveURL(/in_stock=1/);
  await page.getByLabel(fr('catalog:toolbar.sortBy')).selectOption({ label: fr('common:sort.price_asc') });
  await expect(page).toHaveURL(/sort=price_asc/);
  await frenchPage(page, { prices: true });
  await expectFrenchFilters(page);
  // A value shown in French filters by the stored value: the address keeps it.
  const memory = page.getByRole('group', { name: fr('common:filter.standard_memory') });
  await memory
    .getByRole('checkbox', { name: /^\d+ Go/, disabled: false })
    .first()
    .check();
  await expect(page).toHaveURL(/standard_memory=\d+\+GB|standard_memory=\d+%20GB/);
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectFrenchFilters(page);

  // A product of the listing.
  const href = await page.getByRole('article').first().getByRole('link').first().getAttribute('href');
  await page.goto(href!);
  await expect(page).toHaveURL(/\/acer\/product\//);
  await expect(page.getByRole('tab', { name: fr('catalog:product.tab.details') })).toBeVisible();
  await frenchPage(page, { prices: true });
  await shop.close();
});

/** The buyer's address in Montréal, Quebec, saved through the shop's API; returns its id. */
async function quebecAddress(shop: APIRequestContext, customer: NewCustomer): Promise<number> {
  const { addresses } = await call<{ addresses: { address_id: number; address_line_1: string }[] }>(
    shop,
    'POST',
    '/api/user/address/create',
    {
      addressInfo: {
        customer_id: customer.customerId,
        first_name: customer.firstName,
        last_name: customer.lastName,
        company_name: customer.company,
        phone_number: '5145550199',
        address_line_1: '400 rue Saint-Paul',
        address_line_2: '',
        city: 'Montréal',
        province: 'Quebec',
        zip: 'H2Y2A5',
        country: 'Canada',
      },
    },
  );
  return addresses.find((a) => a.address_line_1 === '400 rue Saint-Paul')!.address_id;
}

/**
 * One unit of the product ordered to the address in Quebec through the shop's API, with the totals the
 * checkout works out (the domain's tax rules on the Quebec components the checkout reads); returns its id.
 */
async function orderToQuebec(
  shop: APIRequestContext,
  customer: NewCustomer,
  addressId: number,
  product: { item_id: string; sku: string },
  po: string,
): Promise<number> {
  await call(shop, 'POST', '/api/user/cart/add', {
    itemData: {
      customer_id: customer.customerId,
      item_id: product.item_id,
      sku: product.sku,
      quantity: 1,
      item_condition: 'BrandNew',
    },
  });
  const { cartItems } = await call<{
    cartItems: { item_id: string; item_condition: string; quantity: number; unit_price: number }[];
  }>(shop, 'GET', '/api/header');
  const subtotal = cartItems.reduce((n, l) => n + Math.round(l.unit_price * 100) * l.quantity, 0);
  const { taxes } = await call<CheckoutTaxesAnswer>(shop, 'GET', `/api/user/${customer.customerId}/taxes`);
  const tax = taxTotal(taxLines(subtotal, chargedComponents(taxes.Quebec)));
  const placed = await call<{ orderId: number }>(shop, 'POST', '/api/placeorder', {
    orderInfo: {
      customer_id: customer.customerId,
      shipping_address_id: addressId,
      billing_address_id: addressId,
      created_time: new Date().toISOString(),
      line_items: cartItems.map((l) => ({
        item_id: l.item_id,
        item_condition: l.item_condition,
        quantity: l.quantity,
      })),
      subtotal: subtotal / 100,
      items_tax: tax / 100,
      total: (subtotal + tax) / 100,
      purchase_order_id: po,
      shipping_method: 'Standard',
    },
    checkout_key: `e2e-french-${po}`,
  });
  return placed.orderId;
}

test('a French buyer buys from a product page, the cart and the checkout, and reads the order and its mail in French', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const staff = adminPage.request;
  const product = await createProduct(staff, { stock: 40 });
  const { customer, shop } = await frenchBuyer(staff, browser, baseURL);
  const page = await shop.newPage();

  // A second address, in Quebec (made once the account is French): the order goes there, and its mails
  // and invoice name the province Québec.
  await quebecAddress(shop.request, customer);

  // The test's own product into the cart, then the cart and checkout.
  await page.goto(`/acer/product/${product.item_id}/BrandNew`);
  await expect(heading(page)).toHaveText(product.item_name);
  await page
    .getByRole('main')
    .getByRole('button', { name: fr('common:cartButton.add') })
    .first()
    .click();
  await expect(page).toHaveURL(/\/acer\/add-to-cart$/);
  await frenchPage(page, { axe: false, prices: true });

  await page.goto('/acer/cart');
  await expect(page.getByRole('main').getByText(product.item_name).first()).toBeVisible();
  await frenchPage(page, { prices: true });
  await page.getByRole('main').getByText(fr('cart:checkoutButton'), { exact: true }).first().click();
  await expect(page).toHaveURL(/\/acer\/checkout$/);
  const shipping = page.getByRole('group', { name: fr('cart:checkout.shippingAddress') });
  const address = shipping.getByRole('radio', { name: /Montréal/ });
  if (!(await address.isChecked())) await address.check();
  const po = `BC-${uid()}`.toUpperCase();
  await page.getByLabel(fr('cart:checkout.po')).fill(po);
  await frenchPage(page, { prices: true });
  const placedSince = await lastMailId();
  await page.getByRole('button', { name: fr('cart:checkout.placeOrder') }).click();

  await expect(heading(page)).toHaveText(fr('cart:placed.confirmed'));
  await frenchPage(page, { axe: false });
  await page.getByRole('link', { name: fr('cart:placed.view') }).click();
  await expect(page).toHaveURL(/\/acer\/order\/\d+$/);
  await expect(page.getByRole('main')).toContainText(po);
  await frenchPage(page, { prices: true });

  // The order's confirmation mail is French, the province named Québec.
  const placedMail = await nextMailTo(customer.email, placedSince);
  expect(placedMail.subject).toContain(po);
  expectFrenchMail(placedMail, 'the order placed mail');
  expect(placedMail.text.replace(/[\u00a0\u202f]/g, ' ')).toContain('Montréal, Québec H2Y 2A5');
  expect(placedMail.text).not.toContain('Quebec');
  await shop.close();
});

test('a French buyer’s order shipped and invoiced: the shipped mail, the invoice and its PDF are French', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const staff = adminPage.request;
  const product = await createProduct(staff, { stock: 40 });
  const { customer, shop } = await frenchBuyer(staff, browser, baseURL);
  const page = await shop.newPage();
  // The order the test above places at the checkout, to Montréal, and its mail (sent after the answer).
  const po = `BC-${uid()}`.toUpperCase();
  const placedSince = await lastMailId();
  const orderId = await orderToQuebec(
    shop.request,
    customer,
    await quebecAddress(shop.request, customer),
    product,
    po,
  );
  expect((await nextMailTo(customer.email, placedSince)).subject).toContain(po);

  // The seller confirms and ships it: the shipped mail is French.
  const confirmedSince = await lastMailId();
  await orderAction(staff, orderId, 'confirm');
  // The confirmed mail first, so that it is not taken for the shipped one.
  expect((await nextMailTo(customer.email, confirmedSince)).subject).toContain('confirmée');
  const shippedSince = await lastMailId();
  await orderAction(staff, orderId, 'ship', { carrier: 'Canada Post', tracking_number: '7023 2100 9' });
  const shippedMail = await nextMailTo(customer.email, shippedSince);
  expect(shippedMail.subject).toContain('expédiée');
  expectFrenchMail(shippedMail, 'the shipped mail');
  expect(shippedMail.text).toContain('7023 2100 9');

  // The seller invoices it with shipping; the buyer reads the invoice in French.
  const invoice = await invoiceOrder(staff, shop.request, customer.customerId, orderId, '10.00');
  await page.goto(`/acer/invoice/${invoice.invoiceId}`);
  await expect(page.getByRole('main')).toContainText(po);
  await frenchPage(page, { prices: true });

  // Its PDF is French: labels, payment terms, the province.
  const pdf = await shop.request.get(`/api/user/${customer.customerId}/invoices/${invoice.invoiceId}/pdf`);
  expect(pdf.status()).toBe(200);
  const pdfFrench = (await pdfText(await pdf.body())).replace(/[\u00a0\u202f]/g, ' ');
  for (const label of ['FACTURE', 'Conditions de paiement', "Date d'échéance", 'Facturer à', 'Expédier à'])
    expect(pdfFrench).toContain(label);
  expect(pdfFrench).toMatch(/Net \d+ jours|Payable sur réception/);
  expect(pdfFrench).toContain('Montréal, Québec H2Y 2A5');
  expect(pdfFrench).toContain('(Neuf)');
  expect(pdfFrench).not.toContain('Quebec');
  expectNoServerEnglish(pdfFrench, 'the invoice PDF');
  await shop.close();
});

// The account's sections in two tests of four.
for (const [named, sections] of [
  ['orders, messages, addresses and wish lists', ['orders', 'messages', 'addresses', 'wishLists']],
  [
    'recently viewed, settings, subscription and buyers',
    ['recentlyViewed', 'accountSettings', 'subscription', 'buyers'],
  ],
] as const) {
  test(`a French buyer reads the account’s ${named} in French`, async ({ adminPage, browser, baseURL }) => {
    const staff = adminPage.request;
    const { customer, shop, addressId } = await frenchBuyer(staff, browser, baseURL);
    if (sections[0] === 'orders') {
      // An invoiced order, so the orders list has a row to read.
      const product = await createProduct(staff, { stock: 40 });
      const order = await orderTo(
        shop.request,
        customer.customerId,
        addressId,
        [{ item_id: product.item_id, quantity: 1 }],
        `BC-${uid()}`.toUpperCase(),
      );
      await invoiceOrder(staff, shop.request, customer.customerId, order.orderId, '10.00');
    }
    const page = await shop.newPage();
    for (const section of sections) {
      await page.goto(`/acer/account/${section}`);
      await expect(heading(page)).toBeVisible();
      await expect(page.getByRole('main').getByRole('progressbar')).toHaveCount(0);
      await frenchPage(page, { axe: section === 'orders' || section === 'addresses' });
    }
    await shop.close();
  });
}

test('a visitor whose browser asks for French gets the shop in French, and EN brings the English back', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, locale: 'fr-CA' });
  const page = await context.newPage();
  await page.goto('/acer/faq');
  await frenchPage(page);
  await page.goto('/acer/term-of-sale');
  await frenchPage(page, { axe: false });
  await page.getByRole('button', { name: 'English' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'English' }).first()).toHaveAttribute('aria-pressed', 'true');
  await context.close();
});

test('an applicant who applies in French is answered, and welcomed once approved, in French', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const visitor = await browser.newContext({ baseURL, locale: 'fr-CA' });
  const email = `candidat-${uid()}@example.com`;
  const company = `Entreprise ${uid()}`.slice(0, 50);
  const since = await lastMailId();
  const applied = await visitor.request.post('/api/user/register', {
    headers: { 'Accept-Language': 'fr-CA,fr;q=0.9' },
    data: {
      company,
      contactName: 'Camille Tremblay',
      email,
      phoneNumber: '5145550142',
      province: 'Quebec',
      message: 'Nous achetons pour nos bureaux.',
    },
  });
  expect(applied.status(), await applied.text()).toBe(200);
  await visitor.close();
  const received = await nextMailTo(email, since);
  expectFrenchMail(received, 'the application received mail');
  expect(received.text).toContain('Province\u00a0: Québec');
  const applicationId = Number(/\(numéro (\d+)\)/.exec(received.text)?.[1]);
  expect(applicationId).toBeGreaterThan(0);

  // The seller (whose back office is English) approves it: the welcome is in the applicant's French.
  const approved = await lastMailId();
  await call(adminPage.request, 'POST', '/api/admin/customers', {
    company,
    first_name: 'Camille',
    last_name: 'Tremblay',
    email,
    phone_number: '5145550142',
    percentage: 15,
    application_id: applicationId,
  });
  const welcome = await nextMailTo(email, approved);
  expect(welcome.subject).toMatch(/^Bienvenue à la Boutique Acer pour les entreprises/);
  expectFrenchMail(welcome, 'the welcome mail');
});
