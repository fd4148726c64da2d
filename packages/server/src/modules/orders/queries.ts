/** Reading a customer's orders. */

import type { Condition } from '@shop/domain/catalog/rules';
import { toAmount } from '@shop/domain/core/money';
import type { InvoiceSeller, OrderInfo, OrdersListAnswer, TaxLineAnswer } from '@shop/domain/orders/answers';
import {
  ORDERS_PAGE_SIZE,
  type OrderStatus,
  type OrdersQuery,
  ordersQuerySchema,
} from '@shop/domain/orders/schemas';
import { quoteNumberOf } from '@shop/domain/quotes/schemas';
import type { TaxComponent } from '@shop/domain/tax/rules';
import { and, asc, desc, eq, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  contacts,
  customers,
  invoiceLines,
  invoices,
  invoiceTaxes,
  orderLines,
  orders,
  orderTaxes,
} from '../../db/schema';
import { dayEnds, dayStarts } from '../../db/sql';
import { invoiceBalanceSql } from './balance';
import { orderNumberOf, poMatches } from './list-filters';
import { serialsByItem } from './serials';

/**
 * The count of the orders `where` matches and the page of them at `offset`, in one statement (one round
 * trip): the count alone when the page is empty.
 */
function pageOfOrders(db: Queryable, where: SQL | undefined, offset: number | Placeholder) {
  const counted = db
    .select({ n: sql<number>`count(*)::int`.as('n') })
    .from(orders)
    .where(where)
    .as('counted');
  const rows = db
    .select({
      order_id: orders.orderId,
      order_number: orders.orderNumber,
      client_created_time: orders.createdTime,
      created_at: orders.createdAt,
      total: orders.totalCents,
      status: orders.status,
      purchase_order_id: orders.purchaseOrderId,
      placed_by: sql<string>`coalesce(${contacts.contactName}, '')`.as('placed_by'),
      invoice_id: invoices.invoiceId,
      invoice_number: invoices.invoiceNumber,
      invoice_total: sql<number | null>`${invoices.totalCents}`
        .mapWith(invoices.totalCents)
        .as('invoice_total'),
    })
    .from(orders)
    // A corrected invoice replaces the first: the customer sees the current one.
    .leftJoin(invoices, and(eq(invoices.orderId, orders.orderId), isNull(invoices.replacedAt)))
    .leftJoin(contacts, eq(contacts.contactPersonId, orders.contactPersonId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.orderId))
    .limit(ORDERS_PAGE_SIZE)
    .offset(offset)
    .as('rows');
  const order = {
    order_id: rows.order_id,
    order_number: rows.order_number,
    client_created_time: rows.client_created_time,
    created_at: rows.created_at,
    total: rows.total,
    status: rows.status,
    purchase_order_id: rows.purchase_order_id,
    placed_by: rows.placed_by,
    invoice_id: rows.invoice_id,
    invoice_number: rows.invoice_number,
    invoice_total: rows.invoice_total,
  };
  // Ordered again outside: a join keeps no order of its own.
  return db
    .select({ total: counted.n, order })
    .from(counted)
    .leftJoin(rows, sql`true`)
    .orderBy(desc(rows.created_at), desc(rows.order_id));
}

/**
 * The list without a search or filter (the orders page as it opens), built once per database handle and
 * kept prepared: building a statement of this shape costs more than running it.
 */
const unfiltered = new WeakMap<Queryable, ReturnType<typeof prepareUnfiltered>>();

function prepareUnfiltered(db: Queryable) {
  return pageOfOrders(
    db,
    eq(orders.customerId, sql.placeholder('customerId')),
    sql.placeholder('offset'),
  ).prepare('orders_list_page');
}

/**
 * The orders list of the account area, newest first: searched by order or PO number, filtered by status and
 * by the day it was placed (in the shop's time zone), a page at a time.
 */
