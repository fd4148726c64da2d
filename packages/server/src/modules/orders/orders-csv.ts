/** The orders list as a CSV file: a row an order, its status in words, amounts in dollars, days in the shop's time zone. */
import { orderStatusName } from '@shop/domain/back-office/rules';
import { dayIn } from '@shop/domain/core/days';
import { toAmount } from '@shop/domain/core/money';
import { stringify } from 'csv-stringify/sync';
import { safeText } from '../../lib/csv-cell';
import type { exportAdminOrders } from './admin-queries';

type ExportRow = Awaited<ReturnType<typeof exportAdminOrders>>[number];

const HEADER = [
  'Order',
  'Placed',
  'Status',
  'Customer ID',
  'Company',
  'Buyer',
  'PO number',
  'Province',
  'City',
  'Units',
  'Subtotal',
  'Tax',
  'Total',
  'Invoice',
  'Invoice total',
  'Carrier',
  'Tracking number',
];

export function ordersCsv(rows: readonly ExportRow[], timeZone: string): string {
  return stringify([
    HEADER,
    ...rows.map((r) => [
      r.order_number,
      dayIn(r.created_at, timeZone),
      orderStatusName(r.status),
      r.customer_id,
      safeText(r.company ?? ''),
      safeText(r.buyer),
      safeText(r.purchase_order_id),
      r.province,
      safeText(r.city),
      r.units,
      toAmount(Number(r.subtotal)).toFixed(2),
      toAmount(Number(r.tax)).toFixed(2),
      toAmount(Number(r.total)).toFixed(2),
      r.invoice_number ?? '',
      r.invoice_total === null ? '' : toAmount(Number(r.invoice_total)).toFixed(2),
      r.carrier,
      safeText(r.tracking_number),
    ]),
  ]);
}
