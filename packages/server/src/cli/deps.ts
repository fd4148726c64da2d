/**
 * The back office's services for the seller's commands: mail is queued in the outbox (the running
 * server's loop sends it), sessions are ended in the database, and servers pick up catalog changes on
 * their next poll.
 */
import type { AdminDeps } from '../admin/context';
import { SessionService } from '../auth/sessions';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { queueMail } from '../mail/outbox';

export function cliDeps(db: Db, config: Config): AdminDeps {
  const say = (level: string) => (object: unknown, message?: string) =>
    console.error(
      `${level}: ${message ?? ''} ${object instanceof Error ? object.message : JSON.stringify(object)}`,
    );
  return {
    db,
    config,
    log: { error: say('error'), warn: say('warning'), info: () => {} } as unknown as AdminDeps['log'],
    mailer: { enqueue: (message, tx) => queueMail(tx ?? db, message) },
    catalog: { refresh: async () => 0 },
    sessions: new SessionService(db, config.SESSION_DAYS),
  };
}
