/** /api/admin/products and /api/admin/catalog/import: the product list and form, and the CSV import. */
import {
  AdminFilterValuesAnswer,
  AdminProductAnswer,
  AdminProductsAnswer,
  ImportApplyAnswer,
  ImportPreviewAnswer,
  productCreateSchema,
  productFieldsSchema,
  productListQuerySchema,
} from '@shop/domain/back-office/schemas';
import { MAX_IMAGES } from '@shop/domain/catalog/product';
import { REFUSALS } from '@shop/domain/core/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productImages, products } from '../../db/schema';
import type { AdminDeps } from '../../lib/back-office';
import { pageOf } from '../../lib/back-office-http';
import { documentedOnly, routeDocs, SECURITY } from '../../lib/contract';
import { HttpError } from '../../lib/http';
import { actorOf } from '../sessions';
import { attachPicture, createProduct, listProducts, productDetail, updateProduct } from './admin-service';
import { filterValuesOf } from './admin-values';
import { applyImport, planImport } from './import';
import { MAX_PICTURE_BYTES, NOT_A_PICTURE, readUpload, storePicture } from './media';

const NO_PRODUCT = 'There is no such product.';
const ITEM_ID = /^[A-Za-z0-9-]{1,40}$/;
const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
const doc = routeDocs(['Back office: products'], SECURITY.staff);
const ItemParams = z.object({ itemId: z.string().describe('The item id.') });
const Saved = { 200: AdminProductAnswer.extend({ smessage: z.string() }), ...REFUSALS };

export function productRoutes(app: FastifyInstance, deps: AdminDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/admin/products',
    {
      schema: doc('Products, by text, category, condition or state', {
        querystring: productListQuerySchema,
        response: { 200: AdminProductsAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const query = request.query;
      const { rows, total } = await listProducts(deps.db, query, deps.config);
      return reply.send({ scode: 200, products: pageOf(rows, total, query) });
    },
  );

  api.get(
    '/api/admin/products/filter-values',
    {
      schema: doc("The values each filter field has in the catalog (the product form's suggestions)", {
        response: { 200: AdminFilterValuesAnswer, ...REFUSALS },
      }),
    },
    async (_request, reply) => reply.send({ scode: 200, values: await filterValuesOf(deps.db) }),
  );

  api.get(
    '/api/admin/products/:itemId',
    {
      schema: doc('A product with its history', {
        params: ItemParams,
        response: { 200: AdminProductAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      if (!ITEM_ID.test(request.params.itemId)) throw new HttpError(404, NO_PRODUCT);
      const found = await productDetail(deps, request.params.itemId);
      if (!found) throw new HttpError(404, NO_PRODUCT);
      return reply.send({ scode: 200, ...found });
    },
  );

  api.post(
    '/api/admin/products',
    // The body is read by createProduct, which the seller's commands share: its dollars become cents
    // there, so the route documents it and does not read it first.
    {
      schema: doc('Create a product', { response: Saved, ...documentedOnly({ body: productCreateSchema }) }),
    },
    async (request, reply) => {
      const made = await createProduct(deps, actorOf(request), request.body);
      return reply.send({ scode: 200, smessage: `Product ${made.product.sku} has been created.`, ...made });
    },
  );

  api.patch(
    '/api/admin/products/:itemId',
    {
      schema: doc('Change a product: any of its fields, prices and stock', {
        params: ItemParams,
        response: Saved,
        ...documentedOnly({ body: productFieldsSchema }),
      }),
    },
    async (request, reply) => {
      if (!ITEM_ID.test(request.params.itemId)) throw new HttpError(404, NO_PRODUCT);
      const { changed, ...found } = await updateProduct(
        deps,
        actorOf(request),
        request.params.itemId,
        request.body,
      );
      return reply.send({
        scode: 200,
        smessage: changed ? `Product ${found.product.sku} has been saved.` : 'Nothing changed.',
        ...found,
      });
    },
  );

  api.post(
    '/api/admin/products/:itemId/pictures',
    {
      schema: doc(
        'Upload a picture and add it to the product at once (multipart/form-data, field file): stored as WebP',
        { params: ItemParams, consumes: ['multipart/form-data'], response: Saved },
      ),
    },
    async (request, reply) => {
      if (!ITEM_ID.test(request.params.itemId)) throw new HttpError(404, NO_PRODUCT);
      const [found] = await deps.db
        .select({ id: products.itemId })
        .from(products)
        .where(eq(products.itemId, request.params.itemId));
      if (!found) throw new HttpError(404, NO_PRODUCT);
      // A product already full is refused before the picture is stored, so no file is left behind.
      const [held] = await deps.db
        .select({ n: sql<number>`count(*)::int` })
        .from(productImages)
        .where(eq(productImages.itemId, request.params.itemId));
      if ((held?.n ?? 0) >= MAX_IMAGES)
        throw new HttpError(400, `A product has at most ${MAX_IMAGES} pictures; remove one first.`);
      const { file } = await readUpload(request, MAX_PICTURE_BYTES);
      if (!file) throw new HttpError(400, `${NOT_A_PICTURE} No file was sent.`);
      const link = await storePicture(deps, file.buffer);
      const { changed, ...saved } = await attachPicture(deps, actorOf(request), request.params.itemId, link);
      const name = file.filename || 'The picture';
      return reply.send({
        scode: 200,
        smessage: changed
          ? `${name} has been uploaded and added to the product's pictures.`
          : `${name} is already one of the product's pictures.`,
        ...saved,
      });
    },
  );

  // ---- Catalog import: preview, then apply the same file with the preview's token

  const fileText = async (request: Parameters<typeof readUpload>[0]) => {
    const upload = await readUpload(request, MAX_IMPORT_BYTES);
    if (!upload.file) throw new HttpError(400, 'Choose a CSV file to import.');
    const text = upload.file.buffer.toString('utf8');
    if (text.includes('\u0000')) throw new HttpError(400, 'The file is not a CSV text file.');
    return { text, fields: upload.fields };
  };

  api.post(
    '/api/admin/catalog/import/preview',
    {
      schema: doc('Preview a catalog CSV: what it would create and change, and its errors', {
        consumes: ['multipart/form-data'],
        response: { 200: ImportPreviewAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const { text } = await fileText(request);
      const { preview } = await planImport(deps, deps.db, text);
      return reply.send({ scode: 200, preview });
    },
  );

  api.post(
    '/api/admin/catalog/import/apply',
    {
      schema: doc('Apply a previewed catalog CSV (the same file, with the preview token)', {
        consumes: ['multipart/form-data'],
        response: { 200: ImportApplyAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const { text, fields } = await fileText(request);
      if (!fields.token)
        throw new HttpError(400, 'Preview the file first, then apply it with the preview token.');
      const done = await applyImport(deps, actorOf(request), text, fields.token);
      return reply.send({
        scode: 200,
        smessage: `Imported: ${done.created} created, ${done.updated} updated, ${done.preview.summary.unchanged} unchanged.`,
        created: done.created,
        updated: done.updated,
        preview: done.preview,
      });
    },
  );
}
