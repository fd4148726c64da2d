/** The catalog's vocabulary: categories, conditions, filter fields and the listing's constants. */
import { type Lang, type MessageKey, type MessageValue, message } from '../core/i18n';

export const CONDITIONS = ['BrandNew', 'Recertified', 'ScratchDent', 'Warranty'] as const;
export type Condition = (typeof CONDITIONS)[number];
/** A product's own condition; ScratchDent is an extra offer of an item, never its primary one. */
export const PRIMARY_CONDITIONS = ['BrandNew', 'Recertified', 'Warranty'] as const;
export type PrimaryCondition = (typeof PRIMARY_CONDITIONS)[number];

/** The warranty each condition comes with (terms of sale: 90 days, batteries one year; new: the maker's year). */
export const CONDITION_WARRANTY: Record<Condition, string> = {
  BrandNew: '1-year manufacturer warranty',
  Recertified: '90-day warranty (batteries 1 year)',
  ScratchDent: '90-day warranty (batteries 1 year)',
  Warranty: 'Extended warranty plan',
};

/**
 * Each condition as people read it, in their language: on every page, mail, PDF and CSV meant for people
 * (the buyer's and the back office's). The codes stay in URLs, the API's JSON, the catalog import and export,
 * and in the specification's messages.
 */
export const CONDITION_NAMES: Record<Lang, Record<Condition, string>> = {
  en: {
    BrandNew: 'Brand new',
    Recertified: 'Recertified',
    ScratchDent: 'Scratch & dent',
    Warranty: 'Warranty',
  },
  fr: {
    BrandNew: 'Neuf',
    Recertified: 'Remis à neuf',
    ScratchDent: 'Égratigné et bosselé',
    Warranty: 'Garantie',
  },
};

/** "Brand new" / "Neuf" for BrandNew; a word that is no condition as it is. */
export function conditionName(condition: string, lang: Lang): string {
  return isCondition(condition) ? CONDITION_NAMES[lang][condition] : condition;
}

/** What a request naming another condition is told. */
export const CONDITION_MESSAGE = 'api.conditionInvalid';

export function isCondition(value: string): value is Condition {
  return (CONDITIONS as readonly string[]).includes(value);
}

/** The twelve categories of the menu, in menu order. */
export const TOP_CATEGORIES = [
  'Sale',
  'BrandNew',
  'Notebook',
  'Desktop',
  'AIO',
  'Chromebook',
  'Monitor',
  'Tablet',
  'Accessories',
  'Gaming',
  'ScratchDent',
  'Warranty',
] as const;

/** The categories a product itself belongs to, as stored (monitors are stored as Display). */
export const PRODUCT_CATEGORIES = [
  'Notebook',
  'Desktop',
  'AIO',
  'Chromebook',
  'Display',
  'Tablet',
  'Accessories',
  'Gaming',
  'Warranty',
  'Smartphone',
] as const;

/** Categories that select by a flag or condition rather than by the product's own category. */
const VIRTUAL_CATEGORIES = ['Sale', 'BrandNew', 'ScratchDent'] as const;

export const SUBCATEGORIES: Record<string, readonly string[]> = {
  Desktop: ['AIO', 'Chromebox', 'Gaming', 'Tower', 'WorkHome'],
  Gaming: ['Desktop', 'Notebook', 'Monitor'],
  Warranty: ['Desktop', 'Laptop', 'Monitor', 'Smartphone', 'Tablet'],
  Accessories: ['BackpackCase', 'Charger', 'DockingStation', 'GraphicsCard', 'Headset', 'Mice'],
};

/** Category names that appear on products and in links besides the menu's. */
export const OTHER_CATEGORY_NAMES = [
  'BackpackCase',
  'Charger',
  'DockingStation',
  'GraphicsCard',
  'Headset',
  'Mice',
  'Smartphone',
  'Chromebox',
  'Tower',
  'WorkHome',
] as const;

export const DISPLAY_NAMES: Record<string, string> = {
  Sale: 'Sale',
  BrandNew: 'Brand New',
  Notebook: 'Notebooks',
  Desktop: 'Desktops',
  AIO: 'All-in-One',
  Chromebook: 'Chromebooks',
  Monitor: 'Monitors',
  Display: 'Monitors',
  Tablet: 'Tablets',
  Accessories: 'Accessories',
  Gaming: 'Gaming',
  ScratchDent: 'Scratch & Dent',
  Warranty: 'Extended Warranty',
  Recertified: 'Recertified',
  Laptop: 'Laptop',
  BackpackCase: 'Backpacks & Cases',
  Charger: 'Chargers',
  DockingStation: 'Docking Stations',
  GraphicsCard: 'Graphics Cards',
  Headset: 'Headsets',
  Mice: 'Mice',
  Smartphone: 'Smartphones',
  Chromebox: 'Chromebox',
  Tower: 'Tower',
  WorkHome: 'Work & Home',
};

