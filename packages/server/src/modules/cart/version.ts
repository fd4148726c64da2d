/**
 * Changes that add to a buyer's cart (add, quick order, reorder) are optimistic, in two round trips and no
 * transaction held between them: one statement reads the cart with its version (contacts.cart_version), the
 * change decides (stock, line and order limits, messages), and one statement writes its lines only if the
 * version is still the one read, moving it on. Of two changes at once, the second's update waits for the
 * first's row lock, then finds the version moved and writes nothing; it reads again and decides anew, then
 * holding the buyer's row. So two changes never both pass a limit, and no added unit is lost.
 */
import type { Condition } from '@shop/domain/catalog/rules';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client';
import { contacts } from '../../db/schema';
import { HttpError } from '../../lib/http';
import type { SessionUser } from '../sessions';

/** Said when a buyer's cart could not be read for a change (the buyer's sign-in is gone). */
const CART_BUSY = 'api.cartBusy';

/** Returned by an attempt whose write found the cart changed since its read. */
export const STALE: unique symbol = Symbol('stale cart');

/** The cart's version, for the read statement of a change (null when the buyer is gone). */
export function cartVersionSql(user: SessionUser): SQL<number | null> {
  return sql<
    number | null
  >`(select cart_version from contacts where contact_person_id = ${user.contactPersonId})`;
}

export interface CartLineWrite {
  itemId: string;
  condition: Condition;
  quantity: number;
}

/**
 * Writes (inserts or sets) the lines if the cart is still at `version`, moving the version on; false when it
 * is not (nothing written). The buyer's row is locked before any line, as every cart change does.
 */
export async function writeCartLines(
  db: Queryable,
  user: SessionUser,
  version: number | null,
  lines: readonly CartLineWrite[],
): Promise<boolean> {
  if (version === null) return false;
  const values = sql.join(
    lines.map(
      (l) =>
        sql`(${user.customerId}, ${user.contactPersonId}, ${l.itemId}, ${l.condition}, ${l.quantity}::int)`,
    ),
    sql`, `,
  );
  const result = (await db.execute(sql`
    with bump as (
      update contacts set cart_version = cart_version + 1
      where contact_person_id = ${user.contactPersonId} and cart_version = ${version}::int
      returning contact_person_id
    ),
    written as (
      insert into cart_items (customer_id, contact_person_id, item_id, item_condition, quantity)
      select v.customer_id, v.contact_person_id, v.item_id, v.item_condition, v.quantity
      from (values ${values}) as v(customer_id, contact_person_id, item_id, item_condition, quantity)
      where exists (select 1 from bump)
      on conflict (contact_person_id, item_id, item_condition) do update set quantity = excluded.quantity
    )
    select count(*)::int as moved from bump`)) as unknown as { rows: { moved: number }[] };
  return result.rows[0]?.moved === 1;
}

/**
 * Runs a change's read-decide-write once as it is; if another change of the same cart came between its read
 * and its write, runs it again holding the buyer's row for the whole transaction, where the version read is
 * the current one until commit: many tabs at once wait their turn instead of trying over and over.
 */
export async function changeCart<T>(
  db: Db,
  user: SessionUser,
  attempt: (db: Queryable) => Promise<T | typeof STALE>,
): Promise<T> {
  const first = await attempt(db);
  if (first !== STALE) return first;
  const second = await db.transaction(async (tx) => {
    await tx
      .select({ id: contacts.contactPersonId })
      .from(contacts)
      .where(eq(contacts.contactPersonId, user.contactPersonId))
      .for('update');
    return attempt(tx);
  });
  if (second === STALE) throw new HttpError(409, CART_BUSY);
  return second;
}
