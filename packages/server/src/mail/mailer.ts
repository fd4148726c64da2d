/**
 * Outgoing mail. Every message is written to the outbox table first, then delivered over SMTP when
 * SMTP_URL is set; a failed delivery stays in the outbox and is retried, so no message is lost.
 * Without SMTP_URL the message is logged and stays in the outbox for the seller to read.
 */
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, Queryable } from '../db/client';
import { outbox } from '../db/schema';
import { type MailMessage, queueMail } from './outbox';

export type { MailMessage };

const MAX_ATTEMPTS = 10;

export class Mailer {
  private transport: Transporter | null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    smtpUrl: string | undefined,
    private readonly from: string,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  /** Records a message in the outbox (inside the caller's transaction when given); returns its id. */
  async enqueue(message: MailMessage, tx: Queryable = this.db): Promise<number> {
    return queueMail(tx, message);
  }

  /** Tries to deliver one outbox message now; returns whether it went out. */
  async deliver(id: number): Promise<boolean> {
    if (!this.transport) {
      this.log.info({ outboxId: id }, 'mail kept in the outbox (no SMTP_URL configured)');
      return false;
    }
    const [row] = await this.db.select().from(outbox).where(eq(outbox.id, id));
    if (!row || row.sentAt) return Boolean(row?.sentAt);
    try {
      await this.transport.sendMail({
        from: this.from,
        to: row.to,
        replyTo: row.replyTo ?? undefined,
        subject: row.subject,
        text: row.body,
      });
      await this.db
        .update(outbox)
        .set({ sentAt: new Date(), attempts: row.attempts + 1 })
        .where(eq(outbox.id, id));
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.warn({ to: row.to, err: message }, 'mail delivery failed; it stays in the outbox for retry');
      await this.db
        .update(outbox)
        .set({ attempts: row.attempts + 1, lastError: message.slice(0, 500) })
        .where(eq(outbox.id, id));
      return false;
    }
  }

  async send(message: MailMessage): Promise<boolean> {
    return this.deliver(await this.enqueue(message));
  }

  /** Retries unsent mail on a timer (only when SMTP is configured). */
  startRetrying(intervalMs = 30_000): void {
    if (!this.transport) return;
    this.timer = setInterval(() => {
      void this.retry().catch(() => {});
    }, intervalMs);
    this.timer.unref();
  }

  async retry(): Promise<void> {
    const pending = await this.db
      .select({ id: outbox.id })
      .from(outbox)
      // Mail queued by this process is sent at once; the loop takes what failed, or what the seller's
      // commands queued, once it is half a minute old (so a message is never sent twice at once).
      .where(
        and(
          isNull(outbox.sentAt),
          lt(outbox.attempts, MAX_ATTEMPTS),
          lt(outbox.createdAt, new Date(Date.now() - 30_000)),
        ),
      )
      .orderBy(asc(outbox.id))
      .limit(50);
    for (const { id } of pending) await this.deliver(id);
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.transport?.close();
  }

  /** The outbox backlog for the readiness check: mail still to send (and since when), and mail given up. */
  async stats(): Promise<{ pending: number; oldestPendingAt: Date | null; failed: number }> {
    const gaveUp = sql`${outbox.attempts} >= ${MAX_ATTEMPTS}`;
    const [row] = await this.db
      .select({
        pending: sql<number>`count(*) filter (where not (${gaveUp}))`.mapWith(Number),
        oldestPendingAt: sql<Date | null>`min(${outbox.createdAt}) filter (where not (${gaveUp}))`.mapWith(
          outbox.createdAt,
        ),
        failed: sql<number>`count(*) filter (where ${gaveUp})`.mapWith(Number),
      })
      .from(outbox)
      .where(isNull(outbox.sentAt));
    return {
      pending: row?.pending ?? 0,
      oldestPendingAt: row?.oldestPendingAt ?? null,
      failed: row?.failed ?? 0,
    };
  }
}