export async function listOrders(
  db: Queryable,
  timeZone: string,
  customerId: string,
  query: OrdersQuery = ordersQuerySchema.parse({}),
): Promise<Omit<OrdersListAnswer, 'scode'>> {
  const conditions = [eq(orders.customerId, customerId)];
  if (query.q) {
    // An order number exactly, or a PO number by any part of it (docs/decisions/017-order-lists-at-volume.md).
    const number = orderNumberOf(query.q);
    conditions.push(or(...(number ? [eq(orders.orderNumber, number)] : []), poMatches(query.q))!);
  }
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.from) conditions.push(sql`${orders.createdAt} >= ${dayStarts(query.from, timeZone)}`);
  if (query.to) conditions.push(sql`${orders.createdAt} < ${dayEnds(query.to, timeZone)}`);
  const read = (page: number) => {
    const offset = (page - 1) * ORDERS_PAGE_SIZE;
    if (conditions.length > 1) return pageOfOrders(db, and(...conditions), offset);
    let prepared = unfiltered.get(db);
    if (!prepared) {
      prepared = prepareUnfiltered(db);
      unfiltered.set(db, prepared);
    }
    return prepared.execute({ customerId, offset });
  };
  let answer = await read(query.page);
  const total = answer[0]?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  // A page past the last shows the last one (read again, as the count was not known before).
  if (page !== query.page) answer = await read(page);
  const rows = answer.flatMap((r) => (r.order ? [r.order] : []));
  return {
    orders: rows.map((r) => ({
      ...r,
      // The order's date is the server's; the page's own clock at checkout is kept beside it as information.
      created_time: r.created_at.toISOString(),
      created_at: r.created_at.toISOString(),
      status: r.status as OrderStatus,
      total: toAmount(r.total),
      invoice_total: r.invoice_total === null ? null : toAmount(r.invoice_total),
    })),
    ordersPage: { total, page, pages, pageSize: ORDERS_PAGE_SIZE },
  };
}

type OrderRow = typeof orders.$inferSelect;

type StoredTax = Pick<
  typeof orderTaxes.$inferSelect,
  'component' | 'rateMilli' | 'baseCents' | 'taxCents' | 'exemption'
>;

/** Stored tax components as the answers show them. */
export function taxAnswers(rows: readonly StoredTax[]): TaxLineAnswer[] {
  return rows.map((t) => ({
    component: t.component as TaxComponent,
    rate: t.rateMilli / 1000,
    base: toAmount(Number(t.baseCents)),
    amount: toAmount(Number(t.taxCents)),
    exemption: t.exemption
      ? {
          scope: t.exemption.scope,
          province: t.exemption.province,
          reference: t.exemption.reference,
          reason: t.exemption.reason,
          expires_on: t.exemption.expiresOn,
        }
      : null,
  }));
}

const EXTERNAL_KINDS = new Set(['item', 'shipping', 'fee', 'other']);
function lineKind(kind: string): 'item' | 'shipping' | 'fee' | 'other' {
  return (EXTERNAL_KINDS.has(kind) ? kind : 'other') as 'item' | 'shipping' | 'fee' | 'other';
}

/** An order's shipping or billing address as it was when the order was placed. */
export function addressOf(o: OrderRow, kind: 'shipping' | 'billing') {
  const s = kind === 'shipping';
  return {
    attention: s ? o.shippingAttention : o.billingAttention,
    company: s ? o.shippingCompany : o.billingCompany,
    address_line_1: s ? o.shippingAddress1 : o.billingAddress1,
    address_line_2: s ? o.shippingAddress2 : o.billingAddress2,
    city: s ? o.shippingCity : o.billingCity,
    province: s ? o.shippingProvince : o.billingProvince,
    zip: s ? o.shippingZip : o.billingZip,
    country: s ? o.shippingCountry : o.billingCountry,
    phone_number: s ? o.shippingPhone : o.billingPhone,
  };
}

/**
 * An order (or, with `invoiceId`, its invoice) as the order view shows it: the order's own lines and the
 * external (invoice) lines; external lines missing from the order's lines show as extra rows.
 */
