/** Reading a customer's orders. */
import { toAmount } from '@shop/domain/money';
import { desc, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { invoices, orders } from '../db/schema';

/** The orders list of the account area, newest first. */
export async function listOrders(db: Queryable, customerId: string) {
  const rows = await db
    .select({
      order_id: orders.orderId,
      order_number: orders.orderNumber,
      created_time: orders.createdTime,
      created_at: orders.createdAt,
      total: orders.totalCents,
      status: orders.status,
      purchase_order_id: orders.purchaseOrderId,
      invoice_id: invoices.invoiceId,
      invoice_number: invoices.invoiceNumber,
      invoice_total: invoices.totalCents,
    })
    .from(orders)
    .leftJoin(invoices, eq(invoices.orderId, orders.orderId))
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.orderId))
    .limit(500);
  return rows.map((r) => ({
    ...r,
    created_at: r.created_at.toISOString(),
    total: toAmount(r.total),
    invoice_total: r.invoice_total === null ? null : toAmount(r.invoice_total),
  }));
}
