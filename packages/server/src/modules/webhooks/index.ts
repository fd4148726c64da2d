/**
 * Webhooks: the owners' endpoints (a URL, the events it wants, a signing secret shown once), the events
 * written in the transactions that do the work (recordWebhookEvent, one insert … select), and the sender
 * that posts them signed as Standard Webhooks say, once, in order per subject, retried for a day.
 *
 * The signing secret cannot be hashed (the shop signs every delivery with it): it is stored sealed with
 * SECRETS_KEY (lib/secret-box.ts), opened only to sign, shown once, and kept out of answers, the audit
 * trail and the log.
 */
import type { FastifyPluginAsync } from 'fastify';
import { webhookRoutes } from './admin-routes';
import type { WebhooksNeeds } from './needs';
import type { WebhookSender } from './sender';

export { checkWebhookUrl, isPrivateAddress } from './addresses';
export { recordWebhookEvent, recordWebhookEvents, type WebhookEvent, webhookEventsInsert } from './events';
export type { WebhooksNeeds } from './needs';
export { WebhookSender } from './sender';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's webhook sender (tests wait on it with idle()). */
    webhooks: WebhookSender;
  }
}

export const webhooksModule: FastifyPluginAsync<WebhooksNeeds> = async (app, needs) => {
  webhookRoutes(app, needs);
};
