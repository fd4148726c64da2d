/**
 * The catalog: the in-memory store every answer is read from, the shop's listings, search and product
 * pages, product pictures, and the back office's products, media and imports.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { productRoutes } from './admin-routes';
import { imageRoutes } from './image-routes';
import { mediaRoutes } from './media';
import type { CatalogNeeds } from './needs';
import { catalogRoutes } from './shop-routes';

export { type ImageConfig, imageUrl, PLACEHOLDER_IMAGE } from './images';
export { applyImport, hasErrors, planImport, previewLines } from './import';
export { MEDIA_FILE, mediaLibrary } from './media-store';
export type { CatalogNeeds } from './needs';
export { openPageReads, PAGE_READ_HEADER, PageReads, STAND_IN_PATTERN, stillHolds } from './page-reads';
export { type Brief, brief, personalOffer, priceClassOf } from './present';
export { productEvents } from './product-events';
export { CatalogStore, type ProductRecord, SPEC_COLUMNS } from './store';
export { upsertProducts } from './write';

export const catalogModule: FastifyPluginAsync<CatalogNeeds> = async (app, needs) => {
  catalogRoutes(app, needs);
  imageRoutes(app);
  // Uploads (pictures, import files) are parsed for the back office's product routes only: in a scope of
  // their own, since the multipart plugin's hooks would otherwise run on every catalog read too.
  await app.register(async (backOffice) => {
    await backOffice.register(multipart, {
      limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 10, parts: 12 },
    });
    productRoutes(backOffice, needs.backOffice);
    mediaRoutes(backOffice, needs.backOffice);
  });
};
