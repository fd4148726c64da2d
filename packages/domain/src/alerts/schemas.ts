/**
 * Stock alerts: a buyer asks to be mailed when a model (in the conditions they choose) or a category
 * listing with its filters has at least a number of units in stock, optionally at no more than a price of
 * their own. What an alert watches (its target), the requests that make and change one, and the one rule
 * that says whether it matches a catalog as it stands, and what matched.
 */
import { z } from 'zod';
import { availableStock, unitPrice } from '../catalog/pricing';
import { type Condition, FILTER_FIELDS, type FilterField, listingPath } from '../catalog/rules';
import { type Cents, personalPrice, toCents } from '../core/money';
import { ALERT_CONDITIONS, listingTakesAlerts, MAX_ALERT_PRICE, MAX_ALERT_QUANTITY } from './rules';

export {
  ALERT_CONDITIONS,
  type AlertCondition,
  listingTakesAlerts,
  MAX_ALERT_PRICE,
  MAX_ALERT_QUANTITY,
  MAX_ALERTS,
} from './rules';

/** Values one filter of a listing alert may hold. */
const MAX_FILTER_VALUES = 50;

/** What people are told, in English; the server's catalogue has each in French as well. */
export const ALERT_MSG = {
  conditions: 'alerts.msg.conditions',
  minQuantity: 'alerts.msg.minQuantity',
  maxPrice: 'alerts.msg.maxPrice',
  target: 'alerts.msg.target',
  productMissing: 'alerts.msg.productMissing',
  listingMissing: 'alerts.msg.listingMissing',
  filter: 'alerts.msg.filter',
  filterValues: 'alerts.msg.filterValues',
  itemId: 'alerts.msg.itemId',
  warrantyProduct: 'alerts.msg.warrantyProduct',
  warrantyListing: 'alerts.msg.warrantyListing',
  tooMany: 'alerts.msg.tooMany',
  notFound: 'alerts.msg.notFound',
  alertId: 'alerts.msg.alertId',
  paused: 'alerts.msg.paused',
  created: 'alerts.msg.created',
  createdMatching: 'alerts.msg.createdMatching',
  updated: 'alerts.msg.updated',
  deleted: 'alerts.msg.deleted',
  pausedDone: 'alerts.msg.pausedDone',
  resumed: 'alerts.msg.resumed',
  badToken: 'alerts.msg.badToken',
  tokenMissing: 'alerts.msg.tokenMissing',
} as const;

// ---- What an alert watches

/** A model: the items sharing the product's `model`, in every condition; the one item when it has none. */
const ModelTarget = z.object({
  kind: z.literal('model'),
  /** '' when the item has no model: then only `item_id` counts. */
  model: z.string().max(200),
  item_id: z.string({ error: ALERT_MSG.itemId }).min(1, ALERT_MSG.itemId).max(200, ALERT_MSG.itemId),
});
export type ModelTarget = z.infer<typeof ModelTarget>;

const FilterValues = z
  .record(
    z.string(),
    z
      .array(z.string({ error: ALERT_MSG.filterValues }).max(200, ALERT_MSG.filterValues), {
        error: ALERT_MSG.filterValues,
      })
      .max(MAX_FILTER_VALUES, ALERT_MSG.filterValues),
    { error: ALERT_MSG.filter },
  )
  .refine(
    (filters) => Object.keys(filters).every((key) => (FILTER_FIELDS as readonly string[]).includes(key)),
    {
      message: ALERT_MSG.filter,
    },
  );

/** A listing: /category/{category}[/{subcategory}] with the filter values its URL has. */
export const FilterTarget = z.object({
  kind: z.literal('filter'),
  category: z.string().regex(/^[A-Za-z]{1,40}$/, ALERT_MSG.listingMissing),
  subcategory: z
    .string()
    .regex(/^[A-Za-z]{0,40}$/, ALERT_MSG.listingMissing)
    .default(''),
  filters: FilterValues.default({}),
});
export type FilterTarget = z.infer<typeof FilterTarget>;

export const AlertTarget = z.discriminatedUnion('kind', [ModelTarget, FilterTarget]);
export type AlertTarget = z.infer<typeof AlertTarget>;

/** The listing's query string of a filter target (the page's link): field=value&field=value… */
function listingQuery(filters: Partial<Record<FilterField, readonly string[]>>): string {
  const params = new URLSearchParams();
  for (const field of FILTER_FIELDS) for (const value of filters[field] ?? []) params.append(field, value);
  return params.toString();
}

