/** The inventory export: every active item once (not per condition) with the customer's personal prices. */
import { todayIn } from '@shop/domain/core/days';
import type { Lang } from '@shop/domain/core/i18n';
import { personalPrice, toAmount } from '@shop/domain/core/money';
import { stringify } from 'csv-stringify/sync';
import { translators } from '../../i18n/lang';
import { safeText } from '../../lib/csv-cell';
import type { CatalogStore, ProductRecord } from '../catalog';

export interface ExportRow {
  product_model: string;
  sku: string;
  category: string;
  stock: number;
  scratch_dent_stock: number;
  personal_price: number;
  personal_sale_price: number;
  personal_scratch_dent_price: number;
}

/** The header's keys in invoice.json: the header is in the request's language. */
const EXPORT_HEADER_KEYS = [
  'export.productModel',
  'export.sku',
  'export.category',
  'export.stock',
  'export.sdStock',
  'export.price',
  'export.salePrice',
  'export.sdPrice',
] as const;

function exportHeader(lang: Lang = 'en'): string[] {
  return EXPORT_HEADER_KEYS.map((key) => translators[lang].t(key));
}

// The sorted active item ids are kept until the set of items changes; stock and prices are read live.
const sortedCache = new WeakMap<CatalogStore, { generation: number; ids: string[] }>();

function activeItems(catalog: CatalogStore): ProductRecord[] {
  let hit = sortedCache.get(catalog);
  if (!hit || hit.generation !== catalog.generation) {
    const ids = [...catalog.items.values()]
      .filter((p) => p.isActive)
      .sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0))
      .map((p) => p.itemId);
    hit = { generation: catalog.generation, ids };
    sortedCache.set(catalog, hit);
  }
  return hit.ids.map((id) => catalog.items.get(id)!);
}

export function exportRows(catalog: CatalogStore, percentage: number): ExportRow[] {
  return activeItems(catalog).map((p) => ({
    product_model: p.itemName,
    sku: p.sku,
    category: p.category,
    stock: p.stock,
    scratch_dent_stock: p.scratchDentStock,
    personal_price: toAmount(personalPrice(p.priceCents, percentage)),
    personal_sale_price: toAmount(personalPrice(p.salePriceCents, percentage)),
    personal_scratch_dent_price: toAmount(personalPrice(p.scratchDentPriceCents, percentage)),
  }));
}

export function exportCsv(rows: readonly ExportRow[], lang: Lang = 'en'): string {
  return stringify(
    rows.map((r) => [
      safeText(r.product_model),
      safeText(r.sku),
      safeText(r.category),
      r.stock,
      r.scratch_dent_stock,
      r.personal_price.toFixed(2),
      r.personal_sale_price.toFixed(2),
      r.personal_scratch_dent_price.toFixed(2),
    ]),
    { header: true, columns: exportHeader(lang), record_delimiter: 'windows' },
  );
}

/** The download's name, dated by the shop's day (SHOP_TIME_ZONE): Acer-Store-Inventory-YYYY-MM-DD.csv. */
export function exportFileName(timeZone: string): string {
  return `Acer-Store-Inventory-${todayIn(timeZone)}.csv`;
}
