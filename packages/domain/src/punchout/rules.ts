/**
 * Punchout's rules, shared by the account page and the server: the UNSPSC class of a product, the origins
 * a procurement system may frame the shop from, and the limits of the settings. No Zod here.
 */

/** How many origins an administrator may list. */
export const MAX_FRAME_ORIGINS = 10;
/** Minutes a start URL of a PunchOutSetupResponse stays good (it works once). */
export const START_URL_MINUTES = 5;
/** Unit of measure of every line sent back: each (UN/CEFACT `EA`). */
export const UNIT_OF_MEASURE = 'EA';
export const CURRENCY = 'CAD';

/**
 * The UNSPSC commodity of a product by its category (and subcategory for gaming and accessories):
 * 43211503 notebooks, 43211507 desktops, 43211902 monitors...; 43211600 (computer accessories) otherwise.
 */
const UNSPSC: Record<string, string> = {
  Notebook: '43211503',
  Chromebook: '43211503',
  Laptop: '43211503',
  Desktop: '43211507',
  AIO: '43211507',
  Tower: '43211507',
  Chromebox: '43211507',
  WorkHome: '43211507',
  Display: '43211902',
  Monitor: '43211902',
  Tablet: '43211509',
  Smartphone: '43191501',
  Warranty: '81112200',
  Accessories: '43211600',
  BackpackCase: '43211604',
  Charger: '26111700',
  DockingStation: '43211602',
  GraphicsCard: '43201401',
  Headset: '43211919',
  Mice: '43211708',
};
const UNSPSC_DEFAULT = '43211600';

export function unspscOf(category: string, subCategory = ''): string {
  // Gaming sorts by what the machine is; accessories by their kind.
  if ((category === 'Gaming' || category === 'Accessories') && UNSPSC[subCategory])
    return UNSPSC[subCategory];
  if (category === 'Gaming') return '43211507';
  return UNSPSC[category] ?? UNSPSC_DEFAULT;
}

/**
 * An origin as a frame-ancestors source may name it: `https://host[:port]` (http only for localhost), no
 * path, query, wildcard or quote. Returns the origin as the browser writes it, or null.
 */
export function normalOrigin(value: string): string | null {
  const text = value.trim();
  if (!/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?\/?$/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  if (url.protocol !== 'https:' && !local) return null;
  return url.origin;
}
