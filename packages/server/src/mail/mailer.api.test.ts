/**
 * The outbox and its delivery loop, against a real SMTP server on loopback. The app's own mailer is
 * stopped; each test runs mailers of its own on the file's database, with a logger it can read.
 */
import { createServer, type Socket } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { Notifier } from '../db/notify';
import { outbox } from '../db/schema';
import { testConfig, useTestApp } from '../test/harness';
import { startMailSink, waitFor } from '../test/mail-sink';
import { type MailLogOutput, mailLogText } from './dev-log';
import { Mailer, type MailerOptions } from './mailer';
import { queueMail, REMOVED_BODY } from './outbox';

const sink = await startMailSink();
const ctx = useTestApp({ SMTP_URL: sink.url, MAIL_CONNECTIONS: 2 });
const FROM = 'Acer Store <no-reply@shop.example>';
const mailers: Mailer[] = [];
const notifiers: Notifier[] = [];

interface Logged {
  level: string;
  context: Record<string, unknown>;
  message: string;
}

/** A logger that keeps what it is told, to check what an operator would read. */
function captureLog(): { log: FastifyBaseLogger; lines: Logged[] } {
  const lines: Logged[] = [];
  const at =
    (level: string) =>
    (context: unknown, message?: string): void => {
      if (typeof context === 'string') lines.push({ level, context: {}, message: context });
      else lines.push({ level, context: context as Record<string, unknown>, message: message ?? '' });
    };
  const log = {
    level: 'trace',
    trace: at('trace'),
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    fatal: at('fatal'),
    silent: () => {},
    child: () => log,
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

async function startMailer(
  smtpUrl: string | undefined,
  options: Pick<MailerOptions, 'maxAttempts' | 'lanes' | 'retryBaseMs' | 'idlePollMs'> & {
    mailLog?: MailLogOutput;
  } = {},
) {
  const { log, lines } = captureLog();
  const notifier = new Notifier(ctx.database, log);
  const mailer = new Mailer(ctx.database, log, { smtpUrl, from: FROM, notifier, ...options });
  await notifier.start();
  await mailer.start();
  mailers.push(mailer);
  notifiers.push(notifier);
  return { mailer, lines };
}

async function row(id: number) {
  const [found] = await ctx.database.db.select().from(outbox).where(eq(outbox.id, id));
  return found!;
}

/** Messages written straight into the outbox with the given state (a trigger still wakes the loops). */
async function insertMail(mail: Partial<PgInsertValue<typeof outbox>>): Promise<number> {
  const [inserted] = await ctx.database.db
    .insert(outbox)
    .values({ to: 'someone@example.com', subject: 'Inserted', body: '', ...mail })
    .returning({ id: outbox.id });
  return inserted!.id;
}

const copiesOf = (text: string) => sink.received.filter((m) => m.raw.includes(text));

beforeAll(async () => {
  await ctx.app.services.mailer.close();
});

// Every mailer of a test is stopped after it, so the next test's messages meet only its own mailers.
afterEach(async () => {
  await Promise.all(mailers.splice(0).map((m) => m.close(1000)));
  await Promise.all(notifiers.splice(0).map((n) => n.close()));
});

afterAll(async () => {
  await sink.close();
});

describe('the delivery loop', () => {
  it('sends mail queued by anyone else (a seller command) when told of it, once, with a stable Message-ID', async () => {
    // Its safety poll an hour away: only the notification of the queued mail can wake the loop in time.
    const { mailer } = await startMailer(sink.url, { idlePollMs: 3_600_000 });
    // Its first look, at start, is over.
    await mailer.idle();
    // Queued straight into the table, as a seller command in another process does: nobody kicks the loop.
    const id = await queueMail(ctx.database.db, {
      to: 'buyer@example.com',
      subject: 'Queued elsewhere',
      body: 'From the outbox',
    });
    await waitFor('the queued mail', () => copiesOf('From the outbox').length > 0);
    await waitFor('the delivery to be recorded', async () => (await row(id)).sentAt !== null);
    mailer.kick();
    await mailer.idle();
    const copies = copiesOf('From the outbox');
    expect(copies).toHaveLength(1);
    expect(copies[0]!.messageId).toMatch(new RegExp(`^<outbox\\.${id}\\.\\d+@shop\\.example>$`));
    expect(await row(id)).toMatchObject({ attempts: 1, claimedBy: null, failedAt: null });
  });

  it('waits 5 s after a first refusal unless told otherwise', async () => {
    const { mailer, lines } = await startMailer(sink.url);
    sink.failing = true;
    try {
      const before = Date.now();
      const id = await mailer.enqueue({ to: 'buyer@example.com', subject: 'Later', body: 'Five seconds' });
      mailer.kick();
      await waitFor('the first try', async () => (await row(id)).attempts >= 1 && !(await row(id)).claimedBy);
      const first = lines.find((l) => l.level === 'warn' && l.context.outboxId === id);
      expect(first?.context.retryInMs).toBeGreaterThanOrEqual(4_500);
      expect(first?.context.retryInMs).toBeLessThanOrEqual(5_500);
      expect((await row(id)).nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 4_500);
      await ctx.database.db.delete(outbox).where(eq(outbox.id, id));
    } finally {
      sink.failing = false;
    }
  });

  it('keeps a message the server refuses, with the error, and retries it by itself with growing pauses until the server is back', async () => {
    // Pauses from 100 ms rather than 5 s (the default, above), so that the loop's own retries are seen.
    const { mailer, lines } = await startMailer(sink.url, { retryBaseMs: 100 });
    sink.failing = true;
    const id = await mailer.enqueue({ to: 'buyer@example.com', subject: 'Later', body: 'Retry me' });
    mailer.kick();
    await waitFor('the first try', async () => (await row(id)).attempts >= 1 && !(await row(id)).claimedBy);
    const first = await row(id);
    expect(first).toMatchObject({ sentAt: null, failedAt: null });
    expect(first.lastError).toMatch(/451/);

    // The loop comes back by itself when the pause is over, and the pause doubles.
    await waitFor('the second try', async () => (await row(id)).attempts >= 2 && !(await row(id)).claimedBy);
    const pauses = lines
      .filter((l) => l.level === 'warn' && l.context.outboxId === id)
      .map((l) => l.context.retryInMs as number);
    expect(pauses[0]).toBeGreaterThanOrEqual(90);
    expect(pauses[0]).toBeLessThanOrEqual(110);
    expect(pauses[1]).toBeGreaterThanOrEqual(180);
    expect(pauses[1]).toBeLessThanOrEqual(220);
    expect(copiesOf('Retry me')).toHaveLength(0);
    expect(await mailer.stats()).toMatchObject({ pending: 1, failed: 0 });

    // The server is back: the next retry delivers it.
    sink.failing = false;
    await waitFor('the delivery', async () => (await row(id)).sentAt !== null);
    expect(copiesOf('Retry me')).toHaveLength(1);
    expect(await row(id)).toMatchObject({ lastError: null });
  });

  it('gives a message up after its 20th try: kept as failed, logged at error level and counted', async () => {
    const { mailer, lines } = await startMailer(sink.url);
    const before = await mailer.stats();
    sink.failing = true;
    try {
      // Eighteen tries are taken as done (about ten hours of a failing server), so the test runs the last two.
      const id = await insertMail({
        to: 'buyer@example.com',
        subject: 'Doomed',
        body: 'Never delivered',
        attempts: 18,
      });
      for (const attempt of [19, 20]) {
        await ctx.database.db.update(outbox).set({ nextAttemptAt: sql`now()` }).where(eq(outbox.id, id));
        mailer.kick();
        await waitFor(
          `try ${attempt}`,
          async () => (await row(id)).attempts === attempt && !(await row(id)).claimedBy,
        );
        if (attempt === 19) {
          // The pause has grown to its cap of an hour.
          const pause = (await row(id)).nextAttemptAt.getTime() - Date.now();
          expect(pause).toBeGreaterThan(0.89 * 3_600_000);
          expect(pause).toBeLessThan(1.11 * 3_600_000);
          expect((await row(id)).failedAt).toBeNull();
        }
      }
      const failed = await row(id);
      expect(failed.failedAt).not.toBeNull();
      expect(failed.sentAt).toBeNull();
      expect(failed.body).toBe('Never delivered');
      const logged = lines.find((l) => l.level === 'error' && l.context.outboxId === id);
      expect(logged?.message).toMatch(/given up/);
      expect(logged?.context).toMatchObject({ to: 'buyer@example.com', subject: 'Doomed', attempts: 20 });
      const after = await mailer.stats();
      expect(after.failed).toBe(before.failed + 1);
      expect(after.pending).toBe(before.pending);

      // A failed message is not tried again.
      await ctx.database.db.update(outbox).set({ nextAttemptAt: sql`now()` }).where(eq(outbox.id, id));
      mailer.kick();
      await mailer.idle();
      expect((await row(id)).attempts).toBe(20);
    } finally {
      sink.failing = false;
    }
  });

  it('delivers as many messages at once as it keeps connections to the mail server, and no more', async () => {
    // The app's mailer takes MAIL_CONNECTIONS.
    expect(ctx.app.services.mailer.lanes).toBe(2);
    for (const [lanes, count] of [
      [1, 5],
      [4, 8],
    ] as const) {
      await waitFor('the earlier connections to close', () => sink.sessions === 0);
      sink.mostSessions = 0;
      const subject = `Lanes ${lanes}`;
      for (let i = 0; i < count; i++) await insertMail({ subject: `${subject} #${i}` });
      const { mailer } = await startMailer(sink.url, { lanes });
      await waitFor(
        `${count} messages`,
        () => sink.received.filter((m) => m.subject.startsWith(subject)).length === count,
      );
      // Each message of a claimed batch goes out at once, over a connection of its own.
      expect(sink.mostSessions).toBe(lanes);
      await mailer.close(1000);
    }
  });

  it('counts what is pending, and since when', async () => {
    const { mailer } = await startMailer(sink.url);
    // Queued ten minutes ago and not due for an hour: it stays pending.
    const id = await insertMail({
      body: 'Waiting',
      nextAttemptAt: sql`now() + interval '1 hour'`,
      createdAt: sql`now() - interval '10 minutes'`,
    });
    const stats = await mailer.stats();
    expect(stats.pending).toBeGreaterThanOrEqual(1);
    expect(stats.oldestPendingAt).toBeInstanceOf(Date);
    expect(Date.now() - stats.oldestPendingAt!.getTime()).toBeGreaterThanOrEqual(10 * 60_000 - 1000);
    await ctx.database.db.update(outbox).set({ nextAttemptAt: sql`now()` }).where(eq(outbox.id, id));
    mailer.kick();
    await waitFor('the delivery', async () => (await row(id)).sentAt !== null);
    const after = await mailer.stats();
    expect(after.pending).toBe(stats.pending - 1);
  });

  it("takes over a claim whose lease has run out, and leaves a live process's claim alone", async () => {
    const { mailer } = await startMailer(sink.url);
    const { mailer: other } = await startMailer(sink.url);
    // Written as claimed by the other mailer, as it would have left them.
    const held = await insertMail({
      body: 'Held claim',
      claimedBy: other.instance,
      claimedUntil: sql`now() + interval '1 hour'`,
    });
    const lapsed = await insertMail({
      body: 'Lapsed claim',
      claimedBy: other.instance,
      claimedUntil: sql`now() - interval '1 second'`,
    });
    mailer.kick();
    await waitFor('the lapsed claim to be delivered', async () => (await row(lapsed)).sentAt !== null);
    // The pass that delivered it saw the held one too.
    await mailer.idle();
    expect(copiesOf('Held claim')).toHaveLength(0);
    expect((await row(held)).sentAt).toBeNull();
    await ctx.database.db.delete(outbox).where(eq(outbox.id, held));
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'takes over at once the claim of a process that has left the database, as after a crash (PostgreSQL only)',
    async () => {
      const { mailer } = await startMailer(sink.url);
      const id = await insertMail({
        body: 'Orphaned claim',
        claimedBy: 'shop 1 000000000000',
        claimedUntil: sql`now() + interval '1 hour'`,
      });
      mailer.kick();
      await waitFor('the orphaned claim to be delivered', async () => (await row(id)).sentAt !== null);
      expect(copiesOf('Orphaned claim')).toHaveLength(1);
    },
  );

  it('removes the text of a sensitive message once it is delivered', async () => {
    const { mailer } = await startMailer(sink.url);
    const id = await mailer.enqueue({
      to: 'buyer@example.com',
      subject: 'Your code',
      body: 'Your verification code is 482915',
      sensitive: true,
    });
    mailer.kick();
    await waitFor('the delivery', async () => (await row(id)).sentAt !== null);
    expect(copiesOf('482915')).toHaveLength(1);
    expect((await row(id)).body).toBe(REMOVED_BODY);
  });

  it('without SMTP_URL prints each message once as readable text (codes included) and removes sensitive text', async () => {
    const printed: string[] = [];
    const { mailer, lines } = await startMailer(undefined, { mailLog: { write: (t) => printed.push(t) } });
    const id = await mailer.enqueue({
      to: 'dev@example.com',
      subject: 'Your code',
      body: 'Hello "Dev",\n\nYour verification code is 271828\n\nIt works once.\n',
      headers: { 'List-Unsubscribe': '<https://shop.example/u?t=1>' },
      sensitive: true,
    });
    mailer.kick();
    await waitFor('the delivery to the log', async () => (await row(id)).sentAt !== null);
    const copies = printed.filter((t) => t.includes(`mail ${id} `));
    expect(copies).toHaveLength(1);
    // Headers one to a line, a blank line, then the text as written: the code stands on a line of its own.
    expect(copies[0]!.split('\n')).toEqual([
      `----- mail ${id} (SMTP_URL is unset: printed here instead of sent) -----`,
      'To: dev@example.com',
      'Subject: Your code',
      'List-Unsubscribe: <https://shop.example/u?t=1>',
      '',
      'Hello "Dev",',
      '',
      'Your verification code is 271828',
      '',
      'It works once.',
      `----- end of mail ${id} -----`,
      '',
    ]);
    expect(copies[0]).not.toMatch(/\\[n"]/);
    // The structured log names the message, without its text.
    const logged = lines.filter((l) => l.context.outboxId === id);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 'warn',
      context: { to: 'dev@example.com', subject: 'Your code' },
    });
    expect(logged[0]!.message).toMatch(/SMTP_URL is unset/);
    expect(JSON.stringify(logged[0])).not.toContain('271828');
    expect((await row(id)).body).toBe(REMOVED_BODY);
  });

  it('prints what a typed text would do to the terminal as plain spaces', () => {
    const text = mailLogText({
      id: 7,
      to: 'a@example.com',
      replyTo: 'b@example.com',
      subject: 'Hi\r\nBcc: c@example.com',
      headers: null,
      body: 'Look \u001b[31mred\u001b[0m\r\nnext',
    });
    expect(text.split('\n')).toEqual([
      '----- mail 7 (SMTP_URL is unset: printed here instead of sent) -----',
      'To: a@example.com',
      'Reply-To: b@example.com',
      'Subject: Hi Bcc: c@example.com',
      '',
      'Look  [31mred [0m',
      'next',
      '----- end of mail 7 -----',
      '',
    ]);
  });
});

describe('a mail server that never answers', () => {
  const sockets = new Set<Socket>();
  const silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  let silentUrl = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address() as { port: number };
    silentUrl = `smtp://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('does not keep the visitor waiting: the contact form answers at once and its mail waits', async () => {
    const database = ctx.url ? await openDatabase({ url: ctx.url, poolSize: 3 }) : ctx.database; // PGlite: one process, one database handle
    const app = await buildApp(testConfig({ SMTP_URL: silentUrl }), { database, prepared: true });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/zoho/sendemail',
        payload: {
          fullName: 'Olivia Martin',
          phoneNumber: '4165550101',
          email: 'olivia@example.com',
          orderNumber: 'SO-1001',
          questions: 'Is anyone there?',
        },
      });
      expect(response.statusCode).toBe(200);
      const [mail] = await ctx.database.db
        .select()
        .from(outbox)
        .where(sql`${outbox.body} like '%Is anyone there?%'`);
      // Answered while its mail's try still waits for a greeting that never comes (it gives up after 5 s):
      // the answer did not wait for the mail server.
      expect(mail).toMatchObject({ sentAt: null, lastError: null });

      // The try fails within seconds (greeting timeout), not nodemailer's default minutes (the test's 20 s).
      await waitFor('the try to time out', async () => (await row(mail!.id)).lastError !== null);
      expect((await row(mail!.id)).lastError).toMatch(/greeting|timeout/i);
    } finally {
      await app.close();
      if (database !== ctx.database) await database.close();
    }
  }, 20_000);

  it('on close, lets a delivery under way finish or releases its claim within the deadline', async () => {
    const { mailer } = await startMailer(silentUrl);
    const id = await mailer.enqueue({ to: 'buyer@example.com', subject: 'Stuck', body: 'Stuck in flight' });
    mailer.kick();
    await waitFor('the claim', async () => (await row(id)).claimedBy === mailer.instance);
    await mailer.close(500);
    const released = await row(id);
    expect(released).toMatchObject({ claimedBy: null, claimedUntil: null, sentAt: null, failedAt: null });
    // Due again at once, for a process that is still running: interrupted at the deadline, not failed by the
    // greeting timeout (which would have made it wait 5 s before its next try).
    expect(released.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    await ctx.database.db.delete(outbox).where(eq(outbox.id, id));
  });
});
