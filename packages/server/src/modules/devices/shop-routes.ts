/**
 * The account's Devices section: every unit shipped to the buyer's company (any buyer of it sees them all),
 * searched by the start of a serial, filtered by state, a page at a time; the same as a CSV file; one unit
 * with its history. Another company's unit is not found, exactly like an unknown one.
 */

import { CustomerPath } from '@shop/domain/account/requests';
import {
  DEVICES_EXPORT_CAP,
  DeviceAnswer,
  DevicePath,
  DevicesAnswer,
  devicesExportQuerySchema,
  devicesQuerySchema,
} from '@shop/domain/after-sale/device-schemas';
import { REFUSALS } from '@shop/domain/core/contract';
import { todayIn } from '@shop/domain/core/days';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLang } from '../../i18n/lang';
import { routeDocs, SECURITY } from '../../lib/contract';
import { HttpError } from '../../lib/http';
import { assertOwnCustomer, requireUser } from '../sessions';
import { devicesCsv } from './devices-csv';
import type { DeviceNeeds } from './needs';
import { deviceOf, exportDevices, type ListContext, listDevices } from './queries';

const NO_DEVICE = 'afterSale.deviceNotFound';
const doc = routeDocs(['Devices'], SECURITY.session);

/** A visitor, or a path naming another customer, is refused before anything sent is looked at. */
async function ownCustomer(request: FastifyRequest) {
  assertOwnCustomer(request, (request.params as { customerid: string }).customerid);
}

export function listContext(request: FastifyRequest, timeZone: string): ListContext {
  return { timeZone, today: todayIn(timeZone), lang: requestLang(request) };
}

export function deviceRoutes(app: FastifyInstance, needs: DeviceNeeds) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = needs.database.db;
  const timeZone = needs.config.SHOP_TIME_ZONE;

  api.get(
    '/api/user/:customerid/devices',
    {
      schema: doc(
        "The company's units (every buyer's), latest shipped first: found by the start of a serial, filtered by state, a page at a time",
        {
          params: CustomerPath,
          querystring: devicesQuerySchema,
          response: { 200: DevicesAnswer, ...REFUSALS },
        },
      ),
      preValidation: ownCustomer,
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.send({
        scode: 200,
        ...(await listDevices(db, listContext(request, timeZone), user.customerId, request.query)),
      });
    },
  );

  api.get(
    '/api/user/:customerid/devices.csv',
    {
      schema: doc(
        `The company's units matching the list's filters as a CSV file (at most ${DEVICES_EXPORT_CAP.toLocaleString('en-CA')} rows)`,
        {
          params: CustomerPath,
          querystring: devicesExportQuerySchema,
          response: {
            200: {
              description: 'The units as a CSV file (an attachment)',
              content: { 'text/csv': { schema: z.string() } },
            },
            ...REFUSALS,
          },
        },
      ),
      preValidation: ownCustomer,
    },
    async (request, reply) => {
      const user = requireUser(request);
      const rows = await exportDevices(
        db,
        listContext(request, timeZone),
        user.customerId,
        request.query,
        DEVICES_EXPORT_CAP,
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="devices.csv"')
        .header('cache-control', 'no-store')
        .send(devicesCsv(rows));
    },
  );

  api.get(
    '/api/user/:customerid/devices/:unitId',
    {
      schema: doc(
        'One unit of the company with its history: its order, returns, claims, plan and replacement',
        {
          params: DevicePath,
          response: { 200: DeviceAnswer, ...REFUSALS },
        },
      ),
      preValidation: ownCustomer,
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { unitId } = request.params;
      if (!/^\d{1,9}$/.test(unitId)) throw new HttpError(404, NO_DEVICE);
      const device = await deviceOf(db, listContext(request, timeZone), user.customerId, Number(unitId));
      if (!device) throw new HttpError(404, NO_DEVICE);
      return reply.send({ scode: 200, device });
    },
  );
}
