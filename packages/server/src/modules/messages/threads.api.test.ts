/** Threads with a customer: the buyer replies from the account, the seller answers from the back office. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeCustomer, OWNER, staffSignIn, waitForMail } from '../../test/admin';
import { useTestApp } from '../../test/harness';
import { startMailSink } from '../../test/mail-sink';

const sink = await startMailSink();
const ctx = useTestApp({ SMTP_URL: sink.url, SHOP_INBOX: 'inbox@example.com' });
afterAll(() => sink.close());

let owner = '';
beforeAll(async () => {
  owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
});

async function startThread(customerId: string, body: string): Promise<number> {
  const sent = await call(ctx.app, 'POST', `/api/admin/customers/${customerId}/messages`, owner, { body });
  expect(sent.status).toBe(200);
  return sent.body.customer.messages[0].message_id as number;
}

const newReplies = async () => (await call(ctx.app, 'GET', '/api/admin/me', owner)).body.new_customer_replies;

describe('a thread with a customer', () => {
  it('keeps the buyer’s reply and the seller’s answer in order, on both sides, each mailed', async () => {
    const buyer = await makeCustomer(ctx.app, owner, { company: 'Threadwell Inc' });
    const id = await startThread(buyer.customerId, 'Your quote for 12 notebooks is ready.');
    const before = await newReplies();

    const replied = await call(
      ctx.app,
      'POST',
      `/api/user/${buyer.customerId}/messages/${id}/reply`,
      buyer.cookie,
      { body: '  Thanks, can you add 2 docks?\nSame address.  ' },
    );
    expect(replied.status).toBe(200);
    expect(replied.body.smessage).toBe('Your reply has been sent.');
    expect(replied.body.messages[0]).toMatchObject({
      message_id: id,
      body: 'Your quote for 12 notebooks is ready.',
      is_read: true,
      replies: [{ author: 'buyer', name: 'Test Buyer', body: 'Thanks, can you add 2 docks?\nSame address.' }],
    });
    // The shop's inbox is told, as for a contact message; the buyer's address answers it.
    const toShop = await waitForMail(sink, 'inbox@example.com', 'can you add 2 docks?');
    expect(toShop).toContain(`Customer ID: ${buyer.customerId}`);
    expect(toShop).toContain('> Your quote for 12 notebooks is ready.');
    expect(sink.received.find((m) => m.text.includes('can you add 2 docks'))?.raw).toMatch(
      new RegExp(`Reply-To: ${buyer.email}`, 'i'),
    );

    // The seller sees it as new, in the same thread, and the navigation counts it.
    expect(await newReplies()).toBe(before + 1);
    const fresh = await call(ctx.app, 'GET', '/api/admin/customer-threads?status=new&q=threadwell', owner);
    expect(fresh.status).toBe(200);
    const thread = fresh.body.threads.items.find((t: { message_id: number }) => t.message_id === id);
    expect(thread).toMatchObject({
      customer_id: buyer.customerId,
      company: 'Threadwell Inc',
      status: 'new',
      body: 'Your quote for 12 notebooks is ready.',
      replies: [{ author: 'buyer', body: 'Thanks, can you add 2 docks?\nSame address.' }],
    });

    // The seller answers in the thread: mailed to the buyer, unread again in their Messages(N).
    const answered = await call(ctx.app, 'POST', `/api/admin/customer-threads/${id}/reply`, owner, {
      body: 'Added 2 docks; the quote is updated.',
    });
    expect(answered.status).toBe(200);
    expect(answered.body.smessage).toContain(`mailed to ${buyer.email}`);
    expect(answered.body.thread.status).toBe('answered');
    expect(
      answered.body.thread.replies.map((r: { author: string; body: string }) => [r.author, r.body]),
    ).toEqual([
      ['buyer', 'Thanks, can you add 2 docks?\nSame address.'],
      ['seller', 'Added 2 docks; the quote is updated.'],
    ]);
    expect(answered.body.thread.replies[1].name).toBe(OWNER.email);
    expect(await newReplies()).toBe(before);
    expect(await waitForMail(sink, buyer.email, 'Added 2 docks; the quote is updated.')).toContain(
      `/acer/account/messages/${id}`,
    );
    expect((await call(ctx.app, 'GET', '/api/header', buyer.cookie)).body.unreadMessages).toBe(1);

    // The buyer reads the whole thread in order; the staff member's address is not shown to them.
    const read = await call(ctx.app, 'GET', `/api/user/${buyer.customerId}/messages/${id}`, buyer.cookie);
    expect(read.body.messages[0].replies).toEqual([
      expect.objectContaining({ author: 'buyer', name: 'Test Buyer' }),
      expect.objectContaining({ author: 'seller', name: '', body: 'Added 2 docks; the quote is updated.' }),
    ]);
    expect((await call(ctx.app, 'GET', '/api/header', buyer.cookie)).body.unreadMessages).toBe(0);

    // Marked new again, then answered without a reply.
    const reopened = await call(ctx.app, 'POST', `/api/admin/customer-threads/${id}/status`, owner, {
      status: 'new',
    });
    expect(reopened.body.thread.status).toBe('new');
    expect(await newReplies()).toBe(before + 1);
    await call(ctx.app, 'POST', `/api/admin/customer-threads/${id}/status`, owner, { status: 'answered' });
    expect(await newReplies()).toBe(before);
  });

  it('lists the thread with the latest message first in the buyer’s Messages', async () => {
    const buyer = await makeCustomer(ctx.app, owner);
    const older = await startThread(buyer.customerId, 'First message.');
    const newer = await startThread(buyer.customerId, 'Second message.');
    let list = await call(ctx.app, 'GET', `/api/user/${buyer.customerId}/messages`, buyer.cookie);
    expect(list.body.messages.map((m: { message_id: number }) => m.message_id)).toEqual([newer, older]);
    await call(ctx.app, 'POST', `/api/user/${buyer.customerId}/messages/${older}/reply`, buyer.cookie, {
      body: 'About the first one.',
    });
    list = await call(ctx.app, 'GET', `/api/user/${buyer.customerId}/messages`, buyer.cookie);
    expect(list.body.messages.map((m: { message_id: number }) => m.message_id)).toEqual([older, newer]);
  });

  it('lets a buyer reply only to a thread of their own company', async () => {
    const mine = await makeCustomer(ctx.app, owner);
    const other = await makeCustomer(ctx.app, owner);
    const theirs = await startThread(other.customerId, 'For the other company only.');
    const path = (customerId: string, id: number | string) => `/api/user/${customerId}/messages/${id}/reply`;
    // Another company's thread under one's own id: as unknown as a thread that does not exist.
    const hidden = await call(ctx.app, 'POST', path(mine.customerId, theirs), mine.cookie, { body: 'Hi' });
    expect(hidden.status).toBe(404);
    expect(hidden.body.smessage).toBe('This message does not exist in your account.');
    // Another company's id in the path: refused before anything is read.
    const foreign = await call(ctx.app, 'POST', path(other.customerId, theirs), mine.cookie, { body: 'Hi' });
    expect(foreign.status).toBe(403);
    expect(
      (await call(ctx.app, 'POST', path(mine.customerId, 999999), mine.cookie, { body: 'Hi' })).status,
    ).toBe(404);
    // A visitor is told to sign in.
    expect((await call(ctx.app, 'POST', path(other.customerId, theirs), '', { body: 'Hi' })).status).toBe(
      401,
    );
    const read = await call(ctx.app, 'GET', `/api/admin/customer-threads/${theirs}`, owner);
    expect(read.body.thread.replies).toEqual([]);
    expect(read.body.thread.status).toBe('answered');
  });

  it.each([
    ['empty', { body: '   ' }],
    ['missing', {}],
    ['too long', { body: 'x'.repeat(5001) }],
    ['not text', { body: 42 }],
  ])('refuses a reply that is %s with 400 and the rule', async (_case, payload) => {
    const buyer = await makeCustomer(ctx.app, owner);
    const id = await startThread(buyer.customerId, 'Tell us more.');
    const refused = await call(
      ctx.app,
      'POST',
      `/api/user/${buyer.customerId}/messages/${id}/reply`,
      buyer.cookie,
      payload,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.smessage).toBe('Reply cannot be empty, max length is 5000.');
    expect(refused.body.errors.body).toBe('Reply cannot be empty, max length is 5000.');
    const thread = await call(ctx.app, 'GET', `/api/admin/customer-threads/${id}`, owner);
    expect(thread.body.thread.replies).toEqual([]);
  });

  it('takes 5000 characters, and says the rule in French to a French page', async () => {
    const buyer = await makeCustomer(ctx.app, owner);
    const id = await startThread(buyer.customerId, 'Long answers welcome.');
    const path = `/api/user/${buyer.customerId}/messages/${id}/reply`;
    const longest = await call(ctx.app, 'POST', path, buyer.cookie, { body: 'y'.repeat(5000) });
    expect(longest.status).toBe(200);
    const french = await call(ctx.app, 'POST', path, `${buyer.cookie}; lang=fr`, { body: '' });
    expect(french.status).toBe(400);
    expect(french.body.smessage).toBe('La réponse est obligatoire (5000 caractères au maximum).');
    const frenchDone = await call(ctx.app, 'POST', path, `${buyer.cookie}; lang=fr`, { body: 'Merci.' });
    expect(frenchDone.body.smessage).toBe('Votre réponse a été envoyée.');
  });

  it('refuses an empty answer or an unknown thread in the back office', async () => {
    const buyer = await makeCustomer(ctx.app, owner);
    const id = await startThread(buyer.customerId, 'Hello.');
    const empty = await call(ctx.app, 'POST', `/api/admin/customer-threads/${id}/reply`, owner, {
      body: ' ',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.smessage).toBe('The message cannot be empty and has at most 5000 characters.');
    expect(
      (await call(ctx.app, 'POST', '/api/admin/customer-threads/999999/reply', owner, { body: 'Hi' })).status,
    ).toBe(404);
    expect((await call(ctx.app, 'GET', '/api/admin/customer-threads/999999', owner)).status).toBe(404);
    expect((await call(ctx.app, 'GET', '/api/admin/customer-threads', buyer.cookie)).status).toBe(401);
  });
});
