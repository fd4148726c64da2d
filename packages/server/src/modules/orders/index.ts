/** Orders and invoices: placing an order, the buyer's orders and invoices, and the back office's orders. */
import type { FastifyPluginAsync } from 'fastify';
import { orderAdminRoutes } from './admin-routes';
import type { ApprovalChecks } from './approval-checks';
import { checkoutLimitRoutes } from './checkout-limits';
import type { OrderNeeds } from './needs';
import { orderRoutes } from './shop-routes';

export { listAdminOrders } from './admin-queries';
export {
  changeOrderStatus,
  correctInvoice,
  createInvoice,
  type ExtraLine,
  type FeeSource,
  ORDER_ACTIONS,
  type OrderAction,
  type SuggestedFee,
} from './admin-service';
export type { ApprovalChecks } from './approval-checks';
export { invoiceBalanceSql, OWING_STATUSES, openBalanceCents } from './balance';
export { invoiceDocument, renderInvoicePdf, sellerOf } from './invoice-pdf';
export type { OrderNeeds } from './needs';
export { listOrders, orderView } from './queries';
export {
  type CheckoutHold,
  type LinesOrder,
  type OrderMessages,
  type PlacedOrder,
  placeOrderOfLines,
  placeOrderOfQuote,
  type QuoteTerms,
} from './service';

export const ordersModule: FastifyPluginAsync<OrderNeeds & { approvals: ApprovalChecks }> = async (
  app,
  { approvals, ...needs },
) => {
  orderRoutes(app, needs, approvals.hold);
  checkoutLimitRoutes(app, needs, approvals.buyerLimitCents);
  orderAdminRoutes(app, needs.backOffice);
};
