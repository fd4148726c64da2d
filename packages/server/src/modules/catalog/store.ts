/**
 * The catalog in memory. Listings, facets, search and product pages are served from here; the database
 * stays the authority.
 *
 * Keeping up with the database: every product write records its transaction id (row_xid). Each look at the
 * database reads, in one statement (one snapshot), the rows written by any transaction the previous look
 * could not see (row_xid >= that look's pg_snapshot_xmin) — so a write is picked up once it commits, however
 * long its transaction ran, on any number of processes. A look happens right after this process's own writes,
 * when another process's commit is announced (LISTEN/NOTIFY), and every CATALOG_POLL_MS in any case. Every
 * CHECK_EVERY_MS a look also compares a count and a sum of row versions with what is in memory; a mismatch is
 * logged and answered with a full reload.
 *
 * Keeping answers cheap: a change that only moves stock updates the rows in place and invalidates nothing
 * (answers fill stock in when they are sent), unless an offer goes in or out of stock, which changes order,
 * the In Stock filter and facet counts: then only the buckets (listings) holding that row start over. Other
 * changes (price, name, category, specs, images) move the item's rows between buckets and likewise start over
 * only the buckets that held or now hold them. Listeners hear of every change to decide about their answers.
 */

import type { ListingRow } from '@shop/domain/catalog/listing';
import { isInStock } from '@shop/domain/catalog/pricing';
import type { Condition, FilterField, SearchColumn } from '@shop/domain/catalog/rules';
import { FILTER_FIELDS, listingPath } from '@shop/domain/catalog/rules';
import { type PriceBreak, sameBreaks } from '@shop/domain/catalog/volume-prices';
import { asc, gte, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Notifier } from '../../db/notify';
import { productImages, products } from '../../db/schema';
import type { ImageConfig } from './images';
import { imageUrl } from './images';

export type ProductRecord = typeof products.$inferSelect & { images: { image_id: number; link: string }[] };

export interface CatalogRow extends ListingRow {
  product: ProductRecord;
  /** Base prices in cents (never sent to anyone). */
  price: number;
  sale_price: number;
  scratch_dent_price: number;
  stock: number;
  scratch_dent_stock: number;
  image_url: string;
  /** Set from the store's counter each time this row's stock moves (0 as read): filled-in answers compare it. */
  stockEpoch: number;
}

/** One listing row's change: `before` and `after` are the same object when only its stock moved. */
export interface RowChange {
  before: CatalogRow | null;
  after: CatalogRow | null;
  /** Only stock moved, and the offer stayed in (or out of) stock: nothing derived from it changes. */
  stockOnly: boolean;
}

/** What a look at the database changed. `everything` after a full reload or a very large batch. */
export interface CatalogChange {
  rows: RowChange[];
  everything: boolean;
}

const CATALOG_NOTIFY_CHANNEL = 'catalog_changed';
/** Between two looks prompted by notifications: bounds database work while orders stream in. */
const MIN_LOOK_GAP_MS = 25;
/** How often a look also checks the whole table against memory. */
const CHECK_EVERY_MS = 30_000;
/** A batch this large rebuilds buckets from scratch rather than move rows one by one. */
const LARGE_BATCH = 2_000;

/** Columns whose change is only a stock movement (or bookkeeping), not a change of the offer itself. */
const STOCK_OR_BOOKKEEPING = new Set<string>([
  'stock',
  'scratchDentStock',
  'rowVersion',
  'rowXid',
  'updatedAt',
  'images',
]);

/** The rows of one listing path, kept up to date by the store; `generation` moves when its answers must. */
export class Bucket {
  private readonly members = new Map<string, CatalogRow>();
  private list: CatalogRow[] | null = null;
  generation = 0;

  constructor(
    readonly category: string,
    readonly subcategory: string,
  ) {}

  rows(): CatalogRow[] {
    this.list ??= [...this.members.values()];
    return this.list;
  }

  has(key: string): boolean {
    return this.members.has(key);
  }

  fits(row: CatalogRow): boolean {
    return this.category === '*' || inCategory(row, this.category, this.subcategory);
  }

  put(row: CatalogRow): void {
    this.members.set(row.key, row);
    this.list = null;
  }

  remove(key: string): boolean {
    const had = this.members.delete(key);
    if (had) this.list = null;
    return had;
  }

