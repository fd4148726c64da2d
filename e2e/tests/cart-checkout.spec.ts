/**
 * Cart, checkout and orders of a buyer (SPEC §2 Cart, Checkout, Order pages; §4 Cart; §5 Cart quantity,
 * Checkout; §8 Orders and checkout). Each test makes its own customer through the back office's API, and the
 * cart, addresses and orders it starts from through the shop's, so the tests run side by side.
 */
import type { APIRequestContext } from '@playwright/test';
import { CONDITION_NAMES, type Condition } from '@shop/domain/catalog/rules';
import { call, createCustomer, customerContext, type NewCustomer, SELLER } from '../admin-fixtures';
import {
  test as base,
  Dialogs,
  expect,
  expectNoSeriousA11y,
  mailsTo,
  money,
  NEEDS_POSTGRES,
  ON_POSTGRES,
  type Page,
  seller,
  textOf,
} from '../fixtures';

/** A condition as an English buyer reads it on every page and mail: "Brand new", never "BrandNew". */
const conditionShown = (condition: string) => CONDITION_NAMES.en[condition as Condition];

const MSG = {
  belowOne:
    'item quantity cannot be smaller than 1, if you want to remove item from cart, please click remove button.',
  plusAbove: (n: number) => `Cannot add quantity due to this item currently only have ${n} left.`,
  clamped: (n: number) => `This item currently only have ${n} left.`,
  removed: (name: string) => `${name} has been removed from your cart.`,
  empty: 'your cart is empty',
  noItems: 'There is no item in your cart needs to check out.',
  noAddress: 'please make sure you have select your shipping and billing address.',
  poNumber: 'Purchase order number is mandatory, the length should be 1 - 50 characters and cannot be 0.',
  placing: 'Your order is processing, please do not refresh the page.',
  placedRefresh: 'Order has been placed or page has expired, please check your orders in your order list.',
  exceedsStock: 'Ordered item quantity exceed the current stock!',
};

interface Offer {
  item_id: string;
  item_name: string;
  item_condition: string;
  sku: string;
  stock: number;
  scratch_dent_stock: number;
  is_active: boolean;
  is_sale: boolean;
  personal_price: number;
  personal_sale_price: number;
  personal_scratch_dent_price: number;
}
type Line = Offer & { quantity: number };

/** The unit price of SPEC §4: the S&D price for ScratchDent, else the sale price on sale, else the price. */
function unitCents(o: Offer): number {
  const c = (amount: number) => Math.round(amount * 100);
  if (o.item_condition === 'ScratchDent' && o.personal_scratch_dent_price) {
    return c(o.personal_scratch_dent_price);
  }
  if (o.is_sale && o.personal_sale_price) return c(o.personal_sale_price);
  return c(o.personal_price);
}
const subtotalOf = (lines: { offer: Offer; quantity: number }[]) =>
  lines.reduce((sum, l) => sum + unitCents(l.offer) * l.quantity, 0);
const ontarioTax = (subtotal: number) => Math.round((subtotal * 13) / 100);
const stockOf = (o: Offer) => (o.item_condition === 'ScratchDent' ? o.scratch_dent_stock : o.stock);

async function headerData(page: Page): Promise<{ cartItems: Line[]; addresses: { address_id: number }[] }> {
  const response = await page.request.get('/api/header');
  expect(response.status()).toBe(200);
  return response.json();
}

/** Puts lines into the customer's cart through the shop's API, in this order. */
async function addByApi(
  page: Page,
  customer: NewCustomer,
  lines: { offer: Offer; quantity: number }[],
): Promise<void> {
  for (const { offer, quantity } of lines) {
    await call(page.request, 'POST', '/api/user/cart/add', {
      itemData: {
        customer_id: customer.customerId,
        item_id: offer.item_id,
        sku: offer.sku,
        quantity,
        item_condition: offer.item_condition,
      },
    });
  }
}

/** The addresses a test saves through the shop's API: the checkout journey's own, and one in Alberta. */
const ADDRESSES = {
  kingStreet: { address_line_1: '100 King Street West', city: 'Toronto', province: 'Ontario', zip: 'M5X1A9' },
  calgary: { address_line_1: '500 Centre Street South', city: 'Calgary', province: 'Alberta', zip: 'T2G2C4' },
} as const;

