/**
 * Every route under /acer, built from the shop's one table of pages (@shop/domain/pages, which the server
 * reads too); pages load on demand. Unknown paths are replaced with /acer.
 * A page with data has a loader (features/<page>/loader.ts, small, so it is here from the start): it
 * starts the page's reads while the page's code loads, and hands them to the page (lib/reads.ts).
 * The same routes run in the browser (main.tsx) and on the server (ssr/entry-server.tsx); a route has its
 * page's id, so the browser can hand the server's answers to the same routes.
 */
import { PAGES, type PageId } from '@shop/domain/core/pages';
import {
  type ActionFunction,
  type LoaderFunction,
  Navigate,
  type RouteObject,
  type ShouldRevalidateFunction,
} from 'react-router';
import { accountLoader } from '../features/account/loader';
import { listingLoader } from '../features/catalog/loader';
import { checkoutLoader } from '../features/checkout/loader';
import { homeLoader } from '../features/home/loader';
import { invoiceLoader, orderLoader } from '../features/orders/loader';
import { productLoader } from '../features/product/loader';
import { loadNamespaces } from '../lib/i18n';
import { Layout, RouteError } from './Layout';

/** The loaders of the pages the table says have one. */
const LOADERS: Record<Extract<(typeof PAGES)[number], { loader: true }>['id'], LoaderFunction> = {
  home: homeLoader,
  category: listingLoader,
  product: productLoader,
  checkout: checkoutLoader,
  order: orderLoader,
  invoice: invoiceLoader,
  account: accountLoader,
};

/** What a page's module gives its route. */
interface PageParts {
  Component?: React.ComponentType;
  HydrateFallback?: React.ComponentType;
  ErrorBoundary?: React.ComponentType;
  loader?: LoaderFunction;
  action?: ActionFunction;
  shouldRevalidate?: ShouldRevalidateFunction;
}
type PageModule = PageParts & { default?: React.ComponentType };

/** Each page's code, by its module's path under features/ (the table names it). */
const MODULES = import.meta.glob<PageModule>(['./*/*Page.tsx', './admin/BackOffice.tsx'], {
  base: '../features',
});

/**
 * A page's code and its catalogues (locales/<lang>/<namespace>.json), fetched together. A page's default
 * export is its component; a module without one is a route module (its Component, loader, action...).
 */
function page(
  id: PageId,
  module: string,
  namespaces: readonly string[],
): { id: string; loader?: LoaderFunction; lazy: () => Promise<PageParts> } {
  const load = MODULES[`./${module}.tsx`];
  if (!load) throw new Error(`The page ${id} has no module ${module}`);
  const loader = (LOADERS as Partial<Record<PageId, LoaderFunction>>)[id];
  return {
    id,
    ...(loader ? { loader } : {}),
    lazy: async () => {
      const [{ default: Component, ...parts }] = await Promise.all([load(), loadNamespaces(...namespaces)]);
      return Component ? { Component } : parts;
    },
  };
}

const shop = PAGES.filter((p) => !('bare' in p));
const bare = PAGES.filter((p) => 'bare' in p);

export const routes: RouteObject[] = [
  {
    id: 'shop',
    path: '/acer',
    element: <Layout />,
    hydrateFallbackElement: <Layout starting />,
    errorElement: <RouteError />,
    children: [
      ...shop.map(
        (p): RouteObject =>
          p.path === ''
            ? { ...page(p.id, p.module, p.namespaces), index: true }
            : { ...page(p.id, p.module, p.namespaces), path: p.path },
      ),
      { path: '*', element: <Navigate to="/acer" replace /> },
    ],
  },
  ...bare.map((p): RouteObject => ({ ...page(p.id, p.module, p.namespaces), path: `/acer/${p.path}` })),
  { path: '*', element: <Navigate to="/acer" replace /> },
];
