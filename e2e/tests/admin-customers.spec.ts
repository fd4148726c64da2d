/**
 * The back office's customers and applications (issue 10): a new customer is mailed a welcome link, sets a
 * password on the shop's page and signs in; a percentage change shows in that customer's prices; buyers are
 * added and turned off; a customer is disabled and enabled; applications are approved and rejected.
 */
import {
  ADMIN,
  call,
  createCustomer,
  createProduct,
  customerContext,
  expect,
  linkIn,
  test,
  uid,
} from '../admin-fixtures';
import { Dialogs, expectNoSeriousA11y, keepToShop, lastMailId, money, nextMailTo } from '../fixtures';

const WEAK = 'New password does not meet the requirement, please check your new password.';
const MISMATCH = 'New password and confirm password is not the same, please check.';

test('a new customer gets the welcome mail, sets a password through its link and signs in', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  const id = uid();
  const email = `welcome-${id}@example.com`;
  await page.goto(`${ADMIN}/customers`);
  await page.getByRole('link', { name: 'New customer' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New customer');
  await expectNoSeriousA11y(page);

  // The shared rules answer first, at the fields.
  await page.getByLabel('E-mail').fill('not-an-address');
  await page.getByRole('button', { name: 'Create the customer' }).click();
  await expect(page.getByRole('alert')).toContainText('Company name');
  await expect(page.getByLabel('Company')).toBeFocused();

  await page.getByLabel('Company').fill(`Welcome Test ${id}`);
  await page.getByLabel('Contact first name').fill('Avery');
  await page.getByLabel('Contact last name').fill('Welcome');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Phone').fill('4165550123');
  await page.getByLabel('Price percentage').fill('12');
  const since = await lastMailId();
  await page.getByRole('button', { name: 'Create the customer' }).click();
  const created = page.getByRole('status').filter({ hasText: /^Customer C\d+ has been created/ });
  await expect(created).toBeVisible();
  const customerId = /C\d+/.exec((await created.textContent()) ?? '')![0];
  await expect(page).toHaveURL(`${ADMIN}/customers/${customerId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome Test ${id} (${customerId})`);
  await expect(page.getByRole('region', { name: 'Audit' })).toContainText('customer.create');
  await expectNoSeriousA11y(page);

  const mail = await nextMailTo(email, since);
  expect(mail.subject).toBe(`Welcome to Acer Store for business: your Customer ID is ${customerId}`);

  // The customer opens the link in the shop, in a browser of their own.
  const context = await browser.newContext({ baseURL });
  await keepToShop(context, baseURL);
  const shop = await context.newPage();
  const dialogs = new Dialogs(shop);
  await shop.goto(linkIn(mail.text));
  await expect(shop.getByRole('heading', { level: 1 })).toHaveText('Set your password');
  await expect(shop.getByRole('banner')).toBeVisible();
  await expect(shop.getByText(`You sign in with ${customerId}.`)).toBeVisible();
  await expectNoSeriousA11y(shop);
  await shop.getByLabel('New password', { exact: false }).first().fill('short');
  await shop.getByLabel('Confirm password').fill('short');
  await shop.getByRole('button', { name: 'SET PASSWORD' }).click();
  await expect(shop.locator('#password-error')).toHaveText(WEAK);
  await expect(shop.getByLabel('New password', { exact: false }).first()).toBeFocused();
  await shop.getByLabel('New password', { exact: false }).first().fill('Welcome@2025');
  await shop.getByLabel('Confirm password').fill('Welcome@2026');
  await shop.getByRole('button', { name: 'SET PASSWORD' }).click();
  await expect(shop.locator('#confirmPassword-error')).toHaveText(MISMATCH);
  await shop.getByLabel('Confirm password').fill('Welcome@2025');
  await shop.getByRole('button', { name: 'SET PASSWORD' }).click();
  await dialogs.next('Your password has been set. You can sign in now.');
  await expect(shop).toHaveURL(/\/acer\/signin$/);

  await shop.getByLabel('Customer ID or e-mail').fill(customerId);
  await shop.getByLabel('Password').fill('Welcome@2025');
  await shop.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(shop).toHaveURL(/\/acer\/account\/orders$/);
  dialogs.none();

  // The link works once.
  await shop.goto(linkIn(mail.text));
  await expect(shop.getByRole('alert')).toHaveText(/This link does not work any more/);
  await context.close();
});

test("a percentage change shows in that customer's prices at once", async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  const product = await createProduct(page.request, { price: '100.00' });
  const customer = await createCustomer(page.request, { percentage: 10 });
  const context = await customerContext(browser, baseURL, customer);
  const shop = await context.newPage();
  await shop.goto(`/acer/product/${product.item_id}`);
  await expect(shop.getByRole('heading', { level: 1 })).toHaveText(product.item_name);
  await expect(shop.getByRole('main').getByText(money(11000)).first()).toBeVisible();

  await page.goto(`${ADMIN}/customers/${customer.customerId}`);
  const form = page.getByRole('region', { name: 'Company and prices' });
  await form.getByLabel('Price percentage').fill('25');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The customer has been saved.' })).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: 'Price percentage' }).locator('+ dd')).toHaveText(
    '25%',
  );
  await expect(page.getByRole('region', { name: 'Audit' })).toContainText('percentage: 10 → 25');

  await shop.reload();
  await expect(shop.getByRole('main').getByText(money(12500)).first()).toBeVisible();
  await expect(shop.getByRole('main').getByText(money(11000))).toHaveCount(0);
  await context.close();
});

