/**
 * The page: the built front end's files, and every other path answered with its HTML: drawn on the server
 * where it can be (render.ts), with its own head and status (head.ts). Not encapsulated, since it answers
 * the paths no other module does.
 */
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isLang, LANG_COOKIE } from '@shop/domain/core/i18n';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { requestLang } from '../../i18n/lang';
import { sendCompressed } from '../../lib/compressed';
import { urlWithoutSecrets } from '../../lib/request-log';
import { inSpan } from '../../lib/tracing';
import { observePageDraw } from '../../metrics';
import { SERVER_ROOT } from '../../server-root';
import type { CatalogStore } from '../catalog';
import { PageHeads } from './head';
import { PageHtml } from './preload';
import { drawnOnServer, isVisitor, loadRenderer, PagePainter } from './render';

export interface PageNeeds {
  config: Config;
  catalog: CatalogStore;
}

/** The built page: hashed assets cached for good, index.html with the shop's details for every route. */
export const pageModule = fp<PageNeeds>(
  async (app, { config, catalog }) => {
    await registerPage(app, config, new PageHeads(catalog, config));
  },
  { name: 'page' },
);

async function registerPage(app: FastifyInstance, config: Config, heads: PageHeads): Promise<void> {
  const dist = resolve(config.WEB_DIST ?? resolve(SERVER_ROOT, '../web/dist'));
  const shop = {
    phone: config.SHOP_PHONE,
    email: config.SHOP_EMAIL,
    salesEmail: config.SHOP_SALES_EMAIL,
    address: config.SHOP_ADDRESS,
    timeZone: config.SHOP_TIME_ZONE,
    ...(config.SHOP_RMA_URL ? { rmaUrl: config.SHOP_RMA_URL } : {}),
  };
  const page = PageHtml.load(dist, (html) =>
    html.replace(
      '<!--shop-config-->',
      `<meta name="shop-config" content="${escapeAttr(JSON.stringify(shop))}">`,
    ),
  );
  const hasPage = page !== null;
  const renderer = hasPage ? await loadRenderer(dist) : null;
  const painter = renderer ? new PagePainter(app, renderer, shop) : null;
  if (hasPage && !renderer)
    app.log.warn('the page was built without its server renderer: the browser draws every page');

  app.get('/', async (_request, reply) => reply.redirect('/acer', 302));

  if (hasPage) {
    app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      index: false,
      // The build manifest (.vite/) is for the server, not for browsers.
      dotfiles: 'deny',
      wildcard: false,
      // Answered by seo/routes.ts, even should an old build still hold a file of that name.
      globIgnore: ['robots.txt', 'sitemap.xml'],
      preCompressed: true,
      setHeaders: (res, path) => {
        if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ scode: 404, smessage: request.say('api.notFound') });
    }
    if (!hasPage) return reply.code(404).type('text/plain').send('The page is not built: run npm run build.');
    // Every other path is the page's: its own head and status, or a redirect of an unknown one to /acer.
    // `?lang=fr` (or en) names the language in the URL, for crawlers without a cookie; a person who
    // follows such a link keeps that language (the cookie), so the page's own reads answer in it too.
    const asked = (request.query as Record<string, unknown> | undefined)?.lang;
    const named = isLang(asked) ? asked : undefined;
    if (named && request.cookies[LANG_COOKIE] !== named) {
      reply.setCookie(LANG_COOKIE, named, { path: '/', maxAge: 31_536_000, sameSite: 'lax' });
      request.lang = named;
    }
    const lang = named ?? requestLang(request);
    const visitor = isVisitor(request);
    const pageHeaders = () =>
      reply
        // A signed-in buyer's page holds their prices: never kept by a cache on the way.
        .header('cache-control', visitor ? 'no-cache' : 'private, no-store')
        // In the language of the lang cookie, the buyer's account or Accept-Language.
        .header('vary', 'Cookie, Accept-Language, Accept-Encoding')
        .type('text/html; charset=utf-8');
    // A page kept as drawn for visitors or for the buyer's price class, while what it shows has not
    // changed (page/render.ts).
    const started = performance.now();
    const kept = painter ? await painter.keptPage(request, lang) : null;
    if (kept) {
      observePageDraw((performance.now() - started) / 1000, 'kept');
      return sendCompressed(pageHeaders().code(200), request, kept);
    }
    const answer = heads.answer(request.url, lang);
    if (answer.kind === 'redirect') return reply.redirect(answer.location, 302);
    const path = request.url.split('?')[0] ?? '/';
    if (painter && answer.status === 200 && drawnOnServer(path)) {
      try {
        const painted = await inSpan(
          'page draw',
          () =>
            painter.draw(request, lang, (drawn) =>
              page.render(path, lang, { ...answer, body: drawn.html, data: drawn.data }),
            ),
          { 'url.path': path },
        );
        observePageDraw((performance.now() - started) / 1000, painted.kind);
        if (painted.kind === 'redirect') return reply.redirect(painted.location, painted.status);
        if (painted.kind === 'page') return sendCompressed(pageHeaders().code(200), request, painted.page);
        request.log.info(
          { url: urlWithoutSecrets(request.url), reason: painted.reason },
          'page left to the browser to draw',
        );
      } catch (error) {
        observePageDraw((performance.now() - started) / 1000, 'failed');
        request.log.error(
          { err: error, url: urlWithoutSecrets(request.url) },
          'drawing the page failed; the browser draws it',
        );
      }
    }
    return pageHeaders()
      .code(answer.status)
      .send(page.render(path, lang, answer));
  });
}

function escapeAttr(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}
