/**
 * Invoices: an order's invoice and its corrections (numbering, fee lines, tax, terms), the buyer's invoice
 * and its PDF, and the sales-tax journal. Orders are read and mailed through the orders module's public
 * entry; the orders list's bulk action is handed createInvoice by app.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { invoiceAdminRoutes } from './admin-routes';
import type { InvoiceNeeds } from './needs';
import { invoiceRoutes } from './shop-routes';

export type { InvoiceNeeds } from './needs';
export { invoiceDocument, renderInvoicePdf, sellerOf } from './pdf';
export {
  correctInvoice,
  createInvoice,
  type ExtraLine,
  type FeeSource,
  type SuggestedFee,
} from './service';

export const invoicesModule: FastifyPluginAsync<InvoiceNeeds> = async (app, needs) => {
  invoiceRoutes(app, needs);
  invoiceAdminRoutes(app, needs.backOffice);
};
