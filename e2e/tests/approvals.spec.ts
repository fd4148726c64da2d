/**
 * Purchase approvals (issue 24, item 3): a company's administrator sets a buyer's order limit; the buyer's
 * order over it is sent for approval instead of being placed, as the checkout says (with the limit, in English
 * and French) before the click and its button too (issue 32); the administrator opens the mailed link and
 * approves, and the order appears in Orders with the buyer as placer; a second request is declined and the
 * reason reaches the buyer by mail and in Orders, also in French; a third, whose price rose meanwhile, is
 * confirmed at today's price after the administrator sees the change and the new total. Each test makes its
 * own customer, buyer and product, so the demo customers stay as they are.
 */
import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';
import { call, createCustomer, createProduct, expect, linkIn, test, uid } from '../admin-fixtures';
import { addAddress, shopContext } from '../company-fixtures';
import { type CaughtMail, lastMailId, mailsTo, nextMailTo, type Page } from '../fixtures';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const accountNav = (page: Page) => page.getByRole('navigation', { name: 'Account' });
const cartButton = (page: Page) =>
  page.getByRole('navigation', { name: 'Account and cart' }).getByRole('link', { name: /^Cart,/ });

/** Waits for a mail to the address, newer than `afterId`, whose subject matches. */
async function mailMatching(address: string, afterId: number, subject: RegExp): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).find((m) => m.id > afterId && subject.test(m.subject));
        return Boolean(found);
      },
      { message: `a mail to ${address} like ${subject}`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/**
 * The buyer checks out `quantity` of the product with a PO of their own, over their limit of $500.00: the
 * checkout says before the click that the order will be sent for approval, and the button says so; returns
 * the PO.
 */
async function checkOut(buyer: Page, sku: string, quantity: number): Promise<string> {
  await buyer.goto('/acer/quick-order');
  await buyer.getByLabel('Lines to order').fill(`${sku} ${quantity}`);
  await buyer.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(cartButton(buyer)).toHaveAccessibleName(`Cart, ${quantity} items`);
  await buyer.goto('/acer/checkout');
  await buyer.getByRole('group', { name: 'Shipping address' }).getByRole('radio').first().check();
  const po = `PO-APPR-${uid()}`.toUpperCase();
  await buyer.getByLabel('Purchase order number').fill(po);
  const notice =
    'This order is over your order limit of $500.00: it will be sent to your company’s administrators for approval, and nothing is ordered until one of them approves it.';
  await expect(buyer.locator('.checkout__summary').getByText(notice)).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'PLACE ORDER' })).toHaveCount(0);
  const send = buyer.getByRole('button', { name: 'SEND FOR APPROVAL', exact: true });
  await expect(send).toHaveAccessibleDescription(notice);
  await send.click();
  await expect(buyer).toHaveURL(/\/acer\/order\/placed$/);
  return po;
}

/**
 * A company of this test: its administrator (the primary contact, with an Ontario address) and a buyer, Priya
 * Natarajan, added through the API with a password set from their mail; a product at $100.00 ($120.00 to
 * the company).
 */
async function companyWithBuyer(staff: APIRequestContext, browser: Browser, baseURL: string | undefined) {
  const product = await createProduct(staff, { stock: 40, price: '100.00' });
  const customer = await createCustomer(staff);
  const adminContext = await shopContext(browser, baseURL, customer.customerId, customer.password);
  await addAddress(adminContext.request, customer);

  // A buyer of the company, with a password set from their mail.
  const email = `approvals-${uid()}@example.com`;
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
  const buyerContext = await shopContext(browser, baseURL, email, 'Buyer@2026x');
  const buyer = await buyerContext.newPage();
  const admin = await adminContext.newPage();
  return { product, customer, adminContext, buyerContext, buyer, admin, email, buyerName };
}

/** The buyer's own limit of $500.00, set by the administrator through the API (the first test sets it in the page). */
async function limitOf500(adminContext: BrowserContext, email: string): Promise<void> {
  const { contacts } = await call<{ contacts: { contact_person_id: string; email: string }[] }>(
    adminContext.request,
    'GET',
    '/api/user/order-limits',
  );
  const contact = contacts.find((c) => c.email === email)!;
  await call(adminContext.request, 'POST', `/api/user/order-limits/${contact.contact_person_id}`, {
    order_limit: '500',
  });
}

