/**
 * One database factory: embedded PGlite on a data directory when no DATABASE_URL is given, PostgreSQL
 * over `pg` when it is. The same schema and migrations serve both.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { bindPoolContext, tracedPgClient, tracePglite, tracingOn } from '../lib/tracing';
import { SERVER_ROOT } from '../server-root';
import { lockDataDir } from './data-dir-lock';
import { PreparingClient } from './prepared';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Queries take either the database or a transaction. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: the connection string (a listener opens its own connection with it). */
  url?: string;
  /** PGlite: the embedded database itself. */
  pglite?: PGlite;
  /**
   * Applies the migrations, then runs `after` (e.g. the demo seed) on the same connection. On PostgreSQL
   * both run under an advisory lock: of several processes starting together on an empty or old database,
   * one migrates and seeds while the others wait, then find it done. (Drizzle's migrator takes no lock.)
   */
  migrate(after?: (db: Db) => Promise<void>): Promise<void>;
  close(): Promise<void>;
  /**
   * A handle with connections of its own on the same database, so its queries never queue behind the
   * main pool's (PostgreSQL); PGlite, with one connection, gives itself back. Close it when done.
   */
  separate(poolSize: number): Promise<Database>;
}

/** Where problems that happen away from any request are logged (pino's, or the console in the CLI). */
export interface DatabaseLogger {
  warn(context: object, message: string): void;
}

const MIGRATIONS_FOLDER = resolve(SERVER_ROOT, 'drizzle');
/** pg_advisory_lock key held while migrating and seeding; any constant the shop uses for nothing else. */
const MIGRATION_LOCK_KEY = 7_297_412_004;

export interface DatabaseOptions {
  url?: string;
  /** PGlite data directory; 'memory://' for a throwaway one. */
  dataDir?: string;
  /** A PGlite data dump to start from (tests load one migrated and seeded copy per file). */
  loadDataDir?: Blob | File;
  poolSize?: number;
  /** Who opens the embedded database, named to a second process that finds it taken. */
  owner?: string;
  log?: DatabaseLogger;
  /** PostgreSQL: keep statements prepared on each connection (see prepared.ts); true unless false. */
  prepare?: boolean;
  /** Tests migrate an older database from a folder holding only the first migrations. */
  migrationsFolder?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_FOLDER;
  const log = options.log ?? consoleLogger;
  if (options.url) {
    const Client = options.prepare === false ? pg.Client : PreparingClient;
    const traced = tracingOn();
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // While tracing is on (lib/tracing.ts), each query is a span.
      Client: traced ? tracedPgClient(Client) : Client,
    });
    if (traced) bindPoolContext(pool);
    // An idle client that loses its connection (a database restart, a failover) must not crash the
    // process; the pool drops it and the next query opens a new one.
    pool.on('error', (error) => {
      log.warn({ err: error }, 'an idle PostgreSQL connection failed; the pool replaces it');
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      url: options.url,
      migrate: (after) => migrateLocked(pool, migrationsFolder, log, after),
      close: () => pool.end(),
      separate: (poolSize) => openDatabase({ url: options.url, poolSize, prepare: options.prepare }),
    };
  }
  const dataDir = options.dataDir ?? '.data/pglite';
  const onDisk = !dataDir.includes('://');
  if (onDisk) mkdirSync(dirname(resolve(dataDir)), { recursive: true });
  const lock = onDisk ? lockDataDir(resolve(dataDir), options.owner ?? 'another process') : null;
  let client: PGlite;
  try {
    client = await PGlite.create(onDisk ? resolve(dataDir) : dataDir, {
      loadDataDir: options.loadDataDir,
      // Migration 0017's trigram index of PO numbers.
      extensions: { pg_trgm },
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  if (tracingOn()) tracePglite(client as never);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const embedded: Database = {
    db,
    kind: 'pglite',
    migrate: async (after) => {
      await migratePglite(db as never, { migrationsFolder });
      await after?.(db);
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
    separate: async () => ({ ...embedded, close: async () => {} }),
    pglite: client,
  };
  return embedded;
}

const consoleLogger: DatabaseLogger = {
  warn: (context, message) => console.warn(message, context),
};

async function migrateLocked(
  pool: pg.Pool,
  migrationsFolder: string,
  log: DatabaseLogger,
  after?: (db: Db) => Promise<void>,
): Promise<void> {
  // One connection holds the session lock and does the work; if the process dies, PostgreSQL frees it.
  const client = await pool.connect();
  let broken: Error | undefined;
  // A connection lost between queries is reported here (the pool listens only to idle ones).
  const onError = (error: Error) => {
    log.warn({ err: error }, 'the migration connection failed');
    broken = error;
  };
  client.on('error', onError);
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const db = drizzlePg(client, { schema }) as unknown as Db;
      await migratePg(db as never, { migrationsFolder });
      await after?.(db);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch((error: Error) => {
        // Closing the connection (release with an error) frees the lock just as well.
        log.warn({ err: error }, 'could not release the migration lock; closing its connection instead');
        broken = error;
      });
    }
  } finally {
    client.off('error', onError);
    client.release(broken);
  }
}
