/**
 * The catalog in memory. Listings, facets, search and product pages are served from here; the database
 * stays the authority and each process reads just the rows that changed (by row_version), both right
 * after its own writes and on a timer for writes made by other processes.
 */
import type { Condition, FilterField, SearchColumn } from '@shop/domain/catalog';
import { apiCategoryName, FILTER_FIELDS } from '@shop/domain/catalog';
import type { ListingRow } from '@shop/domain/listing';
import { isInStock } from '@shop/domain/pricing';
import { asc, gt, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { productImages, products } from '../db/schema';
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
}

/** How far back each poll looks, so a transaction that took a version number but committed late is seen. */
const LATE_COMMIT_WINDOW_MS = 10_000;

export class CatalogStore {
  readonly items = new Map<string, ProductRecord>();
  /** Active listing rows by key (sku|condition). */
  private rows = new Map<string, CatalogRow>();
  private keysByItem = new Map<string, string[]>();
  private buckets = new Map<string, CatalogRow[]>();
  private all: CatalogRow[] | null = null;
  private versionLog: { at: number; version: number }[] = [];
  private maxVersion = 0;
  private timer: NodeJS.Timeout | null = null;
  private refreshing: Promise<number> | null = null;
  private queued: Promise<number> | null = null;
  /** Bumped on every change; caches built on the catalog compare against it. */
  generation = 0;
  private listeners: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly images: ImageConfig,
  ) {}

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  async load(): Promise<void> {
    await this.refresh();
  }

  startPolling(intervalMs: number): void {
    this.stopPolling();
    this.timer = setInterval(() => {
      this.refresh().catch(() => {
        // A failed poll is retried on the next tick; the last good catalog keeps serving.
      });
    }, intervalMs);
    this.timer.unref();
  }

  stopPolling(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Reads what changed since the last look; returns the number of products applied. */
  refresh(): Promise<number> {
    // One refresh at a time; a caller arriving mid-way waits for the next one so it sees its own write.
    const run = async (): Promise<number> => {
      const since = this.watermark();
      const changed = await this.db
        .select()
        .from(products)
        .where(gt(products.rowVersion, since))
        .orderBy(asc(products.rowVersion));
      const fresh = changed.filter((p) => (this.items.get(p.itemId)?.rowVersion ?? -1) < p.rowVersion);
      const first = this.versionLog.length === 0;
      for (const p of changed) if (p.rowVersion > this.maxVersion) this.maxVersion = p.rowVersion;
      // The first full read stands in for the window's start, giving in-flight writes a little time.
      const at = first ? Date.now() - LATE_COMMIT_WINDOW_MS + 2000 : Date.now();
      this.versionLog.push({ at, version: this.maxVersion });
      if (fresh.length === 0) {
        this.lastSyncAt = Date.now();
        return 0;
      }
      const ids = fresh.map((p) => p.itemId);
      const images = await this.db
        .select()
        .from(productImages)
        .where(inArray(productImages.itemId, ids))
        .orderBy(asc(productImages.position), asc(productImages.imageId));
      const byItem = new Map<string, { image_id: number; link: string }[]>();
      for (const img of images) {
        const list = byItem.get(img.itemId) ?? [];
        list.push({ image_id: img.imageId, link: img.imageLink });
        byItem.set(img.itemId, list);
      }
      for (const p of fresh) this.apply({ ...p, images: byItem.get(p.itemId) ?? [] });
      this.buckets.clear();
      this.all = null;
      this.generation++;
      for (const l of this.listeners) l();
      this.lastSyncAt = Date.now();
      return fresh.length;
    };
    // Callers that arrive while one runs share the single next run: a burst of writes costs two reads.
    if (this.queued) return this.queued;
    const previous = this.refreshing ?? Promise.resolve(0);
    const next = previous.then(
      () => {
        this.queued = null;
        return run();
      },
      () => {
        this.queued = null;
        return run();
      },
    );
    this.queued = next;
    this.refreshing = next;
    return next;
  }

  private watermark(): number {
    const cutoff = Date.now() - LATE_COMMIT_WINDOW_MS;
    let mark = 0;
    let keepFrom = 0;
    this.versionLog.forEach((entry, i) => {
      if (entry.at <= cutoff) {
        mark = entry.version;
        keepFrom = i;
      }
    });
    if (keepFrom > 0) this.versionLog.splice(0, keepFrom);
    return mark;
  }

  private apply(p: ProductRecord): void {
    this.items.set(p.itemId, p);
    // Drop this item's previous rows (its sku or condition may have changed), then add the current ones.
    for (const key of this.keysByItem.get(p.itemId) ?? []) this.rows.delete(key);
    const keys: string[] = [];
    if (p.isActive) {
      const primary = toRow(p, p.itemCondition as Condition, this.images);
      this.rows.set(primary.key, primary);
      keys.push(primary.key);
      if (p.isScratchDent) {
        const sd = toRow(p, 'ScratchDent', this.images);
        this.rows.set(sd.key, sd);
        keys.push(sd.key);
      }
    }
    this.keysByItem.set(p.itemId, keys);
  }

  /** Every active listing row. */
  allRows(): CatalogRow[] {
    this.all ??= [...this.rows.values()];
    return this.all;
  }

  /** The rows of /category/{category}[/{subcategory}], Monitor read as Display. */
  categoryRows(category: string, subcategory?: string): CatalogRow[] {
    const cat = apiCategoryName(category);
    const sub = subcategory ? apiCategoryName(subcategory) : '';
    const key = `${cat}/${sub}`;
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = this.allRows().filter((row) => inCategory(row, cat, sub));
      this.buckets.set(key, bucket);
    }
    return bucket;
  }

  row(itemId: string, condition: Condition): CatalogRow | null {
    const p = this.items.get(itemId);
    if (!p) return null;
    return this.rows.get(`${p.sku}|${condition}`) ?? null;
  }

  /** A row for any item, active or not (carts, wish lists and orders show removed items too). */
  anyRow(itemId: string, condition: Condition): CatalogRow | null {
    const p = this.items.get(itemId);
    if (!p) return null;
    if (condition === 'ScratchDent' ? !p.isScratchDent : condition !== p.itemCondition) return null;
    return this.rows.get(`${p.sku}|${condition}`) ?? toRow(p, condition, this.images);
  }

  /** Epoch ms of the last successful refresh (the readiness check reports the lag from it). */
  private lastSyncAt: number | null = null;

  syncState(): { loaded: boolean; items: number; lastSyncAt: number | null } {
    return { loaded: this.lastSyncAt !== null, items: this.items.size, lastSyncAt: this.lastSyncAt };
  }
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

const SPEC_COLUMNS: Record<FilterField, keyof ProductRecord> = {
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
  };
}
