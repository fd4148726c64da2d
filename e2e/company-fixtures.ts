/**
 * Setup for the business buyers' journeys (quick order, reorder, the orders list, invoices, several buyers
 * per company): each test makes its own customer, products and orders through the back office's API and the
 * shop's, so the demo customers and the listings other journeys read stay as they are.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { call, type NewCustomer } from './admin-fixtures';
import { expect, keepToShop } from './fixtures';

export const MOBILE = { width: 390, height: 844 } as const;

/** A browser context of the shop signed in as `username` (a Customer ID, or a buyer's e-mail). */
export async function shopContext(
  browser: Browser,
  baseURL: string | undefined,
  username: string,
  password: string,
  options: { viewport?: { width: number; height: number }; timezoneId?: string } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, ...options });
  await keepToShop(context, baseURL);
  const response = await context.request.post('/api/user/login', { data: { username, password } });
  expect(response.status(), `sign-in of ${username}: ${await response.text()}`).toBe(200);
  return context;
}

/** One Ontario address of the customer, made by its primary contact; returns its id. */
export async function addAddress(shop: APIRequestContext, customer: NewCustomer): Promise<number> {
  const { addresses } = await call<{ addresses: { address_id: number; address_line_1: string }[] }>(
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
        address_line_1: '200 Bay St',
        address_line_2: '',
        city: 'Toronto',
        province: 'Ontario',
        zip: 'M5J2J2',
        country: 'Canada',
      },
    },
  );
  return addresses.find((a) => a.address_line_1 === '200 Bay St')!.address_id;
}

interface CartLine {
  item_id: string;
  item_condition: string;
  quantity: number;
  is_sale: boolean;
  personal_price: number;
  personal_sale_price: number;
}

/** Places an order of the lines (BrandNew) through the shop's API, to the given address; returns id and number. */
export async function orderTo(
  shop: APIRequestContext,
  customerId: string,
  addressId: number,
  lines: { item_id: string; quantity: number }[],
  po: string,
): Promise<{ orderId: number; orderNumber: string }> {
  for (const line of lines) {
    await call(shop, 'POST', '/api/user/cart/add', {
      itemData: { item_id: line.item_id, quantity: line.quantity, item_condition: 'BrandNew' },
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
  const tax = Math.round((subtotal * 13) / 100);
  return call<{ orderId: number; orderNumber: string }>(shop, 'POST', '/api/placeorder', {
    orderInfo: {
      customer_id: customerId,
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
    checkout_key: `e2e-company-${po}`,
  });
}

/** Takes a product out of the store (the back office's deactivate). */
export async function removeProduct(staff: APIRequestContext, itemId: string): Promise<void> {
  await call(staff, 'PATCH', `/api/admin/products/${itemId}`, { is_active: false });
}

/**
 * A back-office action on an order: confirm, ship (with carrier and tracking), deliver. Shipping gives each
 * serialised line's units serials of their own (computers, monitors, tablets and phones carry them).
 */
export async function orderAction(
  staff: APIRequestContext,
  orderId: number,
  action: 'confirm' | 'ship' | 'deliver',
  extra: { carrier?: string; tracking_number?: string } = {},
): Promise<void> {
  let serials: { line_id: number; serials: string[] }[] = [];
  if (action === 'ship') {
    const { order } = await call<{
      order: { lines: { line_id: number; serialized: boolean; quantity: number }[] };
    }>(staff, 'GET', `/api/admin/orders/${orderId}`);
    serials = order.lines
      .filter((l) => l.serialized)
      .map((l) => ({
        line_id: l.line_id,
        serials: Array.from({ length: l.quantity }, (_, i) => `E2E-${orderId}-${l.line_id}-${i + 1}`),
      }));
  }
  await call(staff, 'POST', `/api/admin/orders/${orderId}/status`, {
    action,
    ...extra,
    ...(serials.length > 0 ? { serials } : {}),
  });
}

/** Invoices an order with shipping (dollars); returns the invoice as the customer's order view names it. */
export async function invoiceOrder(
  staff: APIRequestContext,
  shop: APIRequestContext,
  customerId: string,
  orderId: number,
  shipping: string,
): Promise<{ invoiceId: number; invoiceNumber: string; total: number }> {
  // Shipping only: no fee lines from the fee table, so the journeys' amounts stay what they check.
  await call(staff, 'POST', `/api/admin/orders/${orderId}/invoice`, { shipping, lines: [], fees: 'given' });
  const { orderInfo } = await call<{
    orderInfo: { order: { invoice_id: number; invoice_number: string } };
  }>(shop, 'GET', `/api/user/${customerId}/orders/${orderId}`);
  const invoice = await call<{ orderInfo: { order: { total: number } } }>(
    shop,
    'GET',
    `/api/user/${customerId}/invoices/${orderInfo.order.invoice_id}`,
  );
  return {
    invoiceId: orderInfo.order.invoice_id,
    invoiceNumber: orderInfo.order.invoice_number,
    total: Math.round(invoice.orderInfo.order.total * 100),
  };
}

/** The page does not scroll sideways (it fits the window's width). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  expect(widths.page, `the page is ${widths.page}px wide in a ${widths.window}px window`).toBeLessThanOrEqual(
    widths.window,
  );
}

/** The text of a PDF as a reader would copy it (pdf.js). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // The fonts of the PDF's standard 14 come with pdf.js: read from its folder, not looked for on the web.
  const fonts = join(
    dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
    'standard_fonts/',
  );
  const document = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    standardFontDataUrl: fonts,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages.join('\n');
}
