import { SUBCATEGORIES, TOP_CATEGORIES } from '@shop/domain/catalog/rules';
import type { Lang } from '@shop/domain/core/i18n';
import { pageLang } from './i18n';
import { categoryName } from './labels';

export interface MenuEntry {
  name: string;
  label: string;
  path: string;
  children: { name: string; label: string; path: string }[];
}

/** One menu per language (the server draws pages in both). */
const built = new Map<Lang, MenuEntry[]>();

/**
 * The menu: the twelve categories, with their subcategories, named in the page's language. Built on first
 * use, once the common catalogue has loaded.
 */
export function menu(): MenuEntry[] {
  const lang = pageLang();
  const known = built.get(lang);
  if (known) return known;
  const entries = TOP_CATEGORIES.map((name) => ({
    name,
    label: categoryName(name),
    path: `/acer/category/${name}`,
    children: (SUBCATEGORIES[name] ?? []).map((sub) => ({
      name: sub,
      label: categoryName(sub),
      path: `/acer/category/${name}/${sub}`,
    })),
  }));
  built.set(lang, entries);
  return entries;
}
