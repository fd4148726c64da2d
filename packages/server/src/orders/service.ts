/**
 * Placing an order: one transaction that re-reads prices and stock, recomputes the totals, takes the stock
 * with a conditional update (so two buyers can never buy the same last unit), records the order with its
 * lines and addresses, and empties the cart. The same checkout submitted twice makes one order.
 */
import { createHash } from 'node:crypto';
import {
  CART_MSG,
  type CartLine,
  isValidPo,
  lineQuantitySchema,
  orderTotalSchema,
  orderTotals,
  SHIPPING_METHODS,
} from '@shop/domain/cart';
import type { Condition } from '@shop/domain/catalog';
import { personalPrice, toCents } from '@shop/domain/money';
import { unitPrice } from '@shop/domain/pricing';
import { PROVINCES, type Province, taxRatePercent } from '@shop/domain/tax';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Services } from '../app';
import type { SessionUser } from '../auth/sessions';
import { imageUrl } from '../catalog/images';
import type { Tx } from '../db/client';
import { addresses, cartItems, contacts, customers, orderLines, orders, products } from '../db/schema';
import { HttpError, parseOr400 } from '../lib/http';
import { orderPlacedMails } from './order-mails';

const amount = z.coerce.number({ error: CART_MSG.totalsChanged }).finite({ message: CART_MSG.totalsChanged });

export const placeOrderSchema = z.object({
  orderInfo: z.object(
    {
      customer_id: z.string().optional(),
      shipping_address_id: z.coerce
        .number({ error: CART_MSG.noAddress })
        .int({ message: CART_MSG.noAddress })
        .positive({ message: CART_MSG.noAddress }),
      billing_address_id: z.coerce
        .number({ error: CART_MSG.noAddress })
        .int({ message: CART_MSG.noAddress })
        .positive({ message: CART_MSG.noAddress }),
      created_time: z.string().max(64).optional().default(''),
      line_items: z
        .array(
          z.object({
            item_id: z.string().max(40),
            item_condition: z.string().max(20),
            quantity: lineQuantitySchema,
          }),
          { error: CART_MSG.noItems },
        )
        .min(1, { message: CART_MSG.noItems })
        .max(100),
      subtotal: amount,
      items_tax: amount,
      total: orderTotalSchema,
      purchase_order_id: z
        .string({ error: CART_MSG.poNumber })
        .refine(isValidPo, { message: CART_MSG.poNumber }),
      shipping_method: z.enum(SHIPPING_METHODS, { error: CART_MSG.shippingMethod }),
    },
    { error: 'Send the order as orderInfo.' },
  ),
  /** The page makes one key per checkout visit; a repeat of the same key gives back the same order. */
  checkout_key: z.string().min(8).max(100).optional(),
});
export type PlaceOrderRequest = z.output<typeof placeOrderSchema>;

export interface PlacedOrder {
  orderId: number;
  orderNumber: string;
  repeated: boolean;
}

function checkoutKeyOf(request: PlaceOrderRequest, customerId: string): string {
  if (request.checkout_key) return request.checkout_key;
  // Without a key, the same content from the same customer counts as the same checkout.
  const o = request.orderInfo;
  return createHash('sha256')
    .update(
      JSON.stringify([
        customerId,
        o.created_time,
        o.purchase_order_id,
        o.line_items,
        o.shipping_address_id,
        o.billing_address_id,
      ]),
    )
    .digest('base64url');
}

export function parsePlaceOrder(body: unknown): PlaceOrderRequest {
  return parseOr400(placeOrderSchema, body);
}