// The approvals in three tests, each with its own company: approved from the mailed link; declined with a
// reason; approved at today's price after a price change, with the French pages.
test('a buyer over their limit sends an order for approval; an administrator approves it from the mailed link', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const staff = adminPage.request;
  const { product, customer, adminContext, buyerContext, buyer, admin, email, buyerName } =
    await companyWithBuyer(staff, browser, baseURL);

  // The administrator sets the buyer's own limit in the buyers section.
  await admin.goto('/acer/account/buyers');
  const limits = admin.getByRole('region', { name: 'Order limits' });
  await expect(limits.getByText('Administrator: never held')).toBeVisible();
  const own = limits.getByLabel(`Own limit of ${buyerName} ($)`);
  await own.fill('-3');
  await limits.getByRole('button', { name: `Save the limit of ${buyerName}` }).click();
  await expect(limits.getByRole('alert')).toHaveText(/^An order limit is an amount in dollars, 0 or more/);
  await own.fill('500');
  await limits.getByRole('button', { name: `Save the limit of ${buyerName}` }).click();
  await expect(limits.getByRole('status')).toHaveText(`The order limit of ${buyerName} has been saved.`);
  await expect(limits.getByRole('row').filter({ hasText: buyerName }).getByRole('cell').last()).toHaveText(
    '$500.00',
  );

  // Five at $120 (the company's price) is $678.00 with tax: over the limit, sent for approval.
  let since = await lastMailId();
  const firstPo = await checkOut(buyer, product.sku, 5);
  await expect(heading(buyer)).toHaveText('Sent for approval');
  await expect(buyer.getByRole('status')).toContainText(/over your order limit: request A-\d+ has been sent/);
  await expect(buyer.getByText(/has been placed/)).toHaveCount(0);
  await expect(cartButton(buyer)).toHaveAccessibleName('Cart, 0 items');
  const stock = (
    await call<{ product: { stock: number } }>(staff, 'GET', `/api/admin/products/${product.item_id}`)
  ).product.stock;
  expect(stock).toBe(40);

  // The administrator is mailed a link to the request.
  const request = await nextMailTo(customer.email, since);
  expect(request.subject).toMatch(
    /^Approval needed: order request A-\d+ from Priya Natarajan \(\$678\.00\)$/,
  );
  const number = /A-\d+/.exec(request.subject)![0];
  const link = /\/acer\/account\/approvals\/\d+/.exec(request.text)![0];

  // The buyer sees it waiting in Orders.
  await buyer.goto('/acer/account/orders');
  const mine = buyer.getByRole('region', { name: 'Your orders sent for approval' });
  await expect(mine.getByRole('row').filter({ hasText: number })).toContainText('Waiting for approval');

  // The administrator opens the link, with the count in the navigation, and approves.
  await admin.goto(link);
  await expect(accountNav(admin).getByRole('link', { name: 'Approvals(1)' })).toBeVisible();
  await expect(admin.getByRole('heading', { name: `Request ${number}` })).toBeVisible();
  await expect(admin.getByText("Total $678.00, over the buyer's limit of $500.00")).toBeVisible();
  since = await lastMailId();
  await admin.getByRole('button', { name: 'Approve and place the order' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'is approved' })).toHaveText(
    new RegExp(
      `^Request ${number} is approved: order SO-\\d+ has been placed in the name of ${buyerName}\\.$`,
    ),
  );
  await expect(admin.getByRole('button', { name: 'Approve and place the order' })).toHaveCount(0);
  await mailMatching(email, since, new RegExp(`^Your order request ${number} is approved: order SO-\\d+$`));
  await mailMatching(email, since, /^Order SO-\d+ received/);

  // The order is in Orders, placed by the buyer, for both.
  for (const page of [admin, buyer]) {
    await page.goto(`/acer/account/orders?q=${firstPo}`);
    const row = page
      .getByRole('table', { name: 'Your orders, newest first' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: firstPo }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').last()).toHaveText(buyerName);
  }
  await expect(
    buyer
      .getByRole('region', { name: 'Your orders sent for approval' })
      .getByRole('row')
      .filter({ hasText: number }),
  ).toContainText(/Approved: order SO-\d+/);
  await adminContext.close();
  await buyerContext.close();
});

