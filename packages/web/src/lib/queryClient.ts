import { QueryClient } from '@tanstack/react-query';

/** The page's one query client: the router's loaders start fetches with it before a page's code arrives. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 15_000 } },
});
