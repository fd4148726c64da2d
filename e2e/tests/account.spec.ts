/**
 * The account area of a buyer (SPEC §2 Account sessions, Address screens, Wish lists, Sign in and reset;
 * §5 Address, Wish list, Account update, Password reset; §8). Each test makes its own customer through the
 * back office's API, so the tests run side by side and none waits for another, even those that change the
 * password (which ends the customer's other sessions). The accessibility pass over the account's sections
 * and the sign-in pages is in routes.spec.ts.
 */
import type { APIRequestContext } from '@playwright/test';
import { createCustomer, customerContext, type NewCustomer, SELLER } from '../admin-fixtures';
import {
  test as base,
  Dialogs,
  expect,
  lastMailId,
  NEEDS_POSTGRES,
  nextMailTo,
  ON_POSTGRES,
  type Page,
  seller,
  textOf,
} from '../fixtures';

/** Another valid password: 8-50 characters, lower and upper case, a digit, only @$!%*?& as specials. */
const NEW_PASSWORD = 'Maple@2026x';
const EXPORT_HEADER = 'Product Model,SKU,Category,Stock,S&D Stock,Price,Sale Price,S&D Price';

const MSG = {
  zip: 'Zip code error, Do not split zip code with space or any other chracter.',
  addressInvalid: 'Some information you entered is not meet the requirement, please check!',
  wishListName: 'Wish list name cannot be empty and the length needs to be under 50 characters',
  currentWrong: 'Current password is wrong.',
  confirm: 'Confirm password is not the same as the new pasword.',
  updated: 'Acctount Information Updated successfully!',
  resetDone: 'Password has been changed, Please use new password to login.',
  resetCodeSent: 'If the account exists, a verification code has been sent to its e-mail address.',
  loginFailed: 'Customer ID or password is incorrect.',
};

interface AccountFixtures {
  /** A customer of this test, made by the owner through the API, its password set. */
  customer: NewCustomer;
  /** A page signed in as that customer's primary contact, in a context of its own. */
  buyerPage: Page;
}

const test = base.extend<AccountFixtures>({
  customer: async ({ playwright, baseURL }, use) => {
    const staff = await playwright.request.newContext({ baseURL });
    const login = await staff.post('/api/admin/login', { data: SELLER });
    expect(login.status(), `staff sign-in: ${await login.text()}`).toBe(200);
    await use(await createCustomer(staff));
    await staff.dispose();
  },
  buyerPage: async ({ browser, baseURL, customer }, use) => {
    const context = await customerContext(browser, baseURL, customer);
    await use(await context.newPage());
    await context.close();
  },
});

interface Offer {
  item_id: string;
  item_name: string;
  item_condition: string;
  sku: string;
  category: string;
  is_active: boolean;
  personal_price: number;
  personal_sale_price: number;
  personal_scratch_dent_price: number;
}

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

/** A brand-new notebook from the first page of the listing. */
async function someNotebook(request: APIRequestContext): Promise<Offer> {
  const { categoryItems } = await getJson<{ categoryItems: { itemsBrief: Offer[] } }>(
    request,
    '/api/category/Notebook',
  );
  const offer = categoryItems.itemsBrief.find((i) => i.is_active && i.item_condition === 'BrandNew');
  expect(offer, 'a brand-new notebook').toBeTruthy();
  return offer!;
}

const accountNav = (page: Page) => page.getByRole('navigation', { name: 'Account' });
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Signs in through the form of /acer/signin (the page must show it). */
async function signInWithForm(page: Page, customerId: string, password: string): Promise<void> {
  await expect(heading(page)).toHaveText('Sign in');
  await page.getByLabel('Customer ID or e-mail').fill(customerId);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
}

