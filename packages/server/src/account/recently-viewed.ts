/**
 * Recently viewed items. A product page view must not cost a database round trip, so views are kept in
 * memory and written in batches: one upsert per flush (every second, or at once when 100 are waiting),
 * after which each customer keeps only the newest 20.
 */
import { sql } from 'drizzle-orm';
import type { Services } from '../app';
import { RECENTLY_VIEWED_LIMIT } from './queries';

const FLUSH_AFTER_MS = 1000;
const FLUSH_AT = 100;

interface View {
  customerId: string;
  itemId: string;
  condition: string;
  viewedAt: Date;
}

interface Buffer {
  pending: Map<string, View>;
  timer: NodeJS.Timeout | null;
  /** Flushes run one after another, so two never trim the same customer at once. */
  flushing: Promise<void>;
  lastStamp: number;
}

// One buffer per app (tests run several apps in one process).
const buffers = new WeakMap<Services, Buffer>();

function bufferOf(services: Services): Buffer {
  let buffer = buffers.get(services);
  if (!buffer) {
    buffer = { pending: new Map(), timer: null, flushing: Promise.resolve(), lastStamp: 0 };
    buffers.set(services, buffer);
  }
  return buffer;
}

/** Notes that a signed-in customer opened a product page; written to the database shortly after. */
export function recordProductView(
  services: Services,
  customerId: string,
  itemId: string,
  condition: string,
): void {
  const buffer = bufferOf(services);
  // Strictly increasing times keep the order of views made within the same millisecond.
  buffer.lastStamp = Math.max(Date.now(), buffer.lastStamp + 1);
  const key = `${customerId}\u0000${itemId}\u0000${condition}`;
  buffer.pending.delete(key);
  buffer.pending.set(key, { customerId, itemId, condition, viewedAt: new Date(buffer.lastStamp) });
  if (buffer.pending.size >= FLUSH_AT) {
    void flushProductViews(services);
  } else if (!buffer.timer) {
    buffer.timer = setTimeout(() => void flushProductViews(services), FLUSH_AFTER_MS);
    buffer.timer.unref();
  }
}

/** Writes every waiting view now. Never rejects: a failed batch is dropped (views are only a convenience). */
export function flushProductViews(services: Services): Promise<void> {
  const buffer = bufferOf(services);
  if (buffer.timer) clearTimeout(buffer.timer);
  buffer.timer = null;
  const views = [...buffer.pending.values()];
  buffer.pending.clear();
  if (views.length === 0) return buffer.flushing;
  buffer.flushing = buffer.flushing.then(() =>
    writeViews(services, views).catch((error: unknown) => {
      services.log.warn(
        { err: error, views: views.length },
        'recently viewed: a batch of views was not saved',
      );
    }),
  );
  return buffer.flushing;
}

async function writeViews(services: Services, views: View[]): Promise<void> {
  const rows = sql.join(
    views.map(
      (v) => sql`(${v.customerId}, ${v.itemId}, ${v.condition}, ${v.viewedAt.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const customerIds = sql.join(
    [...new Set(views.map((v) => v.customerId))].map((id) => sql`${id}`),
    sql`, `,
  );
  await services.database.db.transaction(async (tx) => {
    // The join skips customers deleted since the view, so one stale view does not sink the batch.
    await tx.execute(sql`
      insert into recently_viewed (customer_id, item_id, item_condition, viewed_at)
      select v.customer_id, v.item_id, v.item_condition, v.viewed_at
      from (values ${rows}) as v (customer_id, item_id, item_condition, viewed_at)
      join customers c on c.customer_id = v.customer_id
      on conflict (customer_id, item_id, item_condition)
      do update set viewed_at = greatest(recently_viewed.viewed_at, excluded.viewed_at)`);
    await tx.execute(sql`
      delete from recently_viewed r
      using (
        select customer_id, item_id, item_condition,
          row_number() over (partition by customer_id order by viewed_at desc) as place
        from recently_viewed
        where customer_id in (${customerIds})
      ) ranked
      where r.customer_id = ranked.customer_id
        and r.item_id = ranked.item_id
        and r.item_condition = ranked.item_condition
        and ranked.place > ${RECENTLY_VIEWED_LIMIT}`);
  });
}
