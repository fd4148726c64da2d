/** Customers made straight in the database for tests that place many orders, each with a session and an address. */

import { randomBytes } from 'node:crypto';
import { orderTotals } from '@shop/domain/cart/rules';
import type { Condition } from '@shop/domain/catalog/rules';
import type { PriceBreak } from '@shop/domain/catalog/volume-prices';
import { personalPrice } from '@shop/domain/core/money';
import { seededComponents } from '@shop/domain/tax/history';
import type { Db } from '../db/client';
import { addresses, contacts, customers, sessions } from '../db/schema';
import type { ProductRecord } from '../modules/catalog';
import { hashToken } from '../modules/sessions';

export interface Buyer {
  customerId: string;
  company: string;
  name: string;
  email: string;
  /** The Cookie header of a signed-in session. */
  cookie: string;
  /** An Ontario address (13 % tax). */
  addressId: number;
}

const PERCENTAGE = 15;

/** `count` customers with ids `${prefix}0000`, `${prefix}0001`, ... (the prefix keeps files apart). */
export async function createBuyers(db: Db, count: number, prefix: string): Promise<Buyer[]> {
  const buyers: Buyer[] = [];
  for (let i = 0; i < count; i++) {
    const customerId = `${prefix}${String(i).padStart(4, '0')}`;
    const contactPersonId = `CP${customerId}`;
    const company = `Buyer Company ${customerId}`;
    const name = `Buyer ${customerId}`;
    const email = `${customerId.toLowerCase()}@buyers.example`;
    await db.insert(customers).values({ customerId, company, percentage: PERCENTAGE });
    await db.insert(contacts).values({
      contactPersonId,
      customerId,
      contactName: name,
      username: customerId,
      passwordHash: 'not-used',
      email,
    });
    const token = randomBytes(32).toString('base64url');
    await db
      .insert(sessions)
      .values({ tokenHash: hashToken(token), contactPersonId, expiresAt: new Date(Date.now() + 3_600_000) });
    const [address] = await db
      .insert(addresses)
      .values({
        customerId,
        firstName: 'Buyer',
        lastName: String(i),
        addressLine1: '1 Main St',
        city: 'Ottawa',
        province: 'Ontario',
        zip: 'K1A0B1',
        phoneNumber: '6135550100',
      })
      .returning({ id: addresses.addressId });
    buyers.push({ customerId, company, name, email, cookie: `sid=${token}`, addressId: address!.id });
  }
  return buyers;
}

/** The cart-add request for a BrandNew item. */
export function cartAddBody(buyer: Buyer, itemId: string, quantity: number, replace = false) {
  return {
    itemData: { customer_id: buyer.customerId, item_id: itemId, item_condition: 'BrandNew', quantity },
    is_replaced: replace,
  };
}

/** The order request the checkout page sends for `quantity` of a BrandNew item, totals as the page computes them. */
export function checkoutBody(
  buyer: Buyer,
  product: ProductRecord,
  quantity: number,
  /** `province`: the province the buyer's address was moved to (Ontario unless told), for its taxes. */
  extra: { checkoutKey?: string; createdTime?: string; po?: string; province?: string } = {},
) {
  const line = {
    item_condition: 'BrandNew' as Condition,
    is_sale: product.isSale,
    price: personalPrice(product.priceCents, PERCENTAGE),
    sale_price: personalPrice(product.salePriceCents, PERCENTAGE),
    scratch_dent_price: personalPrice(product.scratchDentPriceCents, PERCENTAGE),
    price_breaks: product.priceBreaks as PriceBreak[],
    quantity,
  };
  const totals = orderTotals([line], seededComponents(extra.province ?? 'Ontario'));
  return {
    orderInfo: {
      customer_id: buyer.customerId,
      shipping_address_id: buyer.addressId,
      billing_address_id: buyer.addressId,
      created_time: extra.createdTime ?? '2026-11-22T12:00:00',
      line_items: [{ item_id: product.itemId, item_condition: 'BrandNew', quantity }],
      subtotal: totals.subtotal / 100,
      items_tax: totals.tax / 100,
      total: totals.total / 100,
      purchase_order_id: extra.po ?? `PO-${buyer.customerId}`,
      shipping_method: 'Standard',
    },
    ...(extra.checkoutKey ? { checkout_key: extra.checkoutKey } : {}),
  };
}
