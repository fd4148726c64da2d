/** What the webhooks module needs: the back office's dependencies and this process's sender. */
import type { AdminDeps } from '../../lib/back-office';
import type { WebhookSender } from './sender';

export interface WebhooksNeeds {
  backOffice: AdminDeps;
  sender: Pick<WebhookSender, 'kick'>;
}
