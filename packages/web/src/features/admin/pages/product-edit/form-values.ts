/**
 * The product form's values: every field as text (prices in dollars, volume prices as the import writes them)
 * or a tick, made from the product as loaded, turned into what the API takes, compared with the product as
 * loaded for an edit, and carried over when the product changes on the server.
 */
import type { AdminImage, AdminProduct } from '@shop/domain/back-office/schemas';
import { productDefaults } from '@shop/domain/catalog/product';
import { type Condition, FILTER_FIELDS, type FilterField } from '@shop/domain/catalog/rules';
import { basisPointsToPercent, parseBreaksCell } from '@shop/domain/catalog/volume-prices';
import type { ChangeEvent } from 'react';

const TEXT_KEYS = [
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
] as const;
const NUMBER_KEYS = ['stock', 'scratch_dent_stock', 'popularity'] as const;
const PRICE_KEYS = ['price', 'sale_price', 'scratch_dent_price'] as const;
const FLAG_KEYS = ['is_active', 'is_sale', 'is_featured', 'is_scratch_dent', 'serialized'] as const;

export type TextKey =
  | (typeof TEXT_KEYS)[number]
  | FilterField
  | (typeof NUMBER_KEYS)[number]
  | (typeof PRICE_KEYS)[number]
  | 'listed_at'
  | BreaksKey;
/** The volume prices, one text per condition as the import writes them: `10:3|50:6` (quantity:percent). */
export type BreaksKey = 'volume_breaks' | 'scratch_dent_volume_breaks';
type FlagKey = (typeof FLAG_KEYS)[number];
export type FormValues = Record<TextKey, string> & Record<FlagKey, boolean> & { images: AdminImage[] };

export function formOf(p: AdminProduct | null): FormValues {
  const filters = Object.fromEntries(FILTER_FIELDS.map((f) => [f, p?.[f] ?? ''])) as Record<
    FilterField,
    string
  >;
  if (!p) {
    const d = productDefaults();
    return {
      ...filters,
      sku: '',
      item_name: '',
      model: '',
      category: '',
      sub_category: '',
      item_condition: 'BrandNew',
      description: '',
      details: '',
      description_fr: '',
      details_fr: '',
      stock: '0',
      scratch_dent_stock: '0',
      popularity: '0',
      price: '',
      sale_price: '0.00',
      scratch_dent_price: '0.00',
      listed_at: d.listed_at.slice(0, 10),
      volume_breaks: '',
      scratch_dent_volume_breaks: '',
      is_active: true,
      is_sale: false,
      is_featured: false,
      is_scratch_dent: false,
      serialized: false,
      images: [],
    };
  }
  return {
    ...filters,
    sku: p.sku,
    item_name: p.item_name,
    model: p.model,
    category: p.category,
    sub_category: p.sub_category,
    item_condition: p.item_condition,
    description: p.description,
    details: p.details,
    description_fr: p.description_fr,
    details_fr: p.details_fr,
    stock: String(p.stock),
    scratch_dent_stock: String(p.scratch_dent_stock),
    popularity: String(p.popularity),
    price: p.price.toFixed(2),
    sale_price: p.sale_price.toFixed(2),
    scratch_dent_price: p.scratch_dent_price.toFixed(2),
    listed_at: p.listed_at.slice(0, 10),
    volume_breaks: cellOf(p, p.item_condition),
    scratch_dent_volume_breaks: cellOf(p, 'ScratchDent'),
    is_active: p.is_active,
    is_sale: p.is_sale,
    is_featured: p.is_featured,
    is_scratch_dent: p.is_scratch_dent,
    serialized: p.serialized,
    images: p.images,
  };
}

/** One condition's volume prices as the form writes them. */
function cellOf(p: AdminProduct, condition: string): string {
  return p.price_breaks
    .filter((b) => b.condition === condition)
    .map((b) => `${b.min_quantity}:${b.percent}`)
    .join('|');
}

/**
 * The volume prices of the conditions the product sells in (its own, and ScratchDent while that offer is
 * on), as the API takes them, and a message per text that cannot be read.
 */
export function breaksOf(v: FormValues) {
  const cells: [BreaksKey, Condition][] = [['volume_breaks', v.item_condition as Condition]];
  if (v.is_scratch_dent) cells.push(['scratch_dent_volume_breaks', 'ScratchDent']);
  const breaks: { condition: Condition; min_quantity: number; percent: number }[] = [];
  const errors: Partial<Record<BreaksKey, string>> = {};
  for (const [key, condition] of cells) {
    const read = parseBreaksCell(v[key], condition);
    if ('error' in read) errors[key] = read.error;
    else
      for (const b of read.breaks)
        breaks.push({
          condition,
          min_quantity: b.min_quantity,
          percent: basisPointsToPercent(b.basis_points),
        });
  }
  return { breaks, errors };
}

/** The fields as the API takes them (picture links, not their addresses; volume prices as a list). */
export function payloadOf(v: FormValues): Record<string, unknown> {
  const { images, volume_breaks: _own, scratch_dent_volume_breaks: _sd, ...rest } = v;
  return { ...rest, images: images.map((i) => i.link), price_breaks: breaksOf(v).breaks };
}

/** The fields that differ from the product as loaded. */
export function changesOf(before: FormValues, after: FormValues): Record<string, unknown> {
  const a = payloadOf(before);
  const b = payloadOf(after);
  return Object.fromEntries(Object.entries(b).filter(([k, v]) => JSON.stringify(a[k]) !== JSON.stringify(v)));
}

/**
 * The form once the product changed on the server (saved, a picture uploaded, deactivated): fields not
 * edited here take the new values, edits not yet saved stay.
 */
export function rebase(current: FormValues, before: FormValues, after: FormValues): FormValues {
  const out: Record<string, unknown> = { ...after };
  for (const key of Object.keys(after) as (keyof FormValues)[]) {
    if (key !== 'images' && JSON.stringify(current[key]) !== JSON.stringify(before[key]))
      out[key] = current[key];
  }
  const links = (list: AdminImage[]) => list.map((i) => i.link).join('\n');
  if (links(current.images) !== links(before.images)) {
    // Pictures moved or removed here stay so until saved; a picture added meanwhile joins them.
    const had = new Set([...before.images, ...current.images].map((i) => i.link));
    out.images = [...current.images, ...after.images.filter((i) => !had.has(i.link))];
  }
  return out as FormValues;
}

/** What a text field of the form is given: its value, what a change does, and its error. */
export interface TextProps {
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  error: string | undefined;
}
