/** The Devices section as a CSV file: a row a unit, its condition in the request's language, days as YYYY-MM-DD. */
import { DEVICES_CSV_COLUMNS, type DeviceRow } from '@shop/domain/after-sale/device-schemas';
import { stringify } from 'csv-stringify/sync';
import { safeText } from '../../lib/csv-cell';

export function devicesCsv(rows: readonly DeviceRow[]): string {
  return stringify([
    [...DEVICES_CSV_COLUMNS],
    ...rows.map((r) => [
      safeText(r.serial),
      safeText(r.item_name),
      safeText(r.sku),
      r.condition_name,
      r.order_number,
      r.invoice_number ?? '',
      r.shipped_on,
      r.delivered_on ?? '',
      r.warranty_ends_on,
      r.warranty_basis,
      r.state,
    ]),
  ]);
}
