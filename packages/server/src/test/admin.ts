/** Helpers for the back office's API tests: staff sign-in, one-time links from the mail, customers. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '../db/client';
import { orderLines, products } from '../db/schema';
import { issueLink } from '../modules/staff';
import { cookieHeader } from './harness';
import { eventually, type MailSink, type ReceivedMail } from './mail-sink';

export const OWNER = { email: 'seller@example.com', password: 'Demo@Seller1' } as const;

let address = 0;
/** A fresh client address, so the per-address sign-in limit does not get in the way of a test. */
export const clientAddress = () => `10.9.${(++address >> 8) & 255}.${address & 255}`;

export async function staffSignIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    remoteAddress: clientAddress(),
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`staff sign-in failed: ${response.body}`);
  return cookieHeader(response);
}

export interface Call {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely and assert on them
  body: Record<string, any>;
  response: LightMyRequestResponse;
}

export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  cookie = '',
  payload?: unknown,
): Promise<Call> {
  const response = await app.inject({
    method,
    url,
    remoteAddress: clientAddress(),
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as never }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: as above
  let body: Record<string, any> = {};
  try {
    body = response.json();
  } catch {
    body = {};
  }
  return { status: response.statusCode, body, response };
}

/** The text of a received mail, quoted-printable soft breaks undone. */
export function mailText(mail: ReceivedMail): string {
  return mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Waits for a mail to `to` whose text matches, and returns its text (no deadline of its own: see eventually). */
export async function waitForMail(sink: MailSink, to: string, match: RegExp | string): Promise<string> {
  const found = await eventually(`a mail to ${to} matching ${match}`, () =>
    sink.received.find(
      (m) =>
        m.to.includes(to) &&
        (typeof match === 'string' ? mailText(m).includes(match) : match.test(mailText(m))),
    ),
  );
  return mailText(found);
}

/** The one-time token of the last link in a mail's text. */
export function tokenIn(text: string): string {
  const matches = [...text.matchAll(/set-password\?token=([A-Za-z0-9_-]+)/g)];
  const token = matches.at(-1)?.[1];
  if (!token) throw new Error(`no set-password link in:\n${text}`);
  return token;
}

let counter = 0;
/** A unique e-mail address per call. */
export const uniqueEmail = (name = 'person') => `${name}.${Date.now().toString(36)}${++counter}@example.com`;

/** A new customer made through the back office, whose contact has set a password and signed in. */
export async function makeCustomer(
  app: FastifyInstance,
  owner: string,
  options: { percentage?: number; company?: string } = {},
): Promise<{ customerId: string; email: string; password: string; cookie: string }> {
  const email = uniqueEmail('buyer');
  const made = await call(app, 'POST', '/api/admin/customers', owner, {
    company: options.company ?? `Company ${email.split('@')[0]}`,
    first_name: 'Test',
    last_name: 'Buyer',
    email,
    phone_number: '4165550199',
    percentage: options.percentage ?? 15,
  });
  if (made.status !== 200) throw new Error(`customer not made: ${JSON.stringify(made.body)}`);
  const customerId = made.body.customer.customer_id as string;
  // The welcome mail's text leaves the outbox once delivered: a link of the same kind is made here instead.
  const contactPersonId = made.body.customer.contacts[0].contact_person_id as string;
  const token = await issueLink(app.services.database.db, { contactPersonId }, 'welcome', 3_600_000);
  const password = 'Welcome@2024';
  const set = await call(app, 'POST', '/api/password-link/set', '', { token, password });
  if (set.status !== 200) throw new Error(`password not set: ${JSON.stringify(set.body)}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    remoteAddress: clientAddress(),
    payload: { username: customerId, password },
  });
  if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.body}`);
  return { customerId, email, password, cookie: cookieHeader(login) };
}

/** Places an order for the signed-in customer (Ontario address, 13 % tax) of the given items. */
export async function placeOrder(
  app: FastifyInstance,
  cookie: string,
  items: { itemId: string; condition?: string; quantity: number }[],
  po = 'PO-1001',
): Promise<{ orderId: number; orderNumber: string }> {
  const address = await call(app, 'POST', '/api/user/address/create', cookie, {
    addressInfo: {
      first_name: 'Test',
      last_name: 'Buyer',
      address_line_1: '10 King St W',
      city: 'Toronto',
      province: 'Ontario',
      zip: 'M5H1A1',
      phone_number: '4165550101',
    },
  });
  const addressId = (address.body.addresses as { address_id: number }[]).at(-1)!.address_id;
  for (const item of items) {
    const added = await call(app, 'POST', '/api/user/cart/add', cookie, {
      itemData: {
        item_id: item.itemId,
        item_condition: item.condition ?? 'BrandNew',
        quantity: item.quantity,
      },
      is_replaced: true,
    });
    if (added.status !== 200) throw new Error(`cart add failed: ${JSON.stringify(added.body)}`);
  }
  const header = await call(app, 'GET', '/api/header', cookie);
  type Line = {
    item_id: string;
    item_condition: string;
    quantity: number;
    is_sale: boolean;
    personal_price: number;
    personal_sale_price: number;
    personal_scratch_dent_price: number;
  };
  const lines = header.body.cartItems as Line[];
  const unit = (l: Line) =>
    l.item_condition === 'ScratchDent' && l.personal_scratch_dent_price
      ? l.personal_scratch_dent_price
      : l.is_sale && l.personal_sale_price
        ? l.personal_sale_price
        : l.personal_price;
  const subtotal = lines.reduce((n, l) => n + Math.round(unit(l) * 100) * l.quantity, 0);
  const tax = Math.floor((subtotal * 13) / 100 + 0.5 + 1e-9);
  const placed = await call(app, 'POST', '/api/placeorder', cookie, {
    orderInfo: {
      shipping_address_id: addressId,
      billing_address_id: addressId,
      line_items: lines.map((l) => ({
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
    checkout_key: `admin-test-${uniqueEmail('k')}`,
  });
  if (placed.status !== 200) throw new Error(`order not placed: ${JSON.stringify(placed.body)}`);
  return { orderId: placed.body.orderId, orderNumber: placed.body.orderNumber };
}

/**
 * Picks active BrandNew items with stock between `minStock` and 500, different ones on each call, so the
 * tests of one file never share stock.
 */
export function itemPicker(app: () => FastifyInstance, minStock = 5) {
  let used = 0;
  return (n: number) => {
    const list = [...app().services.catalog.items.values()].filter(
      (p) => p.isActive && p.itemCondition === 'BrandNew' && p.stock >= minStock && p.stock < 500,
    );
    const picked = list.slice(used, used + n);
    used += n;
    return picked;
  };
}

let serialCounter = 0;
/**
 * Serials of their own for each unit of an order's serialised lines, as a shipment gives them (computers,
 * monitors, tablets and phones carry serials: a ship without them is refused).
 */
export async function unitSerials(
  db: Database['db'],
  orderId: number,
): Promise<{ line_id: number; serials: string[] }[]> {
  const lines = await db
    .select({ lineId: orderLines.lineId, quantity: orderLines.quantity, serialized: products.serialized })
    .from(orderLines)
    .leftJoin(products, eq(products.itemId, orderLines.itemId))
    .where(eq(orderLines.orderId, orderId));
  const stamp = Date.now().toString(36).toUpperCase();
  return lines
    .filter((l) => l.serialized)
    .map((l) => ({
      line_id: l.lineId,
      serials: Array.from({ length: l.quantity }, () => `T${stamp}-${orderId}-${++serialCounter}`),
    }));
}
