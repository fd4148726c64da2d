import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema';
import { useTestApp } from '../test/harness';
import { startMailSink } from '../test/mail-sink';
import { queueMail } from './outbox';

const sink = await startMailSink();
const ctx = useTestApp({ SMTP_URL: sink.url });
afterAll(() => sink.close());

describe('the outbox', () => {
  it('sends mail queued elsewhere (the seller commands) once it is half a minute old, and only once', async () => {
    const id = await queueMail(ctx.database.db, {
      to: 'buyer@example.com',
      subject: 'Queued',
      body: 'From the outbox',
    });
    await ctx.app.services.mailer.retry();
    expect(sink.received.some((m) => m.raw.includes('From the outbox'))).toBe(false);
    await ctx.database.db
      .update(outbox)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(outbox.id, id));
    await ctx.app.services.mailer.retry();
    await ctx.app.services.mailer.retry();
    expect(sink.received.filter((m) => m.raw.includes('From the outbox'))).toHaveLength(1);
    const [row] = await ctx.database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row?.sentAt).not.toBeNull();
  });

  it('keeps a message whose delivery failed, with the error, for the next try', async () => {
    await sink.close();
    const id = await ctx.app.services.mailer.enqueue({
      to: 'buyer@example.com',
      subject: 'Later',
      body: 'Retry me',
    });
    expect(await ctx.app.services.mailer.deliver(id)).toBe(false);
    const [row] = await ctx.database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ sentAt: null, attempts: 1 });
    expect(row?.lastError).toBeTruthy();
  });
});
