/** Messages: the contact form, the seller's inbox and replies, and threads with a customer. */
import type { FastifyPluginAsync } from 'fastify';
import type { AdminDeps } from '../../lib/back-office';
import type { Platform } from '../../lib/platform';
import { messageRoutes } from './admin-routes';
import { buyerMessageRoutes } from './buyer-routes';
import { contactRoutes } from './contact-routes';

export { sendCustomerMessage } from './service';
export { threadRepliesForBuyer } from './threads';

export interface MessageNeeds extends Platform {
  backOffice: AdminDeps;
}

export const messagesModule: FastifyPluginAsync<MessageNeeds> = async (app, needs) => {
  contactRoutes(app, needs.database.db, needs.mailer, needs.config);
  messageRoutes(app, needs.backOffice);
  buyerMessageRoutes(app, { db: needs.database.db, mailer: needs.mailer, config: needs.config });
};
