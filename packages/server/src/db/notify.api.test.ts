import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import { waitFor } from '../test/mail-sink';
import type { Database } from './client';
import { Notifier, notify } from './notify';

const log = pino({ level: 'silent' });

describe('notifications', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const notifiers: Notifier[] = [];

  beforeAll(async () => {
    const opened = await openTestDatabase();
    database = opened.database;
    drop = opened.drop;
  });
  afterAll(async () => {
    for (const n of notifiers) await n.close();
    await drop();
  });

  function listener(channel: string): { notifier: Notifier; seen: string[] } {
    const notifier = new Notifier(database, log);
    const seen: string[] = [];
    notifier.on(channel, (payload) => seen.push(payload));
    notifiers.push(notifier);
    return { notifier, seen };
  }

  it('arrive once their transaction commits, and never from one rolled back', async () => {
    const a = listener('test_commit');
    await a.notifier.start();
    await database.db
      .transaction(async (tx) => {
        await notify(tx, 'test_commit', 'rolled back');
        throw new Error('abort');
      })
      .catch(() => {});
    await database.db.transaction(async (tx) => {
      await notify(tx, 'test_commit', 'kept');
      expect(a.seen).toEqual([]);
    });
    await waitFor('the notification', () => a.seen.length > 0);
    // A listener hears notifications in the order their transactions ended: one from the transaction rolled
    // back first would have come before this one.
    expect(a.seen).toEqual(['kept']);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'reach every listening process, and a lost connection is re-established with a resync signal (PostgreSQL only)',
    async () => {
      const a = listener('test_many');
      const b = listener('test_many');
      // Losses and resyncs of each: both connections are cut, and each comes back on its own time.
      const events = [a, b].map(({ notifier }) => {
        const counted = { losses: 0, resyncs: 0 };
        notifier.onDisconnect(() => counted.losses++);
        notifier.onReconnect(() => counted.resyncs++);
        return counted;
      });
      await a.notifier.start();
      await b.notifier.start();
      await notify(database.db, 'test_many', 'one');
      await waitFor('both to hear it', () => a.seen.length === 1 && b.seen.length === 1);

      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where application_name in (${a.notifier.name}, ${b.notifier.name}) and datname = current_database()`,
      );
      // Notifications sent while a listener is away are not kept for it: the next is sent once both are back.
      await waitFor('both listeners to reconnect', () =>
        [a, b].every(
          ({ notifier }, i) => events[i]!.losses >= 1 && events[i]!.resyncs >= 1 && notifier.connected,
        ),
      );
      await notify(database.db, 'test_many', 'two');
      await waitFor('both to hear the next', () => a.seen.includes('two') && b.seen.includes('two'));
    },
  );
});