/** The heading of a listing: the subcategory if set, else the category; display name, else raw. */
export function displayName(name: string): string {
  return DISPLAY_NAMES[name] ?? name;
}

/** The API stores monitors under Display; the page and links say Monitor. */
export function apiCategoryName(name: string): string {
  return name === 'Monitor' ? 'Display' : name;
}

/**
 * Every category and sub-category of the fixed tree once, by the name products store: monitors are Display
 * whether a category of their own or under Gaming and Warranty (the tree's Monitor), so a filter of the back
 * office names them once.
 */
export const STORED_CATEGORY_NAMES: readonly string[] = [
  ...new Set([...PRODUCT_CATEGORIES, ...Object.values(SUBCATEGORIES).flat()].map(apiCategoryName)),
];

/** Top-level names a listing answers to: the menu's, the other names in links, and the stored ones. */
const LISTING_TOPS = new Set<string>([...TOP_CATEGORIES, ...OTHER_CATEGORY_NAMES, ...PRODUCT_CATEGORIES]);
const VIRTUAL_SUBS = new Set<string>([...PRODUCT_CATEGORIES, 'Monitor']);

/**
 * The listing at /category/{category}[/{subcategory}] when the tree has it, in stored names (Monitor read as
 * Display); null for a path the fixed tree does not have. Sale, BrandNew and ScratchDent narrow by a
 * product category.
 */
export function listingPath(
  category: string,
  subcategory?: string,
): { category: string; subcategory: string } | null {
  if (!LISTING_TOPS.has(category)) return null;
  if (subcategory === undefined || subcategory === '')
    return { category: apiCategoryName(category), subcategory: '' };
  const allowed = (VIRTUAL_CATEGORIES as readonly string[]).includes(category)
    ? VIRTUAL_SUBS.has(subcategory)
    : (SUBCATEGORIES[category] ?? []).includes(subcategory);
  return allowed ? { category: apiCategoryName(category), subcategory: apiCategoryName(subcategory) } : null;
}

export const FILTER_FIELDS = [
  'product_category',
  'product_series',
  'processor_type',
  'processor_speed',
  'standard_memory',
  'screen_size',
  'screen_resolution',
  'graphics_card',
  'solid_state_drive',
  'touchscreen',
  'operating_system',
  'color',
  'refresh_rate',
] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

export const FILTER_LABELS: Record<FilterField, string> = {
  product_category: 'Product Category',
  product_series: 'Series',
  processor_type: 'Processor Type',
  processor_speed: 'Processor Speed',
  standard_memory: 'Memory',
  screen_size: 'Screen Size',
  screen_resolution: 'Screen Resolution',
  graphics_card: 'Graphics Card',
  solid_state_drive: 'Solid State Drive',
  touchscreen: 'Touchscreen',
  operating_system: 'Operating System',
  color: 'Color',
  refresh_rate: 'Refresh Rate',
};

export const SORTS = ['name_asc', 'name_desc', 'price_asc', 'price_desc'] as const;
export type Sort = (typeof SORTS)[number];
export const SEARCH_COLUMNS = ['all', 'item_name', 'sku'] as const;
export type SearchColumn = (typeof SEARCH_COLUMNS)[number];

export const PAGE_SIZE = 16;
const VISIBLE_PAGE_NUMBERS = 5;
export const MIN_PRICE_GAP = 10;
export const MOBILE_BREAKPOINT = 800;
export const DEFAULT_PERCENTAGE = 15;
export const SEARCH_DEBOUNCE_MS = 500;
export const COOKIE_LIFE_MS = 2_592_000_000;
export const HOME_SLIDER_SIZE = 16;

/** The page numbers to show: at most five, centred on the current page where possible. */
export function visiblePages(current: number, pages: number): number[] {
  const count = Math.min(VISIBLE_PAGE_NUMBERS, pages);
  let start = Math.max(1, current - Math.floor(VISIBLE_PAGE_NUMBERS / 2));
  start = Math.min(start, Math.max(1, pages - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

/** A condition named in a message: said in the reader's language (BrandNew is Neuf in French). */
export function conditionWord(condition: string): MessageValue {
  return (CONDITIONS as readonly string[]).includes(condition)
    ? message(`condition.${condition}` as MessageKey)
    : condition;
}
