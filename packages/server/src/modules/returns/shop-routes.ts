/** The buyer's returns: what an order can return, the request with its photos, the company's returns. */

import multipart from '@fastify/multipart';
import { ReturnAnswer, ReturnableAnswer, ReturnsAnswer } from '@shop/domain/after-sale/return-answers';
import {
  CustomerReturnsPath,
  CustomerReturnsQuery,
  OrderReturnPath,
  ReturnPath,
  ReturnPhotoPath,
  ReturnRequestFields,
  ReturnRequestLines,
} from '@shop/domain/after-sale/return-schemas';
import { REFUSALS } from '@shop/domain/core/contract';
import { message } from '@shop/domain/core/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeDocs, SECURITY } from '../../lib/contract';
import { HttpError } from '../../lib/http';
import { assertOwnCustomer, requireUser } from '../sessions';
import type { ReturnNeeds } from './needs';
import { companyReturns, returnable, returnDetail, returnPhoto } from './queries';
import { MAX_PHOTO_BYTES, MAX_PHOTOS, openReturn, type Photo } from './service';

const doc = routeDocs(['Returns'], SECURITY.session);
const FileBytes = z.instanceof(Buffer).meta({ type: 'string', format: 'binary' });
const NO_RETURN = 'afterSale.noSuchReturn';

/** The request's fields and photos; a photo too large or too many is said in the buyer's words. */
async function readRequest(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; photos: Photo[] }> {
  if (!request.isMultipart()) throw new HttpError(400, 'afterSale.returnUnreadable');
  const fields: Record<string, string> = {};
  const photos: Photo[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (bytes.length === 0 && !part.filename) continue;
        photos.push({ bytes });
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(400, message('afterSale.photoTooLarge', { mb: MAX_PHOTO_BYTES / 1024 / 1024 }));
    if (code === 'FST_FILES_LIMIT')
      throw new HttpError(400, message('afterSale.tooManyPhotos', { max: MAX_PHOTOS }));
    if (code.startsWith('FST_')) throw new HttpError(400, 'afterSale.returnUnreadable');
    throw error;
  }
  return { fields, photos };
}

export function returnRoutes(app: FastifyInstance, services: ReturnNeeds) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = services.database.db;
  const timeZone = services.config.SHOP_TIME_ZONE;

  api.get(
    '/api/user/:customerid/orders/:orderid/returnable',
    {
      schema: doc(
        'What of a delivered order can still be returned: its lines, units and the last day for each reason',
        {
          params: OrderReturnPath,
          response: { 200: ReturnableAnswer, ...REFUSALS },
        },
      ),
    },
    async (request, reply) => {
      assertOwnCustomer(request, request.params.customerid);
      const user = requireUser(request);
      const found = await returnable(db, user.customerId, request.params.orderid, timeZone);
      if (!found) throw new HttpError(404, 'afterSale.noSuchOrder');
      return reply.send({ scode: 200, ...found });
    },
  );

  api.get(
    '/api/user/:customerid/returns',
    {
      schema: doc("The company's returns (RMA), newest first; of one order with order_id", {
        params: CustomerReturnsPath,
        querystring: CustomerReturnsQuery,
        response: { 200: ReturnsAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      assertOwnCustomer(request, request.params.customerid);
      const user = requireUser(request);
      return reply.send({
        scode: 200,
        returns: await companyReturns(db, user.customerId, request.query.order_id),
      });
    },
  );

  api.get(
    '/api/user/:customerid/returns/:returnId',
    {
      schema: doc('A return: its units, state, instructions and resolution', {
        params: ReturnPath,
        response: { 200: ReturnAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      assertOwnCustomer(request, request.params.customerid);
      const user = requireUser(request);
      const found = await returnDetail(db, request.params.returnId, user.customerId);
      if (!found) throw new HttpError(404, NO_RETURN);
      return reply.send({ scode: 200, return: found });
    },
  );

  api.get(
    '/api/user/:customerid/returns/:returnId/photos/:photoId',
    {
      schema: doc('A photo sent with a return (its company only)', {
        params: ReturnPhotoPath,
        response: {
          200: { description: 'The photo', content: { 'image/*': { schema: FileBytes } } },
          ...REFUSALS,
        },
      }),
    },
    async (request, reply) => {
      assertOwnCustomer(request, request.params.customerid);
      const user = requireUser(request);
      const photo = await returnPhoto(db, request.params.returnId, request.params.photoId, user.customerId);
      if (!photo) throw new HttpError(404, NO_RETURN);
      return reply
        .type(photo.contentType)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(photo.bytes);
    },
  );

  // The request takes photos: the multipart parser is registered for it alone.
  app.register(async (upload) => {
    await upload.register(multipart, {
      limits: { fileSize: MAX_PHOTO_BYTES, files: MAX_PHOTOS, fields: 10, parts: MAX_PHOTOS + 10 },
    });
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/api/user/:customerid/orders/:orderid/returns',
      {
        schema: doc(
          'Asks to return units of a delivered order (multipart/form-data: reason, notes, lines as JSON [{line_id, quantity | unit_ids}], up to 5 photos as files)',
          {
            params: OrderReturnPath,
            consumes: ['multipart/form-data'],
            response: { 200: ReturnAnswer, ...REFUSALS },
          },
        ),
      },
      async (request, reply) => {
        assertOwnCustomer(request, request.params.customerid);
        const user = requireUser(request);
        const { fields, photos } = await readRequest(request);
        const parsed = ReturnRequestFields.safeParse(fields);
        if (!parsed.success)
          throw new HttpError(
            400,
            parsed.error.issues[0]?.message === 'afterSale.reasonUnknown'
              ? 'afterSale.reasonUnknown'
              : 'afterSale.returnUnreadable',
          );
        let lines: z.output<typeof ReturnRequestLines>;
        try {
          lines = ReturnRequestLines.parse(JSON.parse(fields.lines ?? '[]'));
        } catch {
          throw new HttpError(400, 'afterSale.noUnits');
        }
        const opened = await db.transaction((tx) =>
          openReturn(tx, {
            customerId: user.customerId,
            orderId: request.params.orderid,
            contactPersonId: user.contactPersonId,
            reason: parsed.data.reason,
            notes: parsed.data.notes,
            lines: lines.map((l) => ({ lineId: l.line_id, quantity: l.quantity, unitIds: l.unit_ids })),
            photos,
            timeZone,
            actor: { staffId: null, label: user.contactPersonId },
          }),
        );
        if (opened.mailIds.length) services.mailer.kick();
        const detail = await returnDetail(db, opened.returnId, user.customerId);
        return reply.send({
          scode: 200,
          smessage: request.say(message('afterSale.returnRequested', { rma: opened.rmaNumber })),
          return: detail!,
        });
      },
    );
  });
}
