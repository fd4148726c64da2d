/**
 * Pages drawn on the server: the page's own renderer (packages/web/src/ssr/entry-server.tsx, built into
 * dist-ssr/ beside the page's dist/) runs the shop's routes and loaders for the request, and its reads
 * are answered by this server in-process, as the request's buyer (a visitor's answers hold no price).
 *
 * The shop's table of pages (@shop/domain/pages) says which pages are drawn here: the public pages (home,
 * listings and search, products, the static pages, the blog, contact and sign-in) and the buyer's own
 * (cart, quick order, checkout, orders, invoices, account). Those it marks as drawn by the browser say why
 * there: the back office, the set-password page, the two quote pages and the two pages that only act.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Lang } from '@shop/domain/core/i18n';
import { pageAt, type Renderer, type ShopInfo } from '@shop/domain/core/pages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { CompressedText } from '../../lib/compressed';
import {
  openPageReads,
  PAGE_READ_HEADER,
  PageReads,
  priceClassOf,
  STAND_IN_PATTERN,
  stillHolds,
} from '../catalog';

/** Whether the server draws the page at this path (the table says so), rather than the browser. */
export function drawnOnServer(path: string): boolean {
  return pageAt(path)?.drawn === 'server';
}

/** The renderer next to the page's build, or null when the page was built without it. */
export async function loadRenderer(dist: string): Promise<Renderer | null> {
  const file = resolve(dist, '../dist-ssr/entry-server.js');
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as Renderer;
}

const zones = new LRUCache<string, boolean>({ max: 1000 });

/** The zone the browser named in its `tz` cookie, when it is one this server knows; else the shop's. */
function pageTimeZone(request: FastifyRequest, shopTimeZone: string): string {
  const named = request.cookies.tz;
  if (!named || named.length > 64) return shopTimeZone;
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
  return known ? named : shopTimeZone;
}

/** The request's Cookie header with the page's language in it, so its reads answer in that language. */
function cookieWithLang(request: FastifyRequest, lang: Lang): string {
  const header = request.headers.cookie ?? '';
  const others = header.split(/;\s*/).filter((part) => part !== '' && !part.startsWith('lang='));
  return [...others, `lang=${lang}`].join('; ');
}

/** Whether the request is a visitor's: no session, and no page of theirs says they are signed in. */
export function isVisitor(request: FastifyRequest): boolean {
  return !request.user && !/(?:^|;\s*)login=true(?:;|$)/.test(request.headers.cookie ?? '');
}

/**
 * The buyer's id as a page drawn for a whole price class is drawn with: the display cookie and the reads'
 * `customerid` header say it instead of the buyer's. Letters alone, so no escaping changes it: a page that
 * writes it anywhere (its HTML, its data) shows it as it is, and is then drawn for each buyer instead.
 */
const SHARED_BUYER = 'SharedPriceClassBuyer';

/**
 * Who a page may be shared with: 'v' for visitors, the price class for a signed-in buyer whose page can be
 * drawn for the class (decision 024), or null when it is drawn for this request alone: a page that lists
 * the buyer's own data (the table's own pages), or a browser whose display cookies name someone else
 * than the session's buyer (the page would differ from the class's).
 */
function shareWith(request: FastifyRequest, path: string, unshared: LRUCache<string, true>): string | null {
  if (isVisitor(request)) return 'v';
  const user = request.user;
  const page = pageAt(path);
  if (!user || !page || page.own || page.header || unshared.has(request.url)) return null;
  if (request.cookies.login !== 'true' || request.cookies.customerid !== user.customerId) return null;
  return priceClassOf(user);
}

/** The reads' headers as the API gets them: the shared drawing's buyer is the session's again. */
function realHeaders(request: FastifyRequest, headers: Record<string, string>): Record<string, string> {
  if (headers.customerid !== SHARED_BUYER || !request.user) return headers;
  return { ...headers, customerid: request.user.customerId };
}

interface Asked {
  path: string;
  headers: Record<string, string>;
}

/** What a drawn page became: its whole HTML to send, or where to send the browser, or the browser's to draw. */
export type Painted =
  | { kind: 'page'; page: CompressedText }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'browser'; reason: string };

/** A visitor's page as kept: its HTML cut at its stock numbers, and what it was drawn from. */
interface KeptPage {
  reads: PageReads;
  /** The reads the page made, in order, to ask again when one of their answers was made anew. */
  asked: Asked[];
  /** The HTML between stock numbers; the i-th gap takes the number of reads.holes[gaps[i]]. */
  parts: string[];
  gaps: number[];
  /** The highest stock epoch of its holes when `page` was filled in, and the page then. */
  epoch: number;
  page: CompressedText;
}

