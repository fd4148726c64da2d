/**
 * Getting into the back office (issue 10): the sign-in page with the API's messages, coming back to the page
 * asked for, signing out; a clerk added on the Staff page sets a password through the mailed link and sees
 * only what a clerk may do; the back office has its own frame, passes axe, and works by keyboard alone.
 */
import {
  ADMIN,
  createCustomer,
  createProduct,
  customerContext,
  expect,
  linkIn,
  placeOrder,
  SELLER,
  tabTo,
  test,
  uid,
} from '../admin-fixtures';
import { expectNoSeriousA11y, keepToShop, lastMailId, nextMailTo } from '../fixtures';

test('staff sign in with the API messages, come back to the page they asked for and sign out', async ({
  page,
}) => {
  await page.goto(`${ADMIN}/customers?q=Northwind`);
  await expect(page).toHaveURL(
    `${ADMIN}/signin?next=${encodeURIComponent('/acer/admin/customers?q=Northwind')}`,
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to the back office');
  // The skip link is the first stop of the keyboard.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  // Its own frame: none of the shop's header, menu or footer.
  await expect(page.getByRole('navigation', { name: 'Categories' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expectNoSeriousA11y(page);

  await page.getByLabel('E-mail').fill(`nobody-${uid()}@example.com`);
  await page.getByLabel('Password').fill('Wrong@Pass1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('E-mail or password is incorrect.');

  await page.getByLabel('E-mail').fill(SELLER.email);
  await page.getByLabel('Password').fill(SELLER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${ADMIN}/customers?q=Northwind`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Customers');
  await expect(page.getByRole('banner')).toContainText('Demo Seller (owner)');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('C10001');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${ADMIN}/signin`);
  const me = await page.request.get('/api/admin/me');
  expect(me.status()).toBe(401);
  await page.goto(`${ADMIN}/orders`);
  await expect(page).toHaveURL(/\/acer\/admin\/signin\?next=/);
});

test('a clerk added on the Staff page sets a password through the link and sees only what a clerk may do', async ({
  adminPage: owner,
  browser,
  baseURL,
}) => {
  const email = `clerk-${uid()}@example.com`;
  await owner.goto(`${ADMIN}/staff`);
  await expectNoSeriousA11y(owner);
  const add = owner.getByRole('region', { name: 'Add a person' });
  await add.getByLabel('E-mail').fill(email);
  await add.getByLabel('Name').fill('Casey Clerk');
  await expect(add.getByLabel('Role')).toHaveValue('clerk');
  const since = await lastMailId();
  await add.getByRole('button', { name: 'Add and mail the link' }).click();
  await expect(add.getByRole('status')).toHaveText(`${email} has been mailed a link to set their password.`);
  await expect(owner.getByRole('row').filter({ hasText: email })).toContainText('Active, no password yet');
  const mail = await nextMailTo(email, since);

  const context = await browser.newContext({ baseURL });
  await keepToShop(context, baseURL);
  const page = await context.newPage();
  await page.goto(linkIn(mail.text, 'staff'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set your password');
  await expect(page.getByText(`You sign in to the back office with ${email}.`)).toBeVisible();
  await expectNoSeriousA11y(page);
  await page.getByLabel('New password').fill('weak');
  await page.getByLabel('Confirm password').fill('weak');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('alert')).toContainText('New password does not meet the requirement');
  await page.getByLabel('New password').fill('Clerk@Pass1');
  await page.getByLabel('Confirm password').fill('Clerk@Pass1');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(`${ADMIN}/signin`);
  await expect(page.getByRole('status')).toHaveText('Your password has been set. You can sign in now.');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('Clerk@Pass1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('banner')).toContainText('Casey Clerk (clerk)');

  // What a clerk cannot do is not offered.
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Audit' })).toHaveCount(0);
  await page.goto(`${ADMIN}/customers`);
  await expect(page.getByRole('link', { name: 'New customer' })).toHaveCount(0);
  await page.goto(`${ADMIN}/customers/C10001`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('C10001');
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Disable customer' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add buyer' })).toHaveCount(0);
  // An exemption from a province's own sales tax, not from all tax (the seller's liability).
  const exemption = page.getByRole('form', { name: 'Record an exemption' });
  await expect(exemption.getByLabel('Exempt from').getByRole('option')).toHaveText([
    "A province's own sales tax (e.g. a reseller's PST or QST)",
  ]);
  await expect(exemption.getByText('Only an owner records an exemption from all tax.')).toBeVisible();
  const allTax = await page.request.post('/api/admin/customers/C10001/exemptions', {
    data: { scope: 'all', reference: 'Certificate 0123456789', reason: 'Status-exempt buyer' },
  });
  expect(allTax.status()).toBe(403);
  expect((await allTax.json()).smessage).toBe(
    "Only an owner of the shop can record an exemption from all tax; a clerk can record one from a province's own sales tax.",
  );
  await page.goto(`${ADMIN}/customers/new`);
  await expect(page.getByRole('alert')).toHaveText('Only an owner of the shop can do this.');
  await page.goto(`${ADMIN}/staff`);
  await expect(page.getByRole('alert')).toHaveText('Only an owner of the shop can do this.');
  // The server refuses anyway.
  const refused = await page.request.patch('/api/admin/customers/C10001', { data: { percentage: 50 } });
  expect(refused.status()).toBe(403);
  // A clerk works on products.
  await page.goto(`${ADMIN}/products/new`);
  await expect(page.getByRole('button', { name: 'Create product' })).toBeVisible();

  // Their own password: the current one is checked.
  await page.goto(`${ADMIN}/password`);
  await expectNoSeriousA11y(page);
  await page.getByLabel('Current password').fill('Wrong@Pass9');
  await page.getByLabel(/^New password/).fill('Clerk@Pass2');
  await page.getByLabel('Confirm new password').fill('Clerk@Pass2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Current password is wrong.');
  await page.getByLabel('Current password').fill('Clerk@Pass1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password has been changed.');
  await context.close();

  // The owner turns the clerk off.
  await owner.reload();
  const row = owner.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: 'Turn off Casey Clerk' }).click();
  await expect(row).toContainText('Turned off');
  const refusedSignIn = await owner.request.post('/api/admin/login', {
    data: { email, password: 'Clerk@Pass2' },
  });
  expect(refusedSignIn.status()).toBe(403);
});

test('buyers never download the back office; staff get it on its own pages', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/.+\.(js|css)$/.test(new URL(request.url()).pathname)) scripts.push(request.url());
  });
  const backOffice = (url: string) => /\/assets\/(BackOffice|admin)-[^/]+\.(js|css)$/.test(url);
  await page.goto('/acer');
  await expect(page.getByRole('region', { name: 'NEW PRODUCTS' }).getByRole('article').first()).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Categories' })
    .getByRole('link', { name: 'Notebooks' })
    .first()
    .click();
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.goto('/acer/signin');
  await expect(page.getByRole('button', { name: 'SIGN IN' })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter(backOffice)).toEqual([]);

  await page.goto(`${ADMIN}/signin`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to the back office');
  expect(scripts.filter(backOffice).length).toBeGreaterThan(0);
});

