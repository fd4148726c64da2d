/** Every route under /acer; pages load on demand. Unknown paths are replaced with /acer. */
import { createBrowserRouter, Navigate } from 'react-router';
import { listingPath, listingQuery, mainPageQuery, productQuery } from '../lib/catalogQueries';
import { cookieLogin } from '../lib/cookies';
import { queryClient } from '../lib/queryClient';
import { Layout, RouteError } from './Layout';

/** Starts a page's data fetch while its code loads; never waits and never fails the navigation. */
function prefetch(options: Parameters<typeof queryClient.prefetchQuery>[0]) {
  void queryClient.prefetchQuery(options);
  return null;
}

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const router = createBrowserRouter([
  {
    path: '/acer',
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      {
        index: true,
        loader: () => prefetch(mainPageQuery(cookieLogin().customerId)),
        lazy: page(() => import('../features/home/HomePage')),
      },
      { path: 'signin/:session?', lazy: page(() => import('../features/auth/SignInPage')) },
      {
        path: 'category/:category/:subcategory?',
        loader: ({ params, request }) =>
          prefetch(
            listingQuery(
              listingPath(params.category ?? '', params.subcategory, new URL(request.url).search),
              cookieLogin().customerId,
            ),
          ),
        lazy: page(() => import('../features/catalog/CategoryPage')),
      },
      {
        path: 'product/:itemid/:condition?',
        loader: ({ params }) =>
          prefetch(productQuery(params.itemid ?? '', params.condition, cookieLogin().customerId)),
        lazy: page(() => import('../features/product/ProductPage')),
      },
      { path: 'add-to-cart', lazy: page(() => import('../features/cart/AddToCartPage')) },
      { path: 'cart', lazy: page(() => import('../features/cart/CartPage')) },
      { path: 'checkout', lazy: page(() => import('../features/checkout/CheckoutPage')) },
      { path: 'order/placed', lazy: page(() => import('../features/orders/OrderPlacedPage')) },
      { path: 'order/:orderid', lazy: page(() => import('../features/orders/OrderPage')) },
      { path: 'invoice/:invoiceid', lazy: page(() => import('../features/orders/InvoicePage')) },
      { path: 'account/:session?/:sessionid?', lazy: page(() => import('../features/account/AccountPage')) },
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
