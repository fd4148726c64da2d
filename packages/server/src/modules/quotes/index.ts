/** Quotes: the buyer's requests and acceptances, the seller's answers, revisions and refusals. */
import type { FastifyPluginAsync } from 'fastify';
import { quoteAdminRoutes } from './admin-routes';
import type { QuoteNeeds } from './needs';
import { quoteShopRoutes } from './shop-routes';

export type { QuoteNeeds } from './needs';

export const quotesModule: FastifyPluginAsync<QuoteNeeds> = async (app, needs) => {
  quoteShopRoutes(app, needs);
  quoteAdminRoutes(app, needs.backOffice);
};
