/**
 * For the tax module's API tests: addresses in any province, an order placed as the checkout page places
 * it (the cart, then the totals computed from the checkout's own taxes answer), a clerk, and PUT.
 */

import { orderTotals } from '@shop/domain/cart/rules';
import { personalPrice } from '@shop/domain/core/money';
import { type CheckoutTaxesAnswer, chargedComponents } from '@shop/domain/tax/answers';
import type { Province } from '@shop/domain/tax/rules';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { addresses, customers, products, staff } from '../../db/schema';
import { type Call, call, clientAddress, staffSignIn, uniqueEmail } from '../../test/admin';
import type { Buyer } from '../../test/buyers';
import type { ProductRecord } from '../catalog';
import { hashPassword } from '../sessions';

/** A clerk with a password, straight in the database, signed in: the Cookie header. */
export async function clerkCookie(app: FastifyInstance, db: Db): Promise<string> {
  const email = uniqueEmail('clerk');
  const password = 'Clerk@2026tax';
  await db
    .insert(staff)
    .values({ email, name: 'A clerk', role: 'clerk', passwordHash: await hashPassword(password) });
  return staffSignIn(app, email, password);
}

/** As `call` (test/admin.ts), with PUT. */
export async function send(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  cookie: string,
  payload?: unknown,
): Promise<Call> {
  if (method !== 'PUT') return call(app, method, url, cookie, payload);
  const response = await app.inject({
    method,
    url,
    remoteAddress: clientAddress(),
    headers: { cookie },
    payload: payload as never,
  });
  return { status: response.statusCode, body: response.json(), response };
}

/** A new address of the buyer's company in a province; its id. */
export async function addressIn(db: Db, customerId: string, province: Province): Promise<number> {
  const [row] = await db
    .insert(addresses)
    .values({
      customerId,
      firstName: 'Tess',
      lastName: 'Payer',
      addressLine1: '1 Harbour Rd',
      city: 'Somewhere',
      province,
      zip: 'B3H1A1',
      phoneNumber: '9025550100',
    })
    .returning({ id: addresses.addressId });
  return row!.id;
}

/** A BrandNew item not on sale, given plenty of stock so orders never run out. */
export async function stockedItem(app: FastifyInstance, db: Db, skip = 0): Promise<ProductRecord> {
  const item = [...app.services.catalog.items.values()].filter(
    (p) => p.isActive && p.itemCondition === 'BrandNew' && !p.isSale && p.priceCents > 0,
  )[skip];
  if (!item) throw new Error('no item in the demo catalog');
  await db.update(products).set({ stock: 10_000 }).where(eq(products.itemId, item.itemId));
  return item;
}

export async function stockOf(db: Db, itemId: string): Promise<number> {
  const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.itemId, itemId));
  return row!.stock;
}

/** GET /api/user/{id}/taxes as the checkout page reads it. */
export async function checkoutTaxesOf(app: FastifyInstance, buyer: Buyer) {
  const answer = await app.inject({
    method: 'GET',
    url: `/api/user/${buyer.customerId}/taxes`,
    headers: { cookie: buyer.cookie },
  });
  if (answer.statusCode !== 200) throw new Error(`taxes: ${answer.body}`);
  return (answer.json() as CheckoutTaxesAnswer).taxes;
}

export interface Placed {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely and assert on them
  body: Record<string, any>;
}

/**
 * Puts `quantity` of the item in the buyer's cart and places the order to `addressId` with the totals the
 * checkout page would show (its taxes answer for the address's province).
 */
export async function placeTo(
  app: FastifyInstance,
  db: Db,
  buyer: Buyer,
  options: { addressId: number; province: Province; item: ProductRecord; quantity: number; po?: string },
): Promise<Placed> {
  const added = await app.inject({
    method: 'POST',
    url: '/api/user/cart/add',
    headers: { cookie: buyer.cookie },
    payload: {
      itemData: {
        customer_id: buyer.customerId,
        item_id: options.item.itemId,
        item_condition: 'BrandNew',
        quantity: options.quantity,
      },
      is_replaced: true,
    },
  });
  if (added.statusCode !== 200) throw new Error(`cart add: ${added.body}`);
  const [customer] = await db
    .select({ percentage: customers.percentage })
    .from(customers)
    .where(eq(customers.customerId, buyer.customerId));
  const percentage = customer!.percentage;
  const taxes = await checkoutTaxesOf(app, buyer);
  const components = chargedComponents(taxes[options.province]);
  const p = options.item;
  const totals = orderTotals(
    [
      {
        item_condition: 'BrandNew',
        is_sale: p.isSale,
        price: personalPrice(p.priceCents, percentage),
        sale_price: personalPrice(p.salePriceCents, percentage),
        scratch_dent_price: personalPrice(p.scratchDentPriceCents, percentage),
        quantity: options.quantity,
      },
    ],
    components,
  );
  const placed = await app.inject({
    method: 'POST',
    url: '/api/placeorder',
    headers: { cookie: buyer.cookie },
    payload: {
      orderInfo: {
        customer_id: buyer.customerId,
        shipping_address_id: options.addressId,
        billing_address_id: options.addressId,
        created_time: '2026-11-22T12:00:00',
        line_items: [{ item_id: p.itemId, item_condition: 'BrandNew', quantity: options.quantity }],
        subtotal: totals.subtotal / 100,
        items_tax: totals.tax / 100,
        total: totals.total / 100,
        purchase_order_id: options.po ?? `PO-${buyer.customerId}`,
        shipping_method: 'Standard',
      },
      checkout_key: `tax-test-${Math.random().toString(36).slice(2)}`,
    },
  });
  return { status: placed.statusCode, body: placed.json() };
}

/** GET the buyer's order as the order page reads it. */
export async function orderOf(app: FastifyInstance, buyer: Buyer, orderId: number) {
  const answer = await app.inject({
    method: 'GET',
    url: `/api/user/${buyer.customerId}/orders/${orderId}`,
    headers: { cookie: buyer.cookie },
  });
  if (answer.statusCode !== 200) throw new Error(`order: ${answer.body}`);
  // biome-ignore lint/suspicious/noExplicitAny: as above
  return answer.json().orderInfo.order as Record<string, any>;
}
