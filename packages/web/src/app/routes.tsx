/**
 * Every route under /acer; pages load on demand. Unknown paths are replaced with /acer.
 * A page with data has a loader (features/<page>/loader.ts, small, so it is here from the start): it
 * starts the page's reads while the page's code loads, and hands them to the page (lib/reads.ts).
 * The same routes run in the browser (main.tsx) and on the server (ssr/entry-server.tsx); the routes
 * with a loader have fixed ids, so the browser can hand the server's answers to the same routes.
 */
import { Navigate, type RouteObject } from 'react-router';
import { accountLoader } from '../features/account/loader';
import { listingLoader } from '../features/catalog/loader';
import { checkoutLoader } from '../features/checkout/loader';
import { homeLoader } from '../features/home/loader';
import { invoiceLoader, orderLoader } from '../features/orders/loader';
import { productLoader } from '../features/product/loader';
import { loadNamespaces } from '../lib/i18n';
import { Layout, RouteError } from './Layout';

/** A page's code and its catalogues (locales/<lang>/<namespace>.json), fetched together. */
const page =
  (load: () => Promise<{ default: React.ComponentType }>, ...namespaces: string[]) =>
  async () => {
    const [module] = await Promise.all([load(), loadNamespaces(...namespaces)]);
    return { Component: module.default };
  };

export const routes: RouteObject[] = [
  {
    id: 'shop',
    path: '/acer',
    element: <Layout />,
    hydrateFallbackElement: <Layout starting />,
    errorElement: <RouteError />,
    children: [
      {
        id: 'home',
        index: true,
        loader: homeLoader,
        lazy: page(() => import('../features/home/HomePage'), 'catalog'),
      },
      { path: 'signin/:session?', lazy: page(() => import('../features/auth/SignInPage'), 'account') },
      {
        path: 'category/:category/:subcategory?',
        id: 'category',
        loader: listingLoader,
        lazy: page(() => import('../features/catalog/CategoryPage'), 'catalog', 'alerts'),
      },
      {
        path: 'product/:itemid/:condition?',
        id: 'product',
        loader: productLoader,
        lazy: page(() => import('../features/product/ProductPage'), 'catalog', 'compare', 'quotes', 'alerts'),
      },
      { path: 'add-to-cart', lazy: page(() => import('../features/cart/AddToCartPage'), 'cart') },
      { path: 'cart', lazy: page(() => import('../features/cart/CartPage'), 'cart', 'quotes') },
      {
        path: 'quote-request',
        lazy: page(() => import('../features/quotes/QuoteRequestPage'), 'quotes', 'cart'),
      },
      {
        path: 'quote-checkout/:quoteid',
        lazy: page(() => import('../features/quotes/QuoteCheckoutPage'), 'quotes', 'cart'),
      },
      { path: 'quick-order', lazy: page(() => import('../features/quickorder/QuickOrderPage'), 'cart') },
      {
        path: 'checkout',
        id: 'checkout',
        loader: checkoutLoader,
        lazy: page(() => import('../features/checkout/CheckoutPage'), 'cart'),
      },
      {
        path: 'order/placed',
        lazy: page(() => import('../features/orders/OrderPlacedPage'), 'cart', 'approvals'),
      },
      {
        path: 'order/:orderid',
        id: 'order',
        loader: orderLoader,
        lazy: page(() => import('../features/orders/OrderPage'), 'orders', 'quotes'),
      },
      {
        path: 'invoice/:invoiceid',
        id: 'invoice',
        loader: invoiceLoader,
        lazy: page(() => import('../features/orders/InvoicePage'), 'orders', 'quotes'),
      },
      {
        path: 'account/:session?/:sessionid?',
        id: 'account',
        loader: accountLoader,
        lazy: page(
          () => import('../features/account/AccountPage'),
          'account',
          'orders',
          'quotes',
          'approvals',
          'alerts',
        ),
      },
      { path: 'contact-us', lazy: page(() => import('../features/contact/ContactPage'), 'contact') },
      { path: 'faq', lazy: page(() => import('../features/static/FaqPage'), 'faq') },
      { path: 'warranty', lazy: page(() => import('../features/static/WarrantyPage'), 'warranty') },
      {
        path: 'extended-warranty/:session?',
        lazy: page(() => import('../features/static/ExtendedWarrantyPage'), 'extended-warranty'),
      },
      { path: 'subscribe', lazy: page(() => import('../features/static/SubscribePage'), 'subscribe') },
      { path: 'blog', lazy: page(() => import('../features/static/BlogListPage'), 'blog') },
      { path: 'blog/:blogid', lazy: page(() => import('../features/static/BlogArticlePage'), 'blog') },
      { path: 'legal-notice', lazy: page(() => import('../features/static/LegalNoticePage'), 'legal') },
      { path: 'term-of-sale', lazy: page(() => import('../features/static/TermOfSalePage'), 'terms') },
      { path: 'location', lazy: page(() => import('../features/static/LocationPage'), 'location') },
      {
        path: 'set-password',
        lazy: async () => {
          const [module] = await Promise.all([
            import('../features/auth/SetPasswordPage'),
            loadNamespaces('account'),
          ]);
          return module;
        },
      },
      { path: '*', element: <Navigate to="/acer" replace /> },
    ],
  },
  // The back office: its own bundle and layout, outside the shop's header and footer.
  { path: '/acer/admin/*', lazy: () => import('../features/admin/BackOffice') },
  { path: '*', element: <Navigate to="/acer" replace /> },
];
