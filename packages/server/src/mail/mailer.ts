/**
 * Outgoing mail. A message is written to the outbox table in the transaction of what it tells (enqueue);
 * a delivery loop in every server process sends it afterwards, so a request never waits for the mail
 * server and a rolled-back order mails nothing.
 *
 * Any number of processes share the outbox: a process claims a due message with `for update skip locked`
 * and keeps the claim for a lease. A claim is taken over when its lease ends, or at once on PostgreSQL
 * when the process holding it is gone from the database (its listening connection, whose name the claim
 * carries, has left pg_stat_activity, as after a crash). A failed delivery is retried with a growing pause;
 * after `maxAttempts` the message is kept as failed, logged at error level and counted in `stats()`.
 *
 * Mail queued anywhere (another process, a seller command) wakes every loop through NOTIFY on the
 * `outbox` channel (a trigger on insert); a slow poll covers a lost notification.
 *
 * Without SMTP_URL the log is the transport (development): each message is printed once to the terminal as
 * readable text, headers and text on their own lines (so a developer sees reset codes and set-password
 * links; dev-log.ts), a warn line without the text goes to the structured log, and it is recorded as
 * delivered.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database, Queryable } from '../db/client';
import { LISTENER_NAME_PATTERN, type Notifier } from '../db/notify';
import { outbox } from '../db/schema';
import { traceMailTransport } from '../lib/tracing';
import { countMailFailure, countMailSent } from '../metrics/counters';
import { type MailLogOutput, mailLogText } from './dev-log';
import { type MailMessage, queueMail, queueMails, REMOVED_BODY } from './outbox';

export type { MailMessage };

export interface MailerOptions {
  /** smtp://user:pass@host:port; unset writes mail to the log. */
  smtpUrl: string | undefined;
  /**
   * Without smtpUrl, where each message is printed as readable text (the server's standard error while its
   * log level shows warnings); unset prints none, and the structured log names the message only.
   */
  mailLog?: MailLogOutput | null;
  from: string;
  /** The process's cross-process signals: queued mail wakes the loop, and its connection vouches for claims. */
  notifier: Notifier;
  /** Messages one process delivers at once. */
  lanes?: number;
  /** Tries before a message is given up as failed. */
  maxAttempts?: number;
  /** The pause after the first failure; it doubles with each failure up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** How long a claim holds; far above the transport's timeouts. */
  leaseMs?: number;
  /** The safety poll while nothing is known to be due. */
  idlePollMs?: number;
}

export interface MailStats {
  /** Messages not yet delivered and not given up. */
  pending: number;
  oldestPendingAt: Date | null;
  /** Messages given up after too many failed tries. */
  failed: number;
}

type Claimed = typeof outbox.$inferSelect;

const NOTIFY_CHANNEL = 'outbox';
/** After the close deadline, how long interrupted deliveries get to roll back and release. */
const ABORT_GRACE_MS = 2_000;
const LOOP_ERROR_PAUSE_MS = 5_000;

