/** /api/admin/applications: any staff member reads them; rejecting one is the owner's. */

import { ApplicationPath } from '@shop/domain/account/admin-requests';
import {
  AdminApplicationAnswer,
  AdminApplicationRejectedAnswer,
  AdminApplicationsAnswer,
  applicationListQuerySchema,
  applicationRejectSchema,
} from '@shop/domain/back-office/schemas';
import { REFUSALS } from '@shop/domain/core/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AdminDeps } from '../../lib/back-office';
import { numericId, pageOf } from '../../lib/back-office-http';
import { routeDocs, SECURITY } from '../../lib/contract';
import { HttpError } from '../../lib/http';
import { actorOf } from '../sessions';
import { findApplication, listApplications, rejectApplication } from './service';

const NO_APPLICATION = 'There is no such application.';
const applicationsDoc = routeDocs(['Back office: applications'], SECURITY.staff);

const owner = { staffRole: 'owner' as const };

export function applicationAdminRoutes(app: FastifyInstance, deps: AdminDeps) {
  const { db } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/applications',
    {
      schema: applicationsDoc('Account applications by status (New when not given)', {
        querystring: applicationListQuerySchema,
        response: { 200: AdminApplicationsAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const { rows, total } = await listApplications(db, request.query);
      return reply.send({ scode: 200, applications: pageOf(rows, total, request.query) });
    },
  );

  api.get(
    '/api/admin/applications/:applicationId',
    {
      schema: applicationsDoc('An application, with the new-customer form filled in from it', {
        params: ApplicationPath,
        response: { 200: AdminApplicationAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const application = await findApplication(db, numericId(request.params.applicationId, NO_APPLICATION));
      if (!application) throw new HttpError(404, NO_APPLICATION);
      return reply.send({ scode: 200, application });
    },
  );

  api.post(
    '/api/admin/applications/:applicationId/reject',
    {
      config: owner,
      schema: applicationsDoc('Rejects an application; the reason is mailed to the applicant (owners only)', {
        params: ApplicationPath,
        body: applicationRejectSchema,
        response: { 200: AdminApplicationRejectedAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const id = numericId(request.params.applicationId, NO_APPLICATION);
      const application = await rejectApplication(deps, actorOf(request), id, request.body);
      return reply.send({
        scode: 200,
        smessage: `Application #${id} has been rejected; ${application.email} has been mailed the reason.`,
        application,
      });
    },
  );
}