/** Changes the password on Account Settings of a signed-in page. */
async function changePassword(page: Page, dialogs: Dialogs, from: string, to: string): Promise<void> {
  await page.goto('/acer/account/accountSettings');
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Current password', exact: true }).fill(from);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(to);
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(to);
  await page.getByRole('button', { name: 'UPDATE PASSWORD' }).click();
  await dialogs.next(MSG.updated);
  await expect(page.getByRole('status').filter({ hasText: MSG.updated })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Current password', exact: true })).toHaveValue('');
}

test.describe('the account area of a customer', () => {
  test.describe.configure({ mode: 'parallel' });

  test('a visitor opening an account page signs in and comes back to it', async ({ page, customer }) => {
    await page.goto('/acer/account/addresses');
    await expect(page).toHaveURL(/\/acer\/signin$/);
    await signInWithForm(page, customer.customerId, customer.password);
    await expect(page).toHaveURL(/\/acer\/account\/addresses$/);
    await expect(heading(page)).toHaveText('addresses');
    await expect(accountNav(page).getByRole('link', { name: 'Addresses' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('adds, edits and deletes an address', async ({ buyerPage: page, customer }) => {
    const dialogs = new Dialogs(page);
    const { addresses } = await getJson<{ addresses: unknown[] }>(
      page.request,
      `/api/user/${customer.customerId}/addresses`,
    );
    const before = addresses.length;
    expect(before).toBeLessThan(10);
    const count = page.locator('.acct-count');

    await page.goto('/acer/account/addresses');
    await expect(heading(page)).toHaveText('addresses');
    await expect(count).toHaveText(`Saved addresses: ${before} / 10`);
    await page.getByRole('link', { name: 'New Address' }).click();
    await expect(page).toHaveURL(/\/acer\/account\/addressForm$/);
    await expect(page.getByRole('heading', { name: 'New address' })).toBeVisible();

    const street = `${Date.now() % 100_000} Maple Avenue`;
    await page.getByLabel('First name').fill('Liam');
    await page.getByLabel('Last name').fill('Tremblay');
    await page.getByLabel('Company').fill('Maple Leaf Logistics Ltd.');
    await page.getByLabel('Address line 1').fill(street);
    await page.getByLabel('City').fill('Ottawa');
    await page.getByLabel('Province').selectOption('Ontario');
    await page.getByLabel('Phone').fill('6135550123');
    // A postal code split by a space is refused.
    const zip = page.getByLabel('Postal code');
    await zip.fill('K1A 0B');
    await page.getByRole('button', { name: 'ADD ADDRESS' }).click();
    await dialogs.next(MSG.addressInvalid);
    await expect(page.getByText(MSG.zip, { exact: true })).toBeVisible();
    await expect(zip).toHaveAttribute('aria-invalid', 'true');
    await expect(zip).toBeFocused();
    await expect(page).toHaveURL(/\/acer\/account\/addressForm$/);

    await zip.fill('K1A0B1');
    await page.getByRole('button', { name: 'ADD ADDRESS' }).click();
    await expect(page).toHaveURL(/\/acer\/account\/addresses$/);
    await expect(count).toHaveText(`Saved addresses: ${before + 1} / 10`);
    const card = page.getByRole('listitem').filter({ hasText: street });
    await expect(card).toContainText('Liam Tremblay');
    await expect(card).toContainText('Ottawa, Ontario K1A 0B1');
    await expect(card).toContainText('Phone: 6135550123');

    // Edit: the form opens filled in.
    await card.getByRole('button', { name: `EDIT address of Liam Tremblay, ${street}` }).click();
    await expect(page).toHaveURL(/\/acer\/account\/addressForm\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Edit address' })).toBeVisible();
    await expect(page.getByLabel('Address line 1')).toHaveValue(street);
    await expect(page.getByLabel('Province')).toHaveValue('Ontario');
    await expect(zip).toHaveValue('K1A0B1');
    await page.getByLabel('City').fill('Kingston');
    await zip.fill('K7L3N6');
    await page.getByRole('button', { name: 'SAVE ADDRESS' }).click();
    await expect(page).toHaveURL(/\/acer\/account\/addresses$/);
    await expect(card).toContainText('Kingston, Ontario K7L 3N6');
    await expect(count).toHaveText(`Saved addresses: ${before + 1} / 10`);

    // Delete, after confirming.
    await card.getByRole('button', { name: `DELETE address of Liam Tremblay, ${street}` }).click();
    await dialogs.next(`Delete the address of Liam Tremblay, ${street}?`);
    await expect(card).toHaveCount(0);
    await expect(count).toHaveText(`Saved addresses: ${before} / 10`);
    dialogs.none();
  });

  test('saves a product to a new wish list from its heart, and removes it on the list', async ({
    buyerPage: page,
  }) => {
    const dialogs = new Dialogs(page);
    const offer = await someNotebook(page.request);
    const listName = `Refresh ${Date.now() % 100_000}`;

    await page.goto('/acer/account/wishLists');
    await expect(heading(page)).toHaveText('wishLists');
    await page.getByRole('link', { name: 'Create Wish List' }).click();
    await expect(page).toHaveURL(/\/acer\/account\/wishListCreate$/);
    const name = page.getByLabel('Wish list name');
    // The name is required.
    await page.getByRole('button', { name: 'CREATE' }).click();
    await expect(page.getByText(MSG.wishListName, { exact: true })).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await name.fill(listName);
    await page.getByRole('button', { name: 'CREATE' }).click();
    await expect(page).toHaveURL(/\/acer\/account\/wishLists$/);
    const listCard = page.getByRole('listitem').filter({
      has: page.getByRole('heading', { name: listName, exact: true }),
    });
    await expect(listCard).toContainText('0 / 50 items');

    // The heart on the product page.
    await page.goto(`/acer/product/${offer.item_id}/${offer.item_condition}`);
    await expect(heading(page)).toHaveText(offer.item_name);
    const heart = page.getByRole('button', { name: 'Wish list' });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-expanded', 'true');
    const choices = page.getByRole('group', { name: `Save ${offer.item_name} to` });
    const box = choices.getByRole('checkbox', { name: `${listName} (0 / 50)` });
    await expect(box).not.toBeChecked();
    await box.check();
    await dialogs.next(`${offer.item_name} has been added to wish list ${listName}.`);
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(heart).toHaveClass(/wl-heart__button--on/);
    await expect(choices.getByRole('checkbox', { name: `${listName} (1 / 50)` })).toBeChecked();

    // The list shows the item, and removes it.
    await page.goto('/acer/account/wishLists');
    await expect(listCard).toContainText('1 / 50 items');
    await listCard.getByRole('link', { name: `Open ${listName}` }).click();
    await expect(page).toHaveURL(/\/acer\/account\/wishListItems\/[^/]+$/);
    await expect(heading(page)).toHaveText('wishListItems');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
      `${listName} (1 / 50)`,
    );
    const item = page.getByRole('article').filter({
      has: page.getByRole('heading', { name: offer.item_name, exact: true }),
    });
    await expect(item).toBeVisible();
    await item
      .getByRole('button', { name: `Remove ${offer.item_name} (${offer.sku}) from ${listName}` })
      .click();
    await dialogs.next(`${offer.item_name} has been removed from wish list ${listName}.`);
    await expect(item).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
      `${listName} (0 / 50)`,
    );

    // The heart is no longer highlighted.
    await page.goto(`/acer/product/${offer.item_id}/${offer.item_condition}`);
    await expect(heading(page)).toHaveText(offer.item_name);
    await expect(page.getByRole('button', { name: 'Wish list' })).toHaveAttribute('aria-pressed', 'false');

    // The list goes again.
    await page.goto('/acer/account/wishLists');
    await listCard.getByRole('button', { name: `Delete ${listName}` }).click();
    await dialogs.next(`Delete the wish list ${listName} and the items saved in it?`);
    await expect(listCard).toHaveCount(0);
    dialogs.none();
  });

  test('Export Items downloads the inventory with personal prices', async ({ buyerPage: page }) => {
    const offer = await someNotebook(page.request);
    const product = await getJson<{ itemInfo: { itemDetail: Offer[] } }>(
      page.request,
      `/api/product/${offer.item_id}/${offer.item_condition}`,
    );
    const price = product.itemInfo.itemDetail[0]!.personal_price;

    await page.goto('/acer/account/orders');
    const downloading = page.waitForEvent('download');
    await accountNav(page).getByRole('link', { name: 'Export Items' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^Acer-Store-Inventory-\d{4}-\d{2}-\d{2}\.csv$/);
    const { readFile } = await import('node:fs/promises');
    const rows = parseCsv(await readFile(await download.path(), 'utf8'));
    expect(rows[0]!.join(',')).toBe(EXPORT_HEADER);
    expect(rows.length).toBeGreaterThan(2);

    const row = rows.find((r) => r[1] === offer.sku);
    expect(row, `the row of ${offer.sku}`).toBeTruthy();
    expect(row![0]).toBe(offer.item_name);
    expect(row![2]).toBe(offer.category);
    // The personal price of this customer (its percentage over the base), as the product page shows it.
    expect(row![5]).toBe(price.toFixed(2));

    // The same as the export call answers.
    const { itemList } = await getJson<{ itemList: { sku: string; personal_price: number }[] }>(
      page.request,
      '/api/export',
    );
    expect(itemList.find((i) => i.sku === offer.sku)?.personal_price).toBe(price);
  });

  test('a wrong current password or an unconfirmed new one is refused', async ({
    buyerPage: page,
    customer,
  }) => {
    const dialogs = new Dialogs(page);
    await page.goto('/acer/account/accountSettings');
    await expect(heading(page)).toHaveText('accountSettings');
    await expect(page.getByRole('definition').first()).toHaveText(customer.customerId);
    const current = page.getByRole('textbox', { name: 'Current password', exact: true });
    const fresh = page.getByRole('textbox', { name: 'New password', exact: true });
    const confirm = page.getByRole('textbox', { name: 'Confirm new password', exact: true });

    await current.fill(customer.password);
    await fresh.fill(NEW_PASSWORD);
    await confirm.fill(`${NEW_PASSWORD}z`);
    await page.getByRole('button', { name: 'UPDATE PASSWORD' }).click();
    await expect(page.getByText(MSG.confirm, { exact: true })).toBeVisible();
    await expect(confirm).toHaveAttribute('aria-invalid', 'true');

    await current.fill('Wrong@12345');
    await confirm.fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'UPDATE PASSWORD' }).click();
    await dialogs.next(MSG.currentWrong);
    await expect(page.getByText(MSG.currentWrong, { exact: true })).toBeVisible();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(current).toHaveAccessibleDescription(MSG.currentWrong);
    dialogs.none();
    // Nothing changed: the password still signs in.
    const login = await page.request.post('/api/user/login', {
      data: { username: customer.customerId, password: customer.password },
    });
    expect(login.status()).toBe(200);
  });

  test('changes the password, signs in with it, and changes it back', async ({
    buyerPage: page,
    customer,
    request,
  }) => {
    const dialogs = new Dialogs(page);
    await changePassword(page, dialogs, customer.password, NEW_PASSWORD);

    await accountNav(page).getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/acer\/signin$/);
    // The old password no longer signs in.
    await signInWithForm(page, customer.customerId, customer.password);
    await dialogs.next(MSG.loginFailed);
    await expect(page).toHaveURL(/\/acer\/signin$/);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await expect(page).toHaveURL(/\/acer\/account\/orders$/);

    await changePassword(page, dialogs, NEW_PASSWORD, customer.password);
    dialogs.none();
    const login = await request.post('/api/user/login', {
      data: { username: customer.customerId, password: customer.password },
    });
    expect(login.status()).toBe(200);
  });

  test('resets a forgotten password with the e-mailed code', async ({ page, customer, request }) => {
    const dialogs = new Dialogs(page);
    // The address the code goes to.
    const login = await request.post('/api/user/login', {
      data: { username: customer.customerId, password: customer.password },
    });
    expect(login.status()).toBe(200);
    const email = ((await login.json()) as { customerInfo: { email: string } }).customerInfo.email;
    expect(email).toBe(customer.email);
    await page.goto('/acer/signin');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/acer\/signin\/forget$/);
    await expect(heading(page)).toHaveText('Forgot password');
    await page.getByLabel('Customer ID or e-mail').fill(customer.customerId);
    const after = await lastMailId();
    await page.getByRole('button', { name: 'SEND CODE' }).click();

    await expect(page).toHaveURL(/\/acer\/signin\/reset$/);
    await expect(heading(page)).toHaveText('Reset password');
    await expect(page.getByRole('status')).toHaveText(MSG.resetCodeSent);
    // The countdown: sending again waits 60 seconds.
    const resend = page.getByRole('button', { name: /^RESEND CODE/ });
    await expect(resend).toBeDisabled();
    await expect(resend).toHaveText(/^RESEND CODE \((60|59|58|57|56|55)\)$/);
    const first = Number(/\((\d+)\)/.exec(await textOf(resend))?.[1]);
    await expect(resend).not.toHaveText(`RESEND CODE (${first})`);
    const second = Number(/\((\d+)\)/.exec(await textOf(resend))?.[1]);
    expect(second).toBeLessThan(first);

    const mail = await nextMailTo(email, after);
    expect(mail.subject).toBe('Your Acer Store verification code');
    const code = /verification code is (\d{6})\b/.exec(mail.text)?.[1];
    expect(code, mail.text).toBeTruthy();

    await expect(page.getByLabel('Customer ID or e-mail')).toHaveValue(customer.customerId);
    await page.getByLabel('Verification code').fill(code!);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
    await dialogs.next(MSG.resetDone);
    await expect(page).toHaveURL(/\/acer\/signin$/);

    await signInWithForm(page, customer.customerId, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/acer\/account\/orders$/);
    // Back to the first password, through Account Settings.
    await changePassword(page, dialogs, NEW_PASSWORD, customer.password);
    dialogs.none();
    const again = await request.post('/api/user/login', {
      data: { username: customer.customerId, password: customer.password },
    });
    expect(again.status()).toBe(200);
  });

  test('a message from the seller counts as unread until it is opened', async ({
    buyerPage: page,
    customer,
  }) => {
    test.skip(!ON_POSTGRES, NEEDS_POSTGRES);
    const { unreadMessages } = await getJson<{ unreadMessages: number }>(page.request, '/api/header');
    const text = `Your quote ${Date.now()} is ready: reply to this message to confirm.`;
    expect(seller('message', customer.customerId, text)).toMatch(
      new RegExp(`^Message \\d+ sent to ${customer.customerId}\\.`),
    );

    await page.goto('/acer/account/messages');
    await expect(heading(page)).toHaveText('messages');
    const messagesLink = accountNav(page).getByRole('link', { name: /^Messages\(/ });
    // The count shows as Messages(N); screen readers also hear 'unread' when there are any.
    const expectUnread = async (n: number) => {
      await expect(messagesLink).toHaveAccessibleName(n > 0 ? `Messages(${n}) unread` : `Messages(${n})`);
      await expect(messagesLink).toHaveText(new RegExp(`^Messages\\(${n}\\)`));
    };
    await expectUnread(unreadMessages + 1);
    const message = page.getByRole('listitem').filter({ hasText: text });
    await expect(message).toContainText('New');
    await message.getByRole('link').click();
    await expect(page).toHaveURL(/\/acer\/account\/messages\/\d+$/);
    await expect(page.getByRole('article')).toContainText(text);
    await expectUnread(unreadMessages);
    // And it stays read.
    await page.goto('/acer/account/messages');
    await expect(message).not.toContainText('New');
    await expectUnread(unreadMessages);
  });
});

/** Rows of a CSV text (quoted fields with doubled quotes, CRLF or LF line ends). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}
