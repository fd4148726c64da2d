/**
 * The back office's journeys: staff signed in through the API, and setup calls that give each test its own
 * customers, products and orders, so nothing the buyers' journeys read (C10001, C10002, the Notebook
 * listing, the home page) changes. Products made here are old Accessories nobody else looks at.
 */
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { test as base, expect, keepToShop, lastMailId, nextMailTo } from './fixtures';

export const SELLER = { email: 'seller@example.com', password: 'Demo@Seller1' } as const;
export const ADMIN = '/acer/admin';

let counter = 0;
/** A short unique suffix for names, SKUs and e-mail addresses. */
export function uid(): string {
  counter += 1;
  return `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`.toLowerCase();
}

/** Signs a context in to the back office through the API (the staff cookie lands in it). */
export async function signInStaff(
  context: BrowserContext,
  who: { email: string; password: string } = SELLER,
): Promise<void> {
  const response = await context.request.post('/api/admin/login', { data: who });
  expect(response.status(), `staff sign-in of ${who.email}: ${await response.text()}`).toBe(200);
}

/** A back-office API call for a test's setup or its check; fails the test on any error. */
export async function call<T = Record<string, unknown>>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(path, { method, data });
  const text = await response.text();
  expect(response.status(), `${method} ${path}: ${text}`).toBe(200);
  return JSON.parse(text) as T;
}

export interface AdminProductAnswer {
  product: Record<string, unknown> & {
    item_id: string;
    sku: string;
    item_name: string;
    price: number;
    stock: number;
    images: { link: string; thumb_url: string; url: string }[];
  };
  audit: { action: string; before: unknown; after: unknown }[];
}

/** A product of this test: an old, unfeatured mouse with every field filled in. */
export async function createProduct(
  request: APIRequestContext,
  fields: Record<string, unknown> = {},
): Promise<AdminProductAnswer['product']> {
  const id = uid();
  const made = await call<AdminProductAnswer>(request, 'POST', '/api/admin/products', {
    sku: `ADM-${id}`.toUpperCase(),
    item_name: `Back office test mouse ${id}`,
    model: `Test mouse ${id}`,
    category: 'Accessories',
    sub_category: 'Mice',
    item_condition: 'BrandNew',
    description: 'A wireless mouse for the back office journeys.',
    details: 'Connectivity: Bluetooth 5.1\nBattery: AA',
    product_series: 'Test Series',
    color: 'Black',
    price: '40.00',
    sale_price: '0',
    stock: 60,
    popularity: 0,
    listed_at: '2020-01-15',
    // 'Test Series' is no product's series on a fresh database.
    confirm_new_values: true,
    ...fields,
  });
  return made.product;
}

export async function productOf(request: APIRequestContext, itemId: string) {
  return call<AdminProductAnswer>(request, 'GET', `/api/admin/products/${itemId}`);
}

export interface NewCustomer {
  customerId: string;
  email: string;
  company: string;
  firstName: string;
  lastName: string;
  password: string;
  percentage: number;
}

/** The one-time set-password link in a mail, as a path of this server. */
export function linkIn(text: string, kind: 'customer' | 'staff' = 'customer'): string {
  const path = kind === 'staff' ? '/acer/admin/set-password' : '/acer/set-password';
  const found = new RegExp(`${path.replaceAll('/', '\\/')}\\?token=[A-Za-z0-9_%.-]+`).exec(text);
  expect(found, `a ${kind} set-password link in:\n${text}`).not.toBeNull();
  return found![0];
}

/**
 * A customer of this test, made by the owner through the API; its primary contact sets a password through
 * the welcome link (through the API too: the journeys that test the page itself do it in the page).
 */
export async function createCustomer(
  request: APIRequestContext,
  options: { percentage?: number; setPassword?: boolean } = {},
): Promise<NewCustomer> {
  const id = uid();
  const customer: NewCustomer = {
    customerId: '',
    email: `buyer-${id}@example.com`,
    company: `Back Office Test ${id}`.slice(0, 50),
    firstName: 'Robin',
    lastName: `Tester${id}`.slice(0, 50),
    password: 'Welcome@2025',
    percentage: options.percentage ?? 20,
  };
  const before = await lastMailId();
  const made = await call<{ customer: { customer_id: string } }>(request, 'POST', '/api/admin/customers', {
    company: customer.company,
    first_name: customer.firstName,
    last_name: customer.lastName,
    email: customer.email,
    phone_number: '4165550199',
    percentage: customer.percentage,
  });
  customer.customerId = made.customer.customer_id;
  if (options.setPassword !== false) {
    const mail = await nextMailTo(customer.email, before);
    const token = new URL(linkIn(mail.text), 'http://x').searchParams.get('token');
    await call(request, 'POST', '/api/password-link/set', {
      token,
      password: customer.password,
      confirmPassword: customer.password,
    });
  }
  return customer;
}

