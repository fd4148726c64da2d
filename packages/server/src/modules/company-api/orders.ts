import { createHash } from 'node:crypto';
import type {
  ApiAddress,
  ApiOrder,
  ApiOrderRequest,
  ApiOrderSummary,
  ApiTaxLine,
} from '@shop/domain/company-api/schemas';
import { API_MSG } from '@shop/domain/company-api/schemas';
import { toCents } from '@shop/domain/core/money';
import type { TaxLineAnswer } from '@shop/domain/orders/answers';
import type { OrderStatus, OrdersQuery } from '@shop/domain/orders/schemas';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { addresses, contacts, customers, orders, products } from '../../db/schema';
import { HttpError } from '../../lib/http';
import { listOrders, type OrderMessages, orderView, placeOrderOfLines } from '../orders';
import { BUYER_COLUMNS, buyerOf, type SessionUser } from '../sessions';
import type { ApiCaller } from './keys';
import type { CompanyApiNeeds } from './needs';

const MESSAGES: OrderMessages = {
  notEnoughStock: API_MSG.notEnoughStock,
  notOffered: API_MSG.notOffered,
  noAddress: API_MSG.addressId,
  orderTooLarge: API_MSG.orderTooLarge,
};

/** The company's saved addresses. */
export async function companyAddresses(
  db: Queryable,
  customerId: string,
): Promise<z.infer<typeof ApiAddress>[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.customerId, customerId))
    .orderBy(asc(addresses.addressId));
  return rows.map((a) => ({
    address_id: a.addressId,
    attention: `${a.firstName} ${a.lastName}`.trim(),
    company: a.companyName,
    address_line_1: a.addressLine1,
    address_line_2: a.addressLine2,
    city: a.city,
    province: a.province,
    zip: a.zip,
    country: a.country,
    phone_number: a.phoneNumber,
  }));
}

/**
 * Whose name a key's order is placed in: the administrator who made the key while their sign-in is on and
 * they are still an administrator, else the company's primary contact (so a key outlives the person who
 * made it, and never places an order as a buyer, whose orders wait for approval above their limit).
 */
async function actingUser(db: Queryable, caller: ApiCaller): Promise<SessionUser> {
  const [row] = await db
    .select(BUYER_COLUMNS)
    .from(contacts)
    .innerJoin(customers, eq(customers.customerId, contacts.customerId))
    .where(
      and(
        eq(contacts.customerId, caller.customerId),
        or(
          and(
            eq(contacts.contactPersonId, caller.createdBy),
            eq(contacts.active, true),
            eq(contacts.role, 'admin'),
          ),
          eq(contacts.isPrimary, true),
        ),
      ),
    )
    .orderBy(desc(sql`${contacts.contactPersonId} = ${caller.createdBy}`), desc(contacts.isPrimary))
    .limit(1);
  if (!row) throw new HttpError(403, API_MSG.unknownKey);
  return buyerOf(row);
}

/** The lines with their items' ids: a SKU not in the catalog, or an unknown id, is refused here (400). */
async function resolveLines(db: Queryable, lines: ApiOrderRequest['lines']) {
  const skus = lines.flatMap((l) => (l.sku === undefined ? [] : [l.sku]));
  const ids = lines.flatMap((l) => (l.item_id === undefined ? [] : [l.item_id]));
  const found = await db
    .select({ itemId: products.itemId, sku: products.sku })
    .from(products)
    .where(
      or(
        skus.length > 0 ? inArray(products.sku, skus) : sql`false`,
        ids.length > 0 ? inArray(products.itemId, ids) : sql`false`,
      ),
    );
  const bySku = new Map(found.map((p) => [p.sku, p.itemId]));
  const byId = new Set(found.map((p) => p.itemId));
  const resolved = lines.map((l) => {
    const itemId = l.sku !== undefined ? bySku.get(l.sku) : byId.has(l.item_id!) ? l.item_id : undefined;
    if (itemId === undefined)
      throw new HttpError(
        400,
        l.sku !== undefined ? API_MSG.unknownSku(l.sku) : API_MSG.unknownItem(l.item_id!),
      );
    return { itemId, condition: l.condition, quantity: l.quantity };
  });
  // A line by SKU and another by id may name the same item.
  if (new Set(resolved.map((l) => `${l.itemId}|${l.condition}`)).size !== resolved.length)
    throw new HttpError(400, API_MSG.duplicateLine);
  return resolved;
}

