/**
 * The company's price list, read from the database (the authority) in one statement: every active item
 * with its offers (its own condition, and scratch and dent when it has that) at the company's prices and
 * with their stock, by SKU; or, with `changedSince`, every item whose row changed at or after that time,
 * withdrawn ones included (`active: false`) so a copy kept elsewhere can drop them.
 *
 * When an item changed: products.updated_at, which the products_touch trigger sets on every write to the
 * row in the transaction that writes it (a back-office edit, an import, a sale's or a cancellation's
 * stock), and customers.prices_changed_at, set by a trigger when the company's percentage changes (every
 * price of its list moves then). See docs/decisions/014-company-api.md.
 */

import { availableStock, isInStock, unitPrice } from '@shop/domain/catalog/pricing';
import type { Condition, PrimaryCondition } from '@shop/domain/catalog/rules';
import { basisPointsToPercent, breakPrices, type PriceBreak } from '@shop/domain/catalog/volume-prices';
import type { PriceListItem, PriceListOffer } from '@shop/domain/company-api/schemas';
import { PRICE_LIST_CSV_COLUMNS } from '@shop/domain/company-api/schemas';
import { personalPrice } from '@shop/domain/core/money';
import { stringify } from 'csv-stringify/sync';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { safeText } from '../../lib/csv-cell';

interface ProductRow {
  item_id: string;
  sku: string;
  item_name: string;
  category: string;
  sub_category: string;
  item_condition: string;
  is_active: boolean;
  is_sale: boolean;
  is_scratch_dent: boolean;
  stock: number;
  scratch_dent_stock: number;
  price: number;
  sale_price: number;
  scratch_dent_price: number;
  price_breaks: PriceBreak[];
  updated_at: string;
}

export interface PriceListRead {
  items: PriceListItem[];
  /** Items in the whole list with this filter. */
  total: number;
  /** A time from which the next `changed_since` read misses nothing this one did not see. */
  watermark: string;
}

/** A moment as ISO 8601 in UTC with milliseconds, cut (never rounded up) from PostgreSQL's microseconds. */
const iso = (value: SQL) => sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One page (`limit`, `offset`) of the list, or all of it (`limit` null), with the count and the
 * watermark, in one statement (one snapshot).
 *
 * The watermark: a row's updated_at is its transaction's start time (now()), and a transaction that
 * started before this read may commit after it with an earlier updated_at than this read's time. So the
 * next read starts from the start of the oldest transaction still running now, when there is one.
 */
export async function readPriceList(
  db: Queryable,
  customerId: string,
  options: { changedSince?: Date; limit: number | null; offset: number },
): Promise<PriceListRead> {
  const changed = sql`greatest(p.updated_at, c.prices_changed_at)`;
  const filter = options.changedSince
    ? sql`${changed} >= ${options.changedSince.toISOString()}::timestamptz`
    : sql`p.is_active`;
  const page = options.limit === null ? sql`` : sql`limit ${options.limit} offset ${options.offset}`;
  const result = await db.execute(sql`
    with list as (
      select p.item_id, p.sku, p.item_name, p.category, p.sub_category, p.item_condition, p.is_active,
        p.is_sale, p.is_scratch_dent, p.stock, p.scratch_dent_stock, p.price_cents as price,
        p.sale_price_cents as sale_price, p.scratch_dent_price_cents as scratch_dent_price,
        p.price_breaks, ${iso(changed)} as updated_at
      from products p cross join customers c
      where c.customer_id = ${customerId} and ${filter}
    )
    select
      (select count(*)::int from list) as total,
      (select percentage from customers where customer_id = ${customerId}) as percentage,
      coalesce((select json_agg(l order by l.sku) from (select * from list order by sku ${page}) l), '[]') as items,
      ${iso(sql`least(now(), coalesce((select min(xact_start) from pg_stat_activity
        where datname = current_database() and backend_type = 'client backend'), now()))`)} as watermark`);
  const row = (
    result as unknown as {
      rows: [{ total: number; percentage: number | null; items: ProductRow[]; watermark: string }];
    }
  ).rows[0];
  const percentage = row.percentage ?? 0;
  return {
    items: row.items.map((p) => present(p, percentage)),
    total: row.total,
    watermark: row.watermark,
  };
}

function present(p: ProductRow, percentage: number): PriceListItem {
  return {
    item_id: p.item_id,
    sku: p.sku,
    name: p.item_name,
    category: p.category,
    sub_category: p.sub_category,
    condition: p.item_condition as PrimaryCondition,
    active: p.is_active,
    offers: offersOf(p, percentage),
    updated_at: p.updated_at,
  };
}

/** The offers of an active item at the company's prices: its own condition, then scratch and dent. */
function offersOf(p: ProductRow, percentage: number): PriceListOffer[] {
  if (!p.is_active) return [];
  const prices = {
    is_sale: p.is_sale,
    price: personalPrice(Number(p.price), percentage),
    sale_price: personalPrice(Number(p.sale_price), percentage),
    scratch_dent_price: personalPrice(Number(p.scratch_dent_price), percentage),
  };
  const offer = (condition: Condition): PriceListOffer => {
    const unit = unitPrice({ item_condition: condition, ...prices });
    // A condition's own price: scratch and dent has one when it is set; the rest the item's price.
    const regular =
      condition === 'ScratchDent' && prices.scratch_dent_price !== 0
        ? prices.scratch_dent_price
        : prices.price;
    const stocked = { item_condition: condition, stock: p.stock, scratch_dent_stock: p.scratch_dent_stock };
    const out: PriceListOffer = {
      condition,
      price_cents: regular,
      sale_price_cents: unit !== regular ? unit : null,
      unit_price_cents: unit,
      stock: availableStock(stocked),
      in_stock: isInStock(stocked),
    };
    const breaks = breakPrices({ item_condition: condition, ...prices, price_breaks: p.price_breaks });
    if (breaks.length > 0) {
      out.volume_prices = breaks.map((b) => ({
        min_quantity: b.min_quantity,
        percent_off: basisPointsToPercent(b.basis_points),
        unit_price_cents: b.unit,
      }));
    }
    return out;
  };
  const offers = [offer(p.item_condition as Condition)];
  if (p.is_scratch_dent) offers.push(offer('ScratchDent'));
  return offers;
}

/** The list as CSV: a header row, then a line per item and condition (a withdrawn item: one line, no offer). */
export function priceListCsv(items: readonly PriceListItem[]): string {
  const lines: (string | number | boolean | null)[][] = [];
  for (const item of items) {
    const head = [
      safeText(item.item_id),
      safeText(item.sku),
      safeText(item.name),
      safeText(item.category),
      safeText(item.sub_category),
      item.active,
    ];
    if (item.offers.length === 0) lines.push([...head, '', '', '', '', '', '', item.updated_at]);
    for (const o of item.offers) {
      lines.push([
        ...head,
        o.condition,
        o.price_cents,
        o.sale_price_cents ?? '',
        o.unit_price_cents,
        o.stock,
        o.in_stock,
        item.updated_at,
      ]);
    }
  }
  return stringify(lines, {
    header: true,
    columns: [...PRICE_LIST_CSV_COLUMNS],
    cast: { boolean: (value) => (value ? 'true' : 'false') },
    record_delimiter: 'windows',
  });
}
