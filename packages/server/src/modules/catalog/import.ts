/**
 * The seller's catalog import: a CSV file with a `sku` column and any of the product columns. For a sku
 * already in the catalog only the columns the file names change (an empty cell leaves the field as it
 * is); a new sku needs the required columns. Every row is checked first: one bad row means nothing of the
 * file is written. A preview shows each row as new, changed (field, old → new), unchanged or its error;
 * applying takes the preview's token and refuses when the catalog changed in between, so exactly what
 * was previewed is written.
 */
import { createHash, randomInt } from 'node:crypto';
import type { ImportPreview, ImportRowPreview } from '@shop/domain/back-office/schemas';
import {
  type ProductValues,
  productDefaults,
  productProblems,
  serializedByDefault,
} from '@shop/domain/catalog/product';
import {
  apiCategoryName,
  type Condition,
  FILTER_FIELDS,
  PRIMARY_CONDITIONS,
  type PrimaryCondition,
} from '@shop/domain/catalog/rules';
import { type PriceBreak, parseBreaksCell, sortBreaks } from '@shop/domain/catalog/volume-prices';
import { parsePrice } from '@shop/domain/core/money-text';
import { parse } from 'csv-parse/sync';
import { asc, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { products } from '../../db/schema';
import { isUniqueViolation } from '../../db/sql';
import { type Actor, type AdminDeps, catalogChanged } from '../../lib/back-office';
import { HttpError } from '../../lib/http';
import { recordAudit } from '../audit';
import { recordWebhookEvents } from '../webhooks';
import {
  COLUMNS,
  columnName,
  differences,
  imagesOf,
  insertColumns,
  valuesOf,
  writeImages,
} from './admin-values';
import { missingPictures } from './media';
import { productEvents } from './product-events';

const IMPORT_COLUMNS = [
  'item_id',
  'sku',
  'item_name',
  'model',
  'category',
  'sub_category',
  'item_condition',
  'description',
  'details',
  'description_fr',
  'details_fr',
  ...FILTER_FIELDS,
  'is_active',
  'is_sale',
  'is_scratch_dent',
  'is_featured',
  'serialized',
  'stock',
  'scratch_dent_stock',
  'price',
  'sale_price',
  'scratch_dent_price',
  'main_image',
  'images',
  'popularity',
  'listed_at',
  'volume_breaks',
  'scratch_dent_volume_breaks',
] as const;
/** A new sku needs these; for a sku already in the catalog any subset will do. */
const REQUIRED_FOR_NEW = ['item_name', 'category', 'item_condition', 'price'] as const;

export interface ImportProblem {
  line: number;
  message: string;
}

export interface ParsedFile {
  columns: string[];
  rows: { line: number; cells: Record<string, string> }[];
  problems: ImportProblem[];
}

const TRUE = new Set(['true', 'yes', '1', 'y']);
const FALSE = new Set(['false', 'no', '0', 'n']);

/** Reads the file's text: its columns and rows, or what is wrong with the file as a whole. */
export function parseCatalogFile(text: string): ParsedFile {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  let columns: string[] = [];
  try {
    records = parse(text, {
      columns: (header: string[]) => {
        columns = header.map((h) => h.trim().toLowerCase());
        return columns;
      },
      bom: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      relax_column_count: false,
    });
  } catch (error) {
    const e = error as { lines?: number; message: string };
    return {
      columns,
      rows: [],
      problems: [{ line: e.lines ?? 1, message: `The file is not valid CSV: ${e.message}` }],
    };
  }
  const problems: ImportProblem[] = [];
  const unknown = columns.filter((c) => c && !(IMPORT_COLUMNS as readonly string[]).includes(c));
  if (unknown.length > 0) problems.push({ line: 1, message: `Unknown column(s): ${unknown.join(', ')}.` });
  if (!columns.includes('sku')) problems.push({ line: 1, message: 'Missing required column: sku.' });
  const twice = columns.filter((c, i) => columns.indexOf(c) !== i);
  if (twice.length > 0)
    problems.push({ line: 1, message: `Column(s) named twice: ${[...new Set(twice)].join(', ')}.` });
  if (problems.length === 0 && records.length === 0)
    problems.push({ line: 1, message: 'The file has no product rows.' });
  return {
    columns,
    rows: problems.length > 0 ? [] : records.map(({ record, info }) => ({ line: info.lines, cells: record })),
    problems,
  };
}

/** The values a row gives (non-empty cells only), or why a cell cannot be read. */
function readRow(cells: Record<string, string>): {
  values: Partial<ProductValues>;
  itemId: string;
  errors: string[];
} {
  const errors: string[] = [];
  const values: Partial<ProductValues> = {};
  const given = (key: string) => (cells[key] ?? '').trim();
  const has = (key: string) => given(key) !== '';
  for (const key of [
    'sku',
    'item_name',
    'model',
    'description',
    'description_fr',
    ...FILTER_FIELDS,
  ] as const) {
    if (has(key)) values[key] = given(key);
  }
  if (has('details')) values.details = given('details').replaceAll('\\n', '\n');
  if (has('details_fr')) values.details_fr = given('details_fr').replaceAll('\\n', '\n');
  if (has('category')) values.category = apiCategoryName(given('category'));
  if (has('sub_category')) values.sub_category = apiCategoryName(given('sub_category'));
  if (has('item_condition')) {
    const condition = given('item_condition');
    if ((PRIMARY_CONDITIONS as readonly string[]).includes(condition))
      values.item_condition = condition as PrimaryCondition;
    else errors.push(`item_condition must be BrandNew, Recertified or Warranty, not "${condition}"`);
  }
  for (const key of ['is_active', 'is_sale', 'is_scratch_dent', 'is_featured', 'serialized'] as const) {
    if (!has(key)) continue;
    const v = given(key).toLowerCase();
    if (TRUE.has(v)) values[key] = true;
    else if (FALSE.has(v)) values[key] = false;
    else errors.push(`${key} must be true or false, not "${given(key)}"`);
  }
  for (const key of ['stock', 'scratch_dent_stock', 'popularity'] as const) {
    if (!has(key)) continue;
    if (/^\d{1,9}$/.test(given(key))) values[key] = Number(given(key));
    else errors.push(`${key} must be a whole number of 0 or more, not "${given(key)}"`);
  }
  for (const key of ['price', 'sale_price', 'scratch_dent_price'] as const) {
    if (!has(key)) continue;
    const cents = parsePrice(given(key));
    if (cents === null)
      errors.push(`${key} must be an amount in dollars such as 1299.99, not "${given(key)}"`);
    else values[`${key}_cents`] = cents;
  }
  if (has('listed_at')) {
    const date = new Date(given('listed_at'));
    if (Number.isNaN(date.getTime()))
      errors.push(`listed_at must be a date such as 2026-01-31, not "${given('listed_at')}"`);
    else values.listed_at = date.toISOString();
  }
  const itemId = given('item_id');
  if (itemId && !/^[A-Za-z0-9-]{1,40}$/.test(itemId))
    errors.push(`item_id "${itemId}" may use only letters, digits and -`);
  return { values, itemId, errors };
}

/**
 * The volume prices a row asks for: `volume_breaks` for the product's own condition (as the row leaves
 * it), `scratch_dent_volume_breaks` for ScratchDent, each written `10:3|50:6` (quantity:percent); `none`
 * removes a condition's breaks, an empty cell leaves them. Undefined when the row names neither.
 */
function breaksOfRow(
  cells: Record<string, string>,
  values: Partial<ProductValues>,
  current: ProductValues | null,
): { price_breaks?: PriceBreak[] } | { error: string[] } {
  const own = values.item_condition ?? current?.item_condition;
  const asked: [Condition, string][] = [];
  const ownCell = (cells.volume_breaks ?? '').trim();
  const sdCell = (cells.scratch_dent_volume_breaks ?? '').trim();
  if (ownCell !== '') {
    if (!own) return { error: ['volume_breaks needs the item_condition they apply to'] };
    asked.push([own, ownCell]);
  }
  if (sdCell !== '') asked.push(['ScratchDent', sdCell]);
  if (asked.length === 0) return {};
  let breaks = current?.price_breaks ?? [];
  const errors: string[] = [];
  for (const [condition, cell] of asked) {
    // volume_breaks replaces the breaks of the product's own condition, whichever it had before.
    breaks = breaks.filter((b) =>
      condition === 'ScratchDent' ? b.condition !== 'ScratchDent' : b.condition === 'ScratchDent',
    );
    if (cell.toLowerCase() === 'none') continue;
    const read = parseBreaksCell(cell, condition);
    const column = condition === 'ScratchDent' ? 'scratch_dent_volume_breaks' : 'volume_breaks';
    if ('error' in read) errors.push(`${column}: ${read.error}`);
    else breaks = [...breaks, ...read.breaks];
  }
  return errors.length > 0 ? { error: errors } : { price_breaks: sortBreaks(breaks) };
}

/** The picture list a row asks for: main_image goes first, images are the gallery; a column left out keeps the current. */
function picturesOf(
  cells: Record<string, string>,
  columns: string[],
  current: string[],
): string[] | undefined {
  const main = (cells.main_image ?? '').trim();
  const gallery = (cells.images ?? '')
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);
  const namesMain = columns.includes('main_image') && main !== '';
  const namesGallery = columns.includes('images') && gallery.length > 0;
  if (!namesMain && !namesGallery) return undefined;
  const first = namesMain ? main : current[0];
  const rest = namesGallery ? gallery : current.slice(1);
  return [...new Set([first, ...rest].filter((l): l is string => Boolean(l)))];
}

