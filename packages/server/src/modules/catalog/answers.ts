/**
 * Cached catalog answers. An answer is kept as a skeleton: its JSON with holes where stock numbers go, filled
 * from the live rows each time it is sent, so a sale that leaves an offer in stock costs no answer anything.
 * Each answer names what it depends on — a bucket (listing) and its generation, items' content versions
 * (which a stock number alone does not move), or a search's terms — and is dropped when that moves. The cache is an LRU bounded in bytes, keyed on the parsed,
 * normalised request (junk parameters cannot multiply entries).
 */

import { type ListingQuery, matchesSearch } from '@shop/domain/catalog/listing';
import type { SearchColumn } from '@shop/domain/catalog/rules';
import { LRUCache } from 'lru-cache';
import { CompressedText } from '../../lib/compressed';
import { countCatalogCache } from '../../metrics/counters';
import type { Bucket, CatalogChange, CatalogRow, CatalogStore } from './store';

type StockField = 'stock' | 'scratch_dent_stock';

/** A place in an answer where a row's stock number goes. */
export interface StockHole {
  readonly row: CatalogRow;
  readonly field: StockField;
}

/** Builds an answer whose stock numbers stay live: call `stock(row, field)` where a stock value goes. */
export class SkeletonBuilder {
  private readonly holes: { row: CatalogRow; field: StockField }[] = [];

  stock(row: CatalogRow, field: StockField): number {
    this.holes.push({ row, field });
    // A string with a NUL cannot come from the database (PostgreSQL text holds none), so the marker is unique
    // in the JSON text; the cast is undone by build() before anyone sees it.
    return `\u0000${this.holes.length - 1}` as unknown as number;
  }

  build(answer: unknown): Skeleton {
    const json = JSON.stringify(answer);
    const parts: string[] = [];
    const holes: { row: CatalogRow; field: StockField }[] = [];
    const marker = /"\\u0000(\d+)"/g;
    let last = 0;
    for (let m = marker.exec(json); m !== null; m = marker.exec(json)) {
      parts.push(json.slice(last, m.index));
      holes.push(this.holes[Number(m[1])]!);
      last = m.index + m[0].length;
    }
    parts.push(json.slice(last));
    return new Skeleton(parts, holes);
  }
}

export class Skeleton {
  /**
   * The last text sent, and the highest stock epoch of its rows then: it is sent again until one of its rows'
   * stock moves (each movement takes a higher epoch than any before, so the highest moves with it).
   */
  private last = '';
  private lastEpoch = -1;

  constructor(
    private readonly parts: string[],
    readonly holes: readonly StockHole[],
  ) {}

  /** The answer with each stock number written by `fill` (its place among the holes): a page's draft. */
  renderWith(fill: (index: number) => string): string {
    let out = this.parts[0]!;
    for (let i = 0; i < this.holes.length; i++) out += fill(i) + this.parts[i + 1]!;
    return out;
  }

  /** The answer with the stock numbers of now. */
  render(): string {
    if (this.holes.length === 0) return this.parts[0]!;
    let epoch = 0;
    for (let i = 0; i < this.holes.length; i++) {
      const e = this.holes[i]!.row.stockEpoch;
      if (e > epoch) epoch = e;
    }
    if (epoch === this.lastEpoch) return this.last;
    let out = this.parts[0]!;
    for (let i = 0; i < this.holes.length; i++) {
      const hole = this.holes[i]!;
      out += hole.row[hole.field] + this.parts[i + 1]!;
    }
    this.last = out;
    this.lastEpoch = epoch;
    return this.last;
  }

  /** The compressed forms of the last text sent, and the epoch they were made at. */
  private packed: CompressedText | null = null;
  private packedEpoch = -2;

  /**
   * The answer with the stock numbers of now, with its compressed forms: made again (once, on the first
   * request that asks) only after a stock number in it moved, so a sale costs a compressed answer nothing
   * until it is next asked for, and then one compression however many ask.
   */
  packedNow(): CompressedText {
    const text = this.render();
    if (!this.packed || this.packedEpoch !== this.lastEpoch) {
      // An answer whose stock moved is likely to move again while orders flow: compressed the quickest way.
      this.packed = new CompressedText(text, this.packed === null ? 'kept' : 'refilled');
      this.packedEpoch = this.lastEpoch;
    }
    return this.packed;
  }

