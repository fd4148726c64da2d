/** Reading orders for the back office: the list with its filters, one order with everything about it. */

import { approvalNumber } from '@shop/domain/approvals/schemas';
import {
  type AdminInvoice,
  type AdminOrderDetail,
  type AdminOrderRow,
  actionsFor,
  canInvoice,
  ORDER_COUNT_CAP,
  type OrderEventInfo,
  type OrderListQuery,
  type OrderStatus,
} from '@shop/domain/back-office/schemas';
import { toAmount } from '@shop/domain/core/money';
import { quoteNumberOf } from '@shop/domain/quotes/schemas';
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  contacts,
  customers,
  invoiceLines,
  invoices,
  invoiceTaxes,
  orderApprovals,
  orderEvents,
  orderLines,
  orders,
  orderTaxes,
  payments,
  products,
} from '../../db/schema';
import { dayEnds, dayStarts } from '../../db/sql';
import { likePattern } from '../../lib/back-office-http';
import { auditOf } from '../audit';
import { orderNumberOf, poMatches } from './list-filters';
import { addressOf, taxAnswers } from './queries';
import { serialsByItem, serialsByLine } from './serials';

const rowColumns = {
  order_id: orders.orderId,
  order_number: orders.orderNumber,
  created_at: orders.createdAt,
  status: orders.status,
  customer_id: orders.customerId,
  company: customers.company,
  purchase_order_id: orders.purchaseOrderId,
  total: orders.totalCents,
  invoice_number: invoices.invoiceNumber,
  buyer: sql<string>`coalesce(nullif(trim(${contacts.firstName} || ' ' || ${contacts.lastName}), ''), nullif(trim(${contacts.contactName}), ''), ${orders.contactPersonId})`,
  province: orders.shippingProvince,
};

type RawRow = {
  order_id: number;
  order_number: string;
  created_at: Date;
  status: string;
  customer_id: string;
  company: string | null;
  purchase_order_id: string;
  total: number;
  invoice_number: string | null;
  buyer: string;
  province: string;
};

function presentRow(r: RawRow): AdminOrderRow {
  return {
    ...r,
    status: r.status as OrderStatus,
    company: r.company ?? '',
    created_at: r.created_at.toISOString(),
    total: toAmount(Number(r.total)),
  };
}

/** A filter matching at most this many orders gives their ids (list-filters: the SKU). */
const FEW_ORDERS = 5000;

/** A list matching at most this many orders sorts their ids itself (listAdminOrders). */
const FEW_TO_SORT = 2000;

/** More companies than this matching a search are kept as a subquery rather than a list of ids. */
const MANY_CUSTOMERS = 1000;

/**
 * The orders of the customers whose id is `id` (any case) or, with `company`, whose company holds it: the
 * ids are looked up first (few rows), so the orders are an index scan; null when none match.
 */
async function ofCustomersLike(db: Queryable, id: string, company: boolean): Promise<SQL | null> {
  const match = or(
    sql`lower(${customers.customerId}) = ${id.toLowerCase()}`,
    ...(company ? [sql`${customers.company} ilike ${likePattern(id)}`] : []),
  );
  const rows = await db
    .select({ id: customers.customerId })
    .from(customers)
    .where(match)
    .limit(MANY_CUSTOMERS + 1);
  if (rows.length === 0) return null;
  if (rows.length > MANY_CUSTOMERS)
    return sql`${orders.customerId} in (select ${customers.customerId} from ${customers} where ${match})`;
  return inArray(
    orders.customerId,
    rows.map((r) => r.id),
  );
}

/**
 * The conditions of the list's search and filters (docs/decisions/017-order-lists-at-volume.md). Customers
 * and buyers named by id, company or e-mail are looked up first (a few thousand rows at most), so each
 * condition on orders is one an index answers and an OR of them is a union of index scans.
 */
