/**
 * Every route under /acer; pages load on demand. Unknown paths are replaced with /acer.
 * A page with data has a loader (features/<page>/loader.ts, small, so it is here from the start): it
 * starts the page's reads while the page's code loads, and hands them to the page (lib/reads.ts).
 */
import { createBrowserRouter, Navigate } from 'react-router';
import { accountLoader } from '../features/account/loader';
import { listingLoader } from '../features/catalog/loader';
import { homeLoader } from '../features/home/loader';
import { invoiceLoader, orderLoader } from '../features/orders/loader';
import { productLoader } from '../features/product/loader';
import { revalidateWith } from '../lib/reads';
import { Layout, RouteError } from './Layout';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const router = createBrowserRouter([
  {
    path: '/acer',
    element: <Layout />,
    hydrateFallbackElement: <Layout starting />,
    errorElement: <RouteError />,
    children: [
      {
        index: true,
        loader: homeLoader,
        lazy: page(() => import('../features/home/HomePage')),
      },
      { path: 'signin/:session?', lazy: page(() => import('../features/auth/SignInPage')) },
      {
        path: 'category/:category/:subcategory?',
        loader: listingLoader,
        lazy: page(() => import('../features/catalog/CategoryPage')),
      },
      {
        path: 'product/:itemid/:condition?',
        loader: productLoader,
        lazy: page(() => import('../features/product/ProductPage')),
      },
      { path: 'add-to-cart', lazy: page(() => import('../features/cart/AddToCartPage')) },
      { path: 'cart', lazy: page(() => import('../features/cart/CartPage')) },
      { path: 'quick-order', lazy: page(() => import('../features/quickorder/QuickOrderPage')) },
      { path: 'checkout', lazy: page(() => import('../features/checkout/CheckoutPage')) },
      { path: 'order/placed', lazy: page(() => import('../features/orders/OrderPlacedPage')) },
      {
        path: 'order/:orderid',
        loader: orderLoader,
        lazy: page(() => import('../features/orders/OrderPage')),
      },
      {
        path: 'invoice/:invoiceid',
        loader: invoiceLoader,
        lazy: page(() => import('../features/orders/InvoicePage')),
      },
      {
        path: 'account/:session?/:sessionid?',
        loader: accountLoader,
        lazy: page(() => import('../features/account/AccountPage')),
      },
      { path: 'contact-us', lazy: page(() => import('../features/contact/ContactPage')) },
      { path: 'faq', lazy: page(() => import('../features/static/FaqPage')) },
      { path: 'warranty', lazy: page(() => import('../features/static/WarrantyPage')) },
      {
        path: 'extended-warranty/:session?',
        lazy: page(() => import('../features/static/ExtendedWarrantyPage')),
      },
      { path: 'subscribe', lazy: page(() => import('../features/static/SubscribePage')) },
      { path: 'blog', lazy: page(() => import('../features/static/BlogListPage')) },
      { path: 'blog/:blogid', lazy: page(() => import('../features/static/BlogArticlePage')) },
      { path: 'legal-notice', lazy: page(() => import('../features/static/LegalNoticePage')) },
      { path: 'term-of-sale', lazy: page(() => import('../features/static/TermOfSalePage')) },
      { path: 'location', lazy: page(() => import('../features/static/LocationPage')) },
      { path: 'set-password', lazy: () => import('../features/auth/SetPasswordPage') },
      { path: '*', element: <Navigate to="/acer" replace /> },
    ],
  },
  // The back office: its own bundle and layout, outside the shop's header and footer.
  { path: '/acer/admin/*', lazy: () => import('../features/admin/BackOffice') },
  { path: '*', element: <Navigate to="/acer" replace /> },
]);

revalidateWith(() => router.revalidate());
