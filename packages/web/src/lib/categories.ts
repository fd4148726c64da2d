import { SUBCATEGORIES, TOP_CATEGORIES } from '@shop/domain/catalog';
import { categoryName } from './labels';

export interface MenuEntry {
  name: string;
  label: string;
  path: string;
  children: { name: string; label: string; path: string }[];
}

let built: MenuEntry[] | null = null;

/**
 * The menu: the twelve categories, with their subcategories, named in the page's language. Built on first
 * use, once the common catalogue has loaded.
 */
export function menu(): MenuEntry[] {
  built ??= TOP_CATEGORIES.map((name) => ({
    name,
    label: categoryName(name),
    path: `/acer/category/${name}`,
    children: (SUBCATEGORIES[name] ?? []).map((sub) => ({
      name: sub,
      label: categoryName(sub),
      path: `/acer/category/${name}/${sub}`,
    })),
  }));
  return built;
}
