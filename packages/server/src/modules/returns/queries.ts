/** Reading returns: one with its lines and photos, the company's and the back office's lists, the report. */
import type { ReturnDetail, ReturnSummary } from '@shop/domain/after-sale/return-answers';
import { RETURN_REASONS, returnDeadline } from '@shop/domain/after-sale/rules';
import { and, asc, desc, eq, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  afterSalePhotos,
  creditNotes,
  customers,
  orderLines,
  orders,
  returnLines,
  returns,
  units,
} from '../../db/schema';
import { deliveredOn } from './service';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const summaryColumns = {
  returnId: returns.returnId,
  rmaNumber: returns.rmaNumber,
  orderId: returns.orderId,
  orderNumber: orders.orderNumber,
  customerId: returns.customerId,
  company: customers.company,
  reason: returns.reason,
  state: returns.state,
  resolution: returns.resolution,
  units: sql<number>`(select coalesce(sum(rl.quantity), 0)::int from return_lines rl where rl.return_id = returns.return_id)`,
  createdAt: returns.createdAt,
  updatedAt: returns.updatedAt,
};

type SummaryRow = {
  returnId: number;
  rmaNumber: string;
  orderId: number;
  orderNumber: string;
  customerId: string;
  company: string;
  reason: string;
  state: string;
  resolution: string | null;
  units: number;
  createdAt: Date;
  updatedAt: Date;
};

