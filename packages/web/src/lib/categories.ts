import { displayName, SUBCATEGORIES, TOP_CATEGORIES } from '@shop/domain/catalog';

export interface MenuEntry {
  name: string;
  label: string;
  path: string;
  children: { name: string; label: string; path: string }[];
}

/** The menu: the twelve categories, with their subcategories. */
export const MENU: MenuEntry[] = TOP_CATEGORIES.map((name) => ({
  name,
  label: displayName(name),
  path: `/acer/category/${name}`,
  children: (SUBCATEGORIES[name] ?? []).map((sub) => ({
    name: sub,
    label: displayName(sub),
    path: `/acer/category/${name}/${sub}`,
  })),
}));
