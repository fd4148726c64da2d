/** The buyer's warranty claims: submit one by serial (multipart: serial, problem, photos), the company's list. */
import { CustomerPath } from '@shop/domain/account/requests';
import { REFUSALS } from '@shop/domain/core/contract';
import {
  CLAIM_MSG,
  CLAIM_PHOTO_BYTES,
  CLAIM_PHOTOS_MAX,
  ClaimListAnswer,
  ClaimSubmittedAnswer,
  claimFieldsSchema,
} from '@shop/domain/warranty-claims/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deliverQueued } from '../../lib/back-office';
import { routeDocs, SECURITY } from '../../lib/contract';
import { HttpError } from '../../lib/http';
import { assertOwnCustomer, requireUser } from '../sessions';
import type { WarrantyClaimNeeds } from './needs';
import { type ClaimPhoto, companyClaims, submitClaim } from './service';

const doc = routeDocs(['Warranty claims'], SECURITY.session);

/** Reads the claim's form: its text fields and up to five photos (each at most 5 MB). */
async function readClaimForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; photos: ClaimPhoto[] }> {
  if (!request.isMultipart()) throw new HttpError(400, CLAIM_MSG.unreadable);
  const fields: Record<string, string> = {};
  const photos: ClaimPhoto[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated || bytes.length > CLAIM_PHOTO_BYTES)
          throw new HttpError(400, CLAIM_MSG.photoSize);
        // An empty file input sends a part with no name and no bytes.
        if (bytes.length > 0) photos.push({ bytes });
        if (photos.length > CLAIM_PHOTOS_MAX) throw new HttpError(400, CLAIM_MSG.photoCount);
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(400, CLAIM_MSG.photoSize);
    if (code === 'FST_FILES_LIMIT') throw new HttpError(400, CLAIM_MSG.photoCount);
    if (code.startsWith('FST_')) throw new HttpError(400, CLAIM_MSG.unreadable);
    throw error;
  }
  return { fields, photos };
}

export function claimShopRoutes(app: FastifyInstance, needs: WarrantyClaimNeeds) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/user/:customerid/warranty-claims',
    {
      schema: doc(
        "Claims a unit's warranty by its serial (multipart/form-data: serial, problem, up to 5 photos in JPEG, PNG or WebP of at most 5 MB each): the company's unit, not returned or replaced, within its warranty; a serial not sold to the company is answered as unknown. The buyer is mailed the claim's number",
        {
          params: CustomerPath,
          consumes: ['multipart/form-data'],
          response: { 200: ClaimSubmittedAnswer, ...REFUSALS },
        },
      ),
      preValidation: async (request) => {
        assertOwnCustomer(request, request.params.customerid);
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { fields, photos } = await readClaimForm(request);
      const parsed = claimFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const said = (issue?.message ?? CLAIM_MSG.unreadable) as typeof CLAIM_MSG.serial;
        throw new HttpError(400, said, { errors: { [String(issue?.path[0] ?? 'serial')]: said } });
      }
      const made = await submitClaim(needs.backOffice, user, { ...parsed.data, photos });
      await deliverQueued(needs.backOffice, made.mailIds);
      return reply.send({
        scode: 200,
        smessage: request.say(CLAIM_MSG.submitted(made.claimNumber)),
        claim_id: made.claimId,
        claim_number: made.claimNumber,
      });
    },
  );

  api.get(
    '/api/user/:customerid/warranty-claims',
    {
      schema: doc("The company's warranty claims, newest first, with their state and the seller's answer", {
        params: CustomerPath,
        response: { 200: ClaimListAnswer, ...REFUSALS },
      }),
      preValidation: async (request) => {
        assertOwnCustomer(request, request.params.customerid);
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'private, no-store');
      return reply.send({ scode: 200, claims: await companyClaims(needs.database.db, user.customerId) });
    },
  );
}
