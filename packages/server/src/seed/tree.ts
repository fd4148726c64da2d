import {
  apiCategoryName,
  DISPLAY_NAMES,
  OTHER_CATEGORY_NAMES,
  SUBCATEGORIES,
  TOP_CATEGORIES,
} from '@shop/domain/catalog/rules';

/** The category tree as stored: names with display names and menu places, and parent/child links. */
function build() {
  const names = new Map<string, { name: string; displayName: string; menuPosition: number | null }>();
  const add = (name: string, menuPosition: number | null) => {
    const stored = apiCategoryName(name);
    const existing = names.get(stored);
    if (!existing || (existing.menuPosition === null && menuPosition !== null)) {
      names.set(stored, { name: stored, displayName: DISPLAY_NAMES[name] ?? name, menuPosition });
    }
  };
  TOP_CATEGORIES.forEach((name, i) => {
    add(name, i);
  });
  for (const name of OTHER_CATEGORY_NAMES) add(name, null);
  const links: { parent: string; child: string; position: number }[] = [];
  for (const [parent, children] of Object.entries(SUBCATEGORIES)) {
    children.forEach((child, position) => {
      add(child, null);
      links.push({ parent: apiCategoryName(parent), child: apiCategoryName(child), position });
    });
  }
  return { names: [...names.values()], links };
}

export const APP_CATEGORY_TREE = build();
