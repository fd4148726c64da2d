/** What the webhooks module needs: the back office's dependencies and this process's sender. */
import type { AdminDeps } from '../../lib/back-office';
import type { SecretBox } from '../../lib/secret-box';
import type { WebhookSender } from './sender';

export interface WebhooksNeeds {
  backOffice: AdminDeps;
  sender: Pick<WebhookSender, 'kick'>;
  /** Seals an endpoint's signing secret before it is stored. */
  secrets: Pick<SecretBox, 'seal' | 'ready'>;
}
