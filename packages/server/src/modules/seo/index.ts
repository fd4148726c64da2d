/** What search engines read beside the pages: the sitemap and robots.txt. */
import type { FastifyPluginAsync } from 'fastify';
import type { SeoNeeds } from './needs';
import { registerSeo } from './routes';

export type { SeoNeeds } from './needs';

export const seoModule: FastifyPluginAsync<SeoNeeds> = async (app, needs) => {
  registerSeo(app, needs);
};