/**
 * Places the order, or gives back the one placed before with the same Idempotency-Key. The key is the
 * order's checkout key (`api:<key>`), unique per company in the orders table, so two requests with the
 * same key, even at the same moment on two servers, place one order. The same key with another request
 * (other lines, purchase order number, shipping or billing address or shipping method) is refused (409):
 * the order keeps its request's hash to compare.
 */
export async function placeApiOrder(
  needs: CompanyApiNeeds,
  caller: ApiCaller,
  idempotencyKey: string,
  body: ApiOrderRequest,
): Promise<ApiOrder> {
  const db = needs.database.db;
  const lines = await resolveLines(db, body.lines);
  const user = await actingUser(db, caller);
  const requestHash = requestHashOf(body, lines);
  const placed = await placeOrderOfLines(needs, user, {
    key: `api:${idempotencyKey}`,
    lines,
    shippingAddressId: body.shipping_address_id,
    billingAddressId: body.billing_address_id ?? body.shipping_address_id,
    purchaseOrderId: body.purchase_order_number,
    shippingMethod: body.shipping_method,
    messages: MESSAGES,
    requestHash,
  });
  const order = await readOrder(db, caller.customerId, placed.orderId);
  if (!order) throw new Error(`order ${placed.orderNumber} was placed but cannot be read`);
  if (placed.repeated) {
    // An order placed before its request's hash was kept is compared by what it stored.
    const same = placed.requestHash
      ? placed.requestHash === requestHash
      : sameStoredOrder(order, body, lines);
    if (!same) throw new HttpError(409, API_MSG.idempotencyReused(order.order_number));
  }
  return order;
}

type ResolvedLine = { itemId: string; condition: string; quantity: number };

const lineKey = (l: { id: string; condition: string; quantity: number }) =>
  `${l.id}|${l.condition}|${l.quantity}`;

/**
 * The whole request as one hash: its lines by item (whether named by SKU or id, in any order), the PO
 * number, the shipping and billing addresses (billed where it ships when not given) and the shipping method.
 */
function requestHashOf(body: ApiOrderRequest, lines: ResolvedLine[]): string {
  const request = {
    lines: lines.map((l) => lineKey({ id: l.itemId, ...l })).sort(),
    purchase_order_number: body.purchase_order_number.trim(),
    shipping_address_id: body.shipping_address_id,
    billing_address_id: body.billing_address_id ?? body.shipping_address_id,
    shipping_method: body.shipping_method,
  };
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

/** An order without a request hash: its lines, PO number and shipping method (addresses are kept as text). */
function sameStoredOrder(order: ApiOrder, body: ApiOrderRequest, lines: ResolvedLine[]): boolean {
  const placed = order.lines.map((l) => lineKey({ id: l.item_id, ...l })).sort();
  const asked = lines.map((l) => lineKey({ id: l.itemId, ...l })).sort();
  return (
    order.purchase_order_number === body.purchase_order_number.trim() &&
    order.shipping_method === body.shipping_method &&
    placed.join('\n') === asked.join('\n')
  );
}

/** An order of the company by its number, as the API shows it; null when the company has none such. */
export async function orderByNumber(
  db: Queryable,
  customerId: string,
  orderNumber: string,
): Promise<ApiOrder | null> {
  const [row] = await db
    .select({ orderId: orders.orderId })
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.customerId, customerId)));
  return row ? readOrder(db, customerId, row.orderId) : null;
}

/** The current invoice's id of an order of the company, or null. */
export async function invoiceIdOf(
  db: Queryable,
  customerId: string,
  orderNumber: string,
): Promise<{ found: boolean; invoiceId: number | null }> {
  const [row] = await db
    .select({ orderId: orders.orderId })
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.customerId, customerId)));
  if (!row) return { found: false, invoiceId: null };
  const view = await orderView(db, customerId, { orderId: row.orderId });
  return { found: view !== null, invoiceId: view?.order.invoice_id ?? null };
}