function summary(r: SummaryRow): ReturnSummary {
  return {
    return_id: r.returnId,
    rma_number: r.rmaNumber,
    order_id: r.orderId,
    order_number: r.orderNumber,
    customer_id: r.customerId,
    company: r.company,
    reason: r.reason,
    state: r.state,
    resolution: r.resolution,
    units: Number(r.units),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

function listQuery(db: Queryable, where: SQL | undefined) {
  return db
    .select(summaryColumns)
    .from(returns)
    .innerJoin(orders, eq(orders.orderId, returns.orderId))
    .innerJoin(customers, eq(customers.customerId, returns.customerId))
    .where(where);
}

/** A company's returns, newest first (of one order when given). */
export async function companyReturns(
  db: Queryable,
  customerId: string,
  orderId?: number,
): Promise<ReturnSummary[]> {
  const rows = await listQuery(
    db,
    and(eq(returns.customerId, customerId), orderId ? eq(returns.orderId, orderId) : undefined),
  )
    .orderBy(desc(returns.createdAt), desc(returns.returnId))
    .limit(500);
  return rows.map(summary);
}

export const ADMIN_PAGE_SIZE = 50;

/** The back office's queue: by state, reason, customer (id or company), age; oldest waiting first. */
export async function adminReturns(
  db: Queryable,
  filters: { state?: string; reason?: string; customer?: string; older_than?: number; page: number },
): Promise<{ rows: ReturnSummary[]; total: number }> {
  const customer = filters.customer?.trim();
  const where = and(
    filters.state ? eq(returns.state, filters.state) : undefined,
    filters.reason ? eq(returns.reason, filters.reason) : undefined,
    customer
      ? or(
          eq(returns.customerId, customer.toUpperCase()),
          ilike(customers.company, `%${customer.replace(/[%_\\]/g, '\\$&')}%`),
        )
      : undefined,
    filters.older_than !== undefined
      ? lte(returns.createdAt, new Date(Date.now() - filters.older_than * 86_400_000))
      : undefined,
  );
  const rows = await listQuery(db, where)
    .orderBy(asc(returns.createdAt), asc(returns.returnId))
    .limit(ADMIN_PAGE_SIZE)
    .offset((filters.page - 1) * ADMIN_PAGE_SIZE);
  // The company's name is needed only to find a customer by it.
  const counting = db.select({ n: sql<number>`count(*)::int` }).from(returns);
  const [count] = await (customer
    ? counting.innerJoin(customers, eq(customers.customerId, returns.customerId)).where(where)
    : counting.where(where));
  return { rows: rows.map(summary), total: Number(count?.n ?? 0) };
}

/** Returns waiting for the seller: requested (to authorise) or authorised and not all received. */
export async function waitingReturns(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(returns)
    .where(inArray(returns.state, ['requested', 'received']));
  return Number(row?.n ?? 0);
}

/** One return with its lines and photos; of this company only when `customerId` is given. */
export async function returnDetail(
  db: Queryable,
  returnId: number,
  customerId?: string,
): Promise<ReturnDetail | null> {
  const [row] = await db
    .select({
      ...summaryColumns,
      r: returns,
      creditNoteNumber: creditNotes.creditNoteNumber,
    })
    .from(returns)
    .innerJoin(orders, eq(orders.orderId, returns.orderId))
    .innerJoin(customers, eq(customers.customerId, returns.customerId))
    .leftJoin(creditNotes, eq(creditNotes.creditNoteId, returns.creditNoteId))
    .where(and(eq(returns.returnId, returnId), customerId ? eq(returns.customerId, customerId) : undefined));
  if (!row) return null;
  const r = row.r;
  const lines = await db
    .select({
      l: returnLines,
      itemId: orderLines.itemId,
      itemName: orderLines.itemName,
      sku: orderLines.sku,
      condition: orderLines.itemCondition,
      serial: units.serial,
    })
    .from(returnLines)
    .innerJoin(orderLines, eq(orderLines.lineId, returnLines.lineId))
    .leftJoin(units, eq(units.unitId, returnLines.unitId))
    .where(eq(returnLines.returnId, returnId))
    .orderBy(asc(returnLines.lineId), asc(returnLines.returnLineId));
  const photos = await db
    .select({ photoId: afterSalePhotos.photoId, contentType: afterSalePhotos.contentType })
    .from(afterSalePhotos)
    .where(eq(afterSalePhotos.returnId, returnId))
    .orderBy(asc(afterSalePhotos.photoId));
  let replacementNumber: string | null = null;
  if (r.replacementOrderId) {
    const [o] = await db
      .select({ n: orders.orderNumber })
      .from(orders)
      .where(eq(orders.orderId, r.replacementOrderId));
    replacementNumber = o?.n ?? null;
  }
  return {
    ...summary(row),
    notes: r.notes,
    decline_reason: r.declineReason,
    instructions: r.instructions,
    shipping_paid_by: r.shippingPaidBy,
    resolution_note: r.resolutionNote,
    credit_note_id: r.creditNoteId,
    credit_note_number: row.creditNoteNumber ?? null,
    replacement_order_id: r.replacementOrderId,
    replacement_order_number: replacementNumber,
    claim_id: r.claimId,
    authorised_at: iso(r.authorisedAt),
    declined_at: iso(r.declinedAt),
    received_at: iso(r.receivedAt),
    resolved_at: iso(r.resolvedAt),
    lines: lines.map((x) => ({
      return_line_id: x.l.returnLineId,
      line_id: x.l.lineId,
      item_id: x.itemId,
      item_name: x.itemName,
      sku: x.sku,
      condition: x.condition,
      quantity: x.l.quantity,
      serial: x.serial ?? null,
      received_at: iso(x.l.receivedAt),
      inspection_note: x.l.inspectionNote,
      disposition: x.l.disposition,
    })),
    photos: photos.map((p) => ({ photo_id: p.photoId, content_type: p.contentType })),
  };
}

/** A photo of a return; of this company only when `customerId` is given. */
export async function returnPhoto(
  db: Queryable,
  returnId: number,
  photoId: number,
  customerId?: string,
): Promise<{ contentType: string; bytes: Buffer } | null> {
  const [row] = await db
    .select({ contentType: afterSalePhotos.contentType, bytes: afterSalePhotos.bytes })
    .from(afterSalePhotos)
    .innerJoin(returns, eq(returns.returnId, afterSalePhotos.returnId))
    .where(
      and(
        eq(afterSalePhotos.photoId, photoId),
        eq(afterSalePhotos.returnId, returnId),
        customerId ? eq(returns.customerId, customerId) : undefined,
      ),
    );
  return row ? { contentType: row.contentType, bytes: Buffer.from(row.bytes as Uint8Array) } : null;
}

/** What of an order can still be returned: each line's delivered and left quantities and its units. */
export async function returnable(db: Queryable, customerId: string, orderId: number, timeZone: string) {
  const [order] = await db
    .select({ orderId: orders.orderId, orderNumber: orders.orderNumber, status: orders.status })
    .from(orders)
    .where(and(eq(orders.orderId, orderId), eq(orders.customerId, customerId)));
  if (!order) return null;
  const delivered = order.status === 'Delivered' ? await deliveredOn(db, orderId, timeZone) : null;
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.lineId));
  const taken = await db
    .select({ lineId: returnLines.lineId, n: sql<number>`sum(${returnLines.quantity})::int` })
    .from(returnLines)
    .innerJoin(returns, eq(returns.returnId, returnLines.returnId))
    .where(and(eq(returns.orderId, orderId), eq(returnLines.active, true)))
    .groupBy(returnLines.lineId);
  const takenOf = new Map(taken.map((t) => [t.lineId, Number(t.n)]));
  const lineUnits = await db
    .select({
      unitId: units.unitId,
      lineId: units.lineId,
      serial: units.serial,
      returnedAt: units.returnedAt,
      busy: sql<boolean>`exists (select 1 from return_lines rl where rl.unit_id = units.unit_id and rl.active)`,
    })
    .from(units)
    .where(eq(units.orderId, orderId))
    .orderBy(asc(units.unitId));
  const deadlines: Record<string, string | null> = {};
  for (const reason of RETURN_REASONS)
    deadlines[reason] = delivered ? returnDeadline(delivered, reason) : null;
  return {
    order_id: order.orderId,
    order_number: order.orderNumber,
    delivered_on: delivered,
    deadlines,
    lines: lines
      .filter((l) => l.itemCondition !== 'Warranty')
      .map((l) => ({
        line_id: l.lineId,
        item_id: l.itemId,
        item_name: l.itemName,
        sku: l.sku,
        condition: l.itemCondition,
        delivered: l.quantity,
        left: Math.max(0, l.quantity - (takenOf.get(l.lineId) ?? 0)),
        units: lineUnits
          .filter((u) => u.lineId === l.lineId)
          .map((u) => ({ unit_id: u.unitId, serial: u.serial, available: !u.returnedAt && !u.busy })),
      })),
  };
}