test('buyers are added and turned off, a reset link is mailed, and a customer is disabled and enabled', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  const customer = await createCustomer(page.request);
  await page.goto(`${ADMIN}/customers/${customer.customerId}`);
  const buyers = page.getByRole('region', { name: 'Buyers' });

  const buyerEmail = `second-${uid()}@example.com`;
  let since = await lastMailId();
  await buyers.getByLabel('First name').fill('Sam');
  await buyers.getByLabel('Last name').fill('Second');
  await buyers.getByLabel('E-mail').fill(buyerEmail);
  await buyers.getByRole('button', { name: 'Add buyer' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `${buyerEmail} has been mailed a link to set their password` }),
  ).toBeVisible();
  const row = buyers.getByRole('row').filter({ hasText: buyerEmail });
  await expect(row.getByRole('cell').nth(3)).toHaveText(buyerEmail);
  await expect(row.getByRole('cell').nth(5)).toHaveText('Active, no password yet');
  let mail = await nextMailTo(buyerEmail, since);
  expect(mail.subject).toBe(`Your buyer sign-in for ${customer.company} at Acer Store for business`);

  await row.getByRole('button', { name: 'Turn off Sam Second' }).click();
  await expect(row.getByRole('cell').nth(5)).toHaveText('Turned off, no password yet');
  await row.getByRole('button', { name: 'Turn on Sam Second' }).click();
  await expect(row.getByRole('cell').nth(5)).toHaveText('Active, no password yet');

  // Details a customer cannot change themselves: the owner edits them.
  const edit = row.getByRole('button', { name: 'Edit Sam Second' });
  await edit.click();
  await expect(edit).toHaveAttribute('aria-expanded', 'true');
  const editor = buyers.getByRole('form', { name: 'Edit Sam Second' });
  await editor.getByLabel('Phone').fill('12345');
  await editor.getByRole('button', { name: 'Save Sam Second' }).click();
  await expect(editor.getByRole('alert')).toHaveText(
    'Phone Number error, Please only enter 10 digit Number.',
  );
  await editor.getByLabel('Phone').fill('6475550110');
  await editor.getByLabel('Last name').fill('Secondo');
  await editor.getByRole('button', { name: 'Save Sam Second' }).click();
  await expect(editor.getByRole('status')).toHaveText('The buyer has been saved.');
  const renamed = buyers.getByRole('row').filter({ hasText: 'Sam Secondo' });
  await expect(renamed.getByRole('cell').nth(2)).toHaveText('6475550110');
  await expect(page.getByRole('region', { name: 'Audit' })).toContainText('customer.update_contact');

  // A reset link for the primary contact.
  since = await lastMailId();
  const access = page.getByRole('region', { name: 'Sign-in' });
  await access.getByRole('button', { name: 'Send password link' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `A link to choose a password has been mailed to ${customer.email}.` }),
  ).toBeVisible();
  mail = await nextMailTo(customer.email, since);
  expect(mail.subject).toBe('Choose a new password for Acer Store for business');

  // Disabled: the customer cannot sign in, with the shared message; enabled again, they can.
  const shop = await browser.newContext({ baseURL });
  await keepToShop(shop, baseURL);
  await access.getByRole('button', { name: 'Disable customer' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('disabled');
  const refused = await shop.request.post('/api/user/login', {
    data: { username: customer.customerId, password: customer.password },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).smessage).toMatch(/^This account has been disabled/);
  await access.getByRole('button', { name: 'Enable customer' }).click();
  await expect(page.getByRole('heading', { level: 1 })).not.toContainText('disabled');
  await shop.close();
  const again = await customerContext(browser, baseURL, customer);
  await again.close();
  await expect(page.getByRole('region', { name: 'Audit' })).toContainText('customer.disable');
});

