/** /api/admin/contact-messages: the contact-form inbox and replies. */
import { contactListQuerySchema } from '@shop/domain/admin';
import type { FastifyInstance } from 'fastify';
import type { AdminDeps } from '../../lib/back-office';
import { numericId, pageOf } from '../../lib/back-office-http';
import { HttpError, parseOr400 } from '../../lib/http';
import { actorOf } from '../sessions';
import { contactMessage, listContactMessages, replyToContact, setContactStatus } from './service';

const NO_MESSAGE = 'There is no such contact message.';
type Params = { Params: { messageId: string } };

export function messageRoutes(app: FastifyInstance, deps: AdminDeps) {
  app.get('/api/admin/contact-messages', async (request, reply) => {
    const query = parseOr400(contactListQuerySchema, request.query);
    const { rows, total } = await listContactMessages(deps.db, query);
    return reply.send({ scode: 200, messages: pageOf(rows, total, query) });
  });

  app.get<Params>('/api/admin/contact-messages/:messageId', async (request, reply) => {
    const message = await contactMessage(deps.db, numericId(request.params.messageId, NO_MESSAGE));
    if (!message) throw new HttpError(404, NO_MESSAGE);
    return reply.send({ scode: 200, message });
  });

  app.post<Params>('/api/admin/contact-messages/:messageId/reply', async (request, reply) => {
    const id = numericId(request.params.messageId, NO_MESSAGE);
    const message = await replyToContact(deps, actorOf(request), id, request.body);
    return reply.send({ scode: 200, smessage: `Your reply has been mailed to ${message.email}.`, message });
  });

  app.post<Params>('/api/admin/contact-messages/:messageId/status', async (request, reply) => {
    const id = numericId(request.params.messageId, NO_MESSAGE);
    return reply.send({
      scode: 200,
      message: await setContactStatus(deps, actorOf(request), id, request.body),
    });
  });
}
