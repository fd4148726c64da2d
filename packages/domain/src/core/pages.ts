/**
 * The shop's pages, listed once: the page's router is built from this table (packages/web/src/app/routes.tsx),
 * and the server reads it to know an address (page/head.ts), to draw a page (page/render.ts), to name a
 * page's code and catalogues in its HTML (page/preload.ts) and to keep crawlers out of a buyer's own pages
 * (seo/sitemap.ts). Plain data, so the server reads it without the page's components, and small, since it
 * is part of every first download. What the server and the page's renderer say to each other is typed
 * here too.
 *
 * Every page is drawn by the server (the answer arrives with its content and the page hydrates) or by the
 * browser; one drawn by the browser says why beside it. A page with data has a loader in the page's router,
 * under the page's id (its answers go with the server's HTML under that id); decision 020 says why this
 * table and the page's own renderer rather than React Router's framework mode.
 */
import type { Lang } from './i18n';

export interface PageRoute {
  /** The route's id in the page's router; the loader's data is kept under it. */
  readonly id: string;
  /** The path below /acer as React Router writes it ('' is /acer itself; `:name?` may be left out). */
  readonly path: string;
  /** The page's module under packages/web/src/features, without its extension. */
  readonly module: string;
  /** Its catalogues (locales/<lang>/<namespace>.json), loaded with its code. */
  readonly namespaces: readonly string[];
  readonly drawn: 'server' | 'browser';
  /** Its loader starts the page's reads while its code loads (features/<page>/loader.ts). */
  readonly loader?: true;
  /** Its HTML names its code and catalogues, fetched beside the entry: the pages most visits start on. */
  readonly preload?: true;
  /** Drawn with the signed-in buyer's header data (cart, addresses, wish lists), which the page lists. */
  readonly header?: true;
  /** A buyer's own page (or the back office): no search engine indexes it, robots.txt keeps crawlers out. */
  readonly own?: true;
  /** Outside the shop's header and footer, in a layout of its own. */
  readonly bare?: true;
}

