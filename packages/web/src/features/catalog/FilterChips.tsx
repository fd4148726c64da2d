/**
 * The listing's chosen filters, shown above the cards as chips: each is a link to the address without that
 * filter (the filters live in the query string, so the links work before the scripts and after), and
 * "Clear all" is the address without any. The sort, and on the search page its text, are no filters.
 */
import { FILTER_FIELDS } from '@shop/domain/catalog/rules';
import { catalogValue } from '@shop/domain/catalog/values';
import { toCents } from '@shop/domain/core/money';
import { Link } from 'react-router';
import { money, pageLang, t } from '../../lib/i18n';
import { filterLabel } from '../../lib/labels';

/** A filter's value as shown in the page's language (the address keeps the stored value). */
export function filterValue(field: string, value: string): string {
  if (field === 'touchscreen' && (value === 'Yes' || value === 'No'))
    return t(`common:${value.toLowerCase()}`);
  return catalogValue(field, value, pageLang());
}

export interface Chip {
  key: string;
  label: string;
  /** The address's query without this filter (and back on the first page). */
  without: URLSearchParams;
}

/** What the listing's address narrows by, besides the search page's own text and column. */
const NARROWING = [...FILTER_FIELDS, 'in_stock', 'min_price', 'max_price', 'q'] as const;

function dollars(value: string): string {
  const amount = Number(value);
  return Number.isFinite(amount) ? money(toCents(amount)) : value;
}

/** The chips of an address's query, in the order of the filters on the side. */
export function chosenFilters(params: URLSearchParams, isSearch: boolean): Chip[] {
  const without = (change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    change(next);
    next.delete('page');
    return next;
  };
  const chips: Chip[] = [];
  const q = params.get('q')?.trim() ?? '';
  if (q)
    chips.push({
      key: 'q',
      label: t('catalog:chips.search', { text: q }),
      without: without((next) => {
        next.delete('q');
        // Outside the search page the column goes with the text it searched.
        if (!isSearch) next.delete('column');
      }),
    });
  if (params.get('in_stock') === '1' || params.get('in_stock') === 'true')
    chips.push({
      key: 'in_stock',
      label: t('catalog:filters.inStock'),
      without: without((next) => next.delete('in_stock')),
    });
  const min = params.get('min_price') ?? '';
  const max = params.get('max_price') ?? '';
  if (min || max)
    chips.push({
      key: 'price',
      label:
        min && max
          ? t('catalog:chips.price', { min: dollars(min), max: dollars(max) })
          : min
            ? t('catalog:chips.priceFrom', { min: dollars(min) })
            : t('catalog:chips.priceUpTo', { max: dollars(max) }),
      without: without((next) => {
        next.delete('min_price');
        next.delete('max_price');
      }),
    });
  for (const field of FILTER_FIELDS) {
    const values = params.getAll(field).filter((v) => v !== '');
    for (const value of new Set(values))
      chips.push({
        key: `${field}=${value}`,
        label: t('catalog:chips.filter', { filter: filterLabel(field), value: filterValue(field, value) }),
        without: without((next) => {
          next.delete(field);
          for (const kept of values) if (kept !== value) next.append(field, kept);
        }),
      });
  }
  return chips;
}

/** The address's query without any filter: the sort (and the search page's text) stay. */
export function withoutFilters(params: URLSearchParams, isSearch: boolean): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of NARROWING) next.delete(key);
  if (!isSearch) next.delete('column');
  next.delete('page');
  return next;
}

const href = (query: URLSearchParams) => {
  const text = query.toString();
  return text ? `?${text}` : '?';
};

export function FilterChips({ chips, clearAll }: { chips: Chip[]; clearAll: URLSearchParams }) {
  if (chips.length === 0) return null;
  return (
    <div className="chips" role="group" aria-label={t('catalog:chips.label')}>
      <ul className="chips__list">
        {chips.map((chip) => (
          <li key={chip.key}>
            <Link className="chip" to={href(chip.without)}>
              <span className="visually-hidden">{t('catalog:chips.remove')} </span>
              {chip.label}
              <span className="chip__x" aria-hidden="true">
                ×
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Link className="chips__clear" to={href(clearAll)}>
        {t('catalog:chips.clearAll')}
      </Link>
    </div>
  );
}