/** The page an alert's mail and list link to. */
export function targetPath(target: AlertTarget): string {
  if (target.kind === 'model') return `/acer/product/${encodeURIComponent(target.item_id)}`;
  const path = `/acer/category/${target.category}${target.subcategory ? `/${target.subcategory}` : ''}`;
  const query = listingQuery(target.filters);
  return query ? `${path}?${query}` : path;
}

// ---- Requests

const conditionsField = z
  .array(z.string(), { error: ALERT_MSG.conditions })
  .min(1, ALERT_MSG.conditions)
  .max(ALERT_CONDITIONS.length, ALERT_MSG.conditions)
  .refine((list) => list.every((c) => (ALERT_CONDITIONS as readonly string[]).includes(c)), {
    message: ALERT_MSG.conditions,
  })
  .transform((list) => ALERT_CONDITIONS.filter((c) => list.includes(c)));

const minQuantityField = z
  .number({ error: ALERT_MSG.minQuantity })
  .int(ALERT_MSG.minQuantity)
  .min(1, ALERT_MSG.minQuantity)
  .max(MAX_ALERT_QUANTITY, ALERT_MSG.minQuantity);

/** Dollars above 0 (the buyer's own price), or null / absent for any price; held as cents. */
const maxPriceField = z
  .number({ error: ALERT_MSG.maxPrice })
  .refine((n) => Number.isFinite(n) && n > 0 && n <= MAX_ALERT_PRICE && toCents(n) > 0, ALERT_MSG.maxPrice)
  .nullable()
  .optional()
  .transform((n): Cents | null => (n === null || n === undefined ? null : toCents(n)));

/** What the buyer chooses, the same on create and edit. */
export const AlertRuleRequest = z.object({
  conditions: conditionsField,
  min_quantity: minQuantityField,
  max_price: maxPriceField,
});

/** POST /api/user/alerts: from a product page (its item id) or a listing (its path and filters). */
export const AlertCreateRequest = AlertRuleRequest.extend({
  target: z.discriminatedUnion(
    'kind',
    [
      z.object({
        kind: z.literal('product'),
        item_id: z.string({ error: ALERT_MSG.itemId }).min(1, ALERT_MSG.target).max(200, ALERT_MSG.itemId),
      }),
      FilterTarget,
    ],
    { error: ALERT_MSG.target },
  ),
});
export type AlertCreateInput = z.input<typeof AlertCreateRequest>;
export type AlertCreate = z.output<typeof AlertCreateRequest>;
export type AlertRuleInput = z.input<typeof AlertRuleRequest>;
export type AlertRule = z.output<typeof AlertRuleRequest>;

export const AlertPauseRequest = z.object({ paused: z.boolean({ error: ALERT_MSG.paused }) });

export const AlertParams = z.object({
  alertId: z.coerce
    .number({ error: ALERT_MSG.alertId })
    .int(ALERT_MSG.alertId)
    .min(1, ALERT_MSG.alertId)
    .max(2_147_483_647, ALERT_MSG.alertId),
});

/** A filter target's filters checked against the listing's fields, or the message that refuses them. */
export function checkListing(target: FilterTarget): string | null {
  const path = listingPath(target.category, target.subcategory || undefined);
  if (!path) return ALERT_MSG.listingMissing;
  if (!listingTakesAlerts(path.category, path.subcategory)) return ALERT_MSG.warrantyListing;
  for (const key of Object.keys(target.filters)) {
    if (!(FILTER_FIELDS as readonly string[]).includes(key)) return ALERT_MSG.filter;
  }
  return null;
}

// ---- Answers

const AlertState = z.enum(['watching', 'matched', 'paused']);
export type AlertState = z.infer<typeof AlertState>;

export const AlertView = z.object({
  alert_id: z.number().int(),
  label: z.string(),
  target: AlertTarget,
  /** The page it watches (a product or a listing with its filters). */
  path: z.string(),
  conditions: z.array(z.enum(ALERT_CONDITIONS)),
  min_quantity: z.number().int(),
  /** Dollars, the buyer's own price; null for any price. */
  max_price: z.number().nullable(),
  state: AlertState,
  paused: z.boolean(),
  matching: z.boolean(),
  last_fired_at: z.string().nullable(),
  created_at: z.string(),
});
export type AlertView = z.infer<typeof AlertView>;

export const AlertsAnswer = z.object({
  scode: z.literal(200),
  alerts: z.array(AlertView),
  max: z.number().int(),
});
export type AlertsAnswer = z.infer<typeof AlertsAnswer>;