  /** Characters held: the parts, the last text filled in, and room for its compressed forms. */
  get size(): number {
    const parts = this.parts.reduce((n, p) => n + p.length, 0) + this.holes.length * 8;
    // The text again as bytes, and its two compressed forms (about a fifth of it each, for JSON).
    return (this.holes.length === 0 ? parts : parts * 2) + Math.ceil(parts * 1.4);
  }
}

export type Dependency =
  | { bucket: Bucket }
  | { itemIds: string[] }
  | { search: { column: SearchColumn; terms: readonly string[] } };

interface Entry {
  skeleton: Skeleton;
  bucket?: Bucket;
  generation?: number;
  versions?: [string, number][];
  search?: { column: SearchColumn; terms: readonly string[] };
}

/** A search whose change set is larger than this is not checked term by term: every search starts over. */
const TARGETED_LIMIT = 500;

export class AnswerCache {
  private readonly lru: LRUCache<string, Entry>;
  private readonly searches = new Set<string>();

  constructor(
    private readonly catalog: CatalogStore,
    maxBytes = 64 * 1024 * 1024,
  ) {
    this.lru = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      sizeCalculation: (entry, key) => entry.skeleton.size + key.length + 64,
      dispose: (_entry, key) => {
        this.searches.delete(key);
      },
    });
    catalog.onChange((change) => this.forget(change));
  }

  get size(): number {
    return this.lru.size;
  }

  /** The answer's text for `key`, built by `build` when missing or stale. */
  answer(key: string, dependency: Dependency, build: (skeleton: SkeletonBuilder) => unknown): string {
    return this.skeleton(key, dependency, build).render();
  }

  /** The answer for `key` (to render or send compressed), built by `build` when missing or stale. */
  skeleton(key: string, dependency: Dependency, build: (skeleton: SkeletonBuilder) => unknown): Skeleton {
    const hit = this.lru.get(key);
    const current = hit !== undefined && this.fresh(hit);
    countCatalogCache(current);
    if (current) return hit.skeleton;
    const builder = new SkeletonBuilder();
    const skeleton = builder.build(build(builder));
    const entry: Entry = { skeleton };
    if ('bucket' in dependency) {
      entry.bucket = dependency.bucket;
      entry.generation = dependency.bucket.generation;
    } else if ('itemIds' in dependency) {
      entry.versions = dependency.itemIds.map((id) => [id, this.catalog.contentVersion(id)]);
    } else {
      entry.search = dependency.search;
      this.searches.add(key);
    }
    this.lru.set(key, entry);
    return skeleton;
  }

  /** Whether `skeleton` is still the answer for `key`: kept, and nothing it depends on has moved. */
  isCurrent(key: string, skeleton: Skeleton): boolean {
    const entry = this.lru.peek(key);
    return entry?.skeleton === skeleton && this.fresh(entry);
  }

  private fresh(entry: Entry): boolean {
    if (entry.bucket) return entry.bucket.generation === entry.generation;
    if (entry.versions)
      return entry.versions.every(([id, version]) => this.catalog.contentVersion(id) === version);
    return true;
  }

  /** Searches hold no bucket: drop those whose terms match a row that changed in a way they show. */
  private forget(change: CatalogChange): void {
    const moved = change.rows.filter((r) => !r.stockOnly);
    if (moved.length === 0 || this.searches.size === 0) return;
    const drop: string[] = [];
    if (change.everything || moved.length > TARGETED_LIMIT) drop.push(...this.searches);
    else {
      for (const key of this.searches) {
        const search = this.lru.peek(key)?.search;
        if (!search) continue;
        const hit = moved.some(
          (r) =>
            (r.before !== null && matchesSearch(r.before, search.column, search.terms)) ||
            (r.after !== null && matchesSearch(r.after, search.column, search.terms)),
        );
        if (hit) drop.push(key);
      }
    }
    for (const key of drop) this.lru.delete(key);
  }
}

/** The listing options in one canonical order: equal queries give equal keys, whatever the URL looked like. */
export function queryKey(query: ListingQuery): string {
  const filters = Object.entries(query.filters)
    .filter(([, values]) => values && values.length > 0)
    .map(([field, values]) => [field, [...new Set(values)].sort()] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([
    query.sort,
    query.page,
    query.inStock ? 1 : 0,
    query.minPrice ?? null,
    query.maxPrice ?? null,
    query.search ? [query.search.column, query.search.terms] : null,
    filters,
  ]);
}
