/** A listing's data: /category/... or, for the Search category, /search, with the URL's options. */
import type { CategoryItemsAnswer, SearchAnswer } from '@shop/domain/core/api';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { type Read, read } from '../../lib/reads';

/** A category's listing, or the search's (the Search category). */
export type Listing = CategoryItemsAnswer | SearchAnswer;

/** The page address's options, as the listing's query takes them (a repeated filter as a list). */
function listingQuery(search: URLSearchParams): Record<string, string[]> {
  const query: Record<string, string[]> = {};
  for (const [key, value] of search) query[key] = [...(query[key] ?? []), value];
  return query;
}

export function listingLoader({ params, request }: LoaderFunctionArgs): { listing: Read<Listing> } {
  const query = listingQuery(new URL(request.url).searchParams);
  const category = params.category ?? '';
  if (category === 'Search') return { listing: read('GET /api/search', { query }) };
  const listing = params.subcategory
    ? read('GET /api/category/:category/:subcategory', {
        params: { category, subcategory: params.subcategory },
        query,
      })
    : read('GET /api/category/:category', { params: { category }, query });
  return { listing };
}

export function useListingReads(): { listing: Read<Listing> } {
  return useLoaderData() as ReturnType<typeof listingLoader>;
}