test('an application is approved through the filled-in form and another is rejected with a reason', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  const visitor = await browser.newContext({ baseURL });
  const apply = async (name: string) => {
    const email = `applicant-${uid()}@example.com`;
    const response = await visitor.request.post('/api/user/register', {
      data: {
        company: `${name} ${uid()}`.slice(0, 50),
        contactName: `Jordan ${name}`,
        email,
        phoneNumber: '6135550142',
        province: 'Ontario',
        message: `We would like to buy for ${name}.`,
      },
    });
    expect(response.status(), await response.text()).toBe(200);
    return email;
  };
  const applied = await lastMailId();
  const approveEmail = await apply('Approve');
  expect((await nextMailTo(approveEmail, applied)).subject).toBe(
    'We received your application for an Acer Store business account',
  );
  const rejectEmail = await apply('Reject');
  await nextMailTo(rejectEmail, applied);
  await visitor.close();

  await page.goto(`${ADMIN}/applications`);
  await expect(
    page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: /^Applications \d+ new$/ }),
  ).toBeVisible();
  const approveCard = page.getByRole('article').filter({ hasText: approveEmail });
  const rejectCard = page.getByRole('article').filter({ hasText: rejectEmail });
  await expect(approveCard).toBeVisible();
  await expectNoSeriousA11y(page);

  await rejectCard.getByRole('button', { name: /^Reject application/ }).click();
  await expect(rejectCard.getByRole('alert')).toContainText('Please give a reason');
  await rejectCard.getByLabel(/^Reason to reject/).fill('We sell to registered resellers only.');
  let since = await lastMailId();
  await rejectCard.getByRole('button', { name: /^Reject application/ }).click();
  await expect(rejectCard).toHaveCount(0);
  let mail = await nextMailTo(rejectEmail, since);
  expect(mail.subject).toBe('Your application for an Acer Store business account');
  expect(mail.text).toContain('We sell to registered resellers only.');

  await approveCard.getByRole('link', { name: /^Approve application/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Approve application #\d+$/);
  await expect(page.getByLabel('E-mail')).toHaveValue(approveEmail);
  await expect(page.getByLabel('Contact first name')).toHaveValue('Jordan');
  await expect(page.getByLabel('Contact last name')).toHaveValue('Approve');
  await expect(page.getByLabel('Price percentage')).toHaveValue('15');
  await expectNoSeriousA11y(page);
  since = await lastMailId();
  await page.getByRole('button', { name: 'Approve and create the customer' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Customer C\d+ has been created/ })).toBeVisible();
  mail = await nextMailTo(approveEmail, since);
  expect(mail.subject).toMatch(/^Welcome to Acer Store for business: your Customer ID is C\d+$/);

  await page.goto(`${ADMIN}/applications?status=Approved`);
  await expect(page.getByRole('article').filter({ hasText: approveEmail })).toContainText(
    'Approved by seller@example.com',
  );
  await page.goto(`${ADMIN}/applications?status=Rejected`);
  await expect(page.getByRole('article').filter({ hasText: rejectEmail })).toContainText(
    'We sell to registered resellers only.',
  );
});

test('customers are found by company and the list links to each', async ({ adminPage: page }) => {
  const customer = await createCustomer(page.request, { setPassword: false });
  await page.goto(`${ADMIN}/customers`);
  await expectNoSeriousA11y(page);
  await page.getByLabel('Search').fill(customer.company);
  await page.getByRole('button', { name: 'Show' }).click();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1).getByRole('cell')).toHaveText([
    customer.customerId,
    customer.company,
    `${customer.firstName} ${customer.lastName}`,
    customer.email,
    `${customer.percentage}%`,
    'Active',
    /\d{4}/,
    // A new customer has not ordered yet.
    'Never',
  ]);
  await expect(page.getByText('1 customer matches.')).toBeVisible();
  await rows.nth(1).getByRole('link', { name: customer.customerId }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `${customer.company} (${customer.customerId})`,
  );
  // A message to the customer from its page: shown in their Messages and mailed.
  const since = await lastMailId();
  await page.getByLabel('Send a message').fill('Your credit terms have been approved.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Message \d+ sent to/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Messages' })).toContainText(
    'Your credit terms have been approved.',
  );
  const mail = await nextMailTo(customer.email, since);
  expect(mail.text).toContain('Your credit terms have been approved.');
  await call(page.request, 'GET', `/api/admin/customers/${customer.customerId}`);
});
