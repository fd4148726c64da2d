/**
 * /api/admin/warranty-claims: the queue (by state, age, customer), the count waiting, one claim with its
 * unit and photos, and the answer (repair, replacement or refund, a note; its return opened unless the unit
 * need not come back).
 */
import { REFUSALS } from '@shop/domain/core/contract';
import {
  AdminClaimAnsweredAnswer,
  AdminClaimCountAnswer,
  AdminClaimDetailAnswer,
  AdminClaimListAnswer,
  adminClaimListQuerySchema,
  CLAIM_SELLER_MSG,
  claimAnswerSchema,
} from '@shop/domain/warranty-claims/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AdminDeps, deliverQueued } from '../../lib/back-office';
import { numericId } from '../../lib/back-office-http';
import { routeDocs, SECURITY } from '../../lib/contract';
import { HttpError } from '../../lib/http';
import { actorOf } from '../sessions';
import {
  ADMIN_PAGE_SIZE,
  adminClaimDetail,
  answerClaim,
  claimPhoto,
  listAdminClaims,
  waitingClaimCount,
} from './service';

/** A photo's bytes, as the OpenAPI document names them. */
const PhotoBytes = z.instanceof(Buffer).meta({ type: 'string', format: 'binary' });

const doc = routeDocs(['Back office: warranty claims'], SECURITY.staff);
const ClaimPath = z.object({ claimId: z.string().describe('The claim id (claim_id).') });
const PhotoPath = ClaimPath.extend({ photoId: z.string().describe('The photo id.') });

export function claimAdminRoutes(app: FastifyInstance, deps: AdminDeps) {
  const { db } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/warranty-claims',
    {
      schema: doc(
        'A page of warranty claims by state (submitted: oldest first), days waiting at least and customer (id or company)',
        { querystring: adminClaimListQuerySchema, response: { 200: AdminClaimListAnswer, ...REFUSALS } },
      ),
    },
    async (request, reply) => {
      const { claims, total } = await listAdminClaims(db, request.query);
      return reply.send({ scode: 200, claims, total, page: request.query.page, page_size: ADMIN_PAGE_SIZE });
    },
  );

  api.get(
    '/api/admin/warranty-claims/waiting-count',
    {
      schema: doc('How many warranty claims wait for an answer', {
        response: { 200: AdminClaimCountAnswer, ...REFUSALS },
      }),
    },
    async (_request, reply) => reply.send({ scode: 200, waiting: await waitingClaimCount(db) }),
  );

  const detail = async (claimId: number) => {
    const claim = await adminClaimDetail(db, claimId, deps.config.SHOP_TIME_ZONE);
    if (!claim) throw new HttpError(404, CLAIM_SELLER_MSG.noClaim);
    return claim;
  };

  api.get(
    '/api/admin/warranty-claims/:claimId',
    {
      schema: doc(
        'A warranty claim: the unit (serial, order, warranty end), the problem, the photos, the answer',
        {
          params: ClaimPath,
          response: { 200: AdminClaimDetailAnswer, ...REFUSALS },
        },
      ),
    },
    async (request, reply) =>
      reply.send({
        scode: 200,
        claim: await detail(numericId(request.params.claimId, CLAIM_SELLER_MSG.noClaim)),
      }),
  );

  api.get(
    '/api/admin/warranty-claims/:claimId/photos/:photoId',
    {
      schema: doc('A photo the buyer sent with the claim (JPEG, PNG or WebP)', {
        params: PhotoPath,
        response: {
          200: { description: 'The photo', content: { 'image/*': { schema: PhotoBytes } } },
          ...REFUSALS,
        },
      }),
    },
    async (request, reply) => {
      const photo = await claimPhoto(
        db,
        numericId(request.params.claimId, CLAIM_SELLER_MSG.noClaim),
        numericId(request.params.photoId, 'There is no such photo.'),
      );
      if (!photo) throw new HttpError(404, 'There is no such photo.');
      reply.header('cache-control', 'private, max-age=3600');
      reply.header('content-security-policy', "default-src 'none'");
      return reply.type(photo.contentType).send(photo.bytes);
    },
  );

  api.post(
    '/api/admin/warranty-claims/:claimId/answer',
    {
      schema: doc(
        'Answers a submitted claim once (repair, replacement or refund, a note): unless keep_unit, its return is opened authorised (reason warranty) and linked; the buyer is mailed in their language',
        {
          params: ClaimPath,
          body: claimAnswerSchema,
          response: { 200: AdminClaimAnsweredAnswer, ...REFUSALS },
        },
      ),
    },
    async (request, reply) => {
      const claimId = numericId(request.params.claimId, CLAIM_SELLER_MSG.noClaim);
      const done = await answerClaim(deps, claimId, request.body, actorOf(request));
      await deliverQueued(deps, done.mailIds);
      return reply.send({
        scode: 200,
        smessage: `Warranty claim ${done.claimNumber} answered${
          done.rmaNumber ? `; return ${done.rmaNumber} is open for the unit` : ''
        }; the buyer has been mailed.`,
        claim: await detail(claimId),
      });
    },
  );
}