export async function orderView(
  db: Queryable,
  customerId: string,
  ref: { orderId?: number; invoiceId?: number },
  /** Who issues the invoice (named on the invoice's view). */
  seller: InvoiceSeller | null = null,
): Promise<OrderInfo | null> {
  let invoice: typeof invoices.$inferSelect | undefined;
  let order: OrderRow | undefined;
  if (ref.invoiceId !== undefined) {
    [invoice] = await db.select().from(invoices).where(eq(invoices.invoiceId, ref.invoiceId));
    if (!invoice) return null;
    // A replaced invoice's link shows the invoice that replaced it.
    if (invoice.replacedAt)
      [invoice] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, invoice.orderId), isNull(invoices.replacedAt)));
    if (!invoice) return null;
    [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.orderId, invoice.orderId), eq(orders.customerId, customerId)));
  } else {
    [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.orderId, ref.orderId!), eq(orders.customerId, customerId)));
    if (order)
      [invoice] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, order.orderId), isNull(invoices.replacedAt)));
  }
  if (!order) return null;
  const [placedBy] = await db
    .select({ name: contacts.contactName })
    .from(contacts)
    .where(eq(contacts.contactPersonId, order.contactPersonId));
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.orderId))
    .orderBy(asc(orderLines.lineId));
  const external = invoice
    ? await db
        .select()
        .from(invoiceLines)
        .where(eq(invoiceLines.invoiceId, invoice.invoiceId))
        .orderBy(asc(invoiceLines.lineId))
    : [];
  const showInvoice = ref.invoiceId !== undefined ? invoice : undefined;
  // The invoice lists each line's serials under it.
  const serials = showInvoice ? await serialsByItem(db, order.orderId) : new Map<string, string[]>();
  const serialsOf = (itemId: string | null, condition: string) =>
    itemId ? (serials.get(`${itemId}|${condition}`) ?? []) : [];
  const [billed] = showInvoice
    ? await db
        .select({ company: customers.company })
        .from(customers)
        .where(eq(customers.customerId, order.customerId))
    : [];
  const taxes = showInvoice
    ? await db
        .select()
        .from(invoiceTaxes)
        .where(eq(invoiceTaxes.invoiceId, showInvoice.invoiceId))
        .orderBy(asc(invoiceTaxes.position))
    : await db
        .select()
        .from(orderTaxes)
        .where(eq(orderTaxes.orderId, order.orderId))
        .orderBy(asc(orderTaxes.position));
  const balance = invoice
    ? Number(
        (
          (await db.execute(
            sql`select ${invoiceBalanceSql('i')} as balance from invoices i where i.invoice_id = ${invoice.invoiceId}`,
          )) as unknown as { rows: { balance: string | number }[] }
        ).rows[0]?.balance ?? 0,
      )
    : null;
  return {
    order: {
      order_id: order.orderId,
      zoho_order_id: order.orderNumber,
      order_number: order.orderNumber,
      invoice_id: invoice?.invoiceId ?? null,
      zoho_invoice_id: invoice?.invoiceNumber ?? null,
      invoice_number: invoice?.invoiceNumber ?? null,
      created_time: order.createdAt.toISOString(),
      created_at: order.createdAt.toISOString(),
      client_created_time: order.createdTime,
      /** The buyer of the company who placed it. */
      placed_by: placedBy?.name ?? '',
      status: order.status as OrderStatus,
      purchase_order_id: order.purchaseOrderId,
      quote_number: order.quoteId ? quoteNumberOf(order.quoteId) : null,
      shipping_method: order.shippingMethod,
      shipping_carrier: order.shippingCarrier,
      tracking_number: order.trackingNumber,
      invoice_note: invoice?.note ?? '',
      tax_rate: order.taxRateMilli / 1000,
      subtotal: toAmount(order.subtotalCents),
      items_tax: toAmount(order.itemsTaxCents),
      taxes: taxAnswers(taxes),
      shipping: toAmount(showInvoice ? showInvoice.shippingCents : 0),
      shipping_tax: toAmount(showInvoice ? showInvoice.shippingTaxCents : 0),
      total: toAmount(showInvoice ? showInvoice.totalCents : order.totalCents),
      line_items: lines.map((l) => ({
        item_id: l.itemId,
        item_name: l.itemName,
        quantity: l.quantity,
        sku: l.sku,
        item_rate: toAmount(l.itemRateCents),
        main_image: l.mainImage,
        item_condition: l.itemCondition as Condition,
        status: l.status as OrderStatus,
        ...(showInvoice ? { serials: serialsOf(l.itemId, l.itemCondition) } : {}),
      })),
      zoho_line_items: (showInvoice
        ? external.map((l) => ({
            item_id: l.itemId,
            zoho_item_name: l.itemName,
            sku: l.sku,
            item_condition: l.itemCondition as Condition | '',
            quantity: l.quantity,
            item_rate: toAmount(l.rateCents),
            kind: lineKind(l.kind),
            provincial_tax: l.provincialTax,
            serials: serialsOf(l.itemId, l.itemCondition),
          }))
        : lines.map((l) => ({
            item_id: l.itemId,
            zoho_item_name: l.itemName,
            sku: l.sku,
            item_condition: l.itemCondition as Condition,
            quantity: l.quantity,
            item_rate: toAmount(l.itemRateCents),
            kind: 'item' as const,
            provincial_tax: true,
          }))
      ).map((l) => ({ ...l, status: order.status as OrderStatus })),
      invoice_terms: invoice?.terms ?? null,
      invoice_due_on: invoice?.dueOn ?? null,
      invoice_paid: invoice && balance !== null ? toAmount(Number(invoice.totalCents) - balance) : null,
      invoice_balance: balance === null ? null : toAmount(balance),
      seller: showInvoice ? seller : null,
      bill_to: showInvoice ? { customer_id: order.customerId, company: billed?.company ?? '' } : null,
    },
    billingAddress: addressOf(order, 'billing'),
    shippingAddress: addressOf(order, 'shipping'),
  };
}