/** The page with the stock numbers of now, compressed once per movement of one of them. */
function filled(kept: KeptPage): CompressedText {
  let epoch = 0;
  for (const hole of kept.reads.holes) if (hole.row.stockEpoch > epoch) epoch = hole.row.stockEpoch;
  if (epoch === kept.epoch) return kept.page;
  let html = kept.parts[0]!;
  for (let i = 0; i < kept.gaps.length; i++) {
    const hole = kept.reads.holes[kept.gaps[i]!]!;
    html += String(hole.row[hole.field]) + kept.parts[i + 1]!;
  }
  kept.epoch = epoch;
  // Filled in again after a sale: compressed the quicker way, as the catalog's answers are.
  kept.page = new CompressedText(html, kept.page === EMPTY ? 'kept' : 'refilled');
  return kept.page;
}

/** Cuts a page drawn with stand-ins at each of them; null when one shows in another form than digits. */
function cut(html: string, reads: PageReads): { parts: string[]; gaps: number[] } | null {
  const parts: string[] = [];
  const gaps: number[] = [];
  let last = 0;
  for (const match of html.matchAll(STAND_IN_PATTERN)) {
    const index = Number(match[1]);
    if (index >= reads.holes.length) return null;
    parts.push(html.slice(last, match.index));
    gaps.push(index);
    last = match.index + match[0].length;
  }
  parts.push(html.slice(last));
  // A stand-in written with separators (1,234 or 1 234) would be shown as it is: the page is not cut.
  if (parts.some((part) => /8\D{1,2}675\D{1,2}309/.test(part))) return null;
  return { parts, gaps };
}

/**
 * Draws pages with the renderer. A visitor's page depends on its address, its language and the catalog
 * answers its reads get, nothing else: it is kept, cut at its stock numbers, and sent again while those
 * answers are still the ones it was drawn from (the catalog's own cache says so, exact on every process,
 * without asking them again), with its stock numbers filled in as they are now. So it is drawn again only
 * when what it shows has changed, and a sale that leaves every shown item in stock costs it one filling
 * in and one compression on its next request. A signed-in buyer's page of the catalog is kept the same
 * way for their price class (decision 024): drawn with a stand-in for the buyer's id, reading no cookie of
 * theirs, from answers of their class alone, and never kept when it writes the stand-in. The buyer's own
 * pages (cart, checkout, orders, account) are drawn for each request.
 */
export class PagePainter {
  private readonly kept = new LRUCache<string, KeptPage>({
    // Bounded by what it holds (about 64 MB), whatever the number of addresses asked for.
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (kept) => Math.max(1, kept.parts.reduce((n, part) => n + part.length, 0) * 2),
  });
  /** Pages drawn (not served from what was kept): for the tests and the log. */
  drawn = 0;
  /** The addresses whose page wrote its buyer's id: drawn for each buyer, not for their class. */
  private readonly unshared = new LRUCache<string, true>({ max: 10_000 });

  constructor(
    private readonly app: FastifyInstance,
    private readonly renderer: Renderer,
    private readonly shop: ShopInfo,
  ) {}

  /**
   * A visitor's page kept for this address and language, when what it was drawn from still holds. When an
   * answer it read was made anew (a change elsewhere in its listing, a price a visitor does not see), its
   * reads are asked again once: the same texts keep the page.
   */
  async keptPage(request: FastifyRequest, lang: Lang): Promise<CompressedText | null> {
    const sharer = shareWith(request, request.url.split('?')[0] ?? '/', this.unshared);
    if (sharer === null) return null;
    const key = `${lang} ${sharer} ${request.url}`;
    const kept = this.kept.get(key);
    if (!kept) return null;
    if (stillHolds(kept.reads)) return filled(kept);
    const notes = openPageReads();
    try {
      const cookie = cookieWithLang(request, lang);
      for (const { path, headers } of kept.asked) {
        const answer = await this.ask(request, cookie, path, headers, notes.id);
        const noted = notes.reads.answers.length;
        if (answer.statusCode !== 200 || noted === 0) break;
        if (notes.reads.answers[noted - 1]!.text !== kept.reads.answers[noted - 1]?.text) break;
      }
      const same =
        notes.reads.answers.length === kept.reads.answers.length &&
        notes.reads.answers.every((answer, i) => answer.text === kept.reads.answers[i]!.text);
      if (!same) {
        this.kept.delete(key);
        return null;
      }
      kept.reads = notes.reads;
      kept.epoch = -1;
      return filled(kept);
    } finally {
      notes.close();
    }
  }

