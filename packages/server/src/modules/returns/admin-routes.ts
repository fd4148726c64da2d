/** The back office's returns: the queue, a return, its steps (authorise, decline, receive, resolve), the report. */
import {
  AdminReturnsAnswer,
  AdminReturnsWaitingAnswer,
  ReturnAnswer,
  ReturnsReportAnswer,
} from '@shop/domain/after-sale/return-answers';
import {
  AdminReturnLinePath,
  AdminReturnPath,
  AdminReturnPhotoPath,
  AdminReturnsQuery,
  AuthoriseReturnBody,
  DeclineReturnBody,
  ReceiveReturnLineBody,
  ResolveReturnBody,
  ReturnsReportQuery,
} from '@shop/domain/after-sale/return-schemas';
import { REFUSALS } from '@shop/domain/core/contract';
import { toCents } from '@shop/domain/core/money';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AdminDeps, deliverQueued } from '../../lib/back-office';
import { routeDocs, SECURITY } from '../../lib/contract';
import { safeText } from '../../lib/csv-cell';
import { HttpError } from '../../lib/http';
import { actorOf } from '../sessions';
import {
  ADMIN_PAGE_SIZE,
  adminReturns,
  returnDetail,
  returnPhoto,
  returnsReport,
  waitingReturns,
} from './queries';
import { authoriseReturn, declineReturn, receiveLine, resolveReturn } from './service';

const doc = routeDocs(['Back office: returns'], SECURITY.staff);
const FileBytes = z.instanceof(Buffer).meta({ type: 'string', format: 'binary' });
const NO_RETURN = 'There is no such return.';
const Answer = { 200: ReturnAnswer, ...REFUSALS };

