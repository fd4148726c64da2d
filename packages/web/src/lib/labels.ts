/**
 * The catalog's vocabulary in the page's language: category and subcategory names, filter labels, sorts
 * and each condition's warranty (keys `common:category.*`, `common:filter.*`, `common:sort.*`,
 * `common:warranty.*`); conditions by their one name (domain/catalog/rules.ts, which mails and PDFs use too). A name without a key shows as it is.
 */
import {
  type Condition,
  conditionName as domainConditionName,
  type FilterField,
  type Sort,
} from '@shop/domain/catalog/rules';
import { pageLang, t } from './i18n';

function keyed(key: string, fallback: string): string {
  const text = t(key);
  return text === key ? fallback : text;
}

/** "Notebooks" / "Ordinateurs portables" for Notebook; an unknown name as it is. */
export function categoryName(name: string): string {
  return keyed(`common:category.${name}`, name);
}

export function filterLabel(field: FilterField | string): string {
  return keyed(`common:filter.${field}`, field);
}

export function sortLabel(sort: Sort): string {
  return t(`common:sort.${sort}`);
}

export function conditionWarranty(condition: Condition): string {
  return t(`common:warranty.${condition}`);
}

/** "Brand new", "Recertified", "Scratch & dent", "Warranty" / "Neuf", "Remis à neuf" ...: the one name of each. */
export function conditionName(condition: Condition | string): string {
  return domainConditionName(condition, pageLang());
}

/** A province or territory by its name (the value kept in an address): "Quebec" / "Québec". */
export function provinceName(province: string): string {
  return keyed(`common:province.${province}`, province);
}
