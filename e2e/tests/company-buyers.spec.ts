/**
 * Several buyers per company (issue 11): the company's administrator adds a buyer in the account area; the
 * buyer sets a password through the mailed link, signs in with their e-mail, cannot manage addresses or
 * buyers, and places an order that both see with who placed it; the administrator changes the buyer's role
 * and turns them off. Each test makes its own customer and product.
 */
import { call, createCustomer, createProduct, expect, linkIn, test, uid } from '../admin-fixtures';
import { addAddress, expectNoSidewaysScroll, MOBILE, shopContext } from '../company-fixtures';
import { Dialogs, expectNoSeriousA11y, keepToShop, lastMailId, nextMailTo, type Page } from '../fixtures';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const accountNav = (page: Page) => page.getByRole('navigation', { name: 'Account' });
const cartButton = (page: Page) =>
  page.getByRole('navigation', { name: 'Account and cart' }).getByRole('link', { name: /^Cart,/ });
const termValue = (page: Page, scope: string, term: string) =>
  page
    .locator(`${scope} dt`)
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');

// The journey in two tests, each with its own company: the buyer added in the page and signing in; then a
// buyer's order both see, and the buyer made an administrator and turned off.
test('an administrator adds a buyer, who sets a password from the mail, signs in with their e-mail and cannot manage addresses or buyers', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const staff = adminPage.request;
  const customer = await createCustomer(staff);
  const adminName = `${customer.firstName} ${customer.lastName}`;
  const adminContext = await shopContext(browser, baseURL, customer.customerId, customer.password);
  await addAddress(adminContext.request, customer);
  const admin = await adminContext.newPage();
  const adminDialogs = new Dialogs(admin);

  // Administrators find the section in the account's navigation.
  await admin.goto('/acer/account/orders');
  await accountNav(admin).getByRole('link', { name: 'Buyers' }).click();
  await expect(admin).toHaveURL(/\/acer\/account\/buyers$/);
  await expect(heading(admin)).toHaveText('buyers');
  const table = admin.getByRole('table', { name: "Your company's buyers" });
  const rows = table.getByRole('row').filter({ has: admin.getByRole('cell') });
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole('cell')).toHaveText([
    `${adminName}Primary contactYou`,
    customer.email,
    'Administrator',
    'Active',
    '—',
  ]);

  // The form checks the spec's field rules before sending.
  await admin.getByRole('button', { name: 'ADD BUYER' }).click();
  await expect(admin.getByLabel('First name')).toBeFocused();
  await expect(admin.locator('#buyer-first-name-error')).toHaveText(
    'First name cannot be empty and the length needs to be under 50 characters',
  );
  await admin.getByLabel('First name').fill('Priya');
  await admin.getByLabel('Last name').fill('Natarajan');
  await admin.getByLabel('E-mail').fill('not an address');
  await admin.getByRole('button', { name: 'ADD BUYER' }).click();
  await expect(admin.locator('#buyer-email-error')).toHaveText(
    'Email cannot be empty, or Email format error, or Email length exceeds 50 chracters',
  );
  await expectNoSeriousA11y(admin);

  const email = `buyer-${uid()}@example.com`;
  const buyerName = 'Priya Natarajan';
  await admin.getByLabel('E-mail').fill(email);
  await expect(admin.getByRole('radio', { name: 'Buyer' })).toBeChecked();
  const since = await lastMailId();
  await admin.getByRole('button', { name: 'ADD BUYER' }).click();
  await expect(
    admin
      .getByRole('status')
      .filter({ hasText: 'The buyer has been added and mailed a link to set a password.' }),
  ).toBeVisible();
  await expect(admin.getByLabel('E-mail')).toHaveValue('');
  const buyerRow = rows.filter({ hasText: email });
  await expect(buyerRow.getByRole('cell')).toHaveText([
    buyerName,
    email,
    'Buyer',
    'Active, password not set yet',
    'Make administratorTurn off',
  ]);
  await expectNoSeriousA11y(admin);

  // The buyer follows the mailed link, sets a password and signs in with their e-mail.
  const link = linkIn((await nextMailTo(email, since)).text);
  const buyerContext = await browser.newContext({ baseURL, viewport: MOBILE });
  await keepToShop(buyerContext, baseURL);
  const buyer = await buyerContext.newPage();
  const buyerDialogs = new Dialogs(buyer);
  await buyer.goto(link);
  await expect(heading(buyer)).toHaveText('Set your password');
  await expect(buyer.getByText(`You sign in with ${email}.`)).toBeVisible();
  await buyer.getByLabel('New password').fill('Buyer@2026x');
  await buyer.getByLabel('Confirm password').fill('Buyer@2026x');
  await buyer.getByRole('button', { name: 'SET PASSWORD' }).click();
  await buyerDialogs.next(/^Your password has been set/);
  await expect(buyer).toHaveURL(/\/acer\/signin$/);
  await buyer.getByLabel('Customer ID or e-mail').fill(email);
  await buyer.getByLabel('Password').fill('Buyer@2026x');
  await buyer.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(buyer).toHaveURL(/\/acer\/account\/orders$/);

  // A buyer sees the company's addresses but no way to change them, and no buyers section.
  await expect(accountNav(buyer).getByRole('link', { name: 'Addresses' })).toBeVisible();
  await expect(accountNav(buyer).getByRole('link', { name: 'Buyers' })).toHaveCount(0);
  await buyer.goto('/acer/account/addresses');
  await expect(buyer.getByText('200 Bay St')).toBeVisible();
  await expect(buyer.getByText("Only your company's administrators can change its addresses.")).toBeVisible();
  await expect(buyer.getByRole('link', { name: 'New Address' })).toHaveCount(0);
  await expect(buyer.getByRole('button', { name: /^(EDIT|DELETE) address/ })).toHaveCount(0);
  await expectNoSeriousA11y(buyer);
  await expectNoSidewaysScroll(buyer);
  await buyer.goto('/acer/account/buyers');
  await expect(buyer.getByText("Only your company's administrators can manage its buyers.")).toBeVisible();
  adminDialogs.none();
  await buyerContext.close();
  await adminContext.close();
});