interface PlannedRow {
  preview: ImportRowPreview;
  itemId: string;
  current: ProductValues | null;
  next: ProductValues | null;
  /** The fields this row changes (absent for unchanged and error rows). */
  delta: Partial<ProductValues>;
}

export interface ImportPlan {
  preview: ImportPreview;
  rows: PlannedRow[];
}

/**
 * Works out what the file would do to the catalog as it is now. With `lock`, the existing products it names
 * are locked in item_id order (inside the caller's transaction) so nothing changes them before the write.
 */
export async function planImport(
  deps: Pick<AdminDeps, 'config'>,
  db: Queryable,
  text: string,
  { lock = false, now = new Date() } = {},
): Promise<ImportPlan> {
  const file = parseCatalogFile(text);
  const skus = [...new Set(file.rows.map((r) => (r.cells.sku ?? '').trim()).filter(Boolean))];
  const existing = new Map<string, typeof products.$inferSelect>();
  for (let i = 0; i < skus.length; i += 1000) {
    const chunk = skus.slice(i, i + 1000);
    const query = db
      .select()
      .from(products)
      .where(
        sql`lower(${products.sku}) in (${sql.join(
          chunk.map((s) => sql`${s.toLowerCase()}`),
          sql`, `,
        )})`,
      )
      .orderBy(asc(products.itemId));
    for (const row of lock ? await query.for('update') : await query)
      existing.set(row.sku.toLowerCase(), row);
  }
  const pictures = await imagesOf(
    db,
    [...existing.values()].map((p) => p.itemId),
  );
  const seen = new Map<string, number>();
  const planned: PlannedRow[] = [];
  for (const { line, cells } of file.rows) {
    const { values, itemId, errors } = readRow(cells);
    const sku = values.sku ?? '';
    if (!sku) errors.push('sku is required');
    else if (seen.has(sku.toLowerCase()))
      errors.push(`sku ${sku} is also on line ${seen.get(sku.toLowerCase())}`);
    else seen.set(sku.toLowerCase(), line);
    const row = existing.get(sku.toLowerCase());
    const current = row ? valuesOf(row, pictures.get(row.itemId) ?? []) : null;
    const images = picturesOf(cells, file.columns, current?.images ?? []);
    if (images !== undefined) values.images = images;
    const breaks = breaksOfRow(cells, values, current);
    if ('error' in breaks) errors.push(...breaks.error);
    else if (breaks.price_breaks) values.price_breaks = breaks.price_breaks;
    if (row && itemId && itemId !== row.itemId)
      errors.push(`item_id ${itemId} is not the item id of sku ${sku} (${row.itemId})`);
    if (!row) {
      const missing = REQUIRED_FOR_NEW.filter(
        (c) => !file.columns.includes(c) || (cells[c] ?? '').trim() === '',
      );
      if (missing.length > 0) errors.push(`a new sku needs ${missing.join(', ')}`);
    }
    let next: ProductValues | null = null;
    if (errors.length === 0) {
      // The sku's spelling stays as stored: the file finds products by sku, it does not rename them.
      next = current
        ? { ...current, ...values, sku: current.sku }
        : ({
            ...productDefaults(),
            // Left out, a new product's units carry serials by its category (computers, monitors, ...).
            serialized: serializedByDefault(values.category ?? ''),
            listed_at: now.toISOString(),
            ...values,
          } as ProductValues);
      for (const p of productProblems(next)) errors.push(p.message);
      const missingPics = await missingPictures(deps, values.images ?? [], db);
      for (const link of missingPics) errors.push(`picture ${link} is not stored; upload it again`);
    }
    const diff = differences(current, current ? { ...values, sku: current.sku } : (next ?? values));
    const status: ImportRowPreview['status'] =
      errors.length > 0 ? 'error' : !current ? 'new' : diff.changes.length > 0 ? 'changed' : 'unchanged';
    const delta: Partial<ProductValues> = {};
    if (status === 'changed') {
      for (const [k, v] of Object.entries(values) as [keyof ProductValues, never][]) {
        if (diff.changes.some((c) => c.field === k.replace('_cents', ''))) delta[k] = v;
      }
    }
    planned.push({
      preview: {
        line,
        sku,
        status,
        item_id: row?.itemId ?? (itemId || null),
        changes: status === 'error' ? [] : diff.changes,
        errors,
      },
      itemId: row?.itemId ?? itemId,
      current,
      next,
      delta,
    });
  }
  const summary = { new: 0, changed: 0, unchanged: 0, errors: 0 };
  for (const r of planned) summary[r.preview.status === 'error' ? 'errors' : r.preview.status]++;
  const body = {
    columns: file.columns,
    rows: planned.map((r) => r.preview),
    problems: file.problems,
    summary,
  };
  const token = createHash('sha256').update(JSON.stringify(body)).digest('base64url');
  return { preview: { ...body, token }, rows: planned };
}