export function returnAdminRoutes(app: FastifyInstance, deps: AdminDeps) {
  const { db } = deps;
  const timeZone = deps.config.SHOP_TIME_ZONE;
  const api = app.withTypeProvider<ZodTypeProvider>();

  const detail = async (returnId: number) => {
    const found = await returnDetail(db, returnId);
    if (!found) throw new HttpError(404, NO_RETURN);
    return found;
  };

  api.get(
    '/api/admin/returns',
    {
      schema: doc('Returns, oldest first: by state, reason, customer (id or company) and age in days', {
        querystring: AdminReturnsQuery,
        response: { 200: AdminReturnsAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const { rows, total } = await adminReturns(db, request.query);
      return reply.send({
        scode: 200,
        returns: rows,
        total,
        page: request.query.page,
        page_size: ADMIN_PAGE_SIZE,
      });
    },
  );

  api.get(
    '/api/admin/returns/waiting',
    {
      schema: doc('How many returns wait for the seller (requested, or received and not resolved)', {
        response: { 200: AdminReturnsWaitingAnswer, ...REFUSALS },
      }),
    },
    async (_request, reply) => reply.send({ scode: 200, waiting: await waitingReturns(db) }),
  );

  api.get(
    '/api/admin/returns/report',
    {
      schema: doc('Units returned by product, condition and reason, among returns opened in a period', {
        querystring: ReturnsReportQuery,
        response: { 200: ReturnsReportAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const { from, to } = request.query;
      if (from > to) throw new HttpError(400, 'The period starts after it ends.');
      return reply.send({ scode: 200, from, to, rows: await returnsReport(db, from, to, timeZone) });
    },
  );

  api.get(
    '/api/admin/returns/report.csv',
    {
      schema: doc('The returns report as a CSV file', {
        querystring: ReturnsReportQuery,
        response: {
          200: { description: 'The report (an attachment)', content: { 'text/csv': { schema: z.string() } } },
          ...REFUSALS,
        },
      }),
    },
    async (request, reply) => {
      const { from, to } = request.query;
      if (from > to) throw new HttpError(400, 'The period starts after it ends.');
      const rows = await returnsReport(db, from, to, timeZone);
      const csv = stringify([
        ['Item ID', 'Product', 'SKU', 'Condition', 'Reason', 'Returns', 'Units', 'Received'],
        ...rows.map((r) => [
          safeText(r.item_id),
          safeText(r.item_name),
          safeText(r.sku),
          r.condition,
          r.reason,
          r.returns,
          r.units,
          r.received,
        ]),
      ]);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="returns-${from}-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  api.get(
    '/api/admin/returns/:returnId',
    {
      schema: doc('A return with its units, photos and steps', { params: AdminReturnPath, response: Answer }),
    },
    async (request, reply) => reply.send({ scode: 200, return: await detail(request.params.returnId) }),
  );

  api.get(
    '/api/admin/returns/:returnId/photos/:photoId',
    {
      schema: doc('A photo sent with a return', {
        params: AdminReturnPhotoPath,
        response: {
          200: { description: 'The photo', content: { 'image/*': { schema: FileBytes } } },
          ...REFUSALS,
        },
      }),
    },
    async (request, reply) => {
      const photo = await returnPhoto(db, request.params.returnId, request.params.photoId);
      if (!photo) throw new HttpError(404, NO_RETURN);
      return reply
        .type(photo.contentType)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(photo.bytes);
    },
  );

  api.post(
    '/api/admin/returns/:returnId/authorise',
    {
      schema: doc('Authorises a requested return: the instructions and who pays the shipping are mailed', {
        params: AdminReturnPath,
        body: AuthoriseReturnBody,
        response: Answer,
      }),
    },
    async (request, reply) => {
      const done = await authoriseReturn(
        db,
        timeZone,
        request.params.returnId,
        { instructions: request.body.instructions, shippingPaidBy: request.body.shipping_paid_by },
        actorOf(request),
      );
      await deliverQueued(deps, done.mailIds);
      return reply.send({
        scode: 200,
        smessage: `Return ${done.ret.rmaNumber} is authorised; the customer has been mailed the instructions.`,
        return: await detail(request.params.returnId),
      });
    },
  );

  api.post(
    '/api/admin/returns/:returnId/decline',
    {
      schema: doc('Declines a requested return with a reason (mailed); its units may be asked for again', {
        params: AdminReturnPath,
        body: DeclineReturnBody,
        response: Answer,
      }),
    },
    async (request, reply) => {
      const done = await declineReturn(
        db,
        timeZone,
        request.params.returnId,
        request.body.reason,
        actorOf(request),
      );
      await deliverQueued(deps, done.mailIds);
      return reply.send({
        scode: 200,
        smessage: `Return ${done.ret.rmaNumber} is declined; the customer has been mailed the reason.`,
        return: await detail(request.params.returnId),
      });
    },
  );

  api.post(
    '/api/admin/returns/:returnId/lines/:returnLineId/receive',
    {
      schema: doc('Receives a line of an authorised return once: its inspection note and where it goes', {
        params: AdminReturnLinePath,
        body: ReceiveReturnLineBody,
        response: Answer,
      }),
    },
    async (request, reply) => {
      const done = await receiveLine(
        db,
        timeZone,
        request.params.returnId,
        request.params.returnLineId,
        { disposition: request.body.disposition, inspectionNote: request.body.inspection_note },
        actorOf(request),
      );
      await deliverQueued(deps, done.mailIds);
      return reply.send({
        scode: 200,
        smessage: done.received
          ? `Every unit of ${done.ret.rmaNumber} is in; the return is received.`
          : 'The line is received.',
        return: await detail(request.params.returnId),
      });
    },
  );

  api.post(
    '/api/admin/returns/:returnId/resolve',
    {
      schema: doc(
        'Resolves a received return: a credit note (less deductions), a replacement order or a repair',
        {
          params: AdminReturnPath,
          body: ResolveReturnBody,
          response: Answer,
        },
      ),
    },
    async (request, reply) => {
      const body = request.body;
      const input =
        body.resolution === 'credit'
          ? {
              resolution: 'credit' as const,
              note: body.note,
              deductions: body.deductions.map((d) => ({
                kind: d.kind,
                ...(d.name ? { name: d.name } : {}),
                cents: toCents(d.amount),
              })),
            }
          : body.resolution === 'replacement'
            ? { resolution: 'replacement' as const, note: body.note }
            : { resolution: 'repair' as const, note: body.note };
      const done = await resolveReturn(db, timeZone, request.params.returnId, input, actorOf(request));
      await deliverQueued(deps, done.mailIds);
      return reply.send({
        scode: 200,
        smessage: `Return ${done.ret.rmaNumber} is resolved (${body.resolution}).`,
        return: await detail(request.params.returnId),
      });
    },
  );
}
