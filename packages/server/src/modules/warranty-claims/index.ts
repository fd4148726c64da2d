/**
 * Warranty claims: the buyer's claim by serial (the unit's warranty checked here), the company's list, the
 * seller's queue, a claim's page and its one answer, which opens the unit's return through the returns
 * module.
 */
import multipart from '@fastify/multipart';
import { CLAIM_PHOTO_BYTES, CLAIM_PHOTOS_MAX } from '@shop/domain/warranty-claims/schemas';
import type { FastifyPluginAsync } from 'fastify';
import { claimAdminRoutes } from './admin-routes';
import type { WarrantyClaimNeeds } from './needs';
import { claimShopRoutes } from './shop-routes';

export type { WarrantyClaimNeeds } from './needs';
export { waitingClaimCount } from './service';

export const warrantyClaimsModule: FastifyPluginAsync<WarrantyClaimNeeds> = async (app, needs) => {
  claimAdminRoutes(app, needs.backOffice);
  // The claim's photos are parsed for its own route only, in a scope of their own.
  await app.register(async (form) => {
    await form.register(multipart, {
      limits: { fileSize: CLAIM_PHOTO_BYTES + 1, files: CLAIM_PHOTOS_MAX + 1, fields: 10, parts: 20 },
    });
    claimShopRoutes(form, needs);
  });
};
