/**
 * The catalog reads of the home, listing and product pages. Keys carry the customer id, so visitors and
 * customers never share answers; a change of percentage invalidates them (see app/session.tsx).
 */
import { isCondition } from '@shop/domain/catalog';
import { api } from './api';
import type { CategoryItems, ItemBrief, ProductInfo } from './types';

export interface MainPage {
  products: { featuredProducts: ItemBrief[]; popularProducts: ItemBrief[]; newProducts: ItemBrief[] };
}

export function mainPageQuery(customerId: string) {
  return { queryKey: ['mainpage', customerId], queryFn: () => api<MainPage>('/mainpage') };
}

/** The API path of a listing page: /category/... or, for the Search category, /search. */
export function listingPath(category: string, subcategory: string | undefined, search: string): string {
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (category === 'Search') return `/search?${query}`;
  return `/category/${encodeURIComponent(category)}${subcategory ? `/${encodeURIComponent(subcategory)}` : ''}?${query}`;
}

export function listingQuery(path: string, customerId: string) {
  return {
    queryKey: ['listing', path, customerId],
    queryFn: () => api<{ categoryItems: CategoryItems }>(path),
  };
}

export function productQuery(itemId: string, condition: string | undefined, customerId: string) {
  const wanted = condition && isCondition(condition) ? condition : '';
  return {
    queryKey: ['product', itemId, wanted, customerId],
    queryFn: () => api<{ itemInfo: ProductInfo }>(`/product/${encodeURIComponent(itemId)}/${wanted}`),
  };
}
