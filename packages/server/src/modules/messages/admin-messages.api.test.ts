/** Messages to a customer and the contact-form inbox. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  clientAddress,
  makeCustomer,
  OWNER,
  staffSignIn,
  uniqueEmail,
  waitForMail,
} from '../../test/admin';
import { useTestApp } from '../../test/harness';
import { startMailSink } from '../../test/mail-sink';

const sink = await startMailSink();
const ctx = useTestApp({ SMTP_URL: sink.url });
afterAll(() => sink.close());

let owner = '';
beforeAll(async () => {
  owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
});

describe('a message to a customer', () => {
  it('shows in their Messages(N) and is mailed to the primary contact', async () => {
    const buyer = await makeCustomer(ctx.app, owner);
    const sent = await call(ctx.app, 'POST', `/api/admin/customers/${buyer.customerId}/messages`, owner, {
      body: 'Your quote for 20 notebooks is ready.',
    });
    expect(sent.status).toBe(200);
    expect(sent.body.smessage).toContain(`mailed to ${buyer.email}`);
    expect(sent.body.customer.messages[0]).toMatchObject({
      body: 'Your quote for 20 notebooks is ready.',
      is_read: false,
    });
    expect(await waitForMail(sink, buyer.email, 'A message from Acer Store')).toContain(
      'Your quote for 20 notebooks is ready.',
    );
    const header = await call(ctx.app, 'GET', '/api/header', buyer.cookie);
    expect(header.body.unreadMessages).toBe(1);
    const messages = await call(ctx.app, 'GET', `/api/user/${buyer.customerId}/messages`, buyer.cookie);
    expect(messages.body.messages[0].body).toBe('Your quote for 20 notebooks is ready.');
    expect(sent.body.customer.audit[0]).toMatchObject({ action: 'customer.message', actor: OWNER.email });
    const empty = await call(ctx.app, 'POST', `/api/admin/customers/${buyer.customerId}/messages`, owner, {
      body: ' ',
    });
    expect(empty.status).toBe(400);
    const nobody = await call(ctx.app, 'POST', '/api/admin/customers/C99999/messages', owner, { body: 'Hi' });
    expect(nobody.status).toBe(404);
  });
});

describe('the contact-form inbox', () => {
  it('lists new messages; a reply is mailed to the sender, kept with the message, and marks it answered', async () => {
    const email = uniqueEmail('asker');
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/zoho/sendemail',
      remoteAddress: clientAddress(),
      payload: {
        fullName: 'Ann Asker',
        phoneNumber: '4165550111',
        email,
        orderNumber: 'SO-000042',
        company: 'Asking Co',
        questions: 'Does the Swift 3 come with a French keyboard?',
      },
    });
    expect(sent.statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/admin/me', owner)).body.new_contact_messages).toBe(1);
    const inbox = await call(ctx.app, 'GET', '/api/admin/contact-messages?status=new', owner);
    const message = inbox.body.messages.items.find((m: { email: string }) => m.email === email);
    expect(message).toMatchObject({ status: 'new', full_name: 'Ann Asker', replies: [] });
    const found = await call(ctx.app, 'GET', '/api/admin/contact-messages?q=asking%20co', owner);
    expect(found.body.messages.items.map((m: { id: number }) => m.id)).toContain(message.id);

    const replied = await call(ctx.app, 'POST', `/api/admin/contact-messages/${message.id}/reply`, owner, {
      body: 'Yes, the Canadian model has a bilingual keyboard.',
    });
    expect(replied.body.message).toMatchObject({
      status: 'answered',
      replies: [{ body: 'Yes, the Canadian model has a bilingual keyboard.', actor: OWNER.email }],
    });
    const text = await waitForMail(sink, email, 'bilingual keyboard');
    expect(text).toContain('> Does the Swift 3 come with a French keyboard?');
    const stillNew = await call(ctx.app, 'GET', '/api/admin/contact-messages?status=new', owner);
    expect(stillNew.body.messages.items.some((m: { id: number }) => m.id === message.id)).toBe(false);
    const reopened = await call(ctx.app, 'POST', `/api/admin/contact-messages/${message.id}/status`, owner, {
      status: 'new',
    });
    expect(reopened.body.message.status).toBe('new');
    expect(
      (await call(ctx.app, 'POST', `/api/admin/contact-messages/${message.id}/reply`, owner, { body: '' }))
        .status,
    ).toBe(400);
    expect((await call(ctx.app, 'GET', '/api/admin/contact-messages/999999', owner)).status).toBe(404);
  });
});
