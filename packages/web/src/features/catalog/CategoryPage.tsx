import { ALERT_CONDITIONS, listingTakesAlerts } from '@shop/domain/alerts/rules';
import { FILTER_FIELDS, MIN_PRICE_GAP, SEARCH_COLUMNS, SORTS } from '@shop/domain/catalog/rules';
import { MSG } from '@shop/domain/core/messages';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigation, useParams, useSearchParams } from 'react-router';
import { columnLabel } from '../../app/Header';
import { Breadcrumbs, type Crumb } from '../../components/Breadcrumbs';
import { Loading } from '../../components/Loading';
import { Pager } from '../../components/Pager';
import { ProductCard } from '../../components/ProductCard';
import { t, tm } from '../../lib/i18n';
import { categoryName, filterLabel, sortLabel } from '../../lib/labels';
import { useRead } from '../../lib/reads';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/title';
import { AlertMe } from '../alerts';
import { chosenFilters, FilterChips, filterValue, withoutFilters } from './FilterChips';
import { useListingReads } from './loader';
import './catalog.css';

/** The search's column, All when the URL names none it knows. */
function searchColumn(column: string | null): string {
  return (SEARCH_COLUMNS as readonly string[]).includes(column ?? '') ? (column as string) : 'all';
}

/** "Alert me" for the listing: it saves the filters the address has now. */
function ListingAlert({
  category,
  subcategory,
  params,
}: {
  category: string;
  subcategory?: string;
  params: URLSearchParams;
}) {
  const filters: Record<string, string[]> = {};
  const shown: string[] = [];
  for (const field of FILTER_FIELDS) {
    const values = params.getAll(field).filter((v) => v !== '');
    if (values.length === 0) continue;
    filters[field] = values;
    shown.push(`${filterLabel(field)}: ${values.map((v) => filterValue(field, v)).join(', ')}`);
  }
  return (
    <AlertMe
      key={params.toString()}
      listing
      target={{ kind: 'filter', category, subcategory: subcategory ?? '', filters }}
      offered={ALERT_CONDITIONS}
      note={t('alerts:filtersSaved', {
        filters: shown.length > 0 ? shown.join('; ') : t('alerts:noFilters'),
      })}
    />
  );
}

