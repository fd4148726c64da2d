import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, outbox } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { startMailSink, waitFor } from '../../test/mail-sink';

const sink = await startMailSink();
const received = sink.received;

const ctx = useTestApp({ SMTP_URL: sink.url, SHOP_INBOX: 'inbox@example.com' });

beforeAll(() => {
  received.length = 0;
});
afterAll(async () => {
  await sink.close();
});

const valid = {
  fullName: 'Olivia Martin',
  phoneNumber: '4165550101',
  email: 'olivia@example.com',
  orderNumber: 'SO-1001',
  company: 'Northwind',
  rma: 'RMA-7',
  questions: 'My order arrived with a cracked screen.',
};

describe('POST /api/zoho/sendemail', () => {
  it('stores the message and mails it to the shop inbox over SMTP', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/zoho/sendemail', payload: valid });
    expect(response.statusCode).toBe(200);
    expect(response.json().smessage).toMatch(/your message has been sent/);
    const [saved] = await ctx.database.db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.id))
      .limit(1);
    expect(saved).toMatchObject({ fullName: 'Olivia Martin', orderNumber: 'SO-1001', rma: 'RMA-7' });
    // The answer does not wait for the mail server; the delivery loop sends it right after.
    await waitFor('the mail', () => received.length > 0);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.to).toEqual(['inbox@example.com']);
    expect(mail.raw).toContain('My order arrived with a cracked screen.');
    expect(mail.raw).toMatch(/Reply-To: olivia@example.com/i);
    await waitFor('the delivery to be recorded', async () => {
      const [sent] = await ctx.database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
      return sent?.sentAt !== null;
    });
  });

  it('keeps what the visitor typed from passing for lines of the mail to the shop', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/zoho/sendemail',
      payload: {
        ...valid,
        fullName: 'X\nBcc: someone@example.com',
        company: 'Northwind\r\nBcc: other@example.com',
        rma: 'RMA-8\u2028Bcc: third@example.com',
        questions: 'Where is my order?\nBcc: x\r\n\nThanks',
      },
    });
    expect(response.statusCode).toBe(200);
    // One-line fields are kept on one line, in the database as in the mail.
    const [saved] = await ctx.database.db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.id))
      .limit(1);
    expect(saved).toMatchObject({
      fullName: 'X Bcc: someone@example.com',
      company: 'Northwind Bcc: other@example.com',
      rma: 'RMA-8 Bcc: third@example.com',
    });
    const [mail] = await ctx.database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    const lines = mail!.body.split(/\r\n|[\n\r\u2028\u2029\u0085]/);
    expect(lines.filter((line) => /^\s*bcc:/i.test(line))).toEqual([]);
    expect(lines).toContain('Full Name: X Bcc: someone@example.com');
    // The message is quoted line by line under its label.
    expect(mail!.body).toContain('Questions:\n> Where is my order?\n> Bcc: x\n>\n> Thanks');
    await waitFor('the mail', () => received.some((m) => m.text.includes('> Bcc: x')));
  });

  it.each([
    ['fullName', '', 'Full name cannot be empty, max length is 50.'],
    ['phoneNumber', '', 'Please enter 10 digits number without any other characters.'],
    ['phoneNumber', '416 555 0101', 'Please enter 10 digits number without any other characters.'],
    ['email', 'olivia@', 'Email address format is wrong, max length is 50.'],
    ['orderNumber', '', 'Order number cannot be empty, max length 50 characters.'],
    ['questions', '', 'Quesitons cannot be empty, max length is 5000.'],
    ['questions', 'x'.repeat(5001), 'Quesitons cannot be empty, max length is 5000.'],
  ])('refuses %s = %j with 400: %s', async (field, value, message) => {
    const before = await ctx.database.db.select().from(contactMessages);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/zoho/sendemail',
      payload: { ...valid, [field]: value },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().smessage).toBe(message);
    expect(response.json().errors[field]).toBe(message);
    const after = await ctx.database.db.select().from(contactMessages);
    expect(after.length).toBe(before.length);
  });

  it('lists every broken field at once', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/zoho/sendemail', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(
      expect.arrayContaining(['fullName', 'phoneNumber', 'email', 'orderNumber', 'questions']),
    );
  });
});
