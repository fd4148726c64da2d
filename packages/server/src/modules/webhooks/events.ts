/**
 * Writing an event: one statement in the transaction that does the work, an insert … select of the
 * enabled endpoints that want it, so an event is delivered exactly when its change commits. When no
 * endpoint wants it, the statement inserts nothing (an index-free scan of a table of a few rows) and the
 * insert trigger notifies nobody.
 */
import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from '@shop/domain/webhooks/schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';

export interface WebhookEvent {
  type: WebhookEventType;
  /** What orders the deliveries (`order:12`): a later event of the same subject waits for the earlier. */
  subject: string | null;
  data: Record<string, unknown>;
}

/** A new event id, as Standard Webhooks' `webhook-id`. */
export function newMessageId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}

/** The body every endpoint receives. */
export function eventBody(type: string, data: Record<string, unknown>, at = new Date()) {
  return { type, timestamp: at.toISOString(), data };
}

/** Records the event for every enabled endpoint that wants it, in the caller's transaction. */
export async function recordWebhookEvent(tx: Queryable, event: WebhookEvent): Promise<void> {
  const body = JSON.stringify(eventBody(event.type, event.data));
  await tx.execute(sql`
    insert into webhook_deliveries (endpoint_id, message_id, event_type, subject, payload)
    select id, ${newMessageId()}, ${event.type}, ${event.subject}, ${body}::jsonb
    from webhook_endpoints where enabled and ${event.type} = any(events)`);
}

/** Several events, in order, in one statement (an order's placed and held). */
export async function recordWebhookEvents(tx: Queryable, events: readonly WebhookEvent[]): Promise<void> {
  if (events.length === 0) return;
  if (events.length === 1) return recordWebhookEvent(tx, events[0]!);
  await tx.execute(webhookEventsInsert(events));
}

/**
 * The insert … select of several events, in order, as a statement of its own or as a data-modifying
 * `with` part of a larger statement: placing an order writes its events in the statement that writes the
 * order, so an order costs no round trip more for them.
 */
export function webhookEventsInsert(events: readonly WebhookEvent[]): SQL {
  const rows = sql.join(
    events.map(
      (e, i) =>
        sql`(${i}::int, ${newMessageId()}::text, ${e.type}::text, ${e.subject}::text, ${JSON.stringify(eventBody(e.type, e.data))}::jsonb)`,
    ),
    sql`, `,
  );
  return sql`insert into webhook_deliveries (endpoint_id, message_id, event_type, subject, payload)
    select w.id, e.message_id, e.event_type, e.subject, e.payload
    from (values ${rows}) as e(position, message_id, event_type, subject, payload)
    join webhook_endpoints w on w.enabled and e.event_type = any(w.events)
    order by e.position, w.id`;
}
