/**
 * The back office's services for the seller's commands: mail is queued in the outbox (the running
 * server's loop sends it), sessions are ended in the database and announced to the servers, and servers
 * pick up catalog changes as they are announced on commit.
 */

import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import { Notifier } from '../db/notify';
import type { AdminDeps } from '../lib/back-office';
import { queueMail } from '../mail/outbox';
import { SessionService } from '../modules/sessions';

export function cliDeps(db: Db, config: Config, database?: Database): AdminDeps {
  const say = (level: string) => (object: unknown, message?: string) =>
    console.error(
      `${level}: ${message ?? ''} ${object instanceof Error ? object.message : JSON.stringify(object)}`,
    );
  const log = { error: say('error'), warn: say('warning'), info: () => {} } as unknown as AdminDeps['log'];
  // A command only sends notifications (the servers listen); its own notifier never connects.
  const notifier = new Notifier(database ?? { kind: 'postgres' }, log);
  return {
    db,
    config,
    log,
    mailer: { enqueue: (message, tx) => queueMail(tx ?? db, message) },
    catalog: { refresh: async () => 0 },
    sessions: new SessionService(db, config.SESSION_DAYS, notifier, log),
  };
}