export default function CategoryPage() {
  const { category = '', subcategory } = useParams();
  const [current, setParams] = useSearchParams();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  // A change of the options shows in the fields at once (a ticked box stays ticked): the address follows
  // in a transition, and a controlled field would otherwise spring back until it arrives.
  const [chosen, setChosen] = useState<{ from: string; next: URLSearchParams } | null>(null);
  const pending = navigation.location?.pathname === pathname ? navigation.location.search : null;
  const params = useMemo(() => {
    if (chosen && chosen.from === current.toString()) return chosen.next;
    return pending === null ? current : new URLSearchParams(pending);
  }, [chosen, pending, current]);
  // Once the address has moved on, the choice is its past: a later return to the address it was made on (a
  // chip, Clear all, Back) shows that address, not the choice.
  const address = current.toString();
  useEffect(() => {
    if (chosen && chosen.from !== address) setChosen(null);
  }, [chosen, address]);
  const { loggedIn } = useSession();
  const [layout, setLayout] = useState<'grid' | 'detail'>('grid');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const isSearch = category === 'Search';

  // A change of filters, sort or page keeps the cards on screen until the new ones arrive.
  const { data, error, loading } = useRead(useListingReads().listing, { keepPrevious: true });
  const listing = data?.categoryItems;
  const heading = isSearch ? t('catalog:listing.searchResults') : categoryName(subcategory ?? category);
  const chips = chosenFilters(params, isSearch);
  usePageTitle(heading);

  const update = (change: (next: URLSearchParams) => void, keepPage = false) => {
    const next = new URLSearchParams(params);
    change(next);
    if (!keepPage) next.delete('page');
    setChosen({ from: current.toString(), next });
    setParams(next);
  };

  const crumbs: Crumb[] = isSearch
    ? [{ name: t('catalog:listing.search'), pathname: `/category/Search?${params.toString()}` }]
    : [
        { name: categoryName(category), pathname: `/category/${category}` },
        ...(subcategory
          ? [{ name: categoryName(subcategory), pathname: `/category/${category}/${subcategory}` }]
          : []),
      ];

  return (
    <div className="listing">
      <Breadcrumbs items={crumbs} />
      <div className="listing__banner" role="img" aria-label={t('catalog:listing.banner', { heading })}>
        <span>{heading}</span>
      </div>
      <h1 className="listing__title">{heading}</h1>
      {isSearch && params.get('string') && (
        <p className="listing__query">
          {t('catalog:listing.resultsFor', {
            text: params.get('string') ?? '',
            column: columnLabel(searchColumn(params.get('column'))),
          })}
        </p>
      )}
      {/* Warranty plans are always in stock: no alert on their listings could fire. */}
      {loggedIn && !isSearch && listingTakesAlerts(category, subcategory) && (
        <ListingAlert category={category} subcategory={subcategory} params={current} />
      )}
      <div className="listing__body">
        <aside
          className={`filters${filtersOpen ? ' filters--open' : ''}`}
          aria-label={t('catalog:filters.label')}
        >
          {/* Without scripts the filters, the search and the sort are this GET form's fields (noscript's Apply). */}
          <form id={OPTIONS_FORM} method="get" />
          <div className="filters__head">
            <h2>{t('catalog:filters.label')}</h2>
            <button type="button" className="filters__close" onClick={() => setFiltersOpen(false)}>
              {t('catalog:filters.close')}
            </button>
          </div>
          {/* A new text in the address (a chip removed, back or forward) is the field's text again. */}
          <FilterSearch key={params.get('q') ?? ''} params={params} update={update} />
          <label className="filters__check">
            <input
              type="checkbox"
              form={OPTIONS_FORM}
              name="in_stock"
              value="1"
              checked={params.get('in_stock') === '1'}
              onChange={(e) =>
                update((n) => (e.target.checked ? n.set('in_stock', '1') : n.delete('in_stock')))
              }
            />
            {t('catalog:filters.inStock')}
          </label>
          {loggedIn && listing?.priceRange && (
            <PriceRange
              max={Math.ceil(listing.priceRange[0]?.max_price ?? 0)}
              params={params}
              update={update}
            />
          )}
          {listing?.filters.map((group) => (
            <fieldset key={group.field} className="filters__group">
              <legend>{filterLabel(group.field)}</legend>
              {group.values.map((v) => {
                const selected = params.getAll(group.field).includes(v.value);
                return (
                  <label key={v.value} className="filters__check">
                    <input
                      type="checkbox"
                      form={OPTIONS_FORM}
                      name={group.field}
                      value={v.value}
                      checked={selected}
                      disabled={!selected && v.count === 0}
                      onChange={(e) =>
                        update((n) => {
                          const values = n.getAll(group.field).filter((x) => x !== v.value);
                          if (e.target.checked) values.push(v.value);
                          n.delete(group.field);
                          for (const x of values) n.append(group.field, x);
                        })
                      }
                    />
                    {filterValue(group.field, v.value)} <span className="filters__count">({v.count})</span>
                  </label>
                );
              })}
            </fieldset>
          ))}
          <noscript>
            <button type="submit" form={OPTIONS_FORM} className="btn btn--primary">
              {t('catalog:filters.apply')}
            </button>
          </noscript>
        </aside>
        <section className="listing__results" aria-labelledby="results-title">
          <h2 id="results-title" className="visually-hidden">
            {t('catalog:listing.products')}
          </h2>
          <div className="toolbar">
            <button type="button" className="btn toolbar__filters" onClick={() => setFiltersOpen(true)}>
              {t('catalog:toolbar.filters')}
            </button>
            <p className="toolbar__count" aria-live="polite">
              {listing
                ? t(chips.length > 0 ? 'catalog:toolbar.countFiltered' : 'catalog:toolbar.count', {
                    count: listing.total,
                  })
                : ''}
            </p>
            <div className="toolbar__layout" role="group" aria-label={t('catalog:toolbar.layout')}>
              <button type="button" aria-pressed={layout === 'grid'} onClick={() => setLayout('grid')}>
                {t('catalog:toolbar.grid')}
              </button>
              <button type="button" aria-pressed={layout === 'detail'} onClick={() => setLayout('detail')}>
                {t('catalog:toolbar.detail')}
              </button>
            </div>
            <label className="toolbar__sort">
              <span>{t('catalog:toolbar.sortBy')}</span>
              <select
                form={OPTIONS_FORM}
                name="sort"
                value={params.get('sort') ?? 'name_asc'}
                onChange={(e) => update((n) => n.set('sort', e.target.value))}
              >
                {SORTS.filter((s) => loggedIn || !s.startsWith('price')).map((s) => (
                  <option key={s} value={s}>
                    {sortLabel(s)}
                  </option>
                ))}
              </select>
            </label>
            <noscript>
              <button type="submit" form={OPTIONS_FORM} className="btn">
                {t('catalog:filters.apply')}
              </button>
            </noscript>
          </div>
          <FilterChips chips={chips} clearAll={withoutFilters(params, isSearch)} />
          {error && <p role="alert">{error.message}</p>}
          {!listing && !error && <Loading fill />}
          {listing && loading && <Loading label={t('catalog:listing.updating')} />}
          {listing && listing.itemsBrief.length === 0 && <p className="listing__empty">{tm(MSG.noItems)}</p>}
          {listing && listing.itemsBrief.length > 0 && (
            <div className={`grid grid--${layout}`}>
              {listing.itemsBrief.map((item, i) => (
                <ProductCard
                  key={`${item.sku}-${item.item_condition}`}
                  item={item}
                  layout={layout}
                  eager={i < 4}
                />
              ))}
            </div>
          )}
          {listing && listing.pages > 1 && (
            <Pager
              page={listing.page}
              pages={listing.pages}
              href={(p) => {
                const next = new URLSearchParams(params);
                if (p > 1) next.set('page', String(p));
                else next.delete('page');
                const query = next.toString();
                return query ? `?${query}` : '?';
              }}
            />
          )}
        </section>
      </div>
    </div>
  );
}

