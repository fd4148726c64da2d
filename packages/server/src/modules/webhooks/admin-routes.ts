/** /api/admin/webhooks: the owners' endpoints, their delivery log, sending again and the test event. */
import { DoneAnswer, REFUSALS } from '@shop/domain/core/contract';
import {
  WebhookDeliveriesAnswer,
  WebhookDeliveryAnswer,
  WebhookEndpointAnswer,
  WebhookEndpointCreatedAnswer,
  WebhookEndpointsAnswer,
  webhookDeliveryParams,
  webhookEndpointCreateSchema,
  webhookEndpointParams,
  webhookEndpointUpdateSchema,
} from '@shop/domain/webhooks/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeDocs, SECURITY } from '../../lib/contract';
import { actorOf } from '../sessions';
import type { WebhooksNeeds } from './needs';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  sendTestEvent,
  updateEndpoint,
} from './service';

export function webhookRoutes(app: FastifyInstance, needs: WebhooksNeeds) {
  const { db, config } = needs.backOffice;
  const doc = routeDocs(['Back office: webhooks'], SECURITY.staff);
  const owner = { staffRole: 'owner' as const };
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/webhooks',
    {
      config: owner,
      schema: doc('The webhook endpoints (owners only)', {
        response: { 200: WebhookEndpointsAnswer, ...REFUSALS },
      }),
    },
    async (_request, reply) => reply.send({ scode: 200, endpoints: await listEndpoints(db) }),
  );

  api.post(
    '/api/admin/webhooks',
    {
      config: owner,
      schema: doc('Add a webhook endpoint; its signing secret is in this answer only (owners only)', {
        body: webhookEndpointCreateSchema,
        response: { 200: WebhookEndpointCreatedAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const created = await createEndpoint(
        db,
        actorOf(request),
        request.body,
        config.WEBHOOKS_ALLOW_PRIVATE,
        needs.secrets,
      );
      return reply.send({ scode: 200, smessage: request.say('webhooks.created'), ...created });
    },
  );

  api.patch(
    '/api/admin/webhooks/:endpointId',
    {
      config: owner,
      schema: doc('Turn an endpoint on or off, or change its events (owners only)', {
        params: webhookEndpointParams,
        body: webhookEndpointUpdateSchema,
        response: { 200: WebhookEndpointAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const endpoint = await updateEndpoint(db, actorOf(request), request.params.endpointId, request.body);
      if (endpoint.enabled) needs.sender.kick();
      return reply.send({ scode: 200, endpoint });
    },
  );

  api.delete(
    '/api/admin/webhooks/:endpointId',
    {
      config: owner,
      schema: doc('Remove an endpoint and its delivery log (owners only)', {
        params: webhookEndpointParams,
        response: { 200: DoneAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      await deleteEndpoint(db, actorOf(request), request.params.endpointId);
      return reply.send({ scode: 200 });
    },
  );

  api.get(
    '/api/admin/webhooks/:endpointId/deliveries',
    {
      config: owner,
      schema: doc('An endpoint’s newest deliveries: status, time, duration, answer (owners only)', {
        params: webhookEndpointParams,
        response: { 200: WebhookDeliveriesAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) =>
      reply.send({ scode: 200, deliveries: await listDeliveries(db, request.params.endpointId) }),
  );

  api.post(
    '/api/admin/webhooks/:endpointId/deliveries/:deliveryId/resend',
    {
      config: owner,
      schema: doc('Send a delivery again, with the same webhook-id (owners only)', {
        params: webhookDeliveryParams,
        response: { 200: WebhookDeliveryAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const delivery = await resendDelivery(db, request.params.endpointId, request.params.deliveryId);
      needs.sender.kick();
      return reply.send({ scode: 200, smessage: request.say('webhooks.resent'), delivery });
    },
  );

  api.post(
    '/api/admin/webhooks/:endpointId/test',
    {
      config: owner,
      schema: doc('Send the endpoint a webhook.test event (owners only)', {
        params: webhookEndpointParams,
        response: { 200: WebhookDeliveryAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const delivery = await sendTestEvent(db, request.params.endpointId);
      needs.sender.kick();
      return reply.send({ scode: 200, smessage: request.say('webhooks.testSent'), delivery });
    },
  );
}
