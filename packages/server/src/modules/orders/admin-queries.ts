/** Reading orders for the back office: the list with its filters, one order with everything about it. */
import {
  type AdminInvoice,
  type AdminOrderDetail,
  type AdminOrderRow,
  actionsFor,
  canInvoice,
  type OrderEventInfo,
  type OrderStatus,
} from '@shop/domain/admin';
import { toAmount } from '@shop/domain/money';
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  contacts,
  customers,
  invoiceLines,
  invoices,
  invoiceTaxes,
  orderEvents,
  orderLines,
  orders,
  orderTaxes,
  payments,
} from '../../db/schema';
import { likePattern } from '../../lib/back-office-http';
import { auditOf } from '../audit';
import { addressOf, taxAnswers } from './queries';

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

/** Newest first; `q` finds an order number, a PO number, a customer id or a company. */
export async function listAdminOrders(
  db: Queryable,
  query: { status?: string; q?: string; customerId?: string; page: number; page_size: number },
): Promise<{ rows: AdminOrderRow[]; total: number }> {
  const where: SQL[] = [];
  if (query.status) where.push(eq(orders.status, query.status));
  if (query.customerId) where.push(eq(orders.customerId, query.customerId));
  if (query.q) {
    const q = query.q.trim();
    const like = likePattern(q);
    where.push(
      or(
        sql`${orders.orderNumber} ilike ${like}`,
        sql`${orders.purchaseOrderId} ilike ${like}`,
        sql`lower(${orders.customerId}) = ${q.toLowerCase()}`,
        sql`${customers.company} ilike ${like}`,
        ...(/^\d{1,9}$/.test(q) ? [eq(orders.orderId, Number(q))] : []),
      )!,
    );
  }
  const condition = where.length > 0 ? and(...where) : undefined;
  const current = and(eq(invoices.orderId, orders.orderId), sql`${invoices.replacedAt} is null`);
  const [rows, [counted]] = await Promise.all([
    db
      .select(rowColumns)
      .from(orders)
      .leftJoin(customers, eq(customers.customerId, orders.customerId))
      .leftJoin(invoices, current)
      .where(condition)
      .orderBy(desc(orders.createdAt), desc(orders.orderId))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .leftJoin(customers, eq(customers.customerId, orders.customerId))
      .where(condition),
  ]);
  return { rows: rows.map(presentRow), total: counted?.n ?? 0 };
}

export async function pendingOrderCount(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.status, 'Pending'));
  return row?.n ?? 0;
}

/** One order with its lines, addresses, invoices (current first), history and audit trail. */
export async function adminOrderDetail(db: Queryable, orderId: number): Promise<AdminOrderDetail | null> {
  const [order] = await db.select().from(orders).where(eq(orders.orderId, orderId));
  if (!order) return null;
  const [[customer], [placedBy], lines, invoiceRows, events, audit, placedTaxes] = await Promise.all([
    db.select().from(customers).where(eq(customers.customerId, order.customerId)),
    db.select().from(contacts).where(eq(contacts.contactPersonId, order.contactPersonId)),
    db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.lineId)),
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
  const current = invoiceRows.find((i) => i.replacedAt === null) ?? null;
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
    }),
    placed_by: {
      contact_person_id: order.contactPersonId,
      name: placedBy ? `${placedBy.firstName} ${placedBy.lastName}`.trim() || placedBy.contactName : '',
      email: placedBy?.email ?? '',
    },
    shipping_method: order.shippingMethod,
    tax_rate: order.taxRateMilli / 1000,
    subtotal: toAmount(Number(order.subtotalCents)),
    items_tax: toAmount(Number(order.itemsTaxCents)),
    taxes: taxAnswers(placedTaxes),
    carrier: order.shippingCarrier,
    tracking_number: order.trackingNumber,
    lines: lines.map((l) => ({
      item_id: l.itemId,
      item_name: l.itemName,
      sku: l.sku,
      item_condition: l.itemCondition,
      quantity: l.quantity,
      item_rate: toAmount(Number(l.itemRateCents)),
      main_image: l.mainImage,
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