/** Units returned by product, condition and reason, among returns opened between two days (inclusive). */
export async function returnsReport(db: Queryable, from: string, to: string, timeZone: string) {
  const rows = await db.execute(sql`
    select ol.item_id, ol.item_name, ol.sku, ol.item_condition as condition, r.reason,
      count(distinct r.return_id)::int as returns, sum(rl.quantity)::int as units,
      coalesce(sum(rl.quantity) filter (where rl.received_at is not null), 0)::int as received
    from returns r
    join return_lines rl on rl.return_id = r.return_id and rl.active
    join order_lines ol on ol.line_id = rl.line_id
    where (r.created_at at time zone ${timeZone})::date between ${from}::date and ${to}::date
    group by ol.item_id, ol.item_name, ol.sku, ol.item_condition, r.reason
    order by units desc, ol.item_name, r.reason`);
  return (rows as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    item_id: String(r.item_id),
    item_name: String(r.item_name),
    sku: String(r.sku),
    condition: String(r.condition),
    reason: String(r.reason),
    returns: Number(r.returns),
    units: Number(r.units),
    received: Number(r.received),
  }));
}

/**
 * Whether a company has a return with this RMA number, as a buyer types it (RMA-000123, rma-123 or 123).
 */
export async function companyHasRma(db: Queryable, customerId: string, typed: string): Promise<boolean> {
  const digits = /^(?:RMA-?)?0*(\d{1,9})$/i.exec(typed.trim());
  if (!digits) return false;
  const [row] = await db
    .select({ id: returns.returnId })
    .from(returns)
    .where(and(eq(returns.customerId, customerId), eq(returns.returnId, Number(digits[1]))));
  return row !== undefined;
}
