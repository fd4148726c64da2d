/**
 * What the orders' calls take beside their bodies (cart/order-request.ts, back-office/schemas.ts) and the
 * orders list's query (orders/schemas.ts): the paths naming an order or an invoice. An id that cannot be one
 * is a 404, as an unknown one.
 */
import { z } from 'zod';
import { CustomerPath } from '../account/requests';

/** GET /api/user/{customerid}/orders/{orderid}, POST …/reorder */
export const OrderPath = CustomerPath.extend({ orderid: z.string().describe('The order id (order_id).') });
export type OrderPath = z.infer<typeof OrderPath>;

/** GET /api/user/{customerid}/invoices/{invoiceid}, …/pdf */
export const InvoicePath = CustomerPath.extend({
  invoiceid: z
    .string()
    .describe('The invoice id (invoice_id); a replaced one shows the invoice that replaced it.'),
});
export type InvoicePath = z.infer<typeof InvoicePath>;

/** /api/admin/orders/{orderId}… */
export const AdminOrderPath = z.object({ orderId: z.string().describe('The order id (order_id).') });
export type AdminOrderPath = z.infer<typeof AdminOrderPath>;
