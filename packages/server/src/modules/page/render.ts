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
import { openPageReads, PAGE_READ_HEADER, PageReads, STAND_IN_PATTERN, stillHolds } from '../catalog';

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
 * in and one compression on its next request. A signed-in buyer's page is drawn for each request.
 */
export class PagePainter {
  private readonly kept = new LRUCache<string, KeptPage>({
    // Bounded by what it holds (about 64 MB), whatever the number of addresses asked for.
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (kept) => Math.max(1, kept.parts.reduce((n, part) => n + part.length, 0) * 2),
  });
  /** Pages drawn (not served from what was kept): for the tests and the log. */
  drawn = 0;

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
    const key = `${lang} ${request.url}`;
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
    const visitor = isVisitor(request);
    if (!visitor) return this.drawPlain(request, lang, assemble);
    const notes = openPageReads();
    try {
      const painted = await this.paint(request, lang, assemble, notes);
      if (painted.kind !== 'page') return painted;
      const { html, reads, asked } = painted;
      const pieces = cut(html, notes.reads);
      // A stand-in the page wrote otherwise than as digits: drawn again with the real numbers, not kept.
      if (!pieces) return this.drawPlain(request, lang, assemble);
      const kept: KeptPage = { reads, asked, parts: pieces.parts, gaps: pieces.gaps, epoch: -1, page: EMPTY };
      const page = filled(kept);
      // Kept only when every read is one the catalog can vouch for.
      if (asked.length === reads.answers.length) this.kept.set(`${lang} ${request.url}`, kept);
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
  ): Promise<
    { kind: 'page'; html: string; reads: PageReads; asked: Asked[] } | Exclude<Painted, { kind: 'page' }>
  > {
    const cookie = cookieWithLang(request, lang);
    const asked: Asked[] = [];
    this.drawn++;
    const result = await this.renderer.render({
      url: `http://shop.internal${request.url}`,
      cookie,
      lang,
      // A visitor's page is kept for every visitor: its dates (the blog's) are in the shop's zone.
      timeZone: notes ? this.shop.timeZone : pageTimeZone(request, this.shop.timeZone),
      shop: this.shop,
      get: async (path, headers) => {
        asked.push({ path, headers });
        const answer = await this.ask(request, cookie, path, headers, notes?.id ?? null);
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
