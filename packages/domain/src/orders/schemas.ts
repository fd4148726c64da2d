/** Orders as a buyer finds them: statuses and the orders list's search, filters and paging. */
import { z } from 'zod';
import { dayField } from '../core/day-field';

export const ORDER_STATUSES = [
  /** Placed over the company's credit limit: waits for the seller's credit review (stock kept). */
  'OnHold',
  'Pending',
  'Confirmed',
  'Shipped',
  'Delivered',
  'Canceled',
  'Declined',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDERS_PAGE_SIZE = 20;

const day = dayField();

/** An empty form field means "not given". */
function blankIsUnset<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === '' ? undefined : v), schema);
}

/** The orders list's query string: `q` (order or PO number), `status`, `from`/`to` (days), `page`. */
export const ordersQuerySchema = z
  .object({
    q: z.string().trim().max(50, { message: 'api.searchLength' }).optional().default(''),
    status: blankIsUnset(z.enum(ORDER_STATUSES, { error: 'api.statusInvalid' }).optional()),
    from: blankIsUnset(day.optional()),
    to: blankIsUnset(day.optional()),
    page: z.coerce
      .number({ error: 'api.page' })
      .int({ message: 'api.page' })
      .min(1, { message: 'api.page' })
      .max(100_000, { message: 'api.page' })
      .optional()
      .default(1),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: 'api.dateOrder',
  });
export type OrdersQuery = z.output<typeof ordersQuerySchema>;
