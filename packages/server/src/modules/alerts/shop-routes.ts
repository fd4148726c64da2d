/** The buyer's stock alerts (/api/user/alerts): their own only; another buyer's alert is not found (404). */
import {
  ALERT_MSG,
  AlertAnswer,
  AlertCreateRequest,
  AlertParams,
  AlertPauseRequest,
  AlertRuleRequest,
  AlertsAnswer,
  MAX_ALERTS,
} from '@shop/domain/alerts/schemas';
import { DoneAnswer, REFUSALS } from '@shop/domain/core/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeDocs, SECURITY } from '../../lib/contract';
import { requireUser } from '../sessions';
import type { AlertEngine } from './engine';
import type { AlertsNeeds } from './needs';
import { createAlert, deleteAlert, listAlerts, setPaused, updateAlert, viewOf } from './service';

const doc = routeDocs(['Account: stock alerts'], SECURITY.session);

/** A visitor learns to sign in before anything about the request. */
const signedIn = {
  preValidation: async (request: FastifyRequest) => {
    requireUser(request);
  },
};

export function alertShopRoutes(app: FastifyInstance, needs: AlertsNeeds, engine: AlertEngine): void {
  const db = needs.database.db;
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** Settles the alert now (it may match at once) and wakes the mail loop when it fired. */
  const settleNow = async (alertId: number) => {
    const settled = await engine.settle(alertId);
    if (settled === 'fired') needs.mailer.kick();
    return settled;
  };

  api.get(
    '/api/user/alerts',
    {
      ...signedIn,
      schema: doc("The signed-in buyer's stock alerts, oldest first, with their state", {
        response: { 200: AlertsAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'private, no-store');
      return { scode: 200 as const, alerts: await listAlerts(db, user.contactPersonId), max: MAX_ALERTS };
    },
  );

  api.post(
    '/api/user/alerts',
    {
      ...signedIn,
      schema: doc(
        `Saves a stock alert from a product (its model, or the item when it has none) or a category listing with its filters: conditions, a minimum quantity in stock and an optional highest price (dollars, the buyer's own price). At most ${MAX_ALERTS} per buyer. An alert that matches at once mails at once.`,
        { body: AlertCreateRequest, response: { 200: AlertAnswer, ...REFUSALS } },
      ),
    },
    async (request) => {
      const user = requireUser(request);
      const alertId = await createAlert(needs, user, request.body);
      const settled = await settleNow(alertId);
      return {
        scode: 200 as const,
        smessage: request.say(settled === 'fired' ? ALERT_MSG.createdMatching : ALERT_MSG.created),
        alert: await viewOf(db, user, alertId),
      };
    },
  );

  api.put(
    '/api/user/alerts/:alertId',
    {
      ...signedIn,
      schema: doc(
        'Changes an alert’s conditions, minimum quantity and highest price; it starts over and mails at once if it matches',
        { params: AlertParams, body: AlertRuleRequest, response: { 200: AlertAnswer, ...REFUSALS } },
      ),
    },
    async (request) => {
      const user = requireUser(request);
      const { alertId } = request.params;
      await updateAlert(needs, user, alertId, request.body);
      await settleNow(alertId);
      return {
        scode: 200 as const,
        smessage: request.say(ALERT_MSG.updated),
        alert: await viewOf(db, user, alertId),
      };
    },
  );

  api.put(
    '/api/user/alerts/:alertId/paused',
    {
      ...signedIn,
      schema: doc('Pauses an alert (it mails nothing) or resumes it', {
        params: AlertParams,
        body: AlertPauseRequest,
        response: { 200: AlertAnswer, ...REFUSALS },
      }),
    },
    async (request) => {
      const user = requireUser(request);
      const { alertId } = request.params;
      const { paused } = request.body;
      await setPaused(needs, user, alertId, paused);
      if (!paused) await settleNow(alertId);
      return {
        scode: 200 as const,
        smessage: request.say(paused ? ALERT_MSG.pausedDone : ALERT_MSG.resumed),
        alert: await viewOf(db, user, alertId),
      };
    },
  );

  api.delete(
    '/api/user/alerts/:alertId',
    {
      ...signedIn,
      schema: doc('Deletes an alert', { params: AlertParams, response: { 200: DoneAnswer, ...REFUSALS } }),
    },
    async (request) => {
      const user = requireUser(request);
      await deleteAlert(needs, user, request.params.alertId);
      return { scode: 200 as const, smessage: request.say(ALERT_MSG.deleted) };
    },
  );
}
