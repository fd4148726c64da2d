/**
 * Purchase approvals: the companies' order limits, the requests of buyers over them, and deciding them. An
 * approved request is placed through the orders module's public entry; the checkout asks the approvals
 * through the checks it is given (approvalChecks), so orders never imports this module.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ApprovalChecks } from '../orders';
import type { ApprovalNeeds } from './needs';
import { approvalHold, buyerLimitCents } from './service';
import { approvalRoutes } from './shop-routes';

export type { ApprovalNeeds } from './needs';
export { buyerLimitCents } from './service';

/** What the checkout asks the approvals: the hold over a buyer's limit, and the limit itself. */
export function approvalChecks(services: ApprovalNeeds): ApprovalChecks {
  return { hold: approvalHold(services), buyerLimitCents };
}

export const approvalsModule: FastifyPluginAsync<ApprovalNeeds> = async (app, needs) => {
  approvalRoutes(app, needs);
};