type Update = (change: (next: URLSearchParams) => void, keepPage?: boolean) => void;

/** The form the listing's options belong to when the page has no scripts. */
const OPTIONS_FORM = 'listing-options';

function FilterSearch({ params, update }: { params: URLSearchParams; update: Update }) {
  const [text, setText] = useState(params.get('q') ?? '');
  const [column, setColumn] = useState(params.get('column') ?? 'all');
  const isSearchRoute = params.has('string');
  // On the search route the header search owns column/string; the filter search narrows with q.
  return (
    <div className="filters__search">
      <label htmlFor="filter-search">{t('catalog:filters.search')}</label>
      <div className="filters__search-row">
        {isSearchRoute ? (
          <>
            <input type="hidden" form={OPTIONS_FORM} name="string" value={params.get('string') ?? ''} />
            <input type="hidden" form={OPTIONS_FORM} name="column" value={params.get('column') ?? 'all'} />
          </>
        ) : (
          <select
            aria-label={t('common:search.in')}
            form={OPTIONS_FORM}
            name="column"
            value={column}
            onChange={(e) => setColumn(e.target.value)}
          >
            {SEARCH_COLUMNS.map((c) => (
              <option key={c} value={c}>
                {columnLabel(c)}
              </option>
            ))}
          </select>
        )}
        <input
          id="filter-search"
          type="search"
          form={OPTIONS_FORM}
          name="q"
          value={text}
          maxLength={200}
          placeholder={t('catalog:filters.searchPlaceholder')}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            update((n) => {
              if (text.trim()) n.set('q', text.trim());
              else n.delete('q');
              if (!isSearchRoute) n.set('column', column);
            });
          }}
        />
      </div>
    </div>
  );
}

function PriceRange({ max, params, update }: { max: number; params: URLSearchParams; update: Update }) {
  const [low, setLow] = useState(Number(params.get('min_price') ?? 0));
  const [high, setHigh] = useState(Number(params.get('max_price') ?? max));
  useEffect(() => {
    setLow(Number(params.get('min_price') ?? 0));
    setHigh(Number(params.get('max_price') ?? max));
  }, [params, max]);
  const apply = () =>
    update((n) => {
      n.set('min_price', String(low));
      n.set('max_price', String(high));
    });
  return (
    <fieldset className="filters__group price-range">
      <legend>{t('catalog:price.legend')}</legend>
      <label>
        {t('catalog:price.min', { amount: low })}
        <input
          type="range"
          min={0}
          max={max}
          value={low}
          onChange={(e) => {
            // The thumb stops at the limit: the controlled value puts it back.
            setLow(Math.min(Number(e.target.value), high - MIN_PRICE_GAP));
          }}
          onPointerUp={apply}
          onKeyUp={apply}
        />
      </label>
      <label>
        {t('catalog:price.max', { amount: high })}
        <input
          type="range"
          min={0}
          max={max}
          value={high}
          onChange={(e) => {
            setHigh(Math.max(Number(e.target.value), low + MIN_PRICE_GAP));
          }}
          onPointerUp={apply}
          onKeyUp={apply}
        />
      </label>
    </fieldset>
  );
}
