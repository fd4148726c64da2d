/**
 * The OpenAPI document's `webhooks`: one entry per event, the POST the shop makes to an endpoint, with
 * its body's schema and the Standard Webhooks headers.
 */
import { z } from 'zod';
import { WEBHOOK_EVENT_DATA, type WebhookEventType, webhookEventSchema } from './schemas';

const HEADERS = {
  'webhook-id': 'The event’s id: the same on every try and on a delivery sent again (drop repeats by it).',
  'webhook-timestamp': 'When this try was sent, in seconds since 1970.',
  'webhook-signature':
    '`v1,` and the base64 HMAC-SHA256, with the endpoint’s secret, of `<webhook-id>.<webhook-timestamp>.<body>`.',
};

export function webhookDocuments(): Record<string, unknown> {
  const entries = Object.entries(WEBHOOK_EVENT_DATA) as [WebhookEventType, z.ZodType][];
  return Object.fromEntries(
    entries.map(([type, data]) => [
      type,
      {
        post: {
          summary: `The shop tells an endpoint: ${type}`,
          tags: ['Webhooks'],
          parameters: Object.entries(HEADERS).map(([name, description]) => ({
            name,
            in: 'header',
            required: true,
            description,
            schema: { type: 'string' },
          })),
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: z.toJSONSchema(webhookEventSchema(type, data), {
                  target: 'draft-2020-12',
                  io: 'input',
                }),
              },
            },
          },
          responses: {
            '2XX': { description: 'Received; any other answer, or none in 10 s, is tried again later.' },
          },
        },
      },
    ]),
  );
}
