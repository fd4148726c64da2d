/**
 * Pages drawn on the server: the page's own renderer (packages/web/src/ssr/entry-server.tsx, built into
 * dist-ssr/ beside the page's dist/) runs the shop's routes and loaders for the request, and its reads
 * are answered by this server in-process, as the request's buyer (a visitor's answers hold no price).
 *
 * The public pages are drawn here (home, listings and search, products, the static pages, the blog,
 * contact and sign-in); the buyer's own pages (cart, checkout, orders, invoices, account) and the back
 * office are drawn by the browser, as before.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Lang } from '@shop/domain/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface ShopInfo {
  phone: string;
  email: string;
  salesEmail: string;
  address: string;
}

interface RenderInput {
  url: string;
  cookie: string;
  lang: Lang;
  shop: ShopInfo;
  get(path: string, headers: Record<string, string>): Promise<{ status: number; body: unknown }>;
}

export type RenderResult =
  | { kind: 'page'; html: string; data: string }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'browser'; reason: string };

interface Renderer {
  render(input: RenderInput): Promise<RenderResult>;
}

/** The paths under /acer drawn on the server. */
const SERVER_DRAWN =
  /^\/acer(?:\/(?:category\/[^/]+(?:\/[^/]+)?|product\/[^/]+(?:\/[^/]+)?|faq|warranty|extended-warranty(?:\/[^/]+)?|subscribe|blog(?:\/[^/]+)?|legal-notice|term-of-sale|location|contact-us|signin))?\/?$/;

export function drawnOnServer(path: string): boolean {
  return SERVER_DRAWN.test(path);
}

/** The renderer next to the page's build, or null when the page was built without it. */
export async function loadRenderer(dist: string): Promise<Renderer | null> {
  const file = resolve(dist, '../dist-ssr/entry-server.js');
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as Renderer;
}

/** The request's Cookie header with the page's language in it, so its reads answer in that language. */
function cookieWithLang(request: FastifyRequest, lang: Lang): string {
  const header = request.headers.cookie ?? '';
  const others = header.split(/;\s*/).filter((part) => part !== '' && !part.startsWith('lang='));
  return [...others, `lang=${lang}`].join('; ');
}

export async function renderPage(
  app: FastifyInstance,
  renderer: Renderer,
  request: FastifyRequest,
  lang: Lang,
  shop: ShopInfo,
): Promise<RenderResult> {
  const cookie = cookieWithLang(request, lang);
  return renderer.render({
    url: `http://shop.internal${request.url}`,
    cookie,
    lang,
    shop,
    get: async (path, headers) => {
      const answer = await app.inject({
        method: 'GET',
        url: `/api${path}`,
        headers: { ...headers, cookie },
        remoteAddress: request.ip,
      });
      let body: unknown = {};
      try {
        body = answer.json();
      } catch {
        // Not JSON: the status says what happened.
      }
      return { status: answer.statusCode, body };
    },
  });
}
