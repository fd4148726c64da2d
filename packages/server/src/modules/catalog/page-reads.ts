/**
 * The catalog answers a visitor's page is drawn from, as the page painter keeps them (page/render.ts).
 *
 * While a visitor's page is drawn, its reads come to the catalog's routes in-process with a header naming
 * the drawing. Each answer is then noted (the cache, its key and its skeleton: enough to tell later, without
 * asking again, whether the answer is still the same), and its stock numbers are written as stand-ins:
 * numbers no stock reaches (8675309000 and up), one per place, found again in the drawn HTML and turned
 * into holes there. A sale that leaves every shown item in stock then costs the kept page what it costs the
 * API's answer: its stock numbers are filled in again, and it is compressed once, on the next request.
 *
 * A stand-in is used only where the real number is 2 or more: what a page writes beside a stock of 0 or 1
 * can differ from what it writes beside a larger one (out of stock, a singular), so those are kept as they
 * are ("pinned"), and the page is drawn again when one of them moves, or a hole's number falls under 2.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AnswerCache, Skeleton, StockHole } from './answers';

export const PAGE_READ_HEADER = 'x-shop-page-draw';

/** The first stand-in; a page has at most STAND_INS of them (the rest are pinned). */
const STAND_IN_BASE = 8_675_309_000;
const STAND_INS = 1000;

/** A stand-in written as the page shows it: the base's digits and three more, alone. */
export const STAND_IN_PATTERN = /(?<!\d)8675309(\d{3})(?!\d)/g;

/** The least stock number a stand-in may take the place of. */
const HOLE_FLOOR = 2;

export interface NotedAnswer {
  cache: AnswerCache;
  key: string;
  skeleton: Skeleton;
  /** The text the page got: with its stand-ins, the same for the same answer and stock above the floor. */
  text: string;
}

export interface PinnedStock {
  hole: StockHole;
  value: number;
}

/** What the catalog's routes noted while one page was drawn. */
export class PageReads {
  readonly answers: NotedAnswer[] = [];
  /** By stand-in: the row and field each one stands for. */
  readonly holes: StockHole[] = [];
  readonly pinned: PinnedStock[] = [];

  /** Notes an answer and gives its text with stand-ins for its stock numbers. */
  take(cache: AnswerCache, key: string, skeleton: Skeleton): string {
    const text = skeleton.renderWith((index) => {
      const hole = skeleton.holes[index]!;
      const value = hole.row[hole.field];
      if (value < HOLE_FLOOR || this.holes.length >= STAND_INS) {
        this.pinned.push({ hole, value });
        return String(value);
      }
      this.holes.push(hole);
      return String(STAND_IN_BASE + this.holes.length - 1);
    });
    this.answers.push({ cache, key, skeleton, text });
    return text;
  }
}

const drawing = new Map<string, PageReads>();

/** Opens the notes of one drawing; its id goes in the PAGE_READ_HEADER of the page's reads. */
export function openPageReads(): { id: string; reads: PageReads; close(): void } {
  const id = randomUUID();
  const reads = new PageReads();
  drawing.set(id, reads);
  return { id, reads, close: () => drawing.delete(id) };
}

/** The notes of the drawing a request belongs to: only an in-process read of one has a live id. */
export function pageReadsOf(request: FastifyRequest): PageReads | undefined {
  const id = request.headers[PAGE_READ_HEADER];
  return typeof id === 'string' ? drawing.get(id) : undefined;
}

/** Whether the answers and stock numbers a page was drawn from still hold (holes may have moved). */
export function stillHolds(reads: PageReads): boolean {
  for (const { cache, key, skeleton } of reads.answers) if (!cache.isCurrent(key, skeleton)) return false;
  for (const hole of reads.holes) if (hole.row[hole.field] < HOLE_FLOOR) return false;
  for (const { hole, value } of reads.pinned) if (hole.row[hole.field] !== value) return false;
  return true;
}
