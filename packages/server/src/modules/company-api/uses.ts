/**
 * The record of a company API key's uses (api_key_uses): one row per /api/v1 request of a known key, kept
 * to the key's latest USES_KEPT. A key may be used 120 times a minute, so without a bound the table would
 * grow by the million. The account's API-keys section shows a key's last use, which is `api_keys.last_used_at`
 * and stays whatever is pruned here.
 *
 * Pruning is cheap: a process prunes a key on its first use there and then after every PRUNE_EVERY uses it
 * records, with one statement that reads the key's newest rows by the (key_id, at) index and deletes those
 * older. It is safe with several processes: each delete keeps at least the USES_KEPT newest rows it sees,
 * rows written meanwhile are newer still, and two deletes of the same row simply take turns. So a key holds
 * at most USES_KEPT rows plus PRUNE_EVERY for each process that records its uses.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** The uses kept of each key, the latest ones. */
export const USES_KEPT = 1000;
/** How many uses a process records of a key between two prunings of it. */
export const PRUNE_EVERY = 100;

export interface KeyUse {
  keyId: number;
  /** A valid key's use moves its last use; a revoked key's does not. */
  valid: boolean;
  method: string;
  /** The route as declared (`/api/v1/orders/:orderNumber`), never the URL with its values. */
  route: string;
  status: number;
}

export class KeyUses {
  /** Uses recorded in this process per key since it last pruned it (only a trigger: the database decides). */
  private readonly recorded = new Map<number, number>();

  constructor(private readonly db: Db) {}

  /** Records a use (and the key's last use), pruning the key's older uses now and then. */
  async record(use: KeyUse): Promise<void> {
    await this.db.execute(sql`
      with used as (
        update api_keys set last_used_at = now() where key_id = ${use.keyId} and ${use.valid}::boolean
      )
      insert into api_key_uses (key_id, method, route, status)
      values (${use.keyId}, ${use.method}, ${use.route}, ${use.status})`);
    const count = this.recorded.get(use.keyId) ?? 0;
    this.recorded.set(use.keyId, (count + 1) % PRUNE_EVERY);
    if (count === 0) await pruneUses(this.db, use.keyId);
  }
}

/** Deletes a key's uses older than its USES_KEPT newest (ties with the last one kept are kept). */
async function pruneUses(db: Db, keyId: number): Promise<void> {
  await db.execute(sql`
    delete from api_key_uses
    where key_id = ${keyId}
      and at < (
        select at from api_key_uses where key_id = ${keyId}
        order by at desc offset ${USES_KEPT - 1} limit 1
      )`);
}
