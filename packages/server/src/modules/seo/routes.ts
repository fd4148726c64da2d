/**
 * GET /sitemap.xml and /robots.txt (seo/sitemap.ts). They are routes of their own, so the page's catch-all
 * never answers them; the built page has no file of either name (app.ts keeps the static files from
 * registering one should an old build still hold it).
 */
import type { FastifyInstance } from 'fastify';
import type { SeoNeeds } from './needs';
import { robotsTxt, Sitemap } from './sitemap';

/** Crawlers and shared caches may keep either for an hour. */
const CACHE = 'public, max-age=3600';

export function registerSeo(app: FastifyInstance, services: SeoNeeds): void {
  const sitemap = new Sitemap(services.catalog, services.config.PUBLIC_URL, services.log);
  const robots = robotsTxt(services.config.PUBLIC_URL);

  app.get('/sitemap.xml', (_request, reply) => {
    reply.header('cache-control', CACHE).type('application/xml; charset=utf-8').send(sitemap.xml());
  });

  app.get('/robots.txt', (_request, reply) => {
    reply.header('cache-control', CACHE).type('text/plain; charset=utf-8').send(robots);
  });
}
