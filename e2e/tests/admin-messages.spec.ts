/**
 * The back office's messages (issue 10): a message to a customer shows in their Messages and is mailed; a
 * contact-form message is answered by mail, kept with the message and moves to Answered; the buyer answers
 * the seller's message from the account, and the seller answers again in the same thread.
 */
import { ADMIN, createCustomer, customerContext, expect, test, uid } from '../admin-fixtures';
import { expectNoSeriousA11y, keepToShop, lastMailId, nextMailTo } from '../fixtures';
import { fr } from '../languages';

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

test("the buyer answers the seller's message from the account and the seller sees it in the same thread", async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  const customer = await createCustomer(page.request);
  const first = `Your quote ${uid()} for 12 notebooks is ready.`;
  await page.goto(`${ADMIN}/messages`);
  const send = page.getByRole('region', { name: 'Send a message to a customer' });
  await send.getByLabel('Customer ID').fill(customer.customerId);
  await send.getByLabel('Message').fill(first);
  await send.getByRole('button', { name: 'Send message' }).click();
  await expect(send.getByRole('status')).toContainText(`sent to ${customer.customerId}`);

  // The buyer reads it in the account and replies; an empty reply is refused first.
  const context = await customerContext(browser, baseURL, customer);
  const shop = await context.newPage();
  await shop.goto('/acer/account/messages');
  await shop.getByRole('link', { name: new RegExp(first.slice(0, 30)) }).click();
  const thread = shop.getByRole('list', { name: 'The conversation, oldest first' });
  await expect(thread.getByRole('listitem')).toHaveCount(1);
  await expect(thread.getByRole('listitem').first()).toContainText('Acer Store');
  await expect(thread.getByRole('listitem').first()).toContainText(first);
  await expect(shop.getByRole('link', { name: /Messages\(0\)/ }).first()).toBeVisible();
  await shop.getByRole('button', { name: 'Send reply' }).click();
  await expect(shop.getByText('Reply cannot be empty, max length is 5000.')).toBeVisible();
  await expect(shop.getByLabel('Your reply')).toBeFocused();
  await expectNoSeriousA11y(shop);
  const reply = `Thanks, please add 2 docks ${uid()}.`;
  const since = await lastMailId();
  await shop.getByLabel('Your reply').fill(reply);
  await shop.getByRole('button', { name: 'Send reply' }).click();
  await expect(shop.getByRole('status').filter({ hasText: 'Your reply has been sent.' })).toBeVisible();
  await expect(thread.getByRole('listitem')).toHaveCount(2);
  await expect(thread.getByRole('listitem').nth(1)).toContainText(reply);
  await expect(thread.getByRole('listitem').nth(1)).toContainText(customer.firstName);
  await expect(shop.getByLabel('Your reply')).toHaveValue('');
  // The shop's inbox is told, as for a contact message (other journeys' orders are mailed to it meanwhile).
  const toShop = await nextMailTo('info@example.com', since, reply);
  expect(toShop.subject).toContain(`Reply to your message #`);
  expect(toShop.text).toContain(reply);

  // The seller finds the reply as new, in the same thread, after the first message, and counts it.
  await page.goto(`${ADMIN}/messages`);
  await expect(
    page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: /^Messages \d+ new$/ }),
  ).toBeVisible();
  await page.getByLabel('Search', { exact: true }).fill(customer.customerId);
  await page.getByRole('button', { name: 'Show' }).click();
  const card = page.getByRole('article').filter({ hasText: `(${customer.customerId})` });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('New reply');
  const entries = card.getByRole('list', { name: /^Thread with / }).getByRole('listitem');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText(first);
  await expect(entries.nth(1)).toContainText(reply);
  await expect(entries.nth(1)).toContainText('(customer)');
  await expectNoSeriousA11y(page);

  // The seller answers in the thread: mailed to the buyer, and unread again in their Messages.
  const answer = 'Added 2 docks; the quote is updated.';
  const beforeAnswer = await lastMailId();
  await card.getByLabel(/^Answer /).fill(answer);
  await card.getByRole('button', { name: 'Send answer' }).click();
  await expect(page.getByRole('status').filter({ hasText: `mailed to ${customer.email}` })).toBeVisible();
  // Answered, it leaves the New list.
  await expect(card).toHaveCount(0);
  const mail = await nextMailTo(customer.email, beforeAnswer);
  expect(mail.text).toContain(answer);
  // The search searches the list shown: the answered one, once it is there.
  await page.getByRole('link', { name: 'Answered' }).click();
  await expect(page.getByRole('link', { name: 'Answered' })).toHaveAttribute('aria-current', 'page');
  await page.getByLabel('Search', { exact: true }).fill(customer.customerId);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(2)).toContainText(answer);
  await expect(entries.nth(2)).toContainText('seller@example.com (the shop)');

  await shop.goto('/acer/account/messages');
  await expect(shop.getByRole('link', { name: /Messages\(1\)/ }).first()).toBeVisible();
  await shop.getByRole('link', { name: new RegExp(first.slice(0, 30)) }).click();
  await expect(thread.getByRole('listitem')).toHaveCount(3);
  await expect(thread.getByRole('listitem').nth(2)).toContainText(answer);
  await expect(thread.getByRole('listitem').nth(2)).toContainText('Acer Store');

  // In French, the form and its rule are French.
  await context.addCookies([{ name: 'lang', value: 'fr', url: baseURL ?? '' }]);
  await shop.reload();
  await expect(shop.locator('html')).toHaveAttribute('lang', 'fr');
  await shop.getByRole('button', { name: fr('account:messages.send') }).click();
  await expect(shop.getByText(fr('account.messageReply'))).toBeVisible();
  await expect(shop.getByLabel(fr('account:messages.reply'))).toBeFocused();
  await context.close();
});
