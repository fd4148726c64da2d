/** A reset code reaches the customer's mailbox and does not stay readable in the outbox. */
import { desc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema';
import { REMOVED_BODY } from '../../mail/outbox';
import { useTestApp } from '../../test/harness';
import { startMailSink, waitFor } from '../../test/mail-sink';

const sink = await startMailSink();
const ctx = useTestApp({ SMTP_URL: sink.url });
afterAll(() => sink.close());

describe('the reset-code mail', () => {
  it('is delivered with its code, and its text is then removed from the outbox', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/forget/sendcode',
      payload: { username: 'C10001' },
    });
    expect(response.statusCode).toBe(200);
    await waitFor('the code mail', () => sink.received.length > 0);
    const code = /verification code is (\d{6})/.exec(sink.received[0]!.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const [row] = await ctx.database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    await waitFor('the delivery to be recorded', async () => {
      const [now] = await ctx.database.db.select().from(outbox).where(eq(outbox.id, row!.id));
      return now?.sentAt !== null;
    });
    const [sent] = await ctx.database.db.select().from(outbox).where(eq(outbox.id, row!.id));
    expect(sent).toMatchObject({ sensitive: true, body: REMOVED_BODY });
    expect(sent!.body).not.toContain(code!);
  });
});
