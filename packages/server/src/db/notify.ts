/**
 * Cross-process signals over PostgreSQL LISTEN/NOTIFY: a catalog change, an ended session. A
 * notification arrives only after the sending transaction commits, in commit order, to every process
 * listening. It can be lost while a listener's connection is down, so subscribers treat a reconnect as
 * "anything may have happened" (`onReconnect`) and anything that must stay exact while disconnected
 * checks `connected` (e.g. the session cache stops trusting itself). On PGlite, one process holds the
 * database, and its own notifications come back through the same path.
 */
import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Queryable } from './client';

export type NotifyHandler = (payload: string) => void;

/** How often the listening connection proves it is alive; a dead TCP peer is otherwise noticed late. */
const PING_MS = 5_000;
const RETRY_MIN_MS = 200;
const RETRY_MAX_MS = 5_000;

export interface NotifierSource {
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: the connection string for the dedicated listening connection. */
  url?: string;
  pglite?: PGlite;
}

/**
 * The listening connection's name in pg_stat_activity: `shop <pid> <random>`. It tells other processes this
 * one is alive (the mail loop's claims carry it).
 */
export const LISTENER_NAME_PATTERN = 'shop %';

export class Notifier {
  readonly name = `shop ${process.pid} ${randomBytes(6).toString('hex')}`;
  private readonly handlers = new Map<string, NotifyHandler[]>();
  private readonly reconnectHandlers: (() => void)[] = [];
  private readonly disconnectHandlers: (() => void)[] = [];
  private client: pg.Client | null = null;
  private unlisten: (() => Promise<void>)[] = [];
  private ping: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  private retryMs = RETRY_MIN_MS;
  private closed = false;
  private everConnected = false;
  /** True while notifications are known to arrive. */
  connected = false;

  constructor(
    private readonly source: NotifierSource,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  ) {}

  /** Registers a handler; call before start() (channels are listened to on every (re)connect). */
  on(channel: string, handler: NotifyHandler): void {
    assertChannel(channel);
    const list = this.handlers.get(channel) ?? [];
    list.push(handler);
    this.handlers.set(channel, list);
  }

  /** Called after a reconnect: notifications may have been missed while the connection was down. */
  onReconnect(handler: () => void): void {
    this.reconnectHandlers.push(handler);
  }

  /** Called when the connection is lost. */
  onDisconnect(handler: () => void): void {
    this.disconnectHandlers.push(handler);
  }

  async start(): Promise<void> {
    this.closed = false;
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    try {
      if (this.source.kind === 'pglite') await this.connectPglite();
      else await this.connectPostgres();
      const again = this.everConnected;
      this.everConnected = true;
      this.connected = true;
      this.retryMs = RETRY_MIN_MS;
      if (again) {
        this.log.info('notification listener reconnected; resynchronising');
        for (const h of this.reconnectHandlers) this.safely(h, 'reconnect');
      }
    } catch (error) {
      this.log.warn({ err: error, retryInMs: this.retryMs }, 'notification listener could not connect');
      await this.dropClient();
      this.scheduleReconnect();
    }
  }

  private async connectPglite(): Promise<void> {
    const db = this.source.pglite;
    if (!db) throw new Error('no PGlite instance to listen on');
    for (const channel of this.handlers.keys()) {
      this.unlisten.push(await db.listen(channel, (payload) => this.dispatch(channel, payload)));
    }
  }

  private async connectPostgres(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.source.url,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
      application_name: this.name,
    });
    this.client = client;
    client.on('notification', (message) => this.dispatch(message.channel, message.payload ?? ''));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    await client.connect();
    for (const channel of this.handlers.keys()) await client.query(`listen "${channel}"`);
    this.ping = setInterval(() => {
      client.query('select 1').catch((error: unknown) => this.lost(client, error));
    }, PING_MS);
    this.ping.unref();
  }

  private lost(client: pg.Client, error: unknown): void {
    if (client !== this.client || this.closed) return;
    this.log.warn({ err: error }, 'notification listener lost its connection; reconnecting');
    this.connected = false;
    for (const h of this.disconnectHandlers) this.safely(h, 'disconnect');
    void this.dropClient().then(() => this.scheduleReconnect());
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retry) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, wait);
    this.retry.unref();
  }

  private async dropClient(): Promise<void> {
    if (this.ping) clearInterval(this.ping);
    this.ping = null;
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      client.on('error', () => {
        // The connection is being thrown away; its late errors say nothing new.
      });
      await client.end().catch((error: unknown) => {
        this.log.warn({ err: error }, 'closing the lost listener connection failed');
      });
    }
  }

  private dispatch(channel: string, payload: string): void {
    for (const h of this.handlers.get(channel) ?? []) this.safely(() => h(payload), `channel ${channel}`);
  }

  private safely(fn: () => void, what: string): void {
    try {
      fn();
    } catch (error) {
      this.log.error({ err: error }, `notification handler failed (${what})`);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.connected = false;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    for (const off of this.unlisten.splice(0)) {
      await off().catch((error: unknown) => this.log.warn({ err: error }, 'unlisten failed'));
    }
    await this.dropClient();
  }
}

/** Channel names go into LISTEN as identifiers: keep them to plain lower-case words. */
function assertChannel(channel: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`bad notification channel "${channel}"`);
}

/** Sends a notification; inside a transaction it goes out when (and only if) the transaction commits. */
export async function notify(db: Queryable, channel: string, payload = ''): Promise<void> {
  assertChannel(channel);
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
