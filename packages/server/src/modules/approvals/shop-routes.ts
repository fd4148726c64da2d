/**
 * Purchase approvals over the API (service.ts): the company's order limits (its administrators only),
 * the requests sent for approval (administrators: the company's; buyers: their own), and deciding them.
 */
import {
  APPROVAL_MSG,
  ApprovalAnswer,
  ApprovalDecidedAnswer,
  ApprovalPath,
  ApprovalsAnswer,
  approveRequest,
  BuyerLimitPath,
  buyerLimitRequest,
  companyLimitRequest,
  declineRequest,
  OrderLimitsAnswer,
  OrderLimitsChangedAnswer,
} from '@shop/domain/approvals/schemas';
import { REFUSALS } from '@shop/domain/core/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeDocs, SECURITY } from '../../lib/contract';
import { requireCompanyAdmin, requireUser } from '../sessions';
import type { ApprovalNeeds } from './needs';
import {
  approvalOf,
  approve,
  decline,
  listApprovals,
  orderLimits,
  setBuyerLimit,
  setCompanyLimit,
  withdraw,
} from './service';

const doc = routeDocs(['Approvals'], SECURITY.session);

export function approvalRoutes(app: FastifyInstance, services: ApprovalNeeds) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = services.database.db;
  const limitsAdmin = async (request: Parameters<typeof requireUser>[0]) => {
    requireCompanyAdmin(request, APPROVAL_MSG.limitsAdminOnly);
  };
  const approvalsAdmin = async (request: Parameters<typeof requireUser>[0]) => {
    requireCompanyAdmin(request, APPROVAL_MSG.approvalsAdminOnly);
  };
  const signedIn = async (request: Parameters<typeof requireUser>[0]) => {
    requireUser(request);
  };

  api.get(
    '/api/user/order-limits',
    {
      schema: doc("The company's order limits: for all buyers, and each buyer's own", {
        response: { 200: OrderLimitsAnswer, ...REFUSALS },
      }),
      preValidation: limitsAdmin,
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.send({ scode: 200, ...(await orderLimits(db, user.customerId)) });
    },
  );

  api.post(
    '/api/user/order-limits',
    {
      schema: doc(
        'Sets the order limit of every buyer without one of their own (dollars; blank or null: none)',
        { body: companyLimitRequest, response: { 200: OrderLimitsChangedAnswer, ...REFUSALS } },
      ),
      preValidation: limitsAdmin,
    },
    async (request, reply) => {
      const user = requireUser(request);
      const answer = await setCompanyLimit(db, user.customerId, request.body.buyer_order_limit);
      return reply.send({ scode: 200, ...answer, smessage: request.say(answer.smessage) });
    },
  );

  api.post(
    '/api/user/order-limits/:contactId',
    {
      schema: doc(
        "Sets a buyer's own order limit (dollars; blank or null: the company's). Administrators have none.",
        {
          params: BuyerLimitPath,
          body: buyerLimitRequest,
          response: { 200: OrderLimitsChangedAnswer, ...REFUSALS },
        },
      ),
      preValidation: limitsAdmin,
    },
    async (request, reply) => {
      const user = requireUser(request);
      const answer = await setBuyerLimit(
        db,
        user.customerId,
        request.params.contactId,
        request.body.order_limit,
      );
      return reply.send({ scode: 200, ...answer, smessage: request.say(answer.smessage) });
    },
  );

  api.get(
    '/api/user/approvals',
    {
      schema: doc(
        "Orders sent for approval: an administrator sees the company's, a buyer their own (pending first)",
        { response: { 200: ApprovalsAnswer, ...REFUSALS } },
      ),
      preValidation: signedIn,
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.send({ scode: 200, ...(await listApprovals(db, user, user.role)) });
    },
  );

  api.get(
    '/api/user/approvals/:approvalId',
    {
      schema: doc('One order sent for approval', {
        params: ApprovalPath,
        response: { 200: ApprovalAnswer, ...REFUSALS },
      }),
      preValidation: signedIn,
    },
    async (request, reply) => {
      const user = requireUser(request);
      const approval = await approvalOf(db, user, user.role, Number(request.params.approvalId));
      return reply.send({ scode: 200, approval });
    },
  );

  api.post(
    '/api/user/approvals/:approvalId/approve',
    {
      schema: doc(
        "Approves a pending request: places the order in the buyer's name at today's prices and stock. " +
          'When a price changed it answers 409 with the changes and the totals at today’s prices; send again with ' +
          'confirm: true and the prices shown (each changed line’s price_now) to place it. A price that moved again ' +
          'since is answered with a new 409.',
        {
          params: ApprovalPath,
          body: approveRequest.optional(),
          response: { 200: ApprovalDecidedAnswer, ...REFUSALS },
        },
      ),
      preValidation: approvalsAdmin,
    },
    async (request, reply) => {
      const user = requireUser(request);
      const answer = await approve(
        services,
        user,
        Number(request.params.approvalId),
        request.body?.confirm === true ? (request.body.prices ?? []) : null,
      );
      return reply.send({ scode: 200, ...answer, smessage: request.say(answer.smessage) });
    },
  );

  api.post(
    '/api/user/approvals/:approvalId/decline',
    {
      schema: doc('Declines a pending request with a reason the buyer is mailed', {
        params: ApprovalPath,
        body: declineRequest,
        response: { 200: ApprovalDecidedAnswer, ...REFUSALS },
      }),
      preValidation: approvalsAdmin,
    },
    async (request, reply) => {
      const user = requireUser(request);
      const answer = await decline(services, user, Number(request.params.approvalId), request.body.reason);
      return reply.send({ scode: 200, ...answer, smessage: request.say(answer.smessage) });
    },
  );

  api.post(
    '/api/user/approvals/:approvalId/withdraw',
    {
      schema: doc('The buyer withdraws their own pending request', {
        params: ApprovalPath,
        response: { 200: ApprovalDecidedAnswer, ...REFUSALS },
      }),
      preValidation: signedIn,
    },
    async (request, reply) => {
      const user = requireUser(request);
      const answer = await withdraw(db, user, Number(request.params.approvalId));
      return reply.send({ scode: 200, ...answer, smessage: request.say(answer.smessage) });
    },
  );
}
