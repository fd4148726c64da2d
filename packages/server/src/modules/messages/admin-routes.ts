/**
 * /api/admin/contact-messages: the contact-form inbox and replies; /api/admin/customer-threads: the threads
 * with customers (the seller's messages, the buyers' replies and the seller's answers).
 */
import {
  ContactMessageAnswer,
  ContactMessagesAnswer,
  CustomerThreadAnswer,
  CustomerThreadsAnswer,
  contactListQuerySchema,
  contactReplySchema,
  contactStatusSchema,
  customerMessageSchema,
} from '@shop/domain/back-office/schemas';
import { REFUSALS } from '@shop/domain/core/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdminDeps } from '../../lib/back-office';
import { numericId, pageOf } from '../../lib/back-office-http';
import { routeDocs, SECURITY } from '../../lib/contract';
import { HttpError } from '../../lib/http';
import { actorOf } from '../sessions';
import { contactMessage, listContactMessages, replyToContact, setContactStatus } from './service';
import { answerThread, customerThread, listCustomerThreads, NO_THREAD, setThreadStatus } from './threads';

const NO_MESSAGE = 'There is no such contact message.';
const Params = z.object({ messageId: z.string().describe('The message’s number.') });
const doc = routeDocs(['Back office: messages'], SECURITY.staff);
const one = { 200: ContactMessageAnswer, ...REFUSALS };

export function messageRoutes(app: FastifyInstance, deps: AdminDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/admin/contact-messages',
    {
      schema: doc('The contact form’s messages, newest first, by status or text', {
        querystring: contactListQuerySchema,
        response: { 200: ContactMessagesAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const query = request.query;
      const { rows, total } = await listContactMessages(deps.db, query);
      return reply.send({ scode: 200, messages: pageOf(rows, total, query) });
    },
  );

  api.get(
    '/api/admin/contact-messages/:messageId',
    { schema: doc('One contact message with its replies', { params: Params, response: one }) },
    async (request, reply) => {
      const message = await contactMessage(deps.db, numericId(request.params.messageId, NO_MESSAGE));
      if (!message) throw new HttpError(404, NO_MESSAGE);
      return reply.send({ scode: 200, message });
    },
  );

  api.post(
    '/api/admin/contact-messages/:messageId/reply',
    {
      schema: doc('Reply to a contact message by mail', {
        params: Params,
        body: contactReplySchema,
        response: { 200: ContactMessageAnswer.extend({ smessage: z.string() }), ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const id = numericId(request.params.messageId, NO_MESSAGE);
      const message = await replyToContact(deps, actorOf(request), id, request.body);
      return reply.send({ scode: 200, smessage: `Your reply has been mailed to ${message.email}.`, message });
    },
  );

  api.post(
    '/api/admin/contact-messages/:messageId/status',
    {
      schema: doc('Mark a contact message new, read or answered', {
        params: Params,
        body: contactStatusSchema,
        response: one,
      }),
    },
    async (request, reply) => {
      const id = numericId(request.params.messageId, NO_MESSAGE);
      return reply.send({
        scode: 200,
        message: await setContactStatus(deps, actorOf(request), id, request.body),
      });
    },
  );

  const thread = { 200: CustomerThreadAnswer, ...REFUSALS };
  api.get(
    '/api/admin/customer-threads',
    {
      schema: doc('Threads with customers, the latest active first, by status (new: a reply waits) or text', {
        querystring: contactListQuerySchema,
        response: { 200: CustomerThreadsAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const query = request.query;
      const { rows, total } = await listCustomerThreads(deps.db, query);
      return reply.send({ scode: 200, threads: pageOf(rows, total, query) });
    },
  );

  api.get(
    '/api/admin/customer-threads/:messageId',
    { schema: doc('One thread with a customer, both sides in order', { params: Params, response: thread }) },
    async (request, reply) => {
      const found = await customerThread(deps.db, numericId(request.params.messageId, NO_THREAD));
      if (!found) throw new HttpError(404, NO_THREAD);
      return reply.send({ scode: 200, thread: found });
    },
  );

  api.post(
    '/api/admin/customer-threads/:messageId/reply',
    {
      schema: doc('Answer in a thread with a customer: shown in their Messages and mailed to the buyer', {
        params: Params,
        body: customerMessageSchema,
        response: thread,
      }),
    },
    async (request, reply) => {
      const id = numericId(request.params.messageId, NO_THREAD);
      const done = await answerThread(deps, actorOf(request), id, request.body);
      return reply.send({
        scode: 200,
        smessage: done.mailedTo
          ? `Your answer is in the customer's Messages and was mailed to ${done.mailedTo}.`
          : "Your answer is in the customer's Messages (no one of the company has an e-mail address).",
        thread: done.thread,
      });
    },
  );

  api.post(
    '/api/admin/customer-threads/:messageId/status',
    {
      schema: doc('Mark a thread with a customer new or answered', {
        params: Params,
        body: contactStatusSchema,
        response: thread,
      }),
    },
    async (request, reply) => {
      const id = numericId(request.params.messageId, NO_THREAD);
      return reply.send({
        scode: 200,
        thread: await setThreadStatus(deps, actorOf(request), id, request.body),
      });
    },
  );
}