function apiTax(t: TaxLineAnswer): ApiTaxLine {
  return {
    component: t.component,
    rate_percent: t.rate,
    base_cents: toCents(t.base),
    tax_cents: toCents(t.amount),
    exemption: t.exemption
      ? { reference: t.exemption.reference, reason: t.exemption.reason, expires_on: t.exemption.expires_on }
      : null,
  };
}

async function readOrder(db: Queryable, customerId: string, orderId: number): Promise<ApiOrder | null> {
  const view = await orderView(db, customerId, { orderId });
  if (!view) return null;
  const o = view.order;
  // The invoice's own figures (shipping, its total) come with the invoice's view.
  const invoice = o.invoice_id === null ? null : await orderView(db, customerId, { invoiceId: o.invoice_id });
  const address = (a: typeof view.shippingAddress) => ({
    attention: a.attention,
    company: a.company,
    address_line_1: a.address_line_1,
    address_line_2: a.address_line_2,
    city: a.city,
    province: a.province,
    zip: a.zip,
    country: a.country,
    phone_number: a.phone_number,
  });
  return {
    order_number: o.order_number,
    status: o.status as OrderStatus,
    placed_at: o.created_at,
    purchase_order_number: o.purchase_order_id,
    placed_by: o.placed_by,
    total_cents: toCents(o.total),
    invoice_number: o.invoice_number,
    invoice_total_cents: invoice ? toCents(invoice.order.total) : null,
    shipping_method: o.shipping_method,
    shipping_carrier: o.shipping_carrier,
    tracking_number: o.tracking_number,
    subtotal_cents: toCents(o.subtotal),
    tax_cents: toCents(o.items_tax),
    tax_rate_percent: o.tax_rate,
    taxes: o.taxes.map(apiTax),
    lines: o.line_items.map((l) => ({
      item_id: l.item_id,
      sku: l.sku,
      name: l.item_name,
      condition: l.item_condition,
      quantity: l.quantity,
      unit_price_cents: toCents(l.item_rate),
      line_total_cents: toCents(l.item_rate) * l.quantity,
    })),
    shipping_address: address(view.shippingAddress),
    billing_address: address(view.billingAddress),
    invoice:
      invoice && o.invoice_number
        ? {
            invoice_number: o.invoice_number,
            shipping_cents: toCents(invoice.order.shipping),
            shipping_tax_cents: toCents(invoice.order.shipping_tax),
            total_cents: toCents(invoice.order.total),
            taxes: invoice.order.taxes.map(apiTax),
            terms: invoice.order.invoice_terms ?? '',
            due_on: invoice.order.invoice_due_on ?? '',
            balance_cents: toCents(invoice.order.invoice_balance ?? 0),
            note: invoice.order.invoice_note,
            pdf: `/api/v1/orders/${encodeURIComponent(o.order_number)}/invoice.pdf`,
          }
        : null,
  };
}

/** One page of the company's orders, newest first (the account's orders list, in cents). */
export async function listApiOrders(db: Queryable, timeZone: string, customerId: string, query: OrdersQuery) {
  const { orders: rows, ordersPage } = await listOrders(db, timeZone, customerId, query);
  const list: ApiOrderSummary[] = rows.map((r) => ({
    order_number: r.order_number,
    status: r.status as OrderStatus,
    placed_at: r.created_at,
    purchase_order_number: r.purchase_order_id,
    placed_by: r.placed_by,
    total_cents: toCents(r.total),
    invoice_number: r.invoice_number,
    invoice_total_cents: r.invoice_total === null ? null : toCents(r.invoice_total),
  }));
  return {
    orders: list,
    page: ordersPage.page,
    pages: ordersPage.pages,
    page_size: ordersPage.pageSize,
    total: ordersPage.total,
    next_page: ordersPage.page < ordersPage.pages ? ordersPage.page + 1 : null,
  };
}
