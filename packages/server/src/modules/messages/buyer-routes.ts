/** POST /api/user/{customerid}/messages/{messageId}/reply: a buyer answers the seller in the thread. */

import { MessagePath } from '@shop/domain/account/requests';
import { ACCOUNT_MSG, messageReplySchema } from '@shop/domain/account/schemas';
import { MessageRepliedAnswer } from '@shop/domain/core/api';
import { REFUSALS } from '@shop/domain/core/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeDocs, SECURITY } from '../../lib/contract';
import { assertOwnCustomer, requireUser } from '../sessions';
import { type ReplyNeeds, replyAsBuyer } from './threads';

export function buyerMessageRoutes(app: FastifyInstance, needs: ReplyNeeds) {
  const doc = routeDocs(['Account'], SECURITY.session);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/user/:customerid/messages/:messageId/reply',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: doc("Reply to the seller's message: the reply joins the thread and the seller is told", {
        params: MessagePath,
        body: messageReplySchema,
        response: { 200: MessageRepliedAnswer, ...REFUSALS },
      }),
      // Another customer's path is refused (403) before what was sent is judged (400).
      preValidation: async (request: FastifyRequest) => {
        assertOwnCustomer(request, (request.params as { customerid?: string }).customerid);
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const message = await replyAsBuyer(needs, user, request.params.messageId, request.body);
      return reply.send({
        scode: 200,
        smessage: request.say(ACCOUNT_MSG.messageReplied),
        messages: [message],
      });
    },
  );
}