/** A browser context of the shop, signed in as the customer's primary contact. */
export async function customerContext(
  browser: Browser,
  baseURL: string | undefined,
  customer: NewCustomer,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  await keepToShop(context, baseURL);
  const response = await context.request.post('/api/user/login', {
    data: { username: customer.customerId, password: customer.password },
  });
  expect(response.status(), `sign-in of ${customer.customerId}: ${await response.text()}`).toBe(200);
  return context;
}

interface CartLine {
  item_id: string;
  item_condition: string;
  quantity: number;
  is_sale: boolean;
  personal_price: number;
  personal_sale_price: number;
}

/** Where an order ships: a province whose taxes add up to one rate (Ontario's HST 13 %, Alberta's GST 5 %). */
export const SHIP_TO = {
  Ontario: { city: 'Toronto', zip: 'M5H1A1', rate: 13 },
  Alberta: { city: 'Calgary', zip: 'T2P1J9', rate: 5 },
} as const;

/** Places an order of the given products as the customer, through the shop's own API (Ontario address). */
export async function placeOrder(
  shop: APIRequestContext,
  customer: NewCustomer,
  lines: { item_id: string; sku: string; quantity: number }[],
  po: string,
  province: keyof typeof SHIP_TO = 'Ontario',
): Promise<{ orderId: number; orderNumber: string }> {
  const where = SHIP_TO[province];
  const addresses = await call<{ addresses: { address_id: number }[] }>(
    shop,
    'POST',
    '/api/user/address/create',
    {
      addressInfo: {
        customer_id: customer.customerId,
        first_name: customer.firstName,
        last_name: customer.lastName,
        company_name: customer.company,
        phone_number: '4165550199',
        address_line_1: '100 King St W',
        address_line_2: '',
        city: where.city,
        province,
        zip: where.zip,
        country: 'Canada',
      },
    },
  );
  const addressId = addresses.addresses.at(-1)!.address_id;
  for (const line of lines) {
    await call(shop, 'POST', '/api/user/cart/add', {
      itemData: {
        customer_id: customer.customerId,
        item_id: line.item_id,
        sku: line.sku,
        quantity: line.quantity,
        item_condition: 'BrandNew',
      },
    });
  }
  const { cartItems } = await call<{ cartItems: CartLine[] }>(shop, 'GET', '/api/header');
  const cents = (amount: number) => Math.round(amount * 100);
  const subtotal = cartItems.reduce(
    (sum, l) =>
      sum +
      (l.is_sale && l.personal_sale_price ? cents(l.personal_sale_price) : cents(l.personal_price)) *
        l.quantity,
    0,
  );
  const tax = Math.round((subtotal * where.rate) / 100);
  const placed = await call<{ orderId: number; orderNumber: string }>(shop, 'POST', '/api/placeorder', {
    orderInfo: {
      customer_id: customer.customerId,
      shipping_address_id: addressId,
      billing_address_id: addressId,
      created_time: new Date().toISOString(),
      line_items: cartItems.map((l) => ({
        item_id: l.item_id,
        item_condition: l.item_condition,
        quantity: l.quantity,
      })),
      subtotal: subtotal / 100,
      items_tax: tax / 100,
      total: (subtotal + tax) / 100,
      purchase_order_id: po,
      shipping_method: 'Standard',
    },
    checkout_key: `e2e-admin-${uid()}`,
  });
  return placed;
}

/** Presses Tab (or Shift+Tab) until the element has the focus, at most `max` times: keyboard users reach it. */
export async function tabTo(
  page: Page,
  target: Locator,
  { max = 60, backwards = false }: { max?: number; backwards?: boolean } = {},
): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, 'reached with the Tab key').toBeFocused();
}

/** The back office's `role=status` message after an action. */
export function statusMessage(page: Page): Locator {
  return page.locator('#admin-main').getByRole('status');
}

interface AdminFixtures {
  /** A page whose context is signed in to the back office as the demo owner. */
  adminPage: Page;
}

export const test = base.extend<AdminFixtures>({
  adminPage: async ({ page, context }, use) => {
    await signInStaff(context);
    await use(page);
  },
});

export { expect };
