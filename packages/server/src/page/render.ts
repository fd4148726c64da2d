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
import { LRUCache } from 'lru-cache';

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
  timeZone: string;
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

/**
 * The paths under /acer drawn on the server: every page of the shop but the back office, the set-password
 * page (its one-time link is checked by a write, and its page is nobody else's), and the two pages that
 * only act (add-to-cart adds then goes on, order/placed places the order the checkout handed it).
 */
const SERVER_DRAWN =
  /^\/acer(?:\/(?:category\/[^/]+(?:\/[^/]+)?|product\/[^/]+(?:\/[^/]+)?|faq|warranty|extended-warranty(?:\/[^/]+)?|subscribe|blog(?:\/[^/]+)?|legal-notice|term-of-sale|location|contact-us|signin(?:\/[^/]+)?|cart|quick-order|checkout|order\/(?!placed\/?$)[^/]+|invoice\/[^/]+|account(?:\/[^/]+){0,2}))?\/?$/;

export function drawnOnServer(path: string): boolean {
  return SERVER_DRAWN.test(path);
}

/** The renderer next to the page's build, or null when the page was built without it. */
export async function loadRenderer(dist: string): Promise<Renderer | null> {
  const file = resolve(dist, '../dist-ssr/entry-server.js');
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as Renderer;
}

/** The zone of a page's dates when the browser has not named its own yet: the shop's. */
export const SHOP_TIME_ZONE = 'America/Toronto';

const zones = new LRUCache<string, boolean>({ max: 1000 });

/** The zone the browser named in its `tz` cookie, when it is one this server knows; else the shop's. */
export function pageTimeZone(request: FastifyRequest): string {
  const named = request.cookies.tz;
  if (!named || named.length > 64) return SHOP_TIME_ZONE;
  let known = zones.get(named);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-CA', { timeZone: named });
      known = true;
    } catch {
      known = false;
    }
    zones.set(named, known);
  }
  return known ? named : SHOP_TIME_ZONE;
}

/** The request's Cookie header with the page's language in it, so its reads answer in that language. */
function cookieWithLang(request: FastifyRequest, lang: Lang): string {
  const header = request.headers.cookie ?? '';
  const others = header.split(/;\s*/).filter((part) => part !== '' && !part.startsWith('lang='));
  return [...others, `lang=${lang}`].join('; ');
}

/** One read a page made while it was drawn, and the answer's text. */
interface ReadMade {
  path: string;
  headers: Record<string, string>;
  status: number;
  text: string;
}

/**
 * Draws pages with the renderer. A visitor's page depends on its address, its language and the answers
 * its reads get, nothing else: it is kept, and sent again while every one of those answers is still the
 * same text (the API's own cached answers, exact on every process), so it is drawn again only when what
 * it shows has changed. A signed-in buyer's page is drawn for each request.
 */
export class PagePainter {
  private readonly kept = new LRUCache<string, { reads: ReadMade[]; result: RenderResult }>({
    // Bounded by what it holds (about 64 MB of text), whatever the number of addresses asked for.
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: ({ reads, result }) =>
      Math.max(
        1,
        reads.reduce((n, r) => n + r.text.length, 0) +
          (result.kind === 'page' ? result.html.length + result.data.length : 0),
      ),
  });
  /** Pages drawn (not served from what was kept): for the tests and the log. */
  drawn = 0;

  constructor(
    private readonly app: FastifyInstance,
    private readonly renderer: Renderer,
    private readonly shop: ShopInfo,
  ) {}

  private async read(request: FastifyRequest, cookie: string, path: string, headers: Record<string, string>) {
    const answer = await this.app.inject({
      method: 'GET',
      url: `/api${path}`,
      headers: { ...headers, cookie },
      remoteAddress: request.ip,
    });
    return { path, headers, status: answer.statusCode, text: answer.payload };
  }

  async draw(request: FastifyRequest, lang: Lang): Promise<RenderResult> {
    const cookie = cookieWithLang(request, lang);
    const visitor = !request.user && !/(?:^|;\s*)login=true(?:;|$)/.test(cookie);
    const key = `${lang} ${request.url}`;
    if (visitor) {
      const known = this.kept.get(key);
      if (known) {
        const again = await Promise.all(
          known.reads.map((r) => this.read(request, cookie, r.path, r.headers)),
        );
        if (again.every((r, i) => r.status === known.reads[i]!.status && r.text === known.reads[i]!.text))
          return known.result;
      }
    }
    const reads: ReadMade[] = [];
    this.drawn++;
    const result = await this.renderer.render({
      url: `http://shop.internal${request.url}`,
      cookie,
      lang,
      // A visitor's page is kept for every visitor: its dates (the blog's) are in the shop's zone.
      timeZone: visitor ? SHOP_TIME_ZONE : pageTimeZone(request),
      shop: this.shop,
      get: async (path, headers) => {
        const made = await this.read(request, cookie, path, headers);
        reads.push(made);
        let body: unknown = {};
        try {
          body = JSON.parse(made.text);
        } catch {
          // Not JSON: the status says what happened.
        }
        return { status: made.status, body };
      },
    });
    if (visitor && result.kind === 'page') this.kept.set(key, { reads, result });
    return result;
  }
}
