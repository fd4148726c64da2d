/**
 * Recently viewed items. A product page view must not cost a database round trip, so views are kept in
 * memory and written in batches: one upsert per flush (every second, or at once when 100 are waiting),
 * after which each customer keeps only the newest 20. A batch that fails is logged and tried again with
 * the next flush, up to three times.
 */
import { sql } from 'drizzle-orm';
import type { Platform } from '../../lib/platform';

/** What recording views needs: where to write them and where to say it failed. */
type ViewNeeds = Pick<Platform, 'database' | 'log'>;

import { RECENTLY_VIEWED_LIMIT } from './queries';

const FLUSH_AFTER_MS = 1000;
const FLUSH_AT = 100;
const WRITE_TRIES = 3;

interface View {
  customerId: string;
  itemId: string;
  condition: string;
  viewedAt: Date;
  /** Failed writes so far. */
  failures: number;
}

interface Buffer {
  pending: Map<string, View>;
  timer: NodeJS.Timeout | null;
  /** Flushes run one after another, so two never trim the same customer at once. */
  flushing: Promise<void>;
  lastStamp: number;
}

// One buffer per app, keyed by its database (tests run several apps in one process).
const buffers = new WeakMap<object, Buffer>();

function bufferOf(services: ViewNeeds): Buffer {
  let buffer = buffers.get(services.database);
  if (!buffer) {
    buffer = { pending: new Map(), timer: null, flushing: Promise.resolve(), lastStamp: 0 };
    buffers.set(services.database, buffer);
  }
  return buffer;
}

const keyOf = (v: Pick<View, 'customerId' | 'itemId' | 'condition'>) =>
  `${v.customerId}\u0000${v.itemId}\u0000${v.condition}`;

/** Notes that a signed-in customer opened a product page; written to the database shortly after. */
export function recordProductView(
  services: ViewNeeds,
  customerId: string,
  itemId: string,
  condition: string,
): void {
  const buffer = bufferOf(services);
  // Strictly increasing times keep the order of views made within the same millisecond.
  buffer.lastStamp = Math.max(Date.now(), buffer.lastStamp + 1);
  const key = keyOf({ customerId, itemId, condition });
  buffer.pending.delete(key);
  buffer.pending.set(key, {
    customerId,
    itemId,
    condition,
    viewedAt: new Date(buffer.lastStamp),
    failures: 0,
  });
  if (buffer.pending.size >= FLUSH_AT) {
    void flushProductViews(services);
  } else {
    scheduleFlush(services, buffer);
  }
}

function scheduleFlush(services: ViewNeeds, buffer: Buffer): void {
  if (buffer.timer) return;
  buffer.timer = setTimeout(() => void flushProductViews(services), FLUSH_AFTER_MS);
  buffer.timer.unref();
}

/**
 * Writes every waiting view now. Never rejects: a failed batch is logged and put back for the next flush
 * (a newer view of the same item wins); after three failures it is dropped with an error in the log, as
 * views are a convenience that must not pile up while the database refuses them.
 */
export function flushProductViews(services: ViewNeeds): Promise<void> {
  const buffer = bufferOf(services);
  if (buffer.timer) clearTimeout(buffer.timer);
  buffer.timer = null;
  const views = [...buffer.pending.values()];
  buffer.pending.clear();
  if (views.length === 0) return buffer.flushing;
  buffer.flushing = buffer.flushing.then(() =>
    writeViews(services, views).catch((error: unknown) => {
      const again = views
        .map((v) => ({ ...v, failures: v.failures + 1 }))
        .filter((v) => v.failures < WRITE_TRIES);
      const dropped = views.length - again.length;
      for (const view of again) {
        const key = keyOf(view);
        if (!buffer.pending.has(key)) buffer.pending.set(key, view);
      }
      const context = { err: error, views: views.length, retried: again.length, dropped };
      if (dropped > 0) services.log.error(context, 'recently viewed items could not be saved; some dropped');
      else services.log.warn(context, 'recently viewed items could not be saved; trying again');
      if (again.length > 0) scheduleFlush(services, buffer);
    }),
  );
  return buffer.flushing;
}

async function writeViews(services: ViewNeeds, views: View[]): Promise<void> {
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
