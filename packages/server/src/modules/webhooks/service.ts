/** The owners' endpoints and their delivery log; sending again and the test event. */
import { randomBytes } from 'node:crypto';
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEventType,
} from '@shop/domain/webhooks/schemas';
import { WEBHOOK_MSG } from '@shop/domain/webhooks/schemas';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import type { Actor } from '../../lib/back-office';
import { HttpError } from '../../lib/http';
import type { SecretBox } from '../../lib/secret-box';
import { recordAudit } from '../audit';
import { checkWebhookUrl } from './addresses';
import { eventBody, newMessageId } from './events';

/** A new signing secret, as Standard Webhooks write it: `whsec_` and 32 random bytes in base64. */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

interface EndpointRow {
  id: number;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  disabled_reason: string | null;
  created_at: Date | string;
  pending: number;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function endpointOf(r: EndpointRow): WebhookEndpoint {
  return {
    id: r.id,
    url: r.url,
    description: r.description,
    events: r.events,
    enabled: r.enabled,
    disabled_reason: r.disabled_reason,
    created_at: iso(r.created_at)!,
    pending: Number(r.pending),
  };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const ENDPOINT_COLUMNS = sql`w.id, w.url, w.description, w.events, w.enabled, w.disabled_reason, w.created_at,
  (select count(*) from webhook_deliveries d where d.endpoint_id = w.id and d.delivered_at is null and d.failed_at is null)::int as pending`;

export async function listEndpoints(db: Queryable): Promise<WebhookEndpoint[]> {
  const rows = rowsOf<EndpointRow>(
    await db.execute(sql`select ${ENDPOINT_COLUMNS} from webhook_endpoints w order by w.id`),
  );
  return rows.map(endpointOf);
}

export async function findEndpoint(db: Queryable, id: number): Promise<WebhookEndpoint> {
  const [row] = rowsOf<EndpointRow>(
    await db.execute(sql`select ${ENDPOINT_COLUMNS} from webhook_endpoints w where w.id = ${id}`),
  );
  if (!row) throw new HttpError(404, WEBHOOK_MSG.noEndpoint);
  return endpointOf(row);
}

/** A new endpoint; its secret is returned this once and never again. */
export async function createEndpoint(
  db: Queryable,
  actor: Actor,
  given: WebhookEndpointCreate,
  allowPrivate: boolean,
  secrets: Pick<SecretBox, 'seal' | 'ready'>,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  // Stored sealed, never in clear: without a key to seal it with, no endpoint is added.
  if (!secrets.ready) throw new HttpError(400, WEBHOOK_MSG.noSecretsKey);
  const url = await checkWebhookUrl(given.url, allowPrivate);
  const secret = newSecret();
  const events = [...new Set(given.events)];
  const id = await db.transaction(async (tx) => {
    const [row] = rowsOf<{ id: number }>(
      await tx.execute(sql`insert into webhook_endpoints (url, description, events, secret)
        values (${url.href}, ${given.description}, ${sql`array[${sql.join(
          events.map((e) => sql`${e}`),
          sql`, `,
        )}]::text[]`}, ${secrets.seal(secret)}) returning id`),
    );
    // The secret is never in the audit trail.
    await recordAudit(tx, actor, {
      action: 'webhook.create',
      entityType: 'webhook_endpoint',
      entityId: String(row!.id),
      before: null,
      after: { url: url.href, events },
    });
    return row!.id;
  });
  return { endpoint: await findEndpoint(db, id), secret };
}

export async function updateEndpoint(
  db: Queryable,
  actor: Actor,
  id: number,
  given: { enabled?: boolean; events?: WebhookEventType[]; description?: string },
): Promise<WebhookEndpoint> {
  const before = await findEndpoint(db, id);
  await db.transaction(async (tx) => {
    const events = given.events ? [...new Set(given.events)] : null;
    await tx.execute(sql`update webhook_endpoints set
        enabled = coalesce(${given.enabled ?? null}::boolean, enabled),
        disabled_reason = case when ${given.enabled ?? null}::boolean is null then disabled_reason else null end,
        description = coalesce(${given.description ?? null}::text, description),
        events = ${
          events
            ? sql`array[${sql.join(
                events.map((e) => sql`${e}`),
                sql`, `,
              )}]::text[]`
            : sql`events`
        },
        updated_at = now()
      where id = ${id}`);
    await recordAudit(tx, actor, {
      action: 'webhook.update',
      entityType: 'webhook_endpoint',
      entityId: String(id),
      before: { enabled: before.enabled, events: before.events },
      after: {
        ...(given.enabled !== undefined ? { enabled: given.enabled } : {}),
        ...(events ? { events } : {}),
      },
    });
  });
  return findEndpoint(db, id);
}

export async function deleteEndpoint(db: Queryable, actor: Actor, id: number): Promise<void> {
  await findEndpoint(db, id);
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from webhook_endpoints where id = ${id}`);
    await recordAudit(tx, actor, {
      action: 'webhook.delete',
      entityType: 'webhook_endpoint',
      entityId: String(id),
      before: null,
      after: null,
    });
  });
}

interface DeliveryRow {
  id: number | string;
  message_id: string;
  event_type: string;
  created_at: Date | string;
  delivered_at: Date | string | null;
  failed_at: Date | string | null;
  attempts: number;
  last_attempt_at: Date | string | null;
  last_status: number | null;
  last_duration_ms: number | null;
  last_response: string | null;
  last_error: string | null;
  next_attempt_at: Date | string;
}

function deliveryOf(r: DeliveryRow): WebhookDelivery {
  const state = r.delivered_at ? 'delivered' : r.failed_at ? 'failed' : 'pending';
  return {
    id: Number(r.id),
    message_id: r.message_id,
    event_type: r.event_type,
    created_at: iso(r.created_at)!,
    state,
    attempts: r.attempts,
    last_attempt_at: iso(r.last_attempt_at),
    last_status: r.last_status,
    last_duration_ms: r.last_duration_ms,
    last_response: r.last_status === null ? (r.last_error ?? r.last_response) : r.last_response,
    next_attempt_at: state === 'pending' ? iso(r.next_attempt_at) : null,
  };
}

const DELIVERY_COLUMNS = sql`id, message_id, event_type, created_at, delivered_at, failed_at, attempts,
  last_attempt_at, last_status, last_duration_ms, last_response, last_error, next_attempt_at`;

/** The newest deliveries of an endpoint (at most 100). */
export async function listDeliveries(db: Queryable, endpointId: number): Promise<WebhookDelivery[]> {
  await findEndpoint(db, endpointId);
  const rows = rowsOf<DeliveryRow>(
    await db.execute(sql`select ${DELIVERY_COLUMNS} from webhook_deliveries
      where endpoint_id = ${endpointId} order by id desc limit 100`),
  );
  return rows.map(deliveryOf);
}

/**
 * Sends a delivery again: a new delivery of the same event (the same `webhook-id` and body), due now and
 * waiting for nothing; the first stays in the log as it was.
 */
export async function resendDelivery(
  db: Queryable,
  endpointId: number,
  deliveryId: number,
): Promise<WebhookDelivery> {
  const [row] = rowsOf<DeliveryRow>(
    await db.execute(sql`insert into webhook_deliveries (endpoint_id, message_id, event_type, subject, payload)
      select endpoint_id, message_id, event_type, null, payload from webhook_deliveries
      where id = ${deliveryId} and endpoint_id = ${endpointId}
      returning ${DELIVERY_COLUMNS}`),
  );
  if (!row) throw new HttpError(404, WEBHOOK_MSG.noDelivery);
  return deliveryOf(row);
}

/** A `webhook.test` event for this endpoint alone. */
export async function sendTestEvent(db: Queryable, endpointId: number): Promise<WebhookDelivery> {
  await findEndpoint(db, endpointId);
  const body = JSON.stringify(
    eventBody('webhook.test', { endpoint_id: endpointId, message: 'A test event from the shop.' }),
  );
  const [row] = rowsOf<DeliveryRow>(
    await db.execute(sql`insert into webhook_deliveries (endpoint_id, message_id, event_type, subject, payload)
      values (${endpointId}, ${newMessageId()}, 'webhook.test', null, ${body}::jsonb)
      returning ${DELIVERY_COLUMNS}`),
  );
  return deliveryOf(row!);
}