async function orderListConditions(
  db: Queryable,
  timeZone: string,
  query: Omit<OrderListQuery, 'page' | 'page_size'>,
): Promise<SQL | undefined> {
  const where: SQL[] = [];
  const none = sql`false`;
  if (query.status) where.push(eq(orders.status, query.status));
  if (query.from) where.push(sql`${orders.createdAt} >= ${dayStarts(query.from, timeZone)}`);
  if (query.to) where.push(sql`${orders.createdAt} < ${dayEnds(query.to, timeZone)}`);
  if (query.customer) {
    where.push((await ofCustomersLike(db, query.customer, false)) ?? none);
  }
  if (query.buyer) {
    // A contact id in any case, or an e-mail: the buyer's ids first (an index each), then their orders.
    const buyer = query.buyer.toLowerCase();
    const people = await db
      .select({ id: contacts.contactPersonId })
      .from(contacts)
      .where(
        buyer.includes('@')
          ? sql`lower(${contacts.email}) = ${buyer}`
          : sql`lower(${contacts.contactPersonId}) = ${buyer}`,
      );
    where.push(
      people.length > 0
        ? inArray(
            orders.contactPersonId,
            people.map((p) => p.id),
          )
        : none,
    );
  }
  if (query.province) where.push(eq(orders.shippingProvince, query.province));
  if (query.sku) {
    // The SKU as typed, in capitals, and as the catalog spells it: each is an index lookup of the lines.
    const spelled = await db
      .select({ sku: products.sku })
      .from(products)
      .where(sql`upper(${products.sku}) = ${query.sku.toUpperCase()}`);
    const spellings = [...new Set([query.sku, query.sku.toUpperCase(), ...spelled.map((p) => p.sku)])];
    // A SKU on few orders: those orders by their ids. On many: each order, newest first, looked up.
    const few = await db
      .selectDistinct({ id: orderLines.orderId })
      .from(orderLines)
      .where(inArray(orderLines.sku, spellings))
      .limit(FEW_ORDERS + 1);
    where.push(
      few.length === 0
        ? none
        : few.length <= FEW_ORDERS
          ? sql`${orders.orderId} = any(${`{${few.map((r) => r.id).join(',')}}`}::int[])`
          : sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.orderId} and ${inArray(orderLines.sku, spellings)})`,
    );
  }
  if (query.total_min !== undefined) where.push(sql`${orders.totalCents} >= ${query.total_min}`);
  if (query.total_max !== undefined) where.push(sql`${orders.totalCents} <= ${query.total_max}`);
  if (query.po) where.push(poMatches(query.po));
  if (query.q) {
    const q = query.q.trim();
    const number = orderNumberOf(q);
    const ofCustomers = await ofCustomersLike(db, q, true);
    where.push(
      or(
        ...(number ? [eq(orders.orderNumber, number)] : []),
        poMatches(q),
        ...(ofCustomers ? [ofCustomers] : []),
      )!,
    );
  }
  return where.length > 0 ? and(...where) : undefined;
}

/**
 * Newest first, a page at a time, with the filters of `orderListConditions`. The count stops at
 * ORDER_COUNT_CAP (`capped`): counting every order of a large shop costs more than the page itself.
 */
export async function listAdminOrders(
  db: Queryable,
  timeZone: string,
  query: OrderListQuery,
): Promise<{ rows: AdminOrderRow[]; total: number; capped: boolean }> {
  // Each list is planned for its own values: a plan kept for one filter's values can read the whole table
  // for another's (docs/decisions/017-order-lists-at-volume.md).
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
    const condition = await orderListConditions(tx, timeZone, query);
    const [counted] = await tx.select({ n: sql<number>`count(*)::int` }).from(
      tx
        .select({ one: sql`1` })
        .from(orders)
        .where(condition)
        .limit(ORDER_COUNT_CAP + 1)
        .as('matching'),
    );
    const n = counted?.n ?? 0;
    const offset = (query.page - 1) * query.page_size;
    // Few matches: their ids, sorted here, then the page's rows by id. Newest first through the index would
    // walk past every order placed since the matches (a company's, a PO's) to find them.
    const few =
      n <= FEW_TO_SORT
        ? (
            await tx
              .select({
                id: orders.orderId,
                // Microseconds, as the database orders them (a Date keeps only milliseconds).
                at: sql<string>`(extract(epoch from ${orders.createdAt}) * 1000000)::bigint::text`,
              })
              .from(orders)
              .where(condition)
          )
            .map((r) => ({ id: r.id, at: BigInt(r.at) }))
            .sort((a, b) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1))
            .slice(offset, offset + query.page_size)
            .map((r) => r.id)
        : null;
    const current = and(eq(invoices.orderId, orders.orderId), sql`${invoices.replacedAt} is null`);
    const rows =
      few?.length === 0
        ? []
        : await tx
            .select(rowColumns)
            .from(orders)
            .leftJoin(customers, eq(customers.customerId, orders.customerId))
            .leftJoin(contacts, eq(contacts.contactPersonId, orders.contactPersonId))
            .leftJoin(invoices, current)
            .where(few ? sql`${orders.orderId} = any(${`{${few.join(',')}}`}::int[])` : condition)
            .orderBy(desc(orders.createdAt), desc(orders.orderId))
            .limit(query.page_size)
            .offset(few ? 0 : offset);
    return { rows: rows.map(presentRow), total: Math.min(n, ORDER_COUNT_CAP), capped: n > ORDER_COUNT_CAP };
  });
}

/** Every order matching the filters, newest first, at most `limit` (the bulk CSV export). */
export async function exportAdminOrders(
  db: Queryable,
  timeZone: string,
  filter: { ids?: number[]; query?: Omit<OrderListQuery, 'page' | 'page_size'> },
  limit: number,
) {
  const condition = filter.ids
    ? inArray(orders.orderId, filter.ids)
    : await orderListConditions(db, timeZone, filter.query ?? {});
  const current = and(eq(invoices.orderId, orders.orderId), sql`${invoices.replacedAt} is null`);
  const rows = await db
    .select({
      ...rowColumns,
      subtotal: orders.subtotalCents,
      tax: orders.itemsTaxCents,
      invoice_total: invoices.totalCents,
      carrier: orders.shippingCarrier,
      tracking_number: orders.trackingNumber,
      city: orders.shippingCity,
      units: sql<number>`(select coalesce(sum(${orderLines.quantity}), 0)::int from ${orderLines} where ${orderLines.orderId} = ${orders.orderId})`,
    })
    .from(orders)
    .leftJoin(customers, eq(customers.customerId, orders.customerId))
    .leftJoin(contacts, eq(contacts.contactPersonId, orders.contactPersonId))
    .leftJoin(invoices, current)
    .where(condition)
    .orderBy(desc(orders.createdAt), desc(orders.orderId))
    .limit(limit);
  return rows;
}

export async function pendingOrderCount(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.status, 'Pending'));
  return row?.n ?? 0;
}

/** The approval an order was placed from, as the back office names it. */
async function approvalOfOrder(db: Queryable, approvalId: number | null) {
  if (approvalId === null) return null;
  const [row] = await db
    .select({ by: orderApprovals.decidedBy })
    .from(orderApprovals)
    .where(eq(orderApprovals.approvalId, approvalId));
  return { number: approvalNumber(approvalId), approved_by: row?.by ?? '' };
}

/** One order with its lines, addresses, invoices (current first), history and audit trail. */
export async function adminOrderDetail(db: Queryable, orderId: number): Promise<AdminOrderDetail | null> {
  const [order] = await db.select().from(orders).where(eq(orders.orderId, orderId));
  if (!order) return null;
  const [[customer], [placedBy], lines, invoiceRows, events, audit, placedTaxes] = await Promise.all([
    db.select().from(customers).where(eq(customers.customerId, order.customerId)),
    db.select().from(contacts).where(eq(contacts.contactPersonId, order.contactPersonId)),
    db
      .select({ line: orderLines, serialized: sql<boolean>`coalesce(${products.serialized}, false)` })
      .from(orderLines)
      .leftJoin(products, eq(products.itemId, orderLines.itemId))
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.lineId)),
    db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(desc(invoices.invoiceId)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.eventId)),
    auditOf(db, 'order', String(orderId)),
    db.select().from(orderTaxes).where(eq(orderTaxes.orderId, orderId)).orderBy(asc(orderTaxes.position)),
  ]);
  const ids = invoiceRows.map((i) => i.invoiceId);
  const [invoiceTaxRows, paidRows] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select()
            .from(invoiceTaxes)
            .where(inArray(invoiceTaxes.invoiceId, ids))
            .orderBy(asc(invoiceTaxes.position)),
          db
            .select({ invoiceId: payments.invoiceId, paid: sql<string>`sum(${payments.amountCents})` })
            .from(payments)
            .where(and(inArray(payments.invoiceId, ids), isNull(payments.reversedAt)))
            .groupBy(payments.invoiceId),
        ]);
  const paidOf = (invoiceId: number) => Number(paidRows.find((p) => p.invoiceId === invoiceId)?.paid ?? 0);
  const invoiceLineRows =
    invoiceRows.length === 0
      ? []
      : await db
          .select()
          .from(invoiceLines)
          .where(
            inArray(
              invoiceLines.invoiceId,
              invoiceRows.map((i) => i.invoiceId),
            ),
          )
          .orderBy(asc(invoiceLines.lineId));
  const [byLine, byItem] = await Promise.all([serialsByLine(db, orderId), serialsByItem(db, orderId)]);
  const current = invoiceRows.find((i) => i.replacedAt === null) ?? null;
  const placedByName = placedBy
    ? `${placedBy.firstName} ${placedBy.lastName}`.trim() || placedBy.contactName.trim()
    : '';
  const presentInvoice = (i: (typeof invoiceRows)[number]): AdminInvoice => ({
    invoice_id: i.invoiceId,
    invoice_number: i.invoiceNumber,
    created_at: i.createdAt.toISOString(),
    shipping: toAmount(Number(i.shippingCents)),
    shipping_tax: toAmount(Number(i.shippingTaxCents)),
    total: toAmount(Number(i.totalCents)),
    note: i.note,
    replaced_at: i.replacedAt?.toISOString() ?? null,
    replaced_by: i.replacedBy,
    taxes: taxAnswers(invoiceTaxRows.filter((t) => t.invoiceId === i.invoiceId)),
    terms: i.terms,
    due_on: i.dueOn,
    paid: toAmount(paidOf(i.invoiceId)),
    balance: toAmount(Number(i.totalCents) - paidOf(i.invoiceId)),
    lines: invoiceLineRows
      .filter((l) => l.invoiceId === i.invoiceId)
      .map((l) => ({
        item_id: l.itemId,
        item_name: l.itemName,
        sku: l.sku,
        item_condition: l.itemCondition,
        quantity: l.quantity,
        rate: toAmount(Number(l.rateCents)),
        kind: l.kind,
        provincial_tax: l.provincialTax,
        serials: l.itemId ? (byItem.get(`${l.itemId}|${l.itemCondition}`) ?? []) : [],
      })),
  });
  const buyerIds = [...new Set(events.map((e) => e.actor).filter((a) => a !== 'cli' && !a.includes('@')))];
  const buyers =
    buyerIds.length === 0
      ? []
      : await db
          .select({
            id: contacts.contactPersonId,
            firstName: contacts.firstName,
            lastName: contacts.lastName,
            contactName: contacts.contactName,
          })
          .from(contacts)
          .where(inArray(contacts.contactPersonId, buyerIds));
  /** Staff by e-mail, the seller's command by name, a buyer by their name (their id when the name is unknown). */
  const actorName = (actor: string) => {
    if (actor === 'cli') return 'seller command';
    const buyer = buyers.find((b) => b.id === actor);
    return (buyer && (`${buyer.firstName} ${buyer.lastName}`.trim() || buyer.contactName.trim())) || actor;
  };
  const history: OrderEventInfo[] = events.map((e) => ({
    kind: e.kind as OrderEventInfo['kind'],
    actor: e.actor,
    actor_name: actorName(e.actor),
    carrier: e.carrier,
    tracking_number: e.trackingNumber,
    reason: e.reason,
    invoice_id: e.invoiceId,
    at: e.createdAt.toISOString(),
  }));
  return {
    ...presentRow({
      order_id: order.orderId,
      order_number: order.orderNumber,
      created_at: order.createdAt,
      status: order.status,
      customer_id: order.customerId,
      company: customer?.company ?? '',
      purchase_order_id: order.purchaseOrderId,
      total: order.totalCents,
      invoice_number: current?.invoiceNumber ?? null,
      buyer: placedByName || order.contactPersonId,
      province: order.shippingProvince,
    }),
    placed_by: {
      contact_person_id: order.contactPersonId,
      name: placedByName,
      email: placedBy?.email ?? '',
    },
    approval: await approvalOfOrder(db, order.approvalId),
    shipping_method: order.shippingMethod,
    quote_number: order.quoteId ? quoteNumberOf(order.quoteId) : null,
    tax_rate: order.taxRateMilli / 1000,
    subtotal: toAmount(Number(order.subtotalCents)),
    items_tax: toAmount(Number(order.itemsTaxCents)),
    taxes: taxAnswers(placedTaxes),
    carrier: order.shippingCarrier,
    tracking_number: order.trackingNumber,
    lines: lines.map(({ line: l, serialized }) => ({
      item_id: l.itemId,
      item_name: l.itemName,
      sku: l.sku,
      item_condition: l.itemCondition,
      quantity: l.quantity,
      item_rate: toAmount(Number(l.itemRateCents)),
      main_image: l.mainImage,
      line_id: l.lineId,
      serialized: Boolean(serialized),
      serials: byLine.get(l.lineId) ?? [],
    })),
    shipping_address: addressOf(order, 'shipping'),
    billing_address: addressOf(order, 'billing'),
    invoices: [...(current ? [current] : []), ...invoiceRows.filter((i) => i !== current)].map(
      presentInvoice,
    ),
    history,
    audit,
    actions: actionsFor(order.status),
    can_invoice: canInvoice(order.status) && current === null,
  };
}