export function hasErrors(preview: ImportPreview): boolean {
  return preview.problems.length > 0 || preview.summary.errors > 0;
}

/**
 * Applies a file in one transaction. With a token (the back office), the file must do exactly what its
 * preview showed; without one (the seller's command) it applies what it does now. Nothing is written
 * when any row has an error.
 */
export async function applyImport(
  deps: AdminDeps,
  actor: Actor,
  text: string,
  token?: string,
): Promise<{ preview: ImportPreview; created: number; updated: number }> {
  let result: { preview: ImportPreview; created: number; updated: number };
  try {
    result = await deps.db.transaction(async (tx) => {
      const plan = await planImport(deps, tx, text, { lock: true });
      if (token !== undefined && plan.preview.token !== token)
        throw new HttpError(
          409,
          'The catalog changed since the preview (or the file is not the one previewed). Please preview the file again.',
        );
      if (hasErrors(plan.preview)) {
        throw new HttpError(
          400,
          `Nothing was imported: ${plan.preview.problems.length + plan.preview.summary.errors} problem(s) to fix first.`,
          {
            preview: plan.preview,
          },
        );
      }
      const created = plan.rows.filter((r) => r.preview.status === 'new');
      const changed = plan.rows.filter((r) => r.preview.status === 'changed');
      const newIds = new Map<PlannedRow, string>();
      for (const r of created) newIds.set(r, r.itemId || newItemId());
      for (let i = 0; i < created.length; i += 500) {
        await tx
          .insert(products)
          .values(created.slice(i, i + 500).map((r) => insertColumns(newIds.get(r)!, r.next!)));
      }
      // Updates go in item_id order, grouped by the set of fields they change: one statement per group.
      const groups = new Map<string, PlannedRow[]>();
      for (const r of [...changed].sort((a, b) => (a.itemId < b.itemId ? -1 : 1))) {
        const key = Object.keys(r.delta)
          .filter((k) => k !== 'images')
          .sort()
          .join(',');
        groups.set(key, [...(groups.get(key) ?? []), r]);
      }
      for (const [key, rows] of groups) {
        if (key === '') continue;
        const fields = key.split(',') as (keyof typeof COLUMNS)[];
        for (let i = 0; i < rows.length; i += 500) await bulkUpdate(tx, fields, rows.slice(i, i + 500));
      }
      // The price and stock changes' webhook events, written with them.
      await recordWebhookEvents(
        tx,
        changed.flatMap((r) => productEvents(r.itemId, Object.keys(r.delta))),
      );
      const pictures = new Map<string, string[]>();
      for (const r of created) pictures.set(newIds.get(r)!, r.next!.images);
      for (const r of changed) if (r.delta.images !== undefined) pictures.set(r.itemId, r.delta.images);
      if (pictures.size > 0) {
        await writeImages(tx, pictures);
        const mains = changed.filter((r) => r.delta.images !== undefined);
        for (const r of mains)
          await tx.execute(
            sql`update products set main_image = ${r.delta.images![0] ?? ''} where item_id = ${r.itemId}`,
          );
      }
      await recordAudit(tx, actor, [
        ...created.map((r) => ({
          action: 'product.import',
          entityType: 'product' as const,
          entityId: newIds.get(r)!,
          after: differences(null, r.next!).after,
        })),
        ...changed.map((r) => {
          const diff = differences(r.current, r.delta);
          return {
            action: 'product.import',
            entityType: 'product' as const,
            entityId: r.itemId,
            before: diff.before,
            after: diff.after,
          };
        }),
        {
          action: 'catalog.import',
          entityType: 'catalog',
          entityId: 'import',
          after: { columns: plan.preview.columns, ...plan.preview.summary },
        },
      ]);
      return { preview: plan.preview, created: created.length, updated: changed.length };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new HttpError(
        409,
        'The catalog changed while importing (a sku was added at the same moment). Please preview the file again.',
      );
    throw error;
  }
  if (result.created + result.updated > 0) await catalogChanged(deps);
  return result;
}

/** `update products set f = v.f ... from (values ...)` for rows that change the same fields. */
async function bulkUpdate(tx: Queryable, fields: (keyof typeof COLUMNS)[], rows: PlannedRow[]) {
  const cols = fields.map((f) => ({ f, name: columnName(COLUMNS[f].key), type: COLUMNS[f].type }));
  const values = sql.join(
    rows.map((r) => {
      const cells: SQL[] = [sql`${r.itemId}::text`];
      for (const c of cols) {
        const value = c.type === 'jsonb' ? JSON.stringify(r.delta[c.f]) : r.delta[c.f];
        cells.push(sql`${value}::${sql.raw(c.type)}`);
      }
      return sql`(${sql.join(cells, sql`, `)})`;
    }),
    sql`, `,
  );
  const sets = cols.map((c) => sql.raw(`"${c.name}" = v."${c.name}"`));
  if (fields.includes('item_condition')) {
    sets.push(sql.raw(`"is_brand_new" = (v."item_condition" = 'BrandNew')`));
    sets.push(sql.raw(`"is_recertified" = (v."item_condition" = 'Recertified')`));
  }
  const names = sql.raw(['item_id', ...cols.map((c) => `"${c.name}"`)].join(', '));
  await tx.execute(
    sql`update products set ${sql.join(sets, sql`, `)} from (values ${values}) as v(${names}) where products.item_id = v.item_id`,
  );
}

export function newItemId(): string {
  return `9${Date.now()}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** Lines for a terminal: each problem with its line. */
export function previewLines(preview: ImportPreview): string[] {
  const out = preview.problems.map((p) => `line ${p.line}: ${p.message}`);
  for (const row of preview.rows) {
    if (row.status === 'error') for (const e of row.errors) out.push(`line ${row.line}: ${e}`);
  }
  return out;
}
