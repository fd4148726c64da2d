import type { HeaderAnswer } from '@shop/domain/core/api';
import { type HydrationState, matchRoutes, type RouteObject } from 'react-router';
import { seedReads } from '../lib/reads';
import { seedHeader } from '../lib/session';
import type { RenderedData } from './data';

/**
 * Hydrating needs the page as the server drew it: the matched routes' code in place (no loading state)
 * and their loaders' reads answered with the server's answers, not asked again.
 */
export async function hydrationState(routes: RouteObject[], rendered: RenderedData): Promise<HydrationState> {
  seedReads(rendered.reads);
  seedHeader(rendered.header as { customerId: string; data: HeaderAnswer } | null);
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  const request = new Request(window.location.href);
  const loaderData: Record<string, unknown> = {};
  for (const { route, params } of matches) {
    if (route.id && typeof route.loader === 'function')
      // The shop's loaders read only the params and the URL (features/*/loader.ts).
      loaderData[route.id] = await (
        route.loader as (args: { params: typeof params; request: Request }) => unknown
      )({
        params,
        request,
      });
  }
  return { loaderData };
}