export const AlertAnswer = z.object({
  scode: z.literal(200),
  smessage: z.string(),
  alert: AlertView,
});
export type AlertAnswer = z.infer<typeof AlertAnswer>;

/** An alert's state as the account shows it. */
export function alertState(alert: { paused: boolean; matching: boolean }): AlertState {
  if (alert.paused) return 'paused';
  return alert.matching ? 'matched' : 'watching';
}

// ---- Matching

/** One offer of the catalog as an alert sees it: base prices in cents, never sent to anyone. */
export interface AlertOffer {
  item_id: string;
  sku: string;
  item_name: string;
  /** '' for none. */
  model: string;
  category: string;
  sub_category: string;
  item_condition: Condition;
  is_sale: boolean;
  specs: Record<FilterField, string>;
  stock: number;
  scratch_dent_stock: number;
  price: Cents;
  sale_price: Cents;
  scratch_dent_price: Cents;
}

export interface AlertCriteria {
  target: AlertTarget;
  conditions: readonly string[];
  min_quantity: number;
  /** The buyer's own price, in cents; null for any price. */
  max_price_cents: Cents | null;
}

/** An offer that counted toward a match. */
export interface MatchedOffer {
  item_id: string;
  sku: string;
  item_name: string;
  condition: Condition;
  units: number;
  /** What this buyer pays for one unit, in cents. */
  price_cents: Cents;
}

export interface AlertEvaluation {
  matches: boolean;
  /** Units in stock over the offers that count. */
  units: number;
  offers: MatchedOffer[];
}

/**
 * Whether a listing row is on /category/{category}[/{subcategory}]: the virtual listings (Sale, BrandNew,
 * ScratchDent) narrow by a product category; the others by the stored category and subcategory. The same
 * rule as the catalog's listing buckets.
 */
export function inListing(
  offer: Pick<AlertOffer, 'category' | 'sub_category' | 'item_condition' | 'is_sale'>,
  category: string,
  subcategory: string,
): boolean {
  const path = listingPath(category, subcategory || undefined);
  if (!path) return false;
  const sub = path.subcategory;
  switch (path.category) {
    case 'Sale':
      return offer.is_sale && offer.item_condition !== 'ScratchDent' && (!sub || offer.category === sub);
    case 'BrandNew':
    case 'ScratchDent':
      return offer.item_condition === path.category && (!sub || offer.category === sub);
    default:
      return offer.category === path.category && (!sub || offer.sub_category === sub);
  }
}

/** Whether an offer is one the target watches (its conditions aside). */
function targets(target: AlertTarget, offer: AlertOffer): boolean {
  if (target.kind === 'model') {
    return target.model ? offer.model === target.model : offer.item_id === target.item_id;
  }
  if (!inListing(offer, target.category, target.subcategory)) return false;
  for (const field of FILTER_FIELDS) {
    const values = target.filters[field];
    if (values && values.length > 0 && !values.includes(offer.specs[field])) return false;
  }
  return true;
}

/** What the buyer pays for one unit of an offer: their percentage over the base, then the spec's rule. */
export function buyerUnitPrice(offer: AlertOffer, percentage: number): Cents {
  return unitPrice({
    item_condition: offer.item_condition,
    is_sale: offer.is_sale,
    price: personalPrice(offer.price, percentage),
    sale_price: personalPrice(offer.sale_price, percentage),
    scratch_dent_price: personalPrice(offer.scratch_dent_price, percentage),
  });
}

/**
 * Whether the alert matches the offers as they stand: the units in stock of the offers it targets, in its
 * conditions, whose price for this buyer is at most the highest price (when set), summed, reach the
 * minimum quantity. Offers with no unit in stock do not appear among the matched ones.
 */
export function evaluateAlert(
  alert: AlertCriteria,
  offers: Iterable<AlertOffer>,
  percentage: number,
): AlertEvaluation {
  const matched: MatchedOffer[] = [];
  let units = 0;
  for (const offer of offers) {
    if (!alert.conditions.includes(offer.item_condition)) continue;
    if (!targets(alert.target, offer)) continue;
    const stock = availableStock(offer);
    if (stock <= 0) continue;
    const price = buyerUnitPrice(offer, percentage);
    if (alert.max_price_cents !== null && price > alert.max_price_cents) continue;
    units += stock;
    matched.push({
      item_id: offer.item_id,
      sku: offer.sku,
      item_name: offer.item_name,
      condition: offer.item_condition,
      units: stock,
      price_cents: price,
    });
  }
  matched.sort((a, b) => a.price_cents - b.price_cents || (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
  return { matches: units >= alert.min_quantity, units, offers: matched };
}