export class Mailer {
  private readonly notifier: Notifier;
  private readonly transport: Transporter | null;
  /** Messages this process delivers at once, each over a connection of its own to the mail server. */
  readonly lanes: number;
  private readonly maxAttempts: number;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly leaseMs: number;
  private readonly idlePollMs: number;
  /** This process's name on its claims: its listening connection's, so claims live as long as it does. */
  readonly instance: string;
  private readonly messageDomain: string;
  /**
   * Claims and records go through connections of their own: the moment between the mail server's
   * acceptance and its record must not be spent queuing behind requests for a pooled connection.
   */
  private own: Database | null = null;
  private started = false;
  private closing = false;
  private closed: Promise<void> | null = null;
  /** Closing after the deadline: failures now are interruptions, not the mail server's doing. */
  private aborting = false;
  private readonly interrupt = new AbortController();
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  /** The soonest retry this process scheduled (epoch ms). */
  private retryAt: number | null = null;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: MailerOptions,
  ) {
    this.notifier = options.notifier;
    this.instance = options.notifier.name;
    // Mail queued by any process (seller commands included) wakes every loop; after a reconnect, look.
    this.notifier.on(NOTIFY_CHANNEL, () => this.wake());
    this.notifier.onReconnect(() => this.wake());
    this.transport = options.smtpUrl
      ? // Each send is a span while tracing is on.
        traceMailTransport(
          nodemailer.createTransport({
            url: options.smtpUrl,
            // Connections are kept and reused: a message costs one exchange, not a new session.
            pool: true,
            maxConnections: options.lanes ?? 3,
            // Seconds, not nodemailer's minutes: a dead mail server fails the try and the loop moves on.
            connectionTimeout: 5_000,
            greetingTimeout: 5_000,
            socketTimeout: 20_000,
            dnsTimeout: 5_000,
          }),
        )
      : null;
    this.lanes = options.lanes ?? 3;
    this.maxAttempts = options.maxAttempts ?? 20;
    this.retryBaseMs = options.retryBaseMs ?? 5_000;
    this.retryMaxMs = options.retryMaxMs ?? 3_600_000;
    this.leaseMs = options.leaseMs ?? 120_000;
    this.idlePollMs = options.idlePollMs ?? 15_000;
    this.messageDomain = /@([^\s>]+)>?\s*$/.exec(options.from)?.[1] ?? 'localhost';
  }

  private get db() {
    return (this.own ?? this.database).db;
  }

  /** Records a message in the outbox (inside the caller's transaction when given); returns its id. */
  async enqueue(message: MailMessage, tx: Queryable = this.db): Promise<number> {
    return queueMail(tx, message);
  }

  /** Records several messages with one insert; returns their ids. */
  async enqueueAll(messages: readonly MailMessage[], tx: Queryable = this.db): Promise<number[]> {
    return queueMails(tx, messages);
  }

  /**
   * Wakes this process's delivery loop without waiting for it; call after the transaction that queued
   * mail has committed. (Other processes hear of it through NOTIFY.)
   */
  kick(): void {
    setImmediate(() => this.wake());
  }

  /**
   * Resolves once the delivery loop has nothing under way: after a kick, every message then due has been
   * tried. Tests wait on this rather than on time to see that something was not sent.
   */
  async idle(): Promise<void> {
    // A kick wakes the loop on the next turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.running) await this.running;
  }

  /** Starts listening for queued mail and delivers what is due. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.own = await this.database.separate(this.lanes + 1);
    if (this.database.kind === 'pglite') {
      // The embedded database belongs to this process alone: claims left by an earlier run are void.
      await this.db
        .update(outbox)
        .set({ claimedBy: null, claimedUntil: null })
        .where(and(isNotNull(outbox.claimedBy), isNull(outbox.sentAt)));
    }
    this.wake();
  }

  /** What waits in the outbox, for the readiness check. */
  async stats(): Promise<MailStats> {
    const [row] = await this.db
      .select({
        pending: sql<number>`(count(*) filter (where ${outbox.failedAt} is null))::int`,
        oldestPendingAt:
          sql<Date | null>`min(${outbox.createdAt}) filter (where ${outbox.failedAt} is null)`.mapWith(
            outbox.createdAt,
          ),
        failed: sql<number>`(count(*) filter (where ${outbox.failedAt} is not null))::int`,
      })
      .from(outbox)
      .where(isNull(outbox.sentAt));
    return {
      pending: Number(row?.pending ?? 0),
      oldestPendingAt: row?.oldestPendingAt ?? null,
      failed: Number(row?.failed ?? 0),
    };
  }

  /**
   * Stops the loop. A delivery under way may finish within `deadlineMs`; after that its claim is released
   * so another process can take the message at once.
   */
  close(deadlineMs = 5_000): Promise<void> {
    this.closed ??= this.shutDown(deadlineMs);
    return this.closed;
  }

  private async shutDown(deadlineMs: number): Promise<void> {
    this.closing = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.running && !(await settlesWithin(this.running, deadlineMs))) {
      // Deliveries still under way: the connections to the mail server are closed under them, so they
      // fail, roll back and give their claims up for another process at once.
      this.aborting = true;
      this.interrupt.abort();
      await settlesWithin(this.running, ABORT_GRACE_MS);
      const released = this.db
        .update(outbox)
        .set({ claimedBy: null, claimedUntil: null })
        .where(and(eq(outbox.claimedBy, this.instance), isNull(outbox.sentAt)))
        .then(
          () => {},
          (error: unknown) => this.log.error({ err: error }, 'releasing mail claims at shutdown failed'),
        );
      if (!(await settlesWithin(released, ABORT_GRACE_MS))) {
        this.log.error(
          'mail claims could not be released at shutdown; they are taken over once this process has gone',
        );
      }
    }
    // The notifier's connection, which says this process's claims are alive, closes after this (app.ts).
    this.transport?.close();
    const closing = this.own
      ?.close()
      .catch((error: unknown) => this.log.warn({ err: error }, 'closing the mailer connections failed'));
    if (closing && !(await settlesWithin(closing, ABORT_GRACE_MS))) {
      this.log.warn('the mailer connections did not close in time');
    }
  }

  private wake(): void {
    if (!this.started || this.closing) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.again = false;
    this.running = this.drain().then((pauseMs) => {
      this.running = null;
      if (this.again) this.wake();
      else this.schedule(pauseMs);
    });
  }

  private schedule(pauseMs: number): void {
    if (this.closing) return;
    let wait = Math.min(pauseMs, this.idlePollMs);
    if (this.retryAt !== null) wait = Math.min(wait, Math.max(0, this.retryAt - Date.now()));
    this.timer = setTimeout(() => {
      this.timer = null;
      this.wake();
    }, wait);
    this.timer.unref();
  }

  /** Delivers every due message it can claim; returns the pause before the next look. */
  private async drain(): Promise<number> {
    // A retry whose time has come is claimed by this pass (or was by another process).
    if (this.retryAt !== null && this.retryAt <= Date.now()) this.retryAt = null;
    try {
      while (!this.closing) {
        const batch = await this.claim();
        if (batch.length === 0) break;
        // Every delivery of the batch settles before the loop moves on or reports, so close() waits for all.
        const settled = await Promise.allSettled(batch.map((row) => this.deliverClaimed(row)));
        const failed = settled.find((s) => s.status === 'rejected');
        if (failed) throw failed.reason;
      }
      return this.idlePollMs;
    } catch (error) {
      this.log.error({ err: error }, 'the mail delivery loop failed; it tries again shortly');
      return LOOP_ERROR_PAUSE_MS;
    }
  }

  /** Claims up to one message per lane, oldest due first; each claim counts as a try. */
  private async claim(): Promise<Claimed[]> {
    let claimable: SQL | undefined = or(isNull(outbox.claimedUntil), lt(outbox.claimedUntil, sql`now()`));
    if (this.database.kind === 'postgres') {
      // Without its listening connection this process would look dead and its claims be taken over.
      if (!this.notifier.connected) return [];
      claimable = or(
        claimable,
        sql`${outbox.claimedBy} not in (select application_name from pg_stat_activity where application_name like ${LISTENER_NAME_PATTERN})`,
      );
    }
    const due = this.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(isNull(outbox.sentAt), isNull(outbox.failedAt), lte(outbox.nextAttemptAt, sql`now()`), claimable),
      )
      .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
      .limit(this.lanes)
      .for('update', { skipLocked: true });
    return this.db
      .update(outbox)
      .set({
        claimedBy: this.instance,
        claimedUntil: sql`now() + ${this.leaseMs}::int * interval '1 millisecond'`,
        attempts: sql`${outbox.attempts} + 1`,
      })
      .where(inArray(outbox.id, due))
      .returning();
  }

  private async deliverClaimed(row: Claimed): Promise<void> {
    try {
      await this.send(row);
    } catch (error) {
      await this.recordFailure(row, error);
      return;
    }
    countMailSent();
    // Recorded the moment the server accepts the message, in one statement of its own: no connection or
    // transaction is held through the SMTP exchange (an open transaction would also hold back every
    // process's catalog watermark). A crash in between sends it again once the claim lapses: at least once.
    let recorded: boolean;
    try {
      recorded = await this.recordSent(this.db, row);
    } catch (error) {
      this.log.error(
        { err: error, outboxId: row.id, to: row.to },
        'mail delivered but not recorded as sent; it is sent again when its claim lapses',
      );
      return;
    }
    if (!recorded) {
      this.log.warn(
        { outboxId: row.id, to: row.to },
        'mail delivered after its claim had lapsed; another process delivered it too',
      );
    }
  }

  /** Marks the message delivered (its text removed when sensitive); false when it already was. */
  private async recordSent(db: Queryable, row: Claimed): Promise<boolean> {
    const recorded = await db
      .update(outbox)
      .set({
        sentAt: sql`now()`,
        claimedBy: null,
        claimedUntil: null,
        lastError: null,
        body: sql`case when ${outbox.sensitive} then ${REMOVED_BODY} else ${outbox.body} end`,
        // A sensitive message's headers may carry its secret too (a List-Unsubscribe link's token).
        headers: sql`case when ${outbox.sensitive} then null else ${outbox.headers} end`,
      })
      .where(and(eq(outbox.id, row.id), isNull(outbox.sentAt)))
      .returning({ id: outbox.id });
    return recorded.length > 0;
  }

  private async send(row: Claimed): Promise<void> {
    if (!this.transport) {
      // The text (a code or a link, maybe) is printed for the developer, never put in a structured line.
      this.options.mailLog?.write(mailLogText(row));
      this.log.warn(
        { outboxId: row.id, to: row.to, subject: row.subject },
        this.options.mailLog
          ? 'SMTP_URL is unset: this mail is printed to standard error instead of sent'
          : 'SMTP_URL is unset: this mail is recorded as delivered without being sent',
      );
      return;
    }
    await this.transport.sendMail({
      from: this.options.from,
      to: row.to,
      replyTo: row.replyTo ?? undefined,
      subject: row.subject,
      text: row.body,
      headers: row.headers ?? undefined,
      // The same on every try: a copy sent again after a crash can be recognised as the same message.
      messageId: `<outbox.${row.id}.${row.createdAt.getTime()}@${this.messageDomain}>`,
      signal: this.interrupt.signal,
    });
  }

  private async recordFailure(row: Claimed, error: unknown): Promise<void> {
    const reason = error instanceof Error ? error.message : String(error);
    if (this.aborting) {
      // Interrupted by shutdown: due again at once, for whichever process is still running.
      await this.db
        .update(outbox)
        .set({
          claimedBy: null,
          claimedUntil: null,
          nextAttemptAt: sql`now()`,
          lastError: `interrupted: ${reason}`.slice(0, 500),
        })
        .where(and(eq(outbox.id, row.id), eq(outbox.claimedBy, this.instance), isNull(outbox.sentAt)));
      this.log.warn(
        { outboxId: row.id, to: row.to },
        'mail delivery interrupted by shutdown; another process takes it',
      );
      return;
    }
    const giveUp = row.attempts >= this.maxAttempts;
    countMailFailure(giveUp);
    const pauseMs = this.retryPause(row.attempts);
    await this.db
      .update(outbox)
      .set({
        claimedBy: null,
        claimedUntil: null,
        lastError: reason.slice(0, 500),
        nextAttemptAt: sql`now() + ${Math.round(pauseMs)}::int * interval '1 millisecond'`,
        ...(giveUp
          ? {
              failedAt: sql`now()`,
              body: sql`case when ${outbox.sensitive} then ${REMOVED_BODY} else ${outbox.body} end`,
              headers: sql`case when ${outbox.sensitive} then null else ${outbox.headers} end`,
            }
          : {}),
      })
      .where(and(eq(outbox.id, row.id), eq(outbox.claimedBy, this.instance), isNull(outbox.sentAt)));
    const context = {
      outboxId: row.id,
      to: row.to,
      subject: row.subject,
      attempts: row.attempts,
      err: reason,
    };
    if (giveUp) {
      this.log.error(context, 'mail given up after too many failed tries; it stays in the outbox as failed');
    } else {
      this.log.warn(
        { ...context, retryInMs: Math.round(pauseMs) },
        'mail delivery failed; it is tried again',
      );
      // A little after the row is due, so a slightly different database clock does not make it early.
      const at = Date.now() + pauseMs + 250;
      if (this.retryAt === null || at < this.retryAt) this.retryAt = at;
    }
  }

  /** Doubles from the base with each try, capped, with a tenth of jitter so retries spread out. */
  private retryPause(attempts: number): number {
    const pause = Math.min(this.retryMaxMs, this.retryBaseMs * 2 ** Math.min(attempts - 1, 30));
    return pause * (0.9 + Math.random() * 0.2);
  }
}

/** Whether the promise (which never rejects) settles within `ms`. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const settled = await Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    }),
  ]);
  clearTimeout(timer);
  return settled;
}