/** Saves an address of the customer through the shop's API; returns its id. */
async function addAddress(page: Page, customer: NewCustomer, where: keyof typeof ADDRESSES): Promise<number> {
  const { addresses } = await call<{ addresses: { address_id: number; address_line_1: string }[] }>(
    page.request,
    'POST',
    '/api/user/address/create',
    {
      addressInfo: {
        customer_id: customer.customerId,
        first_name: customer.firstName,
        last_name: customer.lastName,
        company_name: customer.company,
        phone_number: '4165550199',
        address_line_2: '',
        country: 'Canada',
        ...ADDRESSES[where],
      },
    },
  );
  return addresses.find((a) => a.address_line_1 === ADDRESSES[where].address_line_1)!.address_id;
}

/** An order placed through the shop's API (as the checkout page places it), shipped to an Ontario address. */
async function orderByApi(
  page: Page,
  customer: NewCustomer,
  addressId: number,
  lines: { offer: Offer; quantity: number }[],
): Promise<{ id: string; number: string; po: string; total: number; subtotal: number; tax: number }> {
  await addByApi(page, customer, lines);
  const subtotal = subtotalOf(lines);
  const tax = ontarioTax(subtotal);
  const po = `PO-${Date.now()}`;
  const placed = await call<{ orderId: number; orderNumber: string }>(
    page.request,
    'POST',
    '/api/placeorder',
    {
      orderInfo: {
        customer_id: customer.customerId,
        shipping_address_id: addressId,
        billing_address_id: addressId,
        created_time: new Date().toISOString(),
        line_items: lines.map((l) => ({
          item_id: l.offer.item_id,
          item_condition: l.offer.item_condition,
          quantity: l.quantity,
        })),
        subtotal: subtotal / 100,
        items_tax: tax / 100,
        total: (subtotal + tax) / 100,
        purchase_order_id: po,
        shipping_method: 'Standard',
      },
      checkout_key: `e2e-cart-${customer.customerId}-${po}`,
    },
  );
  return { id: String(placed.orderId), number: placed.orderNumber, po, subtotal, tax, total: subtotal + tax };
}

/** The header's cart button, e.g. 'Cart, 4 items'. */
async function expectCartCount(page: Page, count: number): Promise<void> {
  const cart = page
    .getByRole('navigation', { name: 'Account and cart' })
    .getByRole('link', { name: /^Cart,/ });
  await expect(cart).toHaveAccessibleName(`Cart, ${count} items`);
  await expect(cart).toHaveText(String(count));
}

/** The first page of notebooks as this customer sees it, and three offers picked from it. */
async function pickOffers(request: APIRequestContext) {
  const response = await request.get('/api/category/Notebook');
  expect(response.status()).toBe(200);
  const items = ((await response.json()) as { categoryItems: { itemsBrief: Offer[] } }).categoryItems
    .itemsBrief;
  // Cards are found by name: only names shown once on the page.
  const unique = items.filter(
    (i) =>
      i.is_active &&
      i.item_condition !== 'Warranty' &&
      items.filter((j) => j.item_name === i.item_name).length === 1,
  );
  // Brand new first: the journey reads its condition's name on the cart, the order, the invoice and the mail.
  const plenty = unique
    .filter((i) => stockOf(i) >= 20)
    .sort((a, b) => Number(b.item_condition === 'BrandNew') - Number(a.item_condition === 'BrandNew'));
  const fromCard = plenty[0];
  const fromPage = plenty[1];
  // A small stock is reached quickly by typing; this item is removed again before checking out.
  const scarce = unique.find((i) => stockOf(i) >= 2 && stockOf(i) <= 15);
  expect(fromCard && fromPage && scarce, 'notebooks to buy on the first page').toBeTruthy();
  expect(fromCard!.item_condition, 'a brand new notebook to buy').toBe('BrandNew');
  return { fromCard: fromCard!, fromPage: fromPage!, scarce: scarce! };
}