export async function placeOrder(
  services: Services,
  user: SessionUser,
  request: PlaceOrderRequest,
): Promise<PlacedOrder> {
  const info = request.orderInfo;
  const key = checkoutKeyOf(request, user.customerId);
  const db = services.database.db;

  const existing = await findByKey(db, user.customerId, key);
  if (existing) return { ...existing, repeated: true };

  let placed: PlacedOrder;
  try {
    placed = await db.transaction(async (tx) => {
      // One checkout at a time per customer: a double submit waits here and then finds the first order.
      const [customer] = await tx
        .select({ percentage: customers.percentage, company: customers.company })
        .from(customers)
        .where(eq(customers.customerId, user.customerId))
        .for('update');
      const again = await findByKey(tx, user.customerId, key);
      if (again) return { ...again, repeated: true };

      const [shipping, billing] = await Promise.all([
        addressOf(tx, user.customerId, info.shipping_address_id),
        addressOf(tx, user.customerId, info.billing_address_id),
      ]);
      if (!shipping || !billing) throw new HttpError(400, CART_MSG.noAddress);
      if (!(PROVINCES as readonly string[]).includes(shipping.province))
        throw new HttpError(400, CART_MSG.noAddress);

      const cart = await tx
        .select()
        .from(cartItems)
        .where(eq(cartItems.customerId, user.customerId))
        .orderBy(asc(cartItems.itemId), asc(cartItems.itemCondition));
      if (cart.length === 0) throw new HttpError(400, CART_MSG.noItems);
      const wanted = new Map(info.line_items.map((l) => [`${l.item_id}|${l.item_condition}`, l.quantity]));
      const sameCart =
        wanted.size === cart.length &&
        cart.every((c) => wanted.get(`${c.itemId}|${c.itemCondition}`) === c.quantity);
      if (!sameCart) throw new HttpError(409, CART_MSG.cartChanged);

      // Prices and offers as they stand now; the stock is taken last, so its row locks are held briefly.
      const percentage = customer?.percentage ?? user.percentage;
      const current = await tx
        .select()
        .from(products)
        .where(inArray(products.itemId, [...new Set(cart.map((c) => c.itemId))]));
      const byId = new Map(current.map((p) => [p.itemId, p]));
      const lines: (CartLine & { itemId: string; name: string; sku: string; image: string })[] = [];
      for (const c of cart) {
        const condition = c.itemCondition as Condition;
        const product = byId.get(c.itemId);
        const offered =
          product?.isActive &&
          (condition === 'ScratchDent' ? product.isScratchDent : product.itemCondition === condition);
        if (!product || !offered) {
          throw new HttpError(409, CART_MSG.notEnoughStock(product?.itemName ?? c.itemId, 0));
        }
        lines.push({
          itemId: c.itemId,
          name: product.itemName,
          sku: product.sku,
          image: product.mainImage,
          item_condition: condition,
          is_sale: product.isSale,
          price: personalPrice(product.priceCents, percentage),
          sale_price: personalPrice(product.salePriceCents, percentage),
          scratch_dent_price: personalPrice(product.scratchDentPriceCents, percentage),
          quantity: c.quantity,
        });
      }

      const province = shipping.province as Province;
      const totals = orderTotals(lines, province);
      if (
        toCents(info.subtotal) !== totals.subtotal ||
        toCents(info.items_tax) !== totals.tax ||
        toCents(info.total) !== totals.total
      ) {
        throw new HttpError(409, CART_MSG.totalsChanged, {
          subtotal: totals.subtotal / 100,
          items_tax: totals.tax / 100,
          total: totals.total / 100,
        });
      }

      const { rows } = (await tx.execute(
        sql`select nextval(pg_get_serial_sequence('orders', 'order_id'))::int as id`,
      )) as unknown as { rows: [{ id: number }] };
      const id = rows[0].id;
      const orderNumber = `SO-${String(id).padStart(6, '0')}`;
      const attention = (a: typeof shipping) => `${a.firstName} ${a.lastName}`;
      const placedAt = new Date();
      await tx.insert(orders).values({
        orderId: id,
        orderNumber,
        customerId: user.customerId,
        contactPersonId: user.contactPersonId,
        checkoutKey: key,
        purchaseOrderId: info.purchase_order_id.trim(),
        shippingMethod: info.shipping_method,
        subtotalCents: totals.subtotal,
        itemsTaxCents: totals.tax,
        taxRateMilli: Math.round(taxRatePercent(province) * 1000),
        totalCents: totals.total,
        createdTime: info.created_time || new Date().toISOString(),
        // The order's date is the server's clock; the page's local time above is information only.
        createdAt: placedAt,
        shippingAttention: attention(shipping),
        shippingCompany: shipping.companyName,
        shippingAddress1: shipping.addressLine1,
        shippingAddress2: shipping.addressLine2,
        shippingCity: shipping.city,
        shippingProvince: shipping.province,
        shippingZip: shipping.zip,
        shippingCountry: shipping.country,
        shippingPhone: shipping.phoneNumber,
        billingAttention: attention(billing),
        billingCompany: billing.companyName,
        billingAddress1: billing.addressLine1,
        billingAddress2: billing.addressLine2,
        billingCity: billing.city,
        billingProvince: billing.province,
        billingZip: billing.zip,
        billingCountry: billing.country,
        billingPhone: billing.phoneNumber,
      });
      await tx.insert(orderLines).values(
        lines.map((l) => ({
          orderId: id,
          itemId: l.itemId,
          itemName: l.name,
          sku: l.sku,
          itemCondition: l.item_condition,
          quantity: l.quantity,
          itemRateCents: unitPrice(l),
          mainImage: imageUrl(l.image, services.config),
        })),
      );
      await tx.delete(cartItems).where(eq(cartItems.customerId, user.customerId));

      const [contact] = await tx
        .select({ email: contacts.email, name: contacts.contactName })
        .from(contacts)
        .where(eq(contacts.contactPersonId, user.contactPersonId));
      // The buyer's confirmation and the shop's notice are queued with the order: all are kept, or none.
      await services.mailer.enqueueAll(
        orderPlacedMails(
          {
            orderNumber,
            placedAt,
            purchaseOrderId: info.purchase_order_id.trim(),
            customerId: user.customerId,
            company: customer?.company ?? '',
            buyer: { name: contact?.name ?? '', email: contact?.email ?? '' },
            lines: lines.map((l) => ({
              quantity: l.quantity,
              name: l.name,
              sku: l.sku,
              condition: l.item_condition,
              unitCents: unitPrice(l),
            })),
            subtotalCents: totals.subtotal,
            taxCents: totals.tax,
            taxLabel: `${shipping.province} ${taxRatePercent(province)}%`,
            totalCents: totals.total,
            shippingMethod: info.shipping_method,
            shipTo: `${attention(shipping)}, ${shipping.addressLine1}, ${shipping.city}, ${shipping.province} ${shipping.zip}`,
          },
          services.config.SHOP_INBOX,
        ),
        tx,
      );
      // Take the stock, line by line in item order (no deadlock between two checkouts): the conditional
      // update never lets it go below zero, and a price changed since it was read refuses the order.
      for (const line of lines) {
        if (line.item_condition === 'Warranty') continue;
        const column = line.item_condition === 'ScratchDent' ? products.scratchDentStock : products.stock;
        const read = byId.get(line.itemId)!;
        const taken = await tx
          .update(products)
          .set(
            line.item_condition === 'ScratchDent'
              ? { scratchDentStock: sql`${column} - ${line.quantity}` }
              : { stock: sql`${column} - ${line.quantity}` },
          )
          .where(and(eq(products.itemId, line.itemId), gte(column, line.quantity)))
          .returning({
            price: products.priceCents,
            sale: products.salePriceCents,
            sd: products.scratchDentPriceCents,
            isSale: products.isSale,
          });
        const now = taken[0];
        if (!now) {
          const [left] = await tx
            .select({ stock: column })
            .from(products)
            .where(eq(products.itemId, line.itemId));
          throw new HttpError(409, CART_MSG.notEnoughStock(line.name, left?.stock ?? 0));
        }
        if (
          now.price !== read.priceCents ||
          now.sale !== read.salePriceCents ||
          now.sd !== read.scratchDentPriceCents ||
          now.isSale !== read.isSale
        ) {
          throw new HttpError(409, CART_MSG.totalsChanged);
        }
      }

      return { orderId: id, orderNumber, repeated: false };
    });
  } catch (error) {
    // A double submit that lost the race on the unique checkout key gets the first order back.
    if (isUniqueViolation(error)) {
      const first = await findByKey(db, user.customerId, key);
      if (first) return { ...first, repeated: true };
    }
    throw error;
  }
  if (!placed.repeated) {
    // This process shows the new stock as soon as it has read it; the answer does not wait for that.
    void services.catalog.refresh().catch(() => {});
    // The mails go out from the delivery loop; the buyer does not wait for the mail server.
    services.mailer.kick();
  }
  return placed;
}

async function findByKey(db: Tx | Services['database']['db'], customerId: string, key: string) {
  const [row] = await db
    .select({ orderId: orders.orderId, orderNumber: orders.orderNumber })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.checkoutKey, key)));
  return row ?? null;
}

async function addressOf(tx: Tx, customerId: string, addressId: number) {
  const [row] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.addressId, addressId), eq(addresses.customerId, customerId)));
  return row ?? null;
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