export const PAGES = [
  {
    id: 'home',
    path: '',
    module: 'home/HomePage',
    namespaces: ['catalog'],
    drawn: 'server',
    loader: true,
    preload: true,
  },
  {
    id: 'signin',
    path: 'signin/:session?',
    module: 'auth/SignInPage',
    namespaces: ['account'],
    drawn: 'server',
    preload: true,
    own: true,
  },
  {
    id: 'category',
    path: 'category/:category/:subcategory?',
    module: 'catalog/CategoryPage',
    namespaces: ['catalog', 'alerts'],
    drawn: 'server',
    loader: true,
    preload: true,
  },
  {
    id: 'product',
    path: 'product/:itemid/:condition?',
    module: 'product/ProductPage',
    namespaces: ['catalog', 'compare', 'quotes', 'alerts'],
    drawn: 'server',
    loader: true,
    preload: true,
  },
  // Only acts: adds the item of its address to the cart, then goes on to the cart.
  {
    id: 'add-to-cart',
    path: 'add-to-cart',
    module: 'cart/AddToCartPage',
    namespaces: ['cart'],
    drawn: 'browser',
    own: true,
  },
  {
    id: 'cart',
    path: 'cart',
    module: 'cart/CartPage',
    namespaces: ['cart', 'quotes'],
    drawn: 'server',
    preload: true,
    header: true,
    own: true,
  },
  // The return pages read what the buyer may return and their return as they open (a form and its result).
  {
    id: 'return-request',
    path: 'order/:orderid/return',
    module: 'returns/ReturnRequestPage',
    namespaces: ['returns', 'orders'],
    drawn: 'browser',
    own: true,
  },
  {
    id: 'return',
    path: 'returns/:returnid',
    module: 'returns/ReturnPage',
    namespaces: ['returns', 'orders'],
    drawn: 'browser',
    own: true,
  },
  // The two quote pages have been drawn by the browser from the first; drawing them on the server waits
  // for a check that they hydrate without reading again.
  {
    id: 'quote-request',
    path: 'quote-request',
    module: 'quotes/QuoteRequestPage',
    namespaces: ['quotes', 'cart'],
    drawn: 'browser',
    own: true,
  },
  {
    id: 'quote-checkout',
    path: 'quote-checkout/:quoteid',
    module: 'quotes/QuoteCheckoutPage',
    namespaces: ['quotes', 'cart'],
    drawn: 'browser',
    own: true,
  },
  {
    id: 'quick-order',
    path: 'quick-order',
    module: 'quickorder/QuickOrderPage',
    namespaces: ['cart'],
    drawn: 'server',
    header: true,
    own: true,
  },
  {
    id: 'checkout',
    path: 'checkout',
    module: 'checkout/CheckoutPage',
    namespaces: ['cart'],
    drawn: 'server',
    loader: true,
    preload: true,
    header: true,
    own: true,
  },
  // Only acts: places the order the checkout handed it, then shows the outcome.
  {
    id: 'order-placed',
    path: 'order/placed',
    module: 'orders/OrderPlacedPage',
    namespaces: ['cart', 'approvals'],
    drawn: 'browser',
    own: true,
  },
  {
    id: 'order',
    path: 'order/:orderid',
    module: 'orders/OrderPage',
    namespaces: ['orders', 'quotes', 'returns', 'credit-notes'],
    drawn: 'server',
    loader: true,
    own: true,
  },
  {
    id: 'invoice',
    path: 'invoice/:invoiceid',
    module: 'orders/InvoicePage',
    namespaces: ['orders', 'quotes', 'credit-notes'],
    drawn: 'server',
    loader: true,
    own: true,
  },
  // A credit note reads itself as it opens (the returns' pages open it too).
  {
    id: 'credit-note',
    path: 'credit-notes/:creditnoteid',
    module: 'credit-notes/CreditNotePage',
    namespaces: ['credit-notes'],
    drawn: 'browser',
    own: true,
  },
  {
    id: 'account',
    path: 'account/:session?/:sessionid?',
    module: 'account/AccountPage',
    namespaces: [
      'account',
      'orders',
      'quotes',
      'approvals',
      'alerts',
      'warranty-claims',
      'after-sale',
      'returns',
      'credit-notes',
    ],
    drawn: 'server',
    loader: true,
    preload: true,
    header: true,
    own: true,
  },
  {
    id: 'contact-us',
    path: 'contact-us',
    module: 'contact/ContactPage',
    namespaces: ['contact'],
    drawn: 'server',
  },
  { id: 'faq', path: 'faq', module: 'static/FaqPage', namespaces: ['faq'], drawn: 'server' },
  {
    id: 'warranty',
    path: 'warranty',
    module: 'static/WarrantyPage',
    namespaces: ['warranty'],
    drawn: 'server',
  },
  {
    id: 'extended-warranty',
    path: 'extended-warranty/:session?',
    module: 'static/ExtendedWarrantyPage',
    namespaces: ['extended-warranty', 'warranty-claims'],
    drawn: 'server',
  },
  {
    id: 'subscribe',
    path: 'subscribe',
    module: 'static/SubscribePage',
    namespaces: ['subscribe'],
    drawn: 'server',
  },
  { id: 'blog', path: 'blog', module: 'static/BlogListPage', namespaces: ['blog'], drawn: 'server' },
  {
    id: 'blog-article',
    path: 'blog/:blogid',
    module: 'static/BlogArticlePage',
    namespaces: ['blog'],
    drawn: 'server',
  },
  {
    id: 'legal-notice',
    path: 'legal-notice',
    module: 'static/LegalNoticePage',
    namespaces: ['legal'],
    drawn: 'server',
  },
  {
    id: 'term-of-sale',
    path: 'term-of-sale',
    module: 'static/TermOfSalePage',
    namespaces: ['terms'],
    drawn: 'server',
  },
  {
    id: 'location',
    path: 'location',
    module: 'static/LocationPage',
    namespaces: ['location'],
    drawn: 'server',
  },
  // Its one-time link is checked by a POST, counted against the link limit, and its page is nobody else's.
  {
    id: 'set-password',
    path: 'set-password',
    module: 'auth/SetPasswordPage',
    namespaces: ['account'],
    drawn: 'browser',
    own: true,
  },
  // The back office: one bundle the shop's pages never load, which picks its own page below /acer/admin.
  {
    id: 'admin',
    path: 'admin/*',
    module: 'admin/BackOffice',
    namespaces: [],
    drawn: 'browser',
    own: true,
    bare: true,
  },
] as const satisfies readonly PageRoute[];