const cardOf = (page: Page, name: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
const lineOf = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
const quantityOf = (page: Page, name: string) => page.getByLabel(`Quantity of ${name}`, { exact: true });
const minusOf = (page: Page, name: string) =>
  page.getByRole('button', { name: `One less ${name}`, exact: true });
const plusOf = (page: Page, name: string) =>
  page.getByRole('button', { name: `One more ${name}`, exact: true });
const summary = (page: Page) => page.getByRole('complementary', { name: 'Order summary' });
/** The value (dd) after a term (dt) of a description list. */
const termValue = (page: Page, scope: string, term: string) =>
  page
    .locator(`${scope} dt`)
    .filter({ hasText: new RegExp(`^${term.replace(/[()]/g, '\\$&')}$`) })
    .locator('xpath=following-sibling::dd[1]');

interface CartFixtures {
  /** A customer of this test (at the demo customers' 15 %), made by the owner through the API, its password set. */
  customer: NewCustomer;
  /** A page signed in as that customer's primary contact, in a context of its own. */
  buyerPage: Page;
  /** Every dialog of that page, accepted; one nobody checked fails the test. */
  dialogs: Dialogs;
  /** Three notebooks to buy, as that customer sees them. */
  offers: Awaited<ReturnType<typeof pickOffers>>;
}

const test = base.extend<CartFixtures>({
  customer: async ({ playwright, baseURL }, use) => {
    const staff = await playwright.request.newContext({ baseURL });
    const login = await staff.post('/api/admin/login', { data: SELLER });
    expect(login.status(), `staff sign-in: ${await login.text()}`).toBe(200);
    await use(await createCustomer(staff, { percentage: 15 }));
    await staff.dispose();
  },
  buyerPage: async ({ browser, baseURL, customer }, use) => {
    const context = await customerContext(browser, baseURL, customer);
    await use(await context.newPage());
    await context.close();
  },
  dialogs: [
    async ({ buyerPage }, use) => {
      const dialogs = new Dialogs(buyerPage);
      await use(dialogs);
      dialogs.none();
    },
    { auto: true },
  ],
  offers: async ({ buyerPage }, use) => {
    await use(await pickOffers(buyerPage.request));
  },
});

test.describe.configure({ mode: 'parallel' });

test.describe('cart and checkout of a customer', () => {
  test('an empty cart says so, and checking it out is refused', async ({ buyerPage: page, dialogs }) => {
    await page.goto('/acer/cart');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Cart (0 items)');
    await expect(page.getByText(MSG.empty)).toBeVisible();
    await expect(page.getByRole('button', { name: 'CHECKOUT' })).toHaveCount(0);
    await expectCartCount(page, 0);

    await page.goto('/acer/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'Check Out' })).toBeVisible();
    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    // Everything missing is said at once: no item, no address (this customer has none yet), no PO number.
    await dialogs.next([MSG.noItems, MSG.noAddress, MSG.poNumber].join('\n'));
    await expect(page.getByLabel('Purchase order number *')).toHaveAccessibleDescription(MSG.poNumber);
    await expect(page.getByText(MSG.noAddress, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/acer\/checkout$/);
  });

  test('adds two items from cards and two of one from its product page', async ({
    buyerPage: page,
    offers,
  }) => {
    const { fromCard, scarce, fromPage } = offers;
    await page.goto('/acer/category/Notebook');

    for (const [i, offer] of [fromCard, scarce].entries()) {
      const button = cardOf(page, offer.item_name).getByRole('button', { name: 'ADD TO CART' });
      const clicked = Date.now();
      await button.click();
      // The confirmation opens a second after the add.
      await expect(page).toHaveURL(/\/acer\/add-to-cart$/);
      expect(Date.now() - clicked).toBeGreaterThanOrEqual(900);
      await expect(page.getByRole('heading', { level: 1, name: 'Added to your cart' })).toBeVisible();
      const main = page.getByRole('main');
      await expect(main.getByText(offer.item_name, { exact: true })).toBeVisible();
      await expect(main.getByText(`SKU: ${offer.sku}`, { exact: true })).toBeVisible();
      await expect(main.getByText('Quantity: 1', { exact: true })).toBeVisible();
      await expect(main.getByRole('link', { name: 'CHECKOUT' })).toHaveAttribute('href', '/acer/checkout');
      await expect(main.getByRole('link', { name: 'View your cart' })).toHaveAttribute('href', '/acer/cart');
      await expectCartCount(page, i + 1);
      await main.getByRole('button', { name: 'CONTINUE SHOPPING' }).click();
      await expect(page).toHaveURL(/\/acer\/category\/Notebook$/);
      await expect(cardOf(page, offer.item_name)).toBeVisible();
    }

    await page.goto(`/acer/product/${fromPage.item_id}/${fromPage.item_condition}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fromPage.item_name);
    const quantity = page.getByLabel('Quantity', { exact: true });
    // More than the stock is refused on the product page.
    await quantity.fill(String(stockOf(fromPage) + 1));
    await expect(page.getByRole('alert')).toHaveText(MSG.exceedsStock);
    await quantity.fill('2');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await expect(page).toHaveURL(/\/acer\/add-to-cart$/);
    const main = page.getByRole('main');
    await expect(main.getByText(fromPage.item_name, { exact: true })).toBeVisible();
    await expect(main.getByText('Quantity: 2', { exact: true })).toBeVisible();

    const lines = [
      { offer: fromCard, quantity: 1 },
      { offer: scarce, quantity: 1 },
      { offer: fromPage, quantity: 2 },
    ];
    await expect(main.getByText(/^Your cart has \d+ items?, subtotal/)).toHaveText(
      `Your cart has 4 items, subtotal ${money(subtotalOf(lines))}. View your cart`,
    );
    await expectCartCount(page, 4);
    const cart = (await headerData(page)).cartItems.map((l) => [l.item_id, l.item_condition, l.quantity]);
    expect(cart).toEqual(lines.map((l) => [l.offer.item_id, l.offer.item_condition, l.quantity]));
  });

  test('the cart checks every quantity change', async ({ buyerPage: page, customer, dialogs, offers }) => {
    const { fromCard, scarce, fromPage } = offers;
    const stock = stockOf(scarce);
    // The cart as the adding journey leaves it.
    await addByApi(page, customer, [
      { offer: fromCard, quantity: 1 },
      { offer: scarce, quantity: 1 },
      { offer: fromPage, quantity: 2 },
    ]);
    await page.goto('/acer/cart');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Cart (4 items)');
    for (const offer of [fromCard, scarce, fromPage])
      await expect(lineOf(page, offer.item_name)).toBeVisible();
    await expect(quantityOf(page, fromPage.item_name)).toHaveValue('2');
    // Each line names its condition as people read it ("SKU: … · Brand new · 43 in stock").
    for (const offer of [fromCard, scarce, fromPage])
      await expect(lineOf(page, offer.item_name)).toContainText(
        `SKU: ${offer.sku} · ${conditionShown(offer.item_condition)} · `,
      );
    await expect(lineOf(page, fromCard.item_name)).toContainText(' · Brand new · ');
    await expect(page.locator('.cart')).not.toContainText('BrandNew');

    // Minus below 1 is refused with its message; the quantity stays.
    await minusOf(page, fromCard.item_name).click();
    const cardLine = lineOf(page, fromCard.item_name);
    await expect(cardLine.getByRole('alert')).toHaveText(MSG.belowOne);
    await expect(quantityOf(page, fromCard.item_name)).toHaveValue('1');
    await expect(quantityOf(page, fromCard.item_name)).toHaveAttribute('aria-invalid', 'true');
    await expect(quantityOf(page, fromCard.item_name)).toHaveAccessibleDescription(MSG.belowOne);

    // While a line has an error, checking out is refused with the messages.
    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await dialogs.next(MSG.belowOne);
    await expect(page).toHaveURL(/\/acer\/cart$/);

    // Typing more than the stock is clamped to the stock, with its message, and saved on leaving the field.
    const scarceQuantity = quantityOf(page, scarce.item_name);
    await scarceQuantity.fill(String(stock + 5));
    await expect(scarceQuantity).toHaveValue(String(stock));
    const scarceLine = lineOf(page, scarce.item_name);
    await expect(scarceLine.getByRole('alert')).toHaveText(MSG.clamped(stock));
    await scarceQuantity.press('Enter');
    // The controls are locked for a second after the change.
    await expect(scarceQuantity).toBeDisabled();
    await expect(scarceQuantity).toBeEnabled();
    await expect(scarceQuantity).toHaveValue(String(stock));
    await expectCartCount(page, 1 + stock + 2);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Your Cart (${3 + stock} items)`);

    // Plus above the stock is refused.
    await plusOf(page, scarce.item_name).click();
    await expect(scarceLine.getByRole('alert')).toHaveText(MSG.plusAbove(stock));
    await expect(scarceQuantity).toHaveValue(String(stock));

    // A blank quantity goes back to the previous one on leaving the field.
    const pageQuantity = quantityOf(page, fromPage.item_name);
    await pageQuantity.fill('');
    await expect(pageQuantity).toHaveValue('');
    await pageQuantity.blur();
    await expect(pageQuantity).toHaveValue('2');
    await expect(lineOf(page, fromPage.item_name).getByRole('alert')).toHaveCount(0);

    // Remove a line.
    await scarceLine.getByRole('button', { name: 'Remove' }).click();
    await dialogs.next(MSG.removed(scarce.item_name));
    await expect(scarceLine).toHaveCount(0);
    await expectCartCount(page, 3);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Cart (3 items)');

    // Editing the quantity clears its message.
    const cardQuantity = quantityOf(page, fromCard.item_name);
    await cardQuantity.fill('');
    await expect(cardLine.getByRole('alert')).toHaveCount(0);
    await expect(cardQuantity).not.toHaveAttribute('aria-invalid');
    await cardQuantity.fill('1');
    await cardQuantity.blur();
    await expect(cardQuantity).toHaveValue('1');

    const bought = [
      { offer: fromCard, quantity: 1 },
      { offer: fromPage, quantity: 2 },
    ];
    const subtotal = money(subtotalOf(bought));
    await expect(termValue(page, '.cart__totals', 'Subtotal')).toHaveText(subtotal);
    await expect(termValue(page, '.cart__totals', 'Grand Total')).toHaveText(subtotal);

    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await expect(page).toHaveURL(/\/acer\/checkout$/);
  });

  test('checks out with a purchase order number and a new Ontario address', async ({
    buyerPage: page,
    customer,
    dialogs,
    offers,
  }) => {
    // The cart as the quantity journey leaves it; this customer has no address yet.
    const bought = [
      { offer: offers.fromCard, quantity: 1 },
      { offer: offers.fromPage, quantity: 2 },
    ];
    await addByApi(page, customer, bought);
    await page.goto('/acer/checkout');
    await expect(page).toHaveURL(/\/acer\/checkout$/);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Your Cart' })).toBeVisible();
    await expect(crumbs.getByText('Check Out')).toBeVisible();

    const subtotal = subtotalOf(bought);
    const tax = ontarioTax(subtotal);
    const box = summary(page);
    await expect(box.getByRole('listitem')).toHaveText(
      bought.map(
        (l) =>
          `${l.quantity} × ${l.offer.item_name} ${money(unitCents(l.offer))} each${money(unitCents(l.offer) * l.quantity)}`,
      ),
    );
    await expect(termValue(page, '.checkout__summary', 'Subtotal')).toHaveText(money(subtotal));
    // No shipping address yet: no tax.
    await expect(termValue(page, '.checkout__summary', 'Tax')).toHaveText('without shipping');

    await box.getByRole('button', { name: 'PLACE ORDER' }).click();
    await dialogs.next(`${MSG.noAddress}\n${MSG.poNumber}`);

    // A new address, typed on the checkout page, becomes the shipping (and billing) address.
    await page.getByRole('button', { name: 'Add a new address' }).click();
    const form = page.getByRole('group', { name: 'New address' });
    await form.getByLabel('First name').fill('Olivia');
    await form.getByLabel('Last name').fill('Martin');
    await form.getByLabel('Company').fill('Northwind Systems Inc.');
    await form.getByLabel('Phone').fill('4165550101');
    await form.getByLabel('Address line 1').fill('100 King Street West');
    await form.getByLabel('City').fill('Toronto');
    await form.getByLabel('Province').selectOption('Ontario');
    await form.getByLabel('Postal code').fill('M5X1A9');
    await form.getByRole('button', { name: 'SAVE ADDRESS' }).click();
    await expect(form).toHaveCount(0);
    const shipping = page.getByRole('group', { name: 'Shipping address' });
    const saved = shipping.getByRole('radio', { name: /100 King Street West, Toronto, Ontario M5X 1A9/ });
    await expect(saved.last()).toBeChecked();
    await expect(page.getByRole('checkbox', { name: /Billing address is the same/ })).toBeChecked();

    // Ontario's tax is one component, the HST, by name and rate.
    await expect(page.locator('.checkout__summary dt').nth(1)).toHaveText('HST 13 % (Ontario)');
    await expect(termValue(page, '.checkout__summary', 'HST 13 % (Ontario)')).toHaveText(money(tax));
    await expect(termValue(page, '.checkout__summary', 'Total')).toHaveText(money(subtotal + tax));
    await expect(page.getByRole('radio', { name: 'Standard' })).toBeChecked();

    // The purchase order number is mandatory.
    // The saved address answered the address message; the purchase order number is still mandatory.
    await expect(page.getByText(MSG.noAddress, { exact: true })).toHaveCount(0);
    await box.getByRole('button', { name: 'PLACE ORDER' }).click();
    await dialogs.next(MSG.poNumber);
    const po = `PO-${Date.now()}`;
    await page.getByLabel('Purchase order number *').fill(po);
    await expect(page.getByText(MSG.poNumber, { exact: true })).toHaveCount(0);

    // The order request is held until the placing message has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/placeorder', async (route) => {
      await held;
      // As from a computer whose clock is wrong: the order's date is still the server's.
      const request = route.request().postDataJSON();
      request.orderInfo.created_time = '1999-01-01T09:30:00';
      await route.continue({ postData: JSON.stringify(request) });
    });
    await box.getByRole('button', { name: 'PLACE ORDER' }).click();
    await expect(page).toHaveURL(/\/acer\/order\/placed$/);
    await expect(page.getByText(MSG.placing, { exact: true })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Thank you, your order has been received',
    );
    await page.unroute('**/api/placeorder');
    const number = await textOf(page.getByRole('main').locator('strong'));
    expect(number).toMatch(/^SO-\d+$/);
    const view = page.getByRole('link', { name: 'View your order' });
    const id = /\/acer\/order\/(\d+)$/.exec((await view.getAttribute('href')) ?? '')?.[1];
    expect(id).toBeTruthy();
    const order = { id: id!, number, po, subtotal, tax, total: subtotal + tax };
    // The cart is emptied.
    await expectCartCount(page, 0);
    expect((await headerData(page)).cartItems).toEqual([]);

    // A refresh does not place it again: the page says so and goes to the orders list.
    await page.reload();
    await expect(page.getByText(MSG.placedRefresh, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/acer\/account\/orders$/, { timeout: 10_000 });

    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: number, exact: true }) });
    await expect(row).toHaveCount(1);
    const year = String(new Date().getFullYear());
    await expect(row.getByRole('cell')).toHaveText([
      number,
      new RegExp(year),
      po,
      money(order.total),
      'Pending',
      '—',
      '—',
      `${customer.firstName} ${customer.lastName}`,
    ]);

    await row.getByRole('link', { name: number, exact: true }).click();
    await expect(page).toHaveURL(`/acer/order/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${number}`);
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText([
      'Item',
      'SKU',
      'Condition',
      'Quantity',
      'Rate',
      'Amount',
      'Status',
    ]);
    const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(rows).toHaveCount(bought.length);
    for (const [i, l] of bought.entries()) {
      await expect(rows.nth(i).getByRole('cell')).toHaveText([
        l.offer.item_name,
        l.offer.sku,
        conditionShown(l.offer.item_condition),
        String(l.quantity),
        money(unitCents(l.offer)),
        money(unitCents(l.offer) * l.quantity),
        'Pending',
      ]);
    }
    await expect(termValue(page, '.order__facts', 'Purchase order')).toHaveText(po);
    await expect(termValue(page, '.order__facts', 'Placed')).toContainText(year);
    await expect(termValue(page, '.order__facts', 'Placed')).not.toContainText('1999');
    await expect(termValue(page, '.order__facts', 'Status')).toHaveText('Pending');
    await expect(termValue(page, '.order__facts', 'Shipping method')).toHaveText('Standard');
    await expect(termValue(page, '.order__totals', 'Subtotal')).toHaveText(money(subtotal));
    await expect(termValue(page, '.order__totals', 'HST 13 %')).toHaveText(money(tax));
    await expect(termValue(page, '.order__totals', 'Total')).toHaveText(money(subtotal + tax));
    await expect(page.getByRole('heading', { name: 'Shipping address' })).toBeVisible();
    await expect(page.locator('.order__address').first()).toContainText('100 King Street West');
    // The postal code kept as M5X1A9 reads as Canada Post writes it.
    await expect(page.locator('.order__address').first()).toContainText('Toronto, Ontario M5X 1A9');
    await expect(table).toContainText('Brand new');
    await expect(table).not.toContainText('BrandNew');

    // The confirmation mail names the conditions the same way.
    let mail: { text: string } | undefined;
    await expect
      .poll(
        async () => {
          mail = (await mailsTo(customer.email)).find((m) =>
            m.subject.startsWith(`Order ${number} received`),
          );
          return Boolean(mail);
        },
        { message: `the confirmation of ${number}` },
      )
      .toBe(true);
    for (const l of bought)
      expect(mail!.text).toContain(`(${l.offer.sku}, ${conditionShown(l.offer.item_condition)}) at `);
    expect(mail!.text).toContain(`(${offers.fromCard.sku}, Brand new) at `);
    expect(mail!.text).not.toContain('BrandNew');
  });

  test('the invoice adds the shipping the seller charged', async ({ buyerPage: page, customer, offers }) => {
    test.skip(!ON_POSTGRES, NEEDS_POSTGRES);
    // The order the checkout journey places.
    const bought = [
      { offer: offers.fromCard, quantity: 1 },
      { offer: offers.fromPage, quantity: 2 },
    ];
    const order = await orderByApi(page, customer, await addAddress(page, customer, 'kingStreet'), bought);
    // Shipping alone: the fee table's lines are left out (their own journey is invoice-taxes.spec.ts).
    const printed = seller('invoice', order.number, '--shipping', '25.00', '--no-fees');
    const invoiceId = /\(id (\d+)\)/.exec(printed)?.[1];
    expect(invoiceId, printed).toBeTruthy();
    const shipping = 2500;
    const shippingTax = ontarioTax(shipping);
    const total = order.total + shipping + shippingTax;
    expect(printed).toContain(`total $${(total / 100).toFixed(2)}.`);

    await page.goto('/acer/account/orders');
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: order.number, exact: true }) });
    const invoice = row.getByRole('link', { name: `Invoice for order ${order.number}` });
    await expect(invoice).toHaveText('Invoice');
    await invoice.click();
    await expect(page).toHaveURL(`/acer/invoice/${invoiceId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Invoice INV-\d+$/);

    const rows = page
      .getByRole('table')
      .getByRole('row')
      .filter({ has: page.getByRole('cell') });
    await expect(rows).toHaveCount(bought.length + 1);
    for (const [i, l] of bought.entries()) {
      await expect(rows.nth(i).getByRole('cell').first()).toHaveText(l.offer.item_name);
      await expect(rows.nth(i).getByRole('cell').nth(2)).toHaveText(conditionShown(l.offer.item_condition));
    }
    await expect(page.getByRole('table')).not.toContainText('BrandNew');
    // Shipping is an extra row of the invoice.
    await expect(rows.last().getByRole('cell')).toHaveText([
      'Shipping (Standard)',
      '',
      '',
      '1',
      money(shipping),
      money(shipping),
      'Pending',
    ]);
    await expect(termValue(page, '.order__totals', 'Subtotal')).toHaveText(money(order.subtotal));
    // The invoice's HST: the order's and 13 % of the shipping, the invoice's one HST line.
    await expect(termValue(page, '.order__totals', 'Shipping')).toHaveText(money(shipping));
    await expect(termValue(page, '.order__totals', 'HST 13 %')).toHaveText(money(order.tax + shippingTax));
    await expect(termValue(page, '.order__totals', 'Total')).toHaveText(money(total));
  });

  test('an order the seller cancels shows Canceled in red', async ({ buyerPage: page, customer, offers }) => {
    test.skip(!ON_POSTGRES, NEEDS_POSTGRES);
    // A first order, which stays Pending, to the address saved at the checkout.
    const order = await orderByApi(page, customer, await addAddress(page, customer, 'kingStreet'), [
      { offer: offers.fromCard, quantity: 1 },
    ]);
    // A second order, checked out with the saved address.
    await addByApi(page, customer, [{ offer: offers.fromCard, quantity: 1 }]);
    await page.goto('/acer/checkout');
    await page
      .getByRole('group', { name: 'Shipping address' })
      .getByRole('radio', { name: /100 King Street West/ })
      .last()
      .check();
    await page.getByLabel('Purchase order number *').fill(`PO-${Date.now()}`);
    await summary(page).getByRole('button', { name: 'PLACE ORDER' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Thank you, your order has been received',
    );
    const second = await textOf(page.getByRole('main').locator('strong'));

    expect(seller('order', second, 'cancel', '--reason', "Canceled at the customer's request.")).toContain(
      `Order ${second} is now Canceled.`,
    );
    await page.goto('/acer/account/orders');
    const statusOf = (number: string) =>
      page
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: number, exact: true }) })
        .getByRole('cell')
        .nth(4);
    await expect(statusOf(second)).toHaveText('Canceled');
    await expect(statusOf(second).locator('span')).toHaveCSS('color', 'rgb(179, 38, 30)');
    await expect(statusOf(order.number)).toHaveText('Pending');
    await expect(statusOf(order.number).locator('span')).toHaveCSS('color', 'rgb(0, 0, 0)');
  });

  test('no serious accessibility violation on the cart, checkout, placed and order pages', async ({
    buyerPage: page,
    customer,
    offers,
  }) => {
    await addAddress(page, customer, 'kingStreet');
    await addByApi(page, customer, [{ offer: offers.fromPage, quantity: 1 }]);
    await page.goto('/acer/cart');
    await expect(lineOf(page, offers.fromPage.item_name)).toBeVisible();
    // With a line message showing.
    await minusOf(page, offers.fromPage.item_name).click();
    await expect(lineOf(page, offers.fromPage.item_name).getByRole('alert')).toHaveText(MSG.belowOne);
    await expectNoSeriousA11y(page);

    await page.goto('/acer/checkout');
    await page.getByRole('button', { name: 'Add a new address' }).click();
    await expect(page.getByRole('group', { name: 'New address' })).toBeVisible();
    await expectNoSeriousA11y(page);
    await page
      .getByRole('group', { name: 'Shipping address' })
      .getByRole('radio', { name: /100 King Street West/ })
      .last()
      .check();
    await page.getByLabel('Purchase order number *').fill(`PO-${Date.now()}`);

    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/placeorder', async (route) => {
      await held;
      await route.continue();
    });
    await summary(page).getByRole('button', { name: 'PLACE ORDER' }).click();
    await expect(page.getByText(MSG.placing, { exact: true })).toBeVisible();
    await expectNoSeriousA11y(page);
    release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Thank you, your order has been received',
    );
    await page.unroute('**/api/placeorder');
    await expectNoSeriousA11y(page);

    await page.getByRole('link', { name: 'View your order' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Order SO-\d+$/);
    await expect(page.getByRole('table')).toBeVisible();
    await expectNoSeriousA11y(page);
  });

  test('checkout starts with the company’s first address chosen for shipping and billing', async ({
    buyerPage: page,
    customer,
  }) => {
    await addAddress(page, customer, 'kingStreet');
    await addAddress(page, customer, 'calgary');
    await page.goto('/acer/checkout');
    const shipping = page.getByRole('group', { name: 'Shipping address' }).getByRole('radio');
    await expect(shipping).toHaveCount(2);
    await expect(shipping.first()).toBeChecked();
    await expect(page.getByRole('checkbox', { name: /Billing address is the same/ })).toBeChecked();
    // The tax is worked out for the chosen address at once.
    await expect(page.locator('.checkout__summary dt').nth(1)).toHaveText(/^(GST|HST) \d+(\.\d+)? % \(.+\)$/);
    // Billing elsewhere starts from the same first address; another choice is kept.
    await page.getByRole('checkbox', { name: /Billing address is the same/ }).uncheck();
    const billing = page.getByRole('group', { name: 'Billing address' }).getByRole('radio');
    await expect(billing.first()).toBeChecked();
    await shipping.nth(1).check();
    await expect(shipping.nth(1)).toBeChecked();
    await expect(shipping.first()).not.toBeChecked();
    await expect(billing.first()).toBeChecked();
  });
});

base('a visitor opening the cart is sent to sign in', async ({ page }) => {
  await page.goto('/acer/cart');
  await expect(page).toHaveURL(/\/acer\/signin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});
