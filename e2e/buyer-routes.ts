/**
 * Every route a buyer or a visitor opens, as the route walk (tests/routes.spec.ts) opens them: the public
 * pages, the sign-in pages, the catalog (categories, the sale, paged, filtered, searched and French listings,
 * products), and, for a signed-in buyer with an order, an invoice, an address and a line in the cart, the cart,
 * quick order, checkout, the order, the invoice and every section of the account.
 */
import type { APIRequestContext, Browser, BrowserContext, ViewportSize } from '@playwright/test';
import {
  type AdminProductAnswer,
  createCustomer,
  createProduct,
  expect,
  type NewCustomer,
  uid,
} from './admin-fixtures';
import { addAddress, invoiceOrder, orderTo, shopContext } from './company-fixtures';

export const STATIC_ROUTES = [
  '/acer',
  '/acer/contact-us',
  '/acer/faq',
  '/acer/warranty',
  '/acer/extended-warranty',
  '/acer/extended-warranty/main',
  '/acer/extended-warranty/submit-warranty-claim',
  '/acer/subscribe',
  '/acer/blog',
  '/acer/blog/test-blog',
  '/acer/blog/test',
  '/acer/legal-notice',
  '/acer/term-of-sale',
  '/acer/location',
];

/** The sign-in page and its sections, and the set-password page (drawn by the browser). */
export const SIGN_IN_ROUTES = [
  '/acer/signin',
  '/acer/signin/forget',
  '/acer/signin/reset',
  '/acer/signin/register',
  '/acer/set-password',
];

/** Listings: categories, the sale, a second page, filters and a search. */
export const LISTING_ROUTES = [
  '/acer/category/Notebook',
  '/acer/category/Accessories',
  '/acer/category/Sale',
  '/acer/category/Notebook?page=2',
  '/acer/category/Notebook?product_series=Swift&in_stock=1&q=acer',
  '/acer/category/Search?string=aspire',
];

export const ACCOUNT_ROUTES = [
  'orders',
  'messages',
  'addresses',
  'addressForm',
  'wishLists',
  'wishListCreate',
  'recentlyViewed',
  'accountSettings',
  'subscription',
  'buyers',
  'approvals',
  'statement',
].map((section) => `/acer/account/${section}`);

/**
 * A demo product with a long name and every tab (the Notebook listing's first) and the home page's first;
 * and the home page and that product in French. The language stays with the browser (its cookie), so a walk
 * opens the French pages last.
 */
export async function demoProducts(
  request: APIRequestContext,
): Promise<{ products: string[]; french: string[] }> {
  const listing = await (await request.get('/api/category/Notebook')).json();
  const demo = listing.categoryItems.itemsBrief[0] as { item_id: string; item_condition: string };
  const home = await (await request.get('/api/mainpage')).json();
  const featured = home.products.featuredProducts[0] as { item_id: string; item_condition: string };
  return {
    products: [
      `/acer/product/${demo.item_id}/${demo.item_condition}`,
      `/acer/product/${featured.item_id}/${featured.item_condition}`,
    ],
    french: ['/acer?lang=fr', `/acer/product/${featured.item_id}?lang=fr`],
  };
}

export interface Buyer {
  /** The customer's primary contact, signed in, with an order, its invoice, an address and a cart line. */
  shop: BrowserContext;
  customer: NewCustomer;
  product: AdminProductAnswer['product'];
  addressId: number;
  order: { orderId: number; orderNumber: string };
  invoice: { invoiceId: number; invoiceNumber: string };
  /** The product pages: the demo ones and the one made here. */
  products: string[];
  /** The home page and a product in French, for the end of a walk. */
  french: string[];
  /** The cart, quick order, checkout, the order and the invoice. */
  ownPages: string[];
  orderPath: string;
  invoicePath: string;
}

/** Makes a customer with a line of a new product in the cart, signed in. */
export async function buyerWithCart(
  staff: APIRequestContext,
  browser: Browser,
  baseURL: string | undefined,
  options: { viewport: ViewportSize },
): Promise<Pick<Buyer, 'shop' | 'customer' | 'product'>> {
  const product = await createProduct(staff, { stock: 40 });
  const customer = await createCustomer(staff);
  const shop = await shopContext(browser, baseURL, customer.customerId, customer.password, options);
  const added = await shop.request.post('/api/user/cart/add', {
    data: { itemData: { item_id: product.item_id, quantity: 1, item_condition: 'BrandNew' } },
  });
  expect(added.status()).toBe(200);
  return { shop, customer, product };
}

/** Makes a customer with a product, an order, its invoice, an address and a line in the cart. */
export async function buyerWithOrder(
  staff: APIRequestContext,
  browser: Browser,
  baseURL: string | undefined,
  options: { viewport: ViewportSize; timezoneId?: string },
): Promise<Buyer> {
  const product = await createProduct(staff, { stock: 40 });
  const customer = await createCustomer(staff);
  const shop = await shopContext(browser, baseURL, customer.customerId, customer.password, options);
  const addressId = await addAddress(shop.request, customer);
  const order = await orderTo(
    shop.request,
    customer.customerId,
    addressId,
    [{ item_id: product.item_id, quantity: 2 }],
    `PO-${uid()}`.toUpperCase(),
  );
  const invoice = await invoiceOrder(staff, shop.request, customer.customerId, order.orderId, '25.00');
  // A cart with a line, for the cart and checkout pages.
  const added = await shop.request.post('/api/user/cart/add', {
    data: { itemData: { item_id: product.item_id, quantity: 1, item_condition: 'BrandNew' } },
  });
  expect(added.status()).toBe(200);
  const demo = await demoProducts(shop.request);
  const orderPath = `/acer/order/${order.orderId}`;
  const invoicePath = `/acer/invoice/${invoice.invoiceId}`;
  return {
    shop,
    customer,
    product,
    addressId,
    order,
    invoice,
    products: [...demo.products, `/acer/product/${product.item_id}/BrandNew`],
    french: demo.french,
    ownPages: ['/acer/cart', '/acer/quick-order', '/acer/checkout', orderPath, invoicePath],
    orderPath,
    invoicePath,
  };
}