test('no serious or critical axe violation on the audit page and the buyer-facing set-password page', async ({
  adminPage: page,
}) => {
  await page.goto(`${ADMIN}/audit?entity_type=product`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit');
  await expectNoSeriousA11y(page);
  await page.goto('/acer/set-password?token=not-a-real-token-at-all-000');
  await expect(page.getByRole('alert')).toHaveText(/This link does not work any more/);
  await expectNoSeriousA11y(page);
});

test('an order is found, confirmed, shipped and invoiced with the keyboard alone', async ({
  page,
  browser,
  baseURL,
}) => {
  // Setup through the API, as the owner in a context of its own.
  const setup = await browser.newContext({ baseURL });
  await setup.request.post('/api/admin/login', { data: SELLER });
  const product = await createProduct(setup.request);
  const customer = await createCustomer(setup.request);
  const shop = await customerContext(browser, baseURL, customer);
  const po = `PO-KEYS-${uid()}`.toUpperCase();
  const order = await placeOrder(shop.request, customer, [{ ...product, quantity: 1 }], po);
  await shop.close();
  await setup.close();

  const key = page.keyboard;
  await page.goto(`${ADMIN}/signin`);
  await tabTo(page, page.getByLabel('E-mail'));
  await key.type(SELLER.email);
  await key.press('Tab');
  await key.type(SELLER.password);
  await key.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Orders');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await tabTo(page, page.getByLabel('Search'));
  await key.type(po);
  await key.press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${po}`));
  await tabTo(page, page.getByRole('link', { name: order.orderNumber }));
  await key.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  await tabTo(page, page.getByRole('button', { name: 'Confirm order' }));
  await key.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'is now Confirmed.' })).toBeVisible();

  await tabTo(page, page.getByLabel('Tracking number'));
  await key.type('KEY-TRACK-1');
  await tabTo(page, page.getByRole('button', { name: 'Ship order' }));
  await key.press('Space');
  await expect(page.getByRole('status').filter({ hasText: 'is now Shipped.' })).toBeVisible();

  await tabTo(page, page.getByLabel('Shipping (dollars)'));
  await key.type('12.50');
  await tabTo(page, page.getByRole('button', { name: 'Add a line' }));
  await key.press('Enter');
  await tabTo(page, page.getByLabel('Line 1 name'));
  await key.type('Handling');
  await key.press('Tab');
  await key.type('3.00');
  await tabTo(page, page.getByRole('button', { name: 'Make the invoice' }));
  await key.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /^Invoice INV-\d+ has been made/ })).toBeVisible();
  // Focus was on the form that the invoice replaced: it moves to the message, not to the page's start.
  await expect(page.getByRole('status').filter({ hasText: /^Invoice INV-\d+ has been made/ })).toBeFocused();
  await expect(page.getByRole('region', { name: 'History' })).toContainText('tracking KEY-TRACK-1');

  // Sign out by keyboard.
  await tabTo(page, page.getByRole('button', { name: 'Sign out' }), { max: 100, backwards: true });
  await key.press('Enter');
  await expect(page).toHaveURL(`${ADMIN}/signin`);
});
