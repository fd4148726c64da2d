/**
 * The orders list's bulk actions: confirm, ship (one carrier, each order's tracking number) or invoice (one
 * shipping rule) many orders. Each order is its own transaction, done or refused on its own, so one order
 * that cannot move (already shipped, canceled meanwhile) never holds back the others; the answer says what
 * happened to each.
 */
import type { BulkOrderResult, bulkOrderActionSchema, OrderStatus } from '@shop/domain/back-office/schemas';
import { formatMoney } from '@shop/domain/core/money';
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { orderLines, orders } from '../../db/schema';
import type { Actor } from '../../lib/back-office';
import { HttpError } from '../../lib/http';
import { changeOrderStatus } from './admin-service';

type BulkInput = z.output<typeof bulkOrderActionSchema>;

/**
 * Makes an order's invoice (the invoices module's createInvoice). The invoices module reads and mails
 * orders through this one, so the composition root (app.ts) hands it over rather than this module
 * importing it.
 */
export type CreateInvoice = (
  db: Db,
  timeZone: string,
  ref: string,
  shippingCents: number,
  extras: [],
  options: { actor: Actor; fees: 'table' },
) => Promise<{ orderNumber: string; invoiceNumber: string; mailIds: number[] }>;

/** The units of each order: the per-unit part of the shipping rule. */
async function unitsOf(db: Db, ids: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ orderId: orderLines.orderId, units: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .where(inArray(orderLines.orderId, ids))
    .groupBy(orderLines.orderId);
  return new Map(rows.map((r) => [r.orderId, Number(r.units)]));
}

/** The order's number and status as they are now, for a refusal's line. */
async function stateOf(db: Db, orderId: number) {
  const [row] = await db
    .select({ number: orders.orderNumber, status: orders.status })
    .from(orders)
    .where(eq(orders.orderId, orderId));
  return row ?? null;
}

export async function bulkOrderAction(
  db: Db,
  timeZone: string,
  input: BulkInput,
  actor: Actor,
  createInvoice: CreateInvoice,
): Promise<{ results: BulkOrderResult[]; mailIds: number[] }> {
  const ids = input.orders.map((o) => o.order_id);
  const units = input.action === 'invoice' ? await unitsOf(db, ids) : new Map<number, number>();
  const results: BulkOrderResult[] = [];
  const mailIds: number[] = [];
  for (const { order_id: orderId, tracking_number: trackingNumber, serials } of input.orders) {
    try {
      if (input.action === 'invoice') {
        const shipping = input.shipping_per_order + input.shipping_per_unit * (units.get(orderId) ?? 0);
        const made = await createInvoice(db, timeZone, String(orderId), shipping, [], {
          actor,
          fees: 'table',
        });
        mailIds.push(...made.mailIds);
        results.push({
          order_id: orderId,
          order_number: made.orderNumber,
          ok: true,
          status: ((await stateOf(db, orderId))?.status ?? null) as OrderStatus | null,
          message: `Invoice ${made.invoiceNumber} made, shipping ${formatMoney(shipping)}.`,
        });
        continue;
      }
      const done = await changeOrderStatus(db, timeZone, String(orderId), input.action, {
        actor,
        ...(input.action === 'ship' ? { carrier: input.carrier, trackingNumber, serials } : {}),
      });
      mailIds.push(...done.mailIds);
      results.push({
        order_id: orderId,
        order_number: done.orderNumber,
        ok: true,
        status: done.status as OrderStatus,
        message:
          input.action === 'ship'
            ? `Shipped with ${input.carrier}${trackingNumber ? `, tracking ${trackingNumber}` : ', no tracking number'}.`
            : 'Confirmed.',
      });
    } catch (error) {
      // A refusal of this order (its state, its amounts) is its line of the answer; anything else (the
      // database gone) stops the whole action and reaches the error handler.
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
      const state = await stateOf(db, orderId);
      results.push({
        order_id: orderId,
        order_number: state?.number ?? null,
        ok: false,
        status: (state?.status ?? null) as OrderStatus | null,
        message: state ? error.message : `There is no order with id ${orderId}.`,
      });
    }
  }
  return { results, mailIds };
}
