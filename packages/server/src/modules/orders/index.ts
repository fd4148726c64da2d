/** Orders: placing an order, the buyer's orders, and the back office's orders. */
import type { FastifyPluginAsync } from 'fastify';
import { orderAdminRoutes } from './admin-routes';
import type { CreditCanceled } from './admin-service';
import type { ApprovalChecks } from './approval-checks';
import type { CreateInvoice } from './bulk';
import { checkoutLimitRoutes } from './checkout-limits';
import type { OrderNeeds } from './needs';
import { orderRoutes } from './shop-routes';

export { adminOrderDetail, listAdminOrders } from './admin-queries';
export {
  type CreditCanceled,
  changeOrderStatus,
  findOrder,
  type MailT,
  ORDER_ACTIONS,
  type OrderAction,
  tellCustomer,
} from './admin-service';
export type { ApprovalChecks } from './approval-checks';
export { companyCreditSql, invoiceBalanceSql, OWING_STATUSES, openBalanceCents } from './balance';
export type { CreateInvoice } from './bulk';
export type { OrderNeeds } from './needs';
export { listOrders, orderView } from './queries';
export { type LineSerials, type LineUnits, orderUnitsByLine, serialsByItem } from './serials';
export {
  type CheckoutHold,
  type LinesOrder,
  type OrderMessages,
  type PlacedOrder,
  placeOrderOfLines,
  placeOrderOfQuote,
  type QuoteTerms,
} from './service';

/**
 * `approvals`, `createInvoice` and `creditCanceled` come from the approvals, invoices and credit notes
 * modules, which place and read orders through this one: app.ts hands them over, so none is imported here.
 */
export const ordersModule: FastifyPluginAsync<
  OrderNeeds & { approvals: ApprovalChecks; createInvoice: CreateInvoice; creditCanceled: CreditCanceled }
> = async (app, { approvals, createInvoice, creditCanceled, ...needs }) => {
  orderRoutes(app, needs, approvals.hold);
  checkoutLimitRoutes(app, needs, approvals.buyerLimitCents);
  orderAdminRoutes(app, needs.backOffice, createInvoice, creditCanceled);
};
