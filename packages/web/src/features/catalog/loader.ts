/** A listing's data: /category/... or, for the Search category, /search, with the URL's options. */
import type { CategoryItemsAnswer, SearchAnswer } from '@shop/domain/api';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { type Read, read } from '../../lib/reads';

/** A category's listing, or the search's (the Search category). */
export type Listing = CategoryItemsAnswer | SearchAnswer;

/** The API path of a listing page. */
function listingPath(category: string, subcategory: string | undefined, search: string): string {
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (category === 'Search') return `/search?${query}`;
  return `/category/${encodeURIComponent(category)}${subcategory ? `/${encodeURIComponent(subcategory)}` : ''}?${query}`;
}

export function listingLoader({ params, request }: LoaderFunctionArgs) {
  const path = listingPath(params.category ?? '', params.subcategory, new URL(request.url).search);
  return { listing: read<Listing>(path) };
}

export function useListingReads(): { listing: Read<Listing> } {
  return useLoaderData() as ReturnType<typeof listingLoader>;
}
