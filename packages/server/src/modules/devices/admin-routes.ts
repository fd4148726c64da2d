/**
 * The back office's serial lookup (/api/admin/serials: the search's matches, and a serial's whole history) and
 * extended plans registered to units on the plan's order (/api/admin/orders/{orderId}/plans).
 */
import {
  PlanLinePath,
  PlanLinesAnswer,
  PlanRegisteredAnswer,
  registerPlanSchema,
  SerialHistoryAnswer,
  SerialPath,
  SerialSearchAnswer,
  serialSearchQuerySchema,
} from '@shop/domain/after-sale/device-schemas';
import { REFUSALS } from '@shop/domain/core/contract';
import { todayIn } from '@shop/domain/core/days';
import { AdminOrderPath } from '@shop/domain/orders/requests';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { numericId } from '../../lib/back-office-http';
import { routeDocs, SECURITY } from '../../lib/contract';
import { HttpError } from '../../lib/http';
import { actorOf } from '../sessions';
import type { DeviceNeeds } from './needs';
import { planLines, registerPlan } from './plans';
import { searchSerials, serialHistory } from './queries';

const NO_ORDER = 'There is no such order.';
const doc = routeDocs(['Back office: serials'], SECURITY.staff);

export function deviceAdminRoutes(app: FastifyInstance, needs: DeviceNeeds) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = needs.backOffice;
  const timeZone = needs.config.SHOP_TIME_ZONE;
  const ctx = () => ({ timeZone, today: todayIn(timeZone), lang: 'en' as const });

  api.get(
    '/api/admin/serials',
    {
      schema: doc('Units whose serial starts with what was typed (any case), at most 20, for the search', {
        querystring: serialSearchQuerySchema,
        response: { 200: SerialSearchAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) =>
      reply.send({ scode: 200, units: await searchSerials(db, todayIn(timeZone), request.query.q) }),
  );

  api.get(
    '/api/admin/serials/:serial',
    {
      schema: doc(
        'Every unit ever shipped with a serial, newest first: its order, company, item, warranty and history',
        { params: SerialPath, response: { 200: SerialHistoryAnswer, ...REFUSALS } },
      ),
    },
    async (request, reply) => {
      const history = await serialHistory(db, ctx(), request.params.serial);
      if (history.units.length === 0)
        throw new HttpError(404, `No unit with serial ${history.serial} has shipped.`);
      return reply.send({ scode: 200, ...history });
    },
  );

  api.get(
    '/api/admin/orders/:orderId/plans',
    {
      schema: doc("An order's extended plans, each with the units registered to it", {
        params: AdminOrderPath,
        response: { 200: PlanLinesAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const orderId = numericId(request.params.orderId, NO_ORDER);
      return reply.send({ scode: 200, plans: await planLines(db, orderId) });
    },
  );

  api.post(
    '/api/admin/orders/:orderId/plans/:lineId/units',
    {
      schema: doc(
        "Registers an extended plan of the order to a unit of the same company by its serial: the unit's warranty end moves to the plan's",
        {
          params: PlanLinePath,
          body: registerPlanSchema,
          response: { 200: PlanRegisteredAnswer, ...REFUSALS },
        },
      ),
    },
    async (request, reply) => {
      const orderId = numericId(request.params.orderId, NO_ORDER);
      const lineId = numericId(request.params.lineId, 'There is no such extended plan on this order.');
      const done = await registerPlan(
        needs.backOffice,
        actorOf(request),
        orderId,
        lineId,
        request.body.serial,
      );
      return reply.send({
        scode: 200,
        smessage: `Unit ${done.serial} is covered by the plan until ${done.endsOn}.`,
        unit: {
          unit_id: done.unitId,
          serial: done.serial,
          warranty_ends_on: done.endsOn,
          warranty_basis: done.basis,
        },
        plans: await planLines(db, orderId),
      });
    },
  );
}
