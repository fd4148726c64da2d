/**
 * The back office's messages (issue 10): a message to a customer shows in their Messages and is mailed; a
 * contact-form message is answered by mail, kept with the message and moves to Answered.
 */
import { ADMIN, createCustomer, customerContext, expect, test, uid } from '../admin-fixtures';
import { expectNoSeriousA11y, keepToShop, lastMailId, nextMailTo } from '../fixtures';

// Each journey is many round trips and mails on a machine shared with other runs.
test.describe.configure({ timeout: 60_000 });

test("a message to a customer shows in the customer's Messages and is mailed", async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  const customer = await createCustomer(page.request);
  const text = `Your quote ${uid()} is ready for review.`;
  await page.goto(`${ADMIN}/messages`);
  await expectNoSeriousA11y(page);
  const send = page.getByRole('region', { name: 'Send a message to a customer' });
  await send.getByRole('button', { name: 'Send message' }).click();
  await expect(send.getByRole('alert')).toContainText('Enter the Customer ID.');
  await send.getByLabel('Customer ID').fill(customer.customerId);
  const since = await lastMailId();
  await send.getByLabel('Message').fill(text);
  await send.getByRole('button', { name: 'Send message' }).click();
  await expect(send.getByRole('status')).toHaveText(
    new RegExp(`^Message \\d+ sent to ${customer.customerId} and mailed to ${customer.email}\\.$`),
  );
  await expect(send.getByLabel('Message')).toHaveValue('');
  const mail = await nextMailTo(customer.email, since);
  expect(mail.subject).toBe(`A message from Acer Store for ${customer.company}`);
  expect(mail.text).toContain(text);

  const context = await customerContext(browser, baseURL, customer);
  const shop = await context.newPage();
  await shop.goto('/acer/account/messages');
  await expect(shop.getByRole('main')).toContainText(text);
  await expect(shop.getByRole('link', { name: /Messages\(1\)/ }).first()).toBeVisible();
  await context.close();
});

test('a contact-form message is answered by mail and moves to Answered', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  const id = uid();
  const email = `asker-${id}@example.com`;
  const visitor = await browser.newContext({ baseURL });
  await keepToShop(visitor, baseURL);
  const sent = await visitor.request.post('/api/zoho/sendemail', {
    data: {
      fullName: `Casey Asker ${id}`.slice(0, 50),
      phoneNumber: '4165550177',
      email,
      orderNumber: `SO-${id}`.slice(0, 50),
      company: 'Asker Inc.',
      rma: '',
      questions: `Does the mouse ${id} work with a Mac?`,
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await visitor.close();

  await page.goto(`${ADMIN}/messages`);
  await expect(
    page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: /^Messages \d+ new$/ }),
  ).toBeVisible();
  await page.getByLabel('Search', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Show' }).click();
  const card = page.getByRole('article').filter({ hasText: email });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('blockquote')).toHaveText(`Does the mouse ${id} work with a Mac?`);
  await expectNoSeriousA11y(page);

  await card.getByRole('button', { name: 'Send reply' }).click();
  await expect(card.getByRole('alert')).toContainText('The message cannot be empty');
  const since = await lastMailId();
  await card.getByLabel(/^Reply to /).fill('Yes, it pairs over Bluetooth with any Mac.');
  await card.getByRole('button', { name: 'Send reply' }).click();
  // Answered, it leaves the New list; the result is said above the list.
  await expect(
    page.getByRole('status').filter({ hasText: `Your reply has been mailed to ${email}.` }),
  ).toBeVisible();
  await expect(card).toHaveCount(0);
  const mail = await nextMailTo(email, since);
  expect(mail.text).toContain('Yes, it pairs over Bluetooth with any Mac.');
  expect(mail.text).toContain(`Does the mouse ${id} work with a Mac?`);

  await page.getByRole('link', { name: 'Answered' }).click();
  await expect(page.getByRole('link', { name: 'Answered' })).toHaveAttribute('aria-current', 'page');
  await page.getByLabel('Search', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(card.getByRole('listitem')).toContainText('Yes, it pairs over Bluetooth with any Mac.');
  await expect(card.getByRole('listitem')).toContainText('by seller@example.com');
});
