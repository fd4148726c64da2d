/**
 * Delivering webhooks. Every server process runs a sender; deliveries are claimed with
 * `for update skip locked` and a lease, so each goes out once whatever the number of processes (at least
 * once: a process killed between the receiver's answer and its record sends it again when the lease
 * ends, under the same `webhook-id`, which receivers use to drop repeats). A delivery waits while an
 * earlier one of the same subject (an order) to the same endpoint is pending, so an order's events arrive
 * in order. A failed try is retried after 10 s, doubling up to an hour; a delivery still failing a day
 * after its event is given up, its endpoint turned off and the owners mailed.
 *
 * Deliveries written by any process wake every sender (NOTIFY `webhooks`, sent by an insert trigger only
 * when rows were written); a 15 s poll covers a lost notification. A POST has 10 s to be answered and never
 * runs on a request's path.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import type { Database } from '../../db/client';
import { LISTENER_NAME_PATTERN, type Notifier } from '../../db/notify';
import { translators } from '../../i18n/lang';
import type { SecretBox } from '../../lib/secret-box';
import type { MailMessage } from '../../mail/outbox';
import { guardedLookup, isPrivateAddress, parseWebhookUrl } from './addresses';

export interface SenderOptions {
  notifier: Notifier;
  mailer: { enqueueAll(messages: readonly MailMessage[], tx?: never): Promise<number[]>; kick(): void };
  /** Receivers on private, loopback or link-local addresses are allowed (tests, a private network). */
  allowPrivate: boolean;
  /** Opens the endpoints' signing secrets, kept sealed (lib/secret-box.ts). */
  secrets: Pick<SecretBox, 'open'>;
  lanes?: number;
  timeoutMs?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** A delivery failing this long after its event is given up and its endpoint turned off. */
  giveUpMs?: number;
  leaseMs?: number;
  idlePollMs?: number;
}

interface Claimed {
  id: number;
  endpoint_id: number;
  message_id: string;
  event_type: string;
  payload: unknown;
  url: string;
  secret: string;
  attempts: number;
}

interface Outcome {
  status: number | null;
  durationMs: number;
  response: string;
  error: string | null;
}

const CHANNEL = 'webhooks';
const EXCERPT = 500;

