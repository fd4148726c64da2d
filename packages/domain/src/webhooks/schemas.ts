/**
 * Webhooks: the endpoints the owners set up in the back office, their deliveries, and the events the shop
 * sends them. An event is `{ type, timestamp, data }`; `data` names what changed (an order, an invoice, a
 * payment, a product) with the few fields a receiver acts on, and the receiver reads the rest with the
 * back office's API. Signed as Standard Webhooks say (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`).
 */
import { z } from 'zod';
import { Envelope } from '../core/answers';
import { rowId } from '../core/row-id';

/** Every event an endpoint can ask for, by family. */
export const WEBHOOK_EVENTS = [
  'order.placed',
  'order.confirmed',
  'order.shipped',
  'order.delivered',
  'order.canceled',
  'order.declined',
  'order.held',
  'order.released',
  'invoice.created',
  'invoice.corrected',
  'payment.recorded',
  'payment.reversed',
  'credit_note.created',
  'return.changed',
  'warranty_claim.changed',
  'customer.created',
  'customer.updated',
  'product.price_changed',
  'product.stock_changed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number] | 'webhook.test';

/** The message keys of the back office's webhook messages (locales/<lang>/webhooks.json of the server). */
export const WEBHOOK_MSG = {
  url: 'webhooks.url',
  urlPrivate: 'webhooks.urlPrivate',
  urlUnresolved: 'webhooks.urlUnresolved',
  events: 'webhooks.events',
  noEndpoint: 'webhooks.noEndpoint',
  noSecretsKey: 'webhooks.noSecretsKey',
  noDelivery: 'webhooks.noDelivery',
  created: 'webhooks.created',
  resent: 'webhooks.resent',
  testSent: 'webhooks.testSent',
} as const;

export const webhookEndpointCreateSchema = z.object({
  url: z.string({ error: WEBHOOK_MSG.url }).trim().min(1, WEBHOOK_MSG.url).max(2000, WEBHOOK_MSG.url),
  description: z.string().trim().max(200).default(''),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MSG.events }), { error: WEBHOOK_MSG.events })
    .min(1, WEBHOOK_MSG.events)
    .max(WEBHOOK_EVENTS.length),
});
export type WebhookEndpointCreate = z.infer<typeof webhookEndpointCreateSchema>;

export const webhookEndpointUpdateSchema = z.object({
  enabled: z.boolean().optional(),
  events: webhookEndpointCreateSchema.shape.events.optional(),
  description: z.string().trim().max(200).optional(),
});

// An endpoint's id as its int4 column holds it, a delivery's (bigint) as a safe number: a larger one names
// nothing and is refused as such.
export const webhookEndpointParams = z.object({ endpointId: rowId(WEBHOOK_MSG.noEndpoint) });
export const webhookDeliveryParams = webhookEndpointParams.extend({
  deliveryId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

const Timestamp = z.string().meta({ description: 'ISO 8601 time' });

export const WebhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  disabled_reason: z.string().nullable(),
  created_at: Timestamp,
  /** Deliveries not yet made (waiting or being retried). */
  pending: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const WebhookDelivery = z.object({
  id: z.number().int(),
  message_id: z.string(),
  event_type: z.string(),
  created_at: Timestamp,
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  last_attempt_at: Timestamp.nullable(),
  /** The receiver's HTTP status; null when it did not answer. */
  last_status: z.number().int().nullable(),
  last_duration_ms: z.number().int().nullable(),
  /** The first 500 characters of the receiver's answer, or why the try failed. */
  last_response: z.string().nullable(),
  next_attempt_at: Timestamp.nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookEndpointsAnswer = Envelope.extend({ endpoints: z.array(WebhookEndpoint) });
export type WebhookEndpointsAnswer = z.infer<typeof WebhookEndpointsAnswer>;
/** A new endpoint, with its signing secret: the only time the secret is shown. */
export const WebhookEndpointCreatedAnswer = Envelope.extend({
  endpoint: WebhookEndpoint,
  secret: z.string(),
});
export type WebhookEndpointCreatedAnswer = z.infer<typeof WebhookEndpointCreatedAnswer>;
export const WebhookEndpointAnswer = Envelope.extend({ endpoint: WebhookEndpoint });
export type WebhookEndpointAnswer = z.infer<typeof WebhookEndpointAnswer>;
export const WebhookDeliveriesAnswer = Envelope.extend({ deliveries: z.array(WebhookDelivery) });
export type WebhookDeliveriesAnswer = z.infer<typeof WebhookDeliveriesAnswer>;
export const WebhookDeliveryAnswer = Envelope.extend({ delivery: WebhookDelivery });
export type WebhookDeliveryAnswer = z.infer<typeof WebhookDeliveryAnswer>;

// ---- The events' payloads (the OpenAPI document's `webhooks`)

export const OrderEventData = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  customer_id: z.string(),
  status: z.string(),
  /** The order's total in cents (on order.placed). */
  total_cents: z.number().int().optional(),
  carrier: z.string().optional(),
  tracking_number: z.string().optional(),
  reason: z.string().optional(),
});
export const InvoiceEventData = z.object({
  invoice_id: z.number().int(),
  invoice_number: z.string().optional(),
  order_id: z.number().int().nullable().optional(),
  customer_id: z.string().optional(),
  total_cents: z.number().int().optional(),
});
export const PaymentEventData = z.object({
  payment_id: z.number().int(),
  customer_id: z.string().optional(),
  amount_cents: z.number().int().optional(),
});
export const CreditNoteEventData = z.object({
  credit_note_id: z.number().int(),
  credit_note_number: z.string().optional(),
  invoice_id: z.number().int().optional(),
  total_cents: z.number().int().optional(),
});
export const AfterSaleEventData = z.object({
  id: z.number().int(),
  number: z.string().optional(),
  status: z.string(),
  order_id: z.number().int().nullable().optional(),
});
export const CustomerEventData = z.object({ customer_id: z.string() });
export const ProductEventData = z.object({
  item_id: z.string(),
  /** What changed: prices, stock, or both. */
  changed: z.array(z.enum(['price', 'stock'])),
});
export const TestEventData = z.object({ endpoint_id: z.number().int(), message: z.string() });

/** The body of every delivery. */
export function webhookEventSchema<T extends z.ZodType>(type: string, data: T) {
  return z.object({
    type: z.literal(type),
    timestamp: Timestamp,
    data,
  });
}

/** Each event type's data schema (for the API's document). */
export const WEBHOOK_EVENT_DATA: Record<WebhookEventType, z.ZodType> = {
  'order.placed': OrderEventData,
  'order.confirmed': OrderEventData,
  'order.shipped': OrderEventData,
  'order.delivered': OrderEventData,
  'order.canceled': OrderEventData,
  'order.declined': OrderEventData,
  'order.held': OrderEventData,
  'order.released': OrderEventData,
  'invoice.created': InvoiceEventData,
  'invoice.corrected': InvoiceEventData,
  'payment.recorded': PaymentEventData,
  'payment.reversed': PaymentEventData,
  'credit_note.created': CreditNoteEventData,
  'return.changed': AfterSaleEventData,
  'warranty_claim.changed': AfterSaleEventData,
  'customer.created': CustomerEventData,
  'customer.updated': CustomerEventData,
  'product.price_changed': ProductEventData,
  'product.stock_changed': ProductEventData,
  'webhook.test': TestEventData,
};
