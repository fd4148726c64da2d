/**
 * Every route a buyer or a visitor opens, as the 390 px check and the hydration check walk them: the
 * public pages, a category, the sale, two products, and, for a signed-in buyer with an order, an invoice,
 * an address and a line in the cart, the cart, quick order, checkout, the order, the invoice and every
 * session of the account.
 */
import type { APIRequestContext, Browser, BrowserContext, ViewportSize } from '@playwright/test';
import { createCustomer, createProduct, expect, uid } from './admin-fixtures';
import { addAddress, invoiceOrder, orderTo, shopContext } from './company-fixtures';

export const STATIC_ROUTES = [
  '/acer',
  '/acer/contact-us',
  '/acer/faq',
  '/acer/warranty',
  '/acer/extended-warranty',
  '/acer/subscribe',
  '/acer/blog',
  '/acer/blog/test-blog',
  '/acer/legal-notice',
  '/acer/term-of-sale',
  '/acer/location',
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
].map((session) => `/acer/account/${session}`);

export interface BuyerRoutes {
  /** A new customer's buyer, signed in, with an order, its invoice, an address and a cart line. */
  shop: BrowserContext;
  customerId: string;
  /** The two product pages: a demo product's with every tab, and the one made here. */
  products: string[];
  visitor: string[];
  buyer: string[];
}

/** Makes the customer, product, order and invoice the routes show, and lists the routes. */
export async function buyerRoutes(
  staff: APIRequestContext,
  browser: Browser,
  baseURL: string | undefined,
  options: { viewport: ViewportSize; timezoneId?: string },
): Promise<BuyerRoutes> {
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
  // A demo product with a long name and every tab, beside the one made here.
  const listing = await (await shop.request.get('/api/category/Notebook')).json();
  const demo = listing.categoryItems.itemsBrief[0] as { item_id: string; item_condition: string };
  const products = [
    `/acer/product/${demo.item_id}/${demo.item_condition}`,
    `/acer/product/${product.item_id}/BrandNew`,
  ];
  const catalog = [
    '/acer/category/Notebook',
    '/acer/category/Accessories',
    '/acer/category/Sale',
    ...products,
  ];
  return {
    shop,
    customerId: customer.customerId,
    products,
    visitor: [...STATIC_ROUTES, ...catalog, '/acer/signin', '/acer/set-password'],
    buyer: [
      ...STATIC_ROUTES,
      ...catalog,
      '/acer/cart',
      '/acer/quick-order',
      '/acer/checkout',
      `/acer/order/${order.orderId}`,
      `/acer/invoice/${invoice.invoiceId}`,
      ...ACCOUNT_ROUTES,
    ],
  };
}