  reset(rows: Iterable<CatalogRow>): void {
    this.members.clear();
    for (const row of rows) if (this.fits(row)) this.members.set(row.key, row);
    this.list = null;
  }
}

export interface CatalogSyncState {
  loaded: boolean;
  items: number;
  /** Epoch ms of the last successful look at the database. */
  lastSyncAt: number | null;
}

export class CatalogStore {
  readonly items = new Map<string, ProductRecord>();
  /** Active listing rows by key (sku|condition). */
  private rowsByKey = new Map<string, CatalogRow>();
  private keysByItem = new Map<string, string[]>();
  private buckets = new Map<string, Bucket>();
  /** Every active row: search and the main page run over it. */
  readonly everything = new Bucket('*', '');
  /** Bumped when the set of items or what they offer changes (not on stock): e.g. the export's order. */
  generation = 0;
  /**
   * Per item, a number that moves when anything an answer about the item shows changes, except a stock
   * number that leaves every offer in (or out of) stock: answers fill those in when they are sent.
   */
  private readonly contentVersions = new Map<string, number>();
  /** Counts stock movements: each moved row takes the next value as its stockEpoch. */
  private stockCounter = 0;
  private contentCounter = 0;
  private listeners: ((change: CatalogChange) => void)[] = [];

  /** pg_snapshot_xmin of the last look; null until the first full read (or after a failed check). */
  private watermark: string | null = null;
  private versionSum = 0;
  private lastCheckAt = 0;
  private lastSyncAt: number | null = null;
  private failures = 0;

  private timer: NodeJS.Timeout | null = null;
  private prompt: NodeJS.Timeout | null = null;
  private lastLookAt = 0;
  private refreshing: Promise<number> | null = null;
  private queued: Promise<number> | null = null;

  constructor(
    private readonly db: Db,
    private readonly images: ImageConfig,
    private readonly log?: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>,
  ) {}

  onChange(listener: (change: CatalogChange) => void): void {
    this.listeners.push(listener);
  }

  /** Listens for other processes' commits; call before the notifier starts. */
  listen(notifier: Notifier): void {
    notifier.on(CATALOG_NOTIFY_CHANNEL, () => this.requestRefresh());
    // Announcements may have been missed while the listener was away: look now.
    notifier.onReconnect(() => this.requestRefresh());
  }

  async load(): Promise<void> {
    await this.refresh();
  }

  startPolling(intervalMs: number): void {
    this.stopPolling();
    this.timer = setInterval(() => {
      this.refresh().catch(() => {
        // Logged by the look itself; the last good catalog keeps serving and the next tick tries again.
      });
    }, intervalMs);
    this.timer.unref();
  }

