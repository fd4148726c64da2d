/** Messages: the contact form, the seller's inbox and replies, and messages to a customer. */
import type { FastifyPluginAsync } from 'fastify';
import type { AdminDeps } from '../../lib/back-office';
import type { Platform } from '../../lib/platform';
import { messageRoutes } from './admin-routes';
import { contactRoutes } from './contact-routes';

export { sendCustomerMessage } from './service';

export interface MessageNeeds extends Platform {
  backOffice: AdminDeps;
}

export const messagesModule: FastifyPluginAsync<MessageNeeds> = async (app, needs) => {
  contactRoutes(app, needs.database.db, needs.mailer, needs.config);
  messageRoutes(app, needs.backOffice);
};