test('a request is declined from the Approvals section with a reason the buyer reads, in English and French', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const { product, adminContext, buyerContext, buyer, admin, email } = await companyWithBuyer(
    adminPage.request,
    browser,
    baseURL,
  );
  await limitOf500(adminContext, email);
  await checkOut(buyer, product.sku, 6);
  await expect(heading(buyer)).toHaveText('Sent for approval');
  await admin.goto('/acer/account/orders');
  await accountNav(admin).getByRole('link', { name: 'Approvals(1)' }).click();
  await expect(heading(admin)).toHaveText('Approvals');
  const pending = admin.getByRole('row').filter({ hasText: 'Waiting for approval' });
  await expect(pending).toHaveCount(1);
  await pending.getByRole('link').click();
  await admin.getByRole('button', { name: 'Decline', exact: true }).click();
  await admin.getByRole('button', { name: 'Decline the request' }).click();
  await expect(admin.getByRole('alert')).toHaveText('Please give the buyer a reason for declining.');
  await admin.getByLabel('Reason for the buyer').fill('Over this month’s budget');
  const since = await lastMailId();
  await admin.getByRole('button', { name: 'Decline the request' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'is declined' })).toHaveText(
    /^Request A-\d+ is declined\. Priya Natarajan has been told why\.$/,
  );
  const declined = await mailMatching(email, since, /^Your order request A-\d+ was declined$/);
  expect(declined.text).toContain('Reason: Over this month’s budget');

  await buyer.goto('/acer/account/orders');
  await expect(buyer.getByText('Declined: Over this month’s budget')).toBeVisible();

  // In French, the buyer reads the same.
  await buyerContext.addCookies([{ name: 'lang', value: 'fr', url: baseURL! }]);
  await buyer.goto('/acer/account/orders');
  const enFrancais = buyer.getByRole('region', { name: 'Vos commandes envoyées pour approbation' });
  await expect(enFrancais.getByText('Refusée : Over this month’s budget')).toBeVisible();
  await adminContext.close();
  await buyerContext.close();
});

test('a request whose price rose is confirmed at today’s price once the administrator has seen the change; in French too', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const staff = adminPage.request;
  const { product, adminContext, buyerContext, buyer, admin, email } = await companyWithBuyer(
    staff,
    browser,
    baseURL,
  );
  await limitOf500(adminContext, email);

  // A request whose price the seller raises before it is approved: the administrator sees what
  // changed and the new total, then confirms at today's price.
  await checkOut(buyer, product.sku, 5);
  await expect(heading(buyer)).toHaveText('Sent for approval');
  await call(staff, 'PATCH', `/api/admin/products/${product.item_id}`, { price: '110.00' });
  await admin.goto('/acer/account/approvals');
  await admin.getByRole('row').filter({ hasText: 'Waiting for approval' }).getByRole('link').click();
  await admin.getByRole('button', { name: 'Approve and place the order' }).click();
  const changed = admin.getByRole('region', { name: 'What changed since the request was sent' });
  await expect(changed).toContainText('$120.00 when sent, $132.00 today');
  await expect(changed).toContainText(/The order’s total at today’s prices: \$745\.80\./);
  await admin.getByRole('button', { name: "Confirm and place at today's prices" }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'is approved' })).toHaveText(
    /^Request A-\d+ is approved/,
  );
  await admin.getByRole('link', { name: /^See order SO-\d+$/ }).click();
  await expect(admin.getByText('$745.80').first()).toBeVisible();

  // In French, the buyer reads the same.
  await buyerContext.addCookies([{ name: 'lang', value: 'fr', url: baseURL! }]);
  await buyer.goto('/acer/account/orders');
  const enFrancais = buyer.getByRole('region', { name: 'Vos commandes envoyées pour approbation' });
  await expect(enFrancais.getByText(/Approuvée : commande SO-\d+/)).toHaveCount(1);
  // Before placing, the French checkout says the same.
  await call(buyerContext.request, 'POST', '/api/user/cart/quick-order', { text: `${product.sku} 5` });
  await buyer.goto('/acer/checkout');
  await expect(buyer.getByRole('button', { name: 'ENVOYER POUR APPROBATION', exact: true })).toBeVisible();
  await expect(buyer.locator('.checkout__summary')).toContainText(
    /Cette commande dépasse votre limite de commande de 500,00[\u00a0\u202f ]\$ : elle sera envoyée aux administrateurs de votre entreprise pour approbation/,
  );

  await adminContext.close();
  await buyerContext.close();
});
