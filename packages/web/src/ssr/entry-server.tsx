/**
 * The server's renderer of the shop's pages: the same routes, loaders and components as the browser,
 * drawn to HTML with the answers the page's reads get from the server itself, as the request's buyer.
 * The answers go with the HTML (ssr/data.ts), so the browser hydrates without reading them again.
 *
 * What a page reads from its surroundings (cookies, language, kept answers, the API) comes from the
 * request's scope (lib/scope.ts), held in an AsyncLocalStorage: requests rendered at once stay apart.
 * Built by `vite build --ssr` into dist-ssr/ and loaded by the server (packages/server/src/modules/page/render.ts);
 * what they say to each other is typed once (@shop/domain/pages).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { type Lang, Translator } from '@shop/domain/core/i18n';
import { pageAt, type RenderInput, type RenderResult } from '@shop/domain/core/pages';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from '../app/routes';
import { ApiError, api } from '../lib/api';
import { cookieLogin } from '../lib/cookies';
import type { Read } from '../lib/reads';
import { provideServerScope, type ServerScope } from '../lib/scope';
import { SessionProvider } from '../lib/session';
import type { RenderedData } from './data';

type Catalogue = Record<string, string>;
const pages = import.meta.glob<Catalogue>('../locales/*/*.json', { import: 'default', eager: true });
const domains = import.meta.glob<Catalogue>('../../../domain/src/locales/*/{spec,quotes,after-sale}.json', {
  import: 'default',
  eager: true,
});

function catalogues(lang: Lang): Catalogue[] {
  return [...Object.entries(pages), ...Object.entries(domains)]
    .filter(([path]) => path.includes(`/locales/${lang}/`))
    .map(([, catalogue]) => catalogue);
}

const translators: Record<Lang, Translator> = {
  en: new Translator('en', catalogues('en')),
  fr: new Translator('fr', catalogues('fr')),
};

const storage = new AsyncLocalStorage<ServerScope>();
provideServerScope(() => storage.getStore());
const handler = createStaticHandler(routes);

/** JSON that can sit in a <script> element: nothing in it closes the element or starts a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

export async function render(input: RenderInput): Promise<RenderResult> {
  const scope: ServerScope = {
    cookie: input.cookie,
    lang: input.lang,
    translator: translators[input.lang],
    timeZone: input.timeZone,
    header: null,
    shop: input.shop,
    kept: new Map(),
    get: input.get,
  };
  return storage.run(scope, async () => {
    // The buyer's own pages show their cart, addresses and wish lists (the table's `header` pages): their
    // header data is read first.
    // Elsewhere (the catalog) it only counts the cart and marks the wish lists' items: the browser reads
    // it once the page is up, which spares each page a handful of queries.
    const login = cookieLogin();
    if (login.loggedIn && pageAt(new URL(input.url).pathname)?.header) {
      try {
        scope.header = { customerId: login.customerId, data: await api('GET /api/header') };
      } catch (error) {
        // A session the server no longer knows: drawn as the browser will show it until it signs out.
        if (!(error instanceof ApiError && error.status === 401))
          return { kind: 'browser', reason: 'the read of /header failed' };
      }
    }
    const request = new Request(input.url, { headers: { cookie: input.cookie } });
    const context = await handler.query(request);
    if (context instanceof Response) {
      const location = context.headers.get('location');
      if (context.status >= 300 && context.status < 400 && location)
        return { kind: 'redirect', status: context.status, location };
      return { kind: 'browser', reason: `a route answered ${context.status}` };
    }
    if (context.errors) return { kind: 'browser', reason: 'a route failed' };
    // The page is drawn once every read it started has its answer.
    const reads = [...scope.kept.values()].map((entry) => entry.read as Read<unknown>);
    await Promise.all(reads.map((read) => read.settled));
    const failed = reads.find((read) => read.outcome.status !== 'done');
    if (failed) return { kind: 'browser', reason: `the read of ${failed.path} failed` };
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToString(
      <StrictMode>
        <SessionProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </SessionProvider>
      </StrictMode>,
    );
    if (scope.redirect) return { kind: 'redirect', status: 302, location: scope.redirect };
    const data: RenderedData = {
      header: scope.header as RenderedData['header'],
      reads: [...scope.kept.values()].flatMap((entry) => {
        const read = entry.read as Read<unknown>;
        return read.outcome.status === 'done' ? [{ path: read.path, data: read.outcome.data }] : [];
      }),
    };
    return { kind: 'page', html, data: scriptJson(data) };
  });
}