export type PageId = (typeof PAGES)[number]['id'];

/** The path as a pattern: `:name` one segment, `:name?` one or none, `*` the rest. */
function pattern(path: string): RegExp {
  const segments = path === '' ? [] : path.split('/');
  const source = segments
    .map((segment) =>
      segment === '*'
        ? '(?:/.*)?'
        : segment.startsWith(':')
          ? segment.endsWith('?')
            ? '(?:/[^/]+)?'
            : '/[^/]+'
          : `/${segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}`,
    )
    .join('');
  return new RegExp(`^${source}$`);
}

/** A path's fixed segments count first, as the page's router ranks them (order/placed before order/:orderid). */
function rank(path: string): number {
  return path.split('/').reduce((n, s) => n + (s === '*' ? 0 : s.startsWith(':') ? 1 : 10), 0);
}

let matching: { page: PageRoute; pattern: RegExp }[] | undefined;

/**
 * The page an address's path opens (`/acer/cart` or `/acer/cart/`), or undefined for one the shop does not
 * know, which the page's router replaces with /acer.
 */
export function pageAt(path: string): PageRoute | undefined {
  if (path !== '/acer' && !path.startsWith('/acer/')) return undefined;
  matching ??= PAGES.map((page) => ({ page: page as PageRoute, pattern: pattern(page.path) })).sort(
    (a, b) => rank(b.page.path) - rank(a.page.path),
  );
  const below = path.slice('/acer'.length).replace(/\/$/, '');
  return matching.find((m) => m.pattern.test(below))?.page;
}

/** The shop's contact details, in the page's meta tag and in every page the server draws. */
export interface ShopInfo {
  phone: string;
  email: string;
  salesEmail: string;
  address: string;
  /** The shop's time zone (SHOP_TIME_ZONE): the shop's day, and a page's dates until the browser names its own. */
  timeZone: string;
  /** SHOP_RMA_URL: an outside page for RMA requests; unset, the footer opens the shop's own returns. */
  rmaUrl?: string;
}

/** One answer of the API as the page's renderer gets it. */
export interface ServerAnswer {
  status: number;
  body: unknown;
}

/** What the server gives the page's renderer (packages/web/src/ssr/entry-server.tsx) for one request. */
export interface RenderInput {
  /** The page's URL, absolute (the origin is not used for reads). */
  url: string;
  /** The request's Cookie header (with the language the page is in). */
  cookie: string;
  lang: Lang;
  /** The time zone of the page's dates (the browser's `tz` cookie, checked by the server, or the shop's). */
  timeZone: string;
  shop: ShopInfo;
  /** A GET of the API path (without /api), as the request's buyer. */
  get(path: string, headers: Record<string, string>): Promise<ServerAnswer>;
}

export type RenderResult =
  | { kind: 'page'; html: string; data: string }
  | { kind: 'redirect'; status: number; location: string }
  /** Not drawn on the server (a read failed, or a route answered otherwise): the browser draws it. */
  | { kind: 'browser'; reason: string };

/** The page's renderer as the server loads it (dist-ssr/entry-server.js). */
export interface Renderer {
  render(input: RenderInput): Promise<RenderResult>;
}