test('a buyer places an order both see, with who placed it; the administrator makes them an administrator and turns them off', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const staff = adminPage.request;
  const product = await createProduct(staff, { stock: 40 });
  const customer = await createCustomer(staff);
  const adminContext = await shopContext(browser, baseURL, customer.customerId, customer.password);
  await addAddress(adminContext.request, customer);
  const admin = await adminContext.newPage();
  const adminDialogs = new Dialogs(admin);

  // A buyer of the company, added through the API (the test above adds one in the page), with a password set
  // from their mail, on a phone.
  const email = `buyer-${uid()}@example.com`;
  const buyerName = 'Priya Natarajan';
  const since = await lastMailId();
  await call(adminContext.request, 'POST', '/api/user/buyers/create', {
    buyerInfo: {
      customer_id: customer.customerId,
      first_name: 'Priya',
      last_name: 'Natarajan',
      email,
      role: 'buyer',
    },
  });
  const token = new URL(linkIn((await nextMailTo(email, since)).text), 'http://x').searchParams.get('token');
  await call(adminContext.request, 'POST', '/api/password-link/set', {
    token,
    password: 'Buyer@2026x',
    confirmPassword: 'Buyer@2026x',
  });
  const buyerContext = await shopContext(browser, baseURL, email, 'Buyer@2026x', { viewport: MOBILE });
  const buyer = await buyerContext.newPage();
  await admin.goto('/acer/account/buyers');
  const buyerRow = admin
    .getByRole('table', { name: "Your company's buyers" })
    .getByRole('row')
    .filter({ hasText: email });

  // The buyer orders from a cart of their own; the checkout offers no new address to them.
  await buyer.goto('/acer/quick-order');
  await buyer.getByLabel('Lines to order').fill(`${product.sku} 2`);
  await buyer.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(cartButton(buyer)).toHaveAccessibleName('Cart, 2 items');
  await buyer.goto('/acer/checkout');
  await expect(buyer.getByLabel('Purchase order number')).toBeVisible();
  await expect(buyer.getByRole('radio').first()).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Add a new address' })).toHaveCount(0);
  await buyer.getByRole('group', { name: 'Shipping address' }).getByRole('radio').first().check();
  const po = `PO-BUYER-${uid()}`.toUpperCase();
  await buyer.getByLabel('Purchase order number').fill(po);
  await buyer.getByRole('button', { name: 'PLACE ORDER' }).click();
  await expect(buyer).toHaveURL(/\/acer\/order\/placed$/);
  await expect(cartButton(buyer)).toHaveAccessibleName('Cart, 0 items');
  // The administrator's own cart is not the buyer's.
  await admin.reload();
  await expect(cartButton(admin)).toHaveAccessibleName('Cart, 0 items');

  // Both see the order, with who placed it.
  for (const page of [admin, buyer]) {
    await page.goto(`/acer/account/orders?q=${po}`);
    const row = page
      .getByRole('table')
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: po }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').last()).toHaveText(buyerName);
    await row.getByRole('link').first().click();
    await expect(heading(page)).toHaveText(/^Order SO-\d+$/);
    await expect(termValue(page, '.order__more', 'Placed by')).toHaveText(buyerName);
  }

  // The administrator makes the buyer an administrator, then turns them off.
  await admin.goto('/acer/account/buyers');
  await expect(buyerRow.getByRole('cell').nth(3)).toHaveText('Active');
  await buyerRow.getByRole('button', { name: `Make administrator: ${buyerName}` }).click();
  await expect(
    admin.getByRole('status').filter({ hasText: `${buyerName} is now an administrator.` }),
  ).toBeVisible();
  await expect(buyerRow.getByRole('cell').nth(2)).toHaveText('Administrator');
  await buyerRow.getByRole('button', { name: `Turn off: ${buyerName}` }).click();
  await adminDialogs.next(
    `Turn off ${buyerName}? They are signed out at once and cannot sign in until you turn them on again.`,
  );
  await expect(
    admin.getByRole('status').filter({ hasText: `${buyerName} has been turned off.` }),
  ).toBeVisible();
  await expect(buyerRow.getByRole('cell').nth(3)).toHaveText('Turned off');
  await expect(buyerRow.getByRole('button', { name: `Turn on: ${buyerName}` })).toBeVisible();
  await expectNoSeriousA11y(admin);
  // Turned off, the buyer's session has ended.
  expect((await buyerContext.request.get('/api/header')).status()).toBe(401);
  adminDialogs.none();

  // At 390 px the section's rows are stacked and nothing scrolls sideways.
  await admin.setViewportSize(MOBILE);
  await expect(buyerRow.getByRole('cell').nth(3)).toHaveText('Turned off');
  await expectNoSidewaysScroll(admin);
  await buyerContext.close();
  await adminContext.close();
});