  stopPolling(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.prompt) clearTimeout(this.prompt);
    this.timer = null;
    this.prompt = null;
  }

  /**
   * Asks for a look soon without waiting for it: bursts of announcements (an order a millisecond) collapse
   * into one look every MIN_LOOK_GAP_MS.
   */
  requestRefresh(): void {
    if (this.prompt) return;
    const wait = Math.max(0, this.lastLookAt + MIN_LOOK_GAP_MS - Date.now());
    this.prompt = setTimeout(() => {
      this.prompt = null;
      this.refresh().catch(() => {
        // Logged by the look itself; the poll tries again.
      });
    }, wait);
    this.prompt.unref();
  }

  /** Reads what changed since the last look and applies it; resolves with the number of items applied. */
  refresh(): Promise<number> {
    // One look at a time; a caller arriving mid-way waits for the next one, so it sees its own write.
    if (this.queued) return this.queued;
    const previous = this.refreshing ?? Promise.resolve(0);
    const next = previous
      .catch(() => 0)
      .then(() => {
        this.queued = null;
        return this.look();
      });
    this.queued = next;
    this.refreshing = next;
    return next;
  }

  /** Forces the next look to read and compare everything (e.g. after a suspected miss). */
  verifySoon(): void {
    this.lastCheckAt = 0;
  }

  syncState(): CatalogSyncState {
    return { loaded: this.lastSyncAt !== null, items: this.items.size, lastSyncAt: this.lastSyncAt };
  }

  private async look(): Promise<number> {
    this.lastLookAt = Date.now();
    const full = this.watermark === null;
    const check = !full && Date.now() - this.lastCheckAt >= CHECK_EVERY_MS;
    try {
      // One statement, one snapshot: the rows, the snapshot's xmin and (sometimes) the table's checksum agree.
      const result = await this.db
        .select({
          xmin: sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text`,
          count: check ? sql<string>`(select count(*) from products)::text` : sql<null>`null`,
          sum: check
            ? sql<string>`(select coalesce(sum(row_version), 0) from products)::text`
            : sql<null>`null`,
          product: products,
        })
        .from(sql`(select 1) as look`)
        .leftJoin(products, full ? sql`true` : gte(products.rowXid, sql`${this.watermark}::bigint`));
      const head = result[0];
      if (!head) throw new Error('the catalog look returned no row');
      const changed = result.flatMap((r) => (r.product ? [r.product] : []));
      const fresh = changed.filter((p) => (this.items.get(p.itemId)?.rowVersion ?? -1) < p.rowVersion);
      const withImages = await this.imagesFor(fresh);
      const applied = this.apply(withImages, full ? new Set(changed.map((p) => p.itemId)) : null);
      this.watermark = head.xmin;
      if (check) this.compare(Number(head.count), Number(head.sum));
      else if (full) this.lastCheckAt = Date.now();
      this.lastSyncAt = Date.now();
      if (this.failures > 0) this.log?.info({ failures: this.failures }, 'catalog refresh recovered');
      this.failures = 0;
      return applied;
    } catch (error) {
      this.failures++;
      // The first failure of a streak is a warning; a long streak means buyers see an old catalog.
      const level = this.failures >= 10 ? 'error' : 'warn';
      if (this.failures === 1 || this.failures % 10 === 0) {
        this.log?.[level](
          { err: error, failures: this.failures, lastSyncAt: this.lastSyncAt },
          'catalog refresh failed; serving the last catalog read',
        );
      }
      throw error;
    }
  }

  /** Compares the table's count and version sum with memory; a mismatch means a full reload. */
  private compare(count: number, sum: number): void {
    this.lastCheckAt = Date.now();
    if (count === this.items.size && sum === this.versionSum) return;
    this.log?.error(
      { database: { count, sum }, memory: { count: this.items.size, sum: this.versionSum } },
      'catalog in memory differs from the database; reloading it',
    );
    this.watermark = null;
    this.requestRefresh();
  }

  private async imagesFor(fresh: (typeof products.$inferSelect)[]): Promise<ProductRecord[]> {
    const needImages = fresh.filter((p) => {
      const known = this.items.get(p.itemId);
      return !known || known.imagesVersion !== p.imagesVersion;
    });
    const byItem = new Map<string, { image_id: number; link: string }[]>();
    for (let i = 0; i < needImages.length; i += 5_000) {
      const ids = needImages.slice(i, i + 5_000).map((p) => p.itemId);
      const images = await this.db
        .select()
        .from(productImages)
        .where(inArray(productImages.itemId, ids))
        .orderBy(asc(productImages.position), asc(productImages.imageId));
      for (const img of images) {
        const list = byItem.get(img.itemId) ?? [];
        list.push({ image_id: img.imageId, link: img.imageLink });
        byItem.set(img.itemId, list);
      }
    }
    const need = new Set(needImages.map((p) => p.itemId));
    return fresh.map((p) => ({
      ...p,
      images: need.has(p.itemId) ? (byItem.get(p.itemId) ?? []) : this.items.get(p.itemId)!.images,
    }));
  }

  /**
   * Applies fresh product records. `present` (on a full read) holds every item id in the table: items
   * missing from it were deleted and leave memory.
   */
  private apply(fresh: ProductRecord[], present: Set<string> | null): number {
    const changes: RowChange[] = [];
    let structural = false;
    for (const p of fresh) {
      const old = this.items.get(p.itemId);
      this.versionSum += p.rowVersion - (old?.rowVersion ?? 0);
      this.items.set(p.itemId, p);
      if (old && onlyStockMoved(old, p)) {
        for (const key of this.keysByItem.get(p.itemId) ?? []) {
          const row = this.rowsByKey.get(key);
          if (!row) continue;
          const wasInStock = row.in_stock;
          row.product = p;
          row.stock = p.stock;
          row.scratch_dent_stock = p.scratchDentStock;
          row.stockEpoch = ++this.stockCounter;
          row.in_stock = isInStock(row);
          changes.push({ before: row, after: row, stockOnly: row.in_stock === wasInStock });
          if (row.in_stock !== wasInStock) this.contentVersions.set(p.itemId, ++this.contentCounter);
        }
        continue;
      }
      structural = true;
      this.contentVersions.set(p.itemId, ++this.contentCounter);
      changes.push(...this.replaceRows(p));
    }
    if (present) {
      for (const [itemId, old] of this.items) {
        if (present.has(itemId)) continue;
        structural = true;
        this.versionSum -= old.rowVersion;
        this.items.delete(itemId);
        this.contentVersions.delete(itemId);
        changes.push(...this.replaceRows(null, itemId));
      }
    }
    if (changes.length === 0 && !structural) return fresh.length;
    if (structural) this.generation++;
    const everything = present !== null || changes.length > LARGE_BATCH;
    this.updateBuckets(changes, everything);
    const change: CatalogChange = { rows: changes, everything };
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        this.log?.error({ err: error }, 'a catalog change listener failed');
      }
    }
    return fresh.length;
  }

  /** Swaps an item's listing rows for its current ones (none when it is inactive or gone). */
  private replaceRows(p: ProductRecord | null, itemId = p?.itemId ?? ''): RowChange[] {
    const before = (this.keysByItem.get(itemId) ?? []).map((key) => this.rowsByKey.get(key)!);
    for (const row of before) this.rowsByKey.delete(row.key);
    const after: CatalogRow[] = [];
    if (p?.isActive) {
      after.push(toRow(p, p.itemCondition as Condition, this.images));
      if (p.isScratchDent) after.push(toRow(p, 'ScratchDent', this.images));
    }
    for (const row of after) this.rowsByKey.set(row.key, row);
    if (p)
      this.keysByItem.set(
        itemId,
        after.map((r) => r.key),
      );
    else this.keysByItem.delete(itemId);
    const changes: RowChange[] = [];
    const afterByCondition = new Map(after.map((r) => [r.item_condition, r]));
    for (const row of before) {
      changes.push({
        before: row,
        after: afterByCondition.get(row.item_condition) ?? null,
        stockOnly: false,
      });
      afterByCondition.delete(row.item_condition);
    }
    for (const row of afterByCondition.values()) changes.push({ before: null, after: row, stockOnly: false });
    return changes;
  }

  private updateBuckets(changes: RowChange[], everything: boolean): void {
    const all = [this.everything, ...this.buckets.values()];
    if (everything) {
      for (const bucket of all) {
        bucket.reset(this.rowsByKey.values());
        bucket.generation++;
      }
      return;
    }
    for (const bucket of all) {
      let touched = false;
      for (const change of changes) {
        if (change.stockOnly) continue;
        if (change.before && change.before === change.after) {
          // The row stays where it is but went in or out of stock: order and counts move.
          if (bucket.has(change.before.key)) touched = true;
          continue;
        }
        if (change.before && bucket.remove(change.before.key)) touched = true;
        if (change.after && bucket.fits(change.after)) {
          bucket.put(change.after);
          touched = true;
        }
      }
      if (touched) bucket.generation++;
    }
  }

  /** The item's content version (see contentVersions); -1 for an item not in the catalog. */
  contentVersion(itemId: string): number {
    return this.contentVersions.get(itemId) ?? -1;
  }

  /** Every active listing row. */
  allRows(): CatalogRow[] {
    return this.everything.rows();
  }

  /**
   * The bucket of /category/{category}[/{subcategory}] (Monitor read as Display); null for a path the
   * category tree does not have, so unknown names cannot grow memory.
   */
  bucket(category: string, subcategory?: string): Bucket | null {
    const path = listingPath(category, subcategory);
    if (!path) return null;
    const key = `${path.category}/${path.subcategory}`;
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = new Bucket(path.category, path.subcategory);
      bucket.reset(this.rowsByKey.values());
      this.buckets.set(key, bucket);
    }
    return bucket;
  }

  private models: { generation: number; rows: Map<string, CatalogRow[]> } | null = null;

  /** The active rows of one model (every condition of every item sharing it), rebuilt when items change. */
  modelRows(model: string): CatalogRow[] {
    if (!model) return [];
    if (!this.models || this.models.generation !== this.generation) {
      const rows = new Map<string, CatalogRow[]>();
      for (const row of this.rowsByKey.values()) {
        const m = row.product.model;
        if (!m) continue;
        const group = rows.get(m);
        if (group) group.push(row);
        else rows.set(m, [row]);
      }
      this.models = { generation: this.generation, rows };
    }
    return this.models.rows.get(model) ?? [];
  }

  row(itemId: string, condition: Condition): CatalogRow | null {
    const p = this.items.get(itemId);
    if (!p) return null;
    return this.rowsByKey.get(`${p.sku}|${condition}`) ?? null;
  }

  /** A row for any item, active or not (carts, wish lists and orders show removed items too). */
  anyRow(itemId: string, condition: Condition): CatalogRow | null {
    const p = this.items.get(itemId);
    if (!p) return null;
    if (condition === 'ScratchDent' ? !p.isScratchDent : condition !== p.itemCondition) return null;
    return this.rowsByKey.get(`${p.sku}|${condition}`) ?? toRow(p, condition, this.images);
  }
}

function onlyStockMoved(old: ProductRecord, p: ProductRecord): boolean {
  if (old.imagesVersion !== p.imagesVersion) return false;
  for (const key of Object.keys(p) as (keyof ProductRecord)[]) {
    if (STOCK_OR_BOOKKEEPING.has(key)) continue;
    const a = old[key];
    const b = p[key];
    if (a === b) continue;
    if (a instanceof Date && b instanceof Date && a.getTime() === b.getTime()) continue;
    // Volume prices are read as a new array each time: equal when they say the same.
    if (key === 'priceBreaks' && sameBreaks(old.priceBreaks as PriceBreak[], p.priceBreaks as PriceBreak[]))
      continue;
    return false;
  }
  return true;
}

function inCategory(row: CatalogRow, category: string, sub: string): boolean {
  switch (category) {
    case 'Sale':
      return row.is_sale && row.item_condition !== 'ScratchDent' && (!sub || row.category === sub);
    case 'BrandNew':
    case 'ScratchDent':
      return row.item_condition === category && (!sub || row.category === sub);
    default:
      return row.category === category && (!sub || row.sub_category === sub);
  }
}

/** The product column behind each listing filter. */
export const SPEC_COLUMNS: Record<FilterField, keyof typeof products.$inferSelect> = {
  product_category: 'productCategory',
  product_series: 'productSeries',
  processor_type: 'processorType',
  processor_speed: 'processorSpeed',
  standard_memory: 'standardMemory',
  screen_size: 'screenSize',
  screen_resolution: 'screenResolution',
  graphics_card: 'graphicsCard',
  solid_state_drive: 'solidStateDrive',
  touchscreen: 'touchscreen',
  operating_system: 'operatingSystem',
  color: 'color',
  refresh_rate: 'refreshRate',
};

function toRow(p: ProductRecord, condition: Condition, images: ImageConfig): CatalogRow {
  const specs = {} as Record<FilterField, string>;
  for (const field of FILTER_FIELDS) specs[field] = String(p[SPEC_COLUMNS[field]] ?? '');
  const name = p.itemName.toLowerCase();
  const sku = p.sku.toLowerCase();
  const search: Record<SearchColumn, string> = {
    item_name: name,
    sku,
    all: `${name} ${sku} ${p.productSeries.toLowerCase()} ${p.category.toLowerCase()} ${p.productCategory.toLowerCase()}`,
  };
  const offer = { item_condition: condition, stock: p.stock, scratch_dent_stock: p.scratchDentStock };
  return {
    key: `${p.sku}|${condition}`,
    item_id: p.itemId,
    item_name: p.itemName,
    sku: p.sku,
    category: p.category,
    sub_category: p.subCategory,
    item_condition: condition,
    is_sale: p.isSale,
    in_stock: isInStock(offer),
    specs,
    search,
    sort_name: name,
    product: p,
    price: p.priceCents,
    sale_price: p.salePriceCents,
    scratch_dent_price: p.scratchDentPriceCents,
    stock: p.stock,
    scratch_dent_stock: p.scratchDentStock,
    image_url: imageUrl(p.mainImage, images),
    stockEpoch: 0,
  };
}
