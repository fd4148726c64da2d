/**
 * What an alert watches, named in a language: a product by its name (as stored when the alert was made), a
 * listing by its category (and subcategory) and its filter values, in the mail's or the page's language.
 * The category names are the page's own (its common catalogue, as the pages' heads use them); the filter
 * values are the catalog's words in that language (domain/catalog/values.ts).
 */
import type { AlertTarget, FilterTarget } from '@shop/domain/alerts/schemas';
import { displayName, FILTER_FIELDS } from '@shop/domain/catalog/rules';
import { catalogValue } from '@shop/domain/catalog/values';
import type { Lang } from '@shop/domain/core/i18n';
import webCommonEn from '../../../../web/src/locales/en/common.json';
import webCommonFr from '../../../../web/src/locales/fr/common.json';

/** The longest label kept or shown. */
const MAX_LABEL = 200;

const CATEGORY_NAMES: Record<Lang, Record<string, string>> = { en: webCommonEn, fr: webCommonFr };

function categoryName(name: string, lang: Lang): string {
  return CATEGORY_NAMES[lang][`common:category.${name}`] ?? displayName(name);
}

/** A listing target's name in `lang`, e.g. "Notebooks: Black" / "Ordinateurs portables: Noir". */
export function listingLabel(target: FilterTarget, lang: Lang): string {
  const place = target.subcategory
    ? `${categoryName(target.category, lang)} › ${categoryName(target.subcategory, lang)}`
    : categoryName(target.category, lang);
  // The listing's field order, whatever order the stored filters come back in.
  const values = FILTER_FIELDS.flatMap((field) =>
    (target.filters[field] ?? []).map((value) => catalogValue(field, value, lang)),
  );
  // Written as the account page writes it (features/alerts/StockAlerts.tsx), in either language.
  const label = values.length === 0 ? place : `${place}: ${values.join(', ')}`;
  return label.slice(0, MAX_LABEL);
}

/** What an alert watches in `lang`: a listing named afresh, a product by the name stored with the alert. */
export function alertLabel(target: AlertTarget, stored: string, lang: Lang): string {
  return target.kind === 'filter' ? listingLabel(target, lang) : stored;
}
