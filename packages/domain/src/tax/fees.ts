/**
 * Environmental handling (recycling) fees: provincial programs charge a fee per unit by kind of product.
 * The fee table (fee_rates) is kept by the owner per province and fee category; the catalog's categories
 * map onto the programs' categories here. Products no program covers (bags, warranties) carry no fee.
 */
import { PROVINCES, type Province } from './rules';

export const FEE_CATEGORIES = ['portable', 'desktop', 'display', 'tablet', 'phone', 'peripheral'] as const;
export type FeeCategory = (typeof FEE_CATEGORIES)[number];

/** The categories' names, as an invoice line and the back office show them. */
export const FEE_CATEGORY_NAMES: Record<FeeCategory, { en: string; fr: string }> = {
  portable: { en: 'Portable computers', fr: 'Ordinateurs portables' },
  desktop: { en: 'Desktop computers', fr: 'Ordinateurs de bureau' },
  display: { en: 'Display devices', fr: "Dispositifs d'affichage" },
  tablet: { en: 'Tablets', fr: 'Tablettes' },
  phone: { en: 'Phones', fr: 'Téléphones' },
  peripheral: { en: 'Computer peripherals', fr: 'Périphériques' },
};

const BY_CATEGORY: Record<string, FeeCategory> = {
  Laptop: 'portable',
  Notebook: 'portable',
  Convertible: 'portable',
  Chromebook: 'portable',
  Desktop: 'desktop',
  AIO: 'desktop',
  Chromebox: 'desktop',
  Display: 'display',
  Monitor: 'display',
  Tablet: 'tablet',
  Smartphone: 'phone',
  Mouse: 'peripheral',
  Mice: 'peripheral',
  Headset: 'peripheral',
  Keyboard: 'peripheral',
  DockingStation: 'peripheral',
};

/** The fee category of a product (by its category, then its subcategory), or null when none applies. */
export function feeCategoryOf(category: string, subCategory = ''): FeeCategory | null {
  if (category === 'Warranty') return null;
  if (category === 'Gaming')
    return subCategory === 'Notebook' ? 'portable' : subCategory === 'Display' ? 'display' : 'desktop';
  return BY_CATEGORY[category] ?? BY_CATEGORY[subCategory] ?? null;
}

/** The demo fee per unit in cents the shop starts with (marked demo: not any program's real fee). */
export const DEMO_FEE_CENTS: Record<FeeCategory, number> = {
  portable: 1_20,
  desktop: 2_25,
  display: 4_00,
  tablet: 60,
  phone: 40,
  peripheral: 25,
};

/** The territories: no program in the demo table. */
const TERRITORIES: ReadonlySet<Province> = new Set(['Northwest Territories', 'Yukon', 'Nunavut']);

/** The provinces with a demo fee (migration 0016 writes the same rows). */
export const DEMO_FEE_PROVINCES: readonly Province[] = PROVINCES.filter((p) => !TERRITORIES.has(p));
