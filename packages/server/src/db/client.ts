/**
 * One database factory: embedded PGlite on a data directory when no DATABASE_URL is given, PostgreSQL
 * over `pg` when it is. The same schema and migrations serve both.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Queries take either the database or a transaction. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Calls `onNotify` for each NOTIFY on `channel`, from any process, and once each time listening
   * (re)starts, since notifications sent while not listening are lost. On PostgreSQL this is a connection
   * of its own, named `applicationName` in pg_stat_activity, reconnected after a failure.
   */
  listen(channel: string, options: ListenOptions): Promise<Listener>;
  /**
   * A handle with connections of its own on the same database, so its queries never queue behind the
   * main pool's (PostgreSQL); PGlite, with one connection, gives itself back. Close it when done.
   */
  separate(poolSize: number): Promise<Database>;
}

export interface ListenOptions {
  onNotify: () => void;
  /** A lost or refused listening connection; it is retried with a growing pause. */
  onError: (error: Error) => void;
  applicationName?: string;
}

export interface Listener {
  /** Whether notifications arrive right now. */
  readonly connected: boolean;
  close(): Promise<void>;
}

const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export interface DatabaseOptions {
  url?: string;
  /** PGlite data directory; 'memory://' for a throwaway one. */
  dataDir?: string;
  /** A PGlite data dump to start from (tests load one migrated and seeded copy per file). */
  loadDataDir?: Blob | File;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
      listen: (channel, listenOptions) => listenPg(options.url!, channel, listenOptions),
      separate: (poolSize) => openDatabase({ url: options.url, poolSize }),
    };
  }
  const dataDir = options.dataDir ?? '.data/pglite';
  if (!dataDir.includes('://')) mkdirSync(dirname(resolve(dataDir)), { recursive: true });
  const client = await PGlite.create(dataDir.includes('://') ? dataDir : resolve(dataDir), {
    loadDataDir: options.loadDataDir,
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const embedded: Database = {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
    listen: async (channel, { onNotify }) => {
      const stop = await client.listen(channel, onNotify);
      onNotify();
      return { connected: true, close: stop };
    },
    separate: async () => ({ ...embedded, close: async () => {} }),
    // Exposed for tests that snapshot a prepared database.
    ...{ pglite: client },
  };
  return embedded;
}

const LISTEN_RETRY_MS = [1000, 2000, 5000, 10_000, 30_000];

/**
 * A dedicated connection for LISTEN (a pooled one would lose it), reconnected until closed. It connects in
 * the background: the first `onNotify` says it is listening.
 */
async function listenPg(url: string, channel: string, options: ListenOptions): Promise<Listener> {
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | null = null;

  const reconnectLater = () => {
    if (closed || retry) return;
    const delay = LISTEN_RETRY_MS[Math.min(failures, LISTEN_RETRY_MS.length - 1)]!;
    failures++;
    retry = setTimeout(() => {
      retry = null;
      start();
    }, delay);
    retry.unref();
  };

  const connect = async () => {
    const c = new pg.Client({ connectionString: url, application_name: options.applicationName });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === c) client = null;
      if (closed) return;
      options.onError(error ?? new Error('the listening connection ended'));
      c.end().catch(options.onError);
      reconnectLater();
    };
    c.on('error', onLost);
    c.on('end', () => onLost());
    c.on('notification', (message) => {
      if (message.channel === channel) options.onNotify();
    });
    try {
      await c.connect();
      await c.query(`listen "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (closed) {
      await c.end();
      return;
    }
    client = c;
    failures = 0;
    options.onNotify();
  };

  const start = () => {
    connect().catch((error: Error) => {
      options.onError(error);
      reconnectLater();
    });
  };

  start();
  return {
    get connected() {
      return client !== null;
    },
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end();
    },
  };
}