export class WebhookSender {
  private readonly lanes: number;
  private readonly timeoutMs: number;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly giveUpMs: number;
  private readonly leaseMs: number;
  private readonly idlePollMs: number;
  private readonly instance: string;
  private started = false;
  private closing = false;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly inFlight = new Set<AbortController>();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: SenderOptions,
  ) {
    this.lanes = options.lanes ?? 4;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.retryBaseMs = options.retryBaseMs ?? 10_000;
    this.retryMaxMs = options.retryMaxMs ?? 3_600_000;
    this.giveUpMs = options.giveUpMs ?? 24 * 3_600_000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.idlePollMs = options.idlePollMs ?? 15_000;
    this.instance = options.notifier.name;
    options.notifier.on(CHANNEL, () => this.wake());
    options.notifier.onReconnect(() => this.wake());
  }

  private get db() {
    return this.database.db;
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    if (this.database.kind === 'pglite') {
      // The embedded database is this process's alone: claims of an earlier run are void.
      await this.db.execute(
        sql`update webhook_deliveries set claimed_by = null, claimed_until = null where claimed_by is not null and delivered_at is null`,
      );
    }
    this.wake();
  }

  /** Wakes this process's sender (after a commit that wrote deliveries; others hear NOTIFY). */
  kick(): void {
    setImmediate(() => this.wake());
  }

  /** Resolves once nothing is under way: after a kick, every delivery then due has been tried. */
  async idle(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // A receiver still holding a request is cut off: the try fails and is retried by whoever runs.
    for (const c of this.inFlight) c.abort();
    if (this.running) await this.running;
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
    this.running = this.drain().then(() => {
      this.running = null;
      if (this.again) this.wake();
      else this.schedule();
    });
  }

  private schedule(): void {
    if (this.closing) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.wake();
    }, this.idlePollMs);
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    try {
      while (!this.closing) {
        const batch = await this.claim();
        if (batch.length === 0) break;
        await Promise.allSettled(batch.map((row) => this.deliver(row)));
      }
    } catch (error) {
      this.log.error({ err: error }, 'the webhook sender failed; it looks again shortly');
    }
  }

  /**
   * Claims due deliveries of enabled endpoints, one per lane, each the earliest pending of its subject
   * for its endpoint; each claim counts as a try.
   */
  private async claim(): Promise<Claimed[]> {
    const gone =
      this.database.kind === 'postgres'
        ? sql`or d.claimed_by not in (select application_name from pg_stat_activity where application_name like ${LISTENER_NAME_PATTERN})`
        : sql``;
    if (this.database.kind === 'postgres' && !this.options.notifier.connected) return [];
    const result = await this.db.execute(sql`
      with due as (
        select d.id from webhook_deliveries d
        join webhook_endpoints w on w.id = d.endpoint_id and w.enabled
        where d.delivered_at is null and d.failed_at is null and d.next_attempt_at <= now()
          and (d.claimed_until is null or d.claimed_until < now() ${gone})
          and (d.subject is null or not exists (
            select 1 from webhook_deliveries e
            where e.endpoint_id = d.endpoint_id and e.subject = d.subject and e.id < d.id
              and e.delivered_at is null and e.failed_at is null))
        order by d.next_attempt_at, d.id
        limit ${this.lanes}
        for update of d skip locked
      )
      update webhook_deliveries d set claimed_by = ${this.instance},
        claimed_until = now() + ${this.leaseMs}::int * interval '1 millisecond', attempts = d.attempts + 1
      from due, webhook_endpoints w
      where d.id = due.id and w.id = d.endpoint_id
      returning d.id, d.endpoint_id, d.message_id, d.event_type, d.payload, w.url, w.secret, d.attempts`);
    const rows = (result as unknown as { rows: Claimed[] }).rows;
    return rows.map((r) => ({ ...r, id: Number(r.id) })).sort((a, b) => a.id - b.id);
  }

  private async deliver(row: Claimed): Promise<void> {
    const body = JSON.stringify(row.payload);
    let outcome: Outcome;
    try {
      outcome = await this.post(row, body);
    } catch (error) {
      outcome = { status: null, durationMs: 0, response: '', error: String(error) };
    }
    try {
      await this.record(row, outcome);
    } catch (error) {
      this.log.error({ err: error, deliveryId: row.id }, 'a webhook delivery could not be recorded');
    }
  }

  /** One POST, signed, with the timeout; what the receiver answered. */
  private post(row: Claimed, body: string): Promise<Outcome> {
    const url = parseWebhookUrl(row.url);
    // A name is checked as it is resolved (guardedLookup); an address in the URL is never looked up.
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (!this.options.allowPrivate && isIP(literal) && isPrivateAddress(literal))
      return Promise.resolve({
        status: null,
        durationMs: 0,
        response: '',
        error: `${literal} is a private address`,
      });
    // One moment for the signature and its header: a second apart, the receiver would refuse the event.
    const now = new Date();
    const signature = new Webhook(this.options.secrets.open(row.secret)).sign(row.message_id, now, body);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'shop-webhooks/1',
      'webhook-id': row.message_id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signature,
      'content-length': String(Buffer.byteLength(body)),
    };
    const started = performance.now();
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timer = setTimeout(
      () => controller.abort(new Error(`no answer in ${this.timeoutMs} ms`)),
      this.timeoutMs,
    );
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<Outcome>((resolve) => {
      const done = (status: number | null, response: string, error: string | null) => {
        clearTimeout(timer);
        this.inFlight.delete(controller);
        resolve({ status, durationMs: Math.round(performance.now() - started), response, error });
      };
      const req = send(
        url,
        {
          method: 'POST',
          headers,
          signal: controller.signal,
          lookup: guardedLookup(this.options.allowPrivate) as never,
        },
        (res: IncomingMessage) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            if (text.length < EXCERPT) text += chunk;
          });
          res.on('end', () => done(res.statusCode ?? null, text.slice(0, EXCERPT), null));
          res.on('error', (error) => done(res.statusCode ?? null, text.slice(0, EXCERPT), error.message));
        },
      );
      req.on('error', (error) => {
        const reason = controller.signal.aborted
          ? String(controller.signal.reason?.message ?? error.message)
          : error.message;
        done(null, '', reason);
      });
      req.end(body);
    });
  }

  private async record(row: Claimed, outcome: Outcome): Promise<void> {
    const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    const excerpt = outcome.error ?? outcome.response;
    if (ok) {
      await this.db.execute(sql`
        update webhook_deliveries set delivered_at = now(), claimed_by = null, claimed_until = null,
          last_attempt_at = now(), last_status = ${outcome.status}, last_duration_ms = ${outcome.durationMs},
          last_response = ${excerpt}, last_error = null
        where id = ${row.id}`);
      return;
    }
    const pause = Math.min(this.retryBaseMs * 2 ** Math.max(0, row.attempts - 1), this.retryMaxMs);
    await this.db.transaction(async (tx) => {
      const result = await tx.execute(sql`
        update webhook_deliveries set claimed_by = null, claimed_until = null,
          last_attempt_at = now(), last_status = ${outcome.status}, last_duration_ms = ${outcome.durationMs},
          last_response = ${excerpt}, last_error = ${outcome.error ?? `HTTP ${outcome.status}`},
          next_attempt_at = now() + ${pause}::int * interval '1 millisecond',
          failed_at = case when created_at <= now() - ${this.giveUpMs}::bigint * interval '1 millisecond' then now() end
        where id = ${row.id} and claimed_by = ${this.instance} and delivered_at is null
        returning failed_at is not null as given_up`);
      const [updated] = (result as unknown as { rows: { given_up: boolean }[] }).rows;
      if (!updated?.given_up) return;
      // A day of failures: the endpoint is turned off (once) and the owners are told.
      const off = await tx.execute(sql`
        update webhook_endpoints set enabled = false, updated_at = now(),
          disabled_reason = ${`Deliveries failed for a day (last: ${excerpt.slice(0, 200)})`}
        where id = ${row.endpoint_id} and enabled returning url`);
      const [endpoint] = (off as unknown as { rows: { url: string }[] }).rows;
      if (!endpoint) return;
      const owners = await tx.execute(sql`select email from staff where role = 'owner' and active`);
      const t = translators.en;
      const messages = (owners as unknown as { rows: { email: string }[] }).rows.map((o) => ({
        to: o.email,
        subject: t.t('webhooks.mail.disabled.subject', { url: endpoint.url }),
        body: t.t('webhooks.mail.disabled.body', { url: endpoint.url, reason: excerpt.slice(0, 200) }),
      }));
      await this.options.mailer.enqueueAll(messages, tx as never);
    });
    this.options.mailer.kick();
  }
}