  private ask(
    request: FastifyRequest,
    cookie: string,
    path: string,
    headers: Record<string, string>,
    drawing: string | null,
  ) {
    return this.app.inject({
      method: 'GET',
      url: `/api${path}`,
      headers: { ...headers, cookie, ...(drawing ? { [PAGE_READ_HEADER]: drawing } : {}) },
      remoteAddress: request.ip,
    });
  }

  /**
   * Draws the page for the request; `assemble` puts the drawn body and data into the whole HTML (its head).
   * A visitor's page is kept when every read it made was a catalog answer.
   */
  async draw(
    request: FastifyRequest,
    lang: Lang,
    assemble: (drawn: { html: string; data: string }) => string,
  ): Promise<Painted> {
    const path = request.url.split('?')[0] ?? '/';
    const sharer = shareWith(request, path, this.unshared);
    if (sharer === null) return this.drawPlain(request, lang, assemble);
    const notes = openPageReads();
    try {
      const painted = await this.paint(request, lang, assemble, notes, sharer !== 'v');
      if (painted.kind !== 'page') return painted;
      const { html, reads, asked } = painted;
      // A page that wrote who its buyer is is theirs alone: drawn for them, and for each buyer after.
      if (html.includes(SHARED_BUYER)) {
        request.log.warn(
          { path },
          "a page drawn for a price class wrote its buyer's id: drawn for each buyer",
        );
        this.unshared.set(request.url, true);
        return this.drawPlain(request, lang, assemble);
      }
      const pieces = cut(html, notes.reads);
      // A stand-in the page wrote otherwise than as digits: drawn again with the real numbers, not kept.
      if (!pieces) return this.drawPlain(request, lang, assemble);
      const kept: KeptPage = { reads, asked, parts: pieces.parts, gaps: pieces.gaps, epoch: -1, page: EMPTY };
      const page = filled(kept);
      // Kept only when every read is one the catalog can vouch for: an answer of the price class.
      if (asked.length === reads.answers.length) this.kept.set(`${lang} ${sharer} ${request.url}`, kept);
      return { kind: 'page', page };
    } finally {
      notes.close();
    }
  }

  private async drawPlain(
    request: FastifyRequest,
    lang: Lang,
    assemble: (drawn: { html: string; data: string }) => string,
  ): Promise<Painted> {
    const painted = await this.paint(request, lang, assemble, null);
    // Sent once: compressed quickly.
    return painted.kind === 'page'
      ? { kind: 'page', page: new CompressedText(painted.html, 'once') }
      : painted;
  }

  private async paint(
    request: FastifyRequest,
    lang: Lang,
    assemble: (drawn: { html: string; data: string }) => string,
    notes: { id: string; reads: PageReads } | null,
    forClass = false,
  ): Promise<
    { kind: 'page'; html: string; reads: PageReads; asked: Asked[] } | Exclude<Painted, { kind: 'page' }>
  > {
    const cookie = cookieWithLang(request, lang);
    const asked: Asked[] = [];
    this.drawn++;
    const result = await this.renderer.render({
      url: `http://shop.internal${request.url}`,
      // Drawn for a price class, the page reads no cookie of the buyer's but that they are signed in,
      // under a stand-in for their id; its reads are still the session's (`cookie` below).
      cookie: forClass ? `login=true; customerid=${SHARED_BUYER}; lang=${lang}` : cookie,
      lang,
      // A page kept for every visitor or every buyer of a class: its dates (the blog's) in the shop's zone.
      timeZone: notes ? this.shop.timeZone : pageTimeZone(request, this.shop.timeZone),
      shop: this.shop,
      get: async (path, headers) => {
        asked.push({ path, headers });
        const answer = await this.ask(
          request,
          cookie,
          path,
          realHeaders(request, headers),
          notes?.id ?? null,
        );
        let body: unknown = {};
        try {
          body = JSON.parse(answer.payload);
        } catch {
          // Not JSON: the status says what happened.
        }
        return { status: answer.statusCode, body };
      },
    });
    if (result.kind !== 'page') return result;
    const html = assemble(result);
    return { kind: 'page', html, reads: notes?.reads ?? new PageReads(), asked };
  }
}

const EMPTY = new CompressedText('');
