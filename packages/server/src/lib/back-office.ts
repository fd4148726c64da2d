/**
 * What the back office's actions need, whether a staff member calls them over HTTP or the seller's
 * commands call them from a terminal: the same functions, the same rules, the same audit.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db, Queryable } from '../db/client';
import type { MailMessage } from '../mail/outbox';

/** Who acts: a staff member (their e-mail) or the seller's commands (`cli`). */
export interface Actor {
  staffId: number | null;
  label: string;
}

export const CLI_ACTOR: Actor = { staffId: null, label: 'cli' };

export interface AdminDeps {
  db: Db;
  config: Config;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  mailer: {
    enqueue(message: MailMessage, tx?: Queryable): Promise<number>;
    /** Wakes this process's delivery loop; absent in the seller's commands (the servers hear of their mail). */
    kick?(): void;
  };
  catalog: { refresh(): Promise<number> };
  sessions: {
    revokeCustomer(customerId: string): Promise<void>;
    refreshCustomer(customerId: string): Promise<void>;
    /** Ends a person's sessions with the transaction `q`: every process hears of it on commit. */
    endContactSessions(q: Queryable, contactPersonId: string): Promise<void>;
  };
}

/** Mail queued by a committed change goes out now; a failure stays in the outbox for the retry loop. */
export async function deliverQueued(deps: AdminDeps, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) deps.mailer.kick?.();
}

/** Shows a change to buyers at once in this process; others pick it up on their next poll. */
export async function catalogChanged(deps: AdminDeps): Promise<void> {
  await deps.catalog.refresh().catch((error: unknown) => {
    deps.log.error({ err: error }, 'catalog refresh after a product change failed; the poll retries');
  });
}

/** What the back office's actions need, taken from what the composition root built. */
export function backOfficeDeps(built: {
  database: { db: Db };
  config: Config;
  log: AdminDeps['log'];
  mailer: AdminDeps['mailer'];
  catalog: AdminDeps['catalog'];
  sessions: AdminDeps['sessions'];
}): AdminDeps {
  const { database, config, log, mailer, catalog, sessions } = built;
  return { db: database.db, config, log, mailer, catalog, sessions };
}
