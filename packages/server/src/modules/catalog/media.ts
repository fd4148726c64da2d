/**
 * Pictures uploaded in the back office: the real type is read from the bytes (JPEG, PNG or WebP only),
 * then sharp makes a thumbnail and a full size as WebP, kept in the media store (media-store.ts) under
 * names drawn from the content's hash. The files never change, so browsers keep them for a year, and any
 * server process on any machine serves them.
 */
import { createHash } from 'node:crypto';
import { AdminMediaAnswer } from '@shop/domain/back-office/schemas';
import { MEDIA_LINK } from '@shop/domain/catalog/product';
import { REFUSALS } from '@shop/domain/core/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { Queryable } from '../../db/client';
import type { AdminDeps } from '../../lib/back-office';
import { routeDocs, SECURITY } from '../../lib/contract';
import { HttpError } from '../../lib/http';
import { imageUrl } from './images';
import { IMMUTABLE, MEDIA_FILE, mediaLibrary, storedFiles } from './media-store';

export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;
const SIZES = { thumb: 1000, full: 2000 } as const;
const FORMATS = new Set(['jpeg', 'png', 'webp']);
export const NOT_A_PICTURE = 'Send a JPEG, PNG or WebP picture.';

const library = (deps: Pick<AdminDeps, 'db' | 'config'>) => mediaLibrary(deps.db, deps.config);

export interface Upload {
  file: { buffer: Buffer; filename: string } | null;
  fields: Record<string, string>;
}

/** Reads a multipart request: at most one file and a few text fields; too large is a 413 that says so. */
export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Upload> {
  if (!request.isMultipart()) throw new HttpError(400, 'Send the file as multipart/form-data.');
  const out: Upload = { file: null, fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (buffer.length > maxBytes)
          throw new HttpError(413, `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
        out.file = { buffer, filename: part.filename };
      } else if (typeof part.value === 'string') {
        out.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
    if (code.startsWith('FST_'))
      throw new HttpError(400, 'The upload could not be read; send one file as multipart/form-data.');
    throw error;
  }
  return out;
}

/** Stores a picture in both sizes; returns its link (media:{id}). The same picture twice is stored once. */
export async function storePicture(deps: AdminDeps, buffer: Buffer): Promise<string> {
  let format: string | undefined;
  try {
    format = (await sharp(buffer, { limitInputPixels: 50_000_000 }).metadata()).format;
  } catch {
    throw new HttpError(400, NOT_A_PICTURE);
  }
  if (!format || !FORMATS.has(format)) throw new HttpError(400, NOT_A_PICTURE);
  const id = createHash('sha256').update(buffer).digest('hex').slice(0, 32);
  const media = library(deps);
  for (const [size, width] of Object.entries(SIZES)) {
    const name = `${id}-${size}.webp`;
    if (await media.has(name)) continue;
    let out: Buffer;
    try {
      out = await sharp(buffer, { limitInputPixels: 50_000_000 })
        .rotate()
        .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw new HttpError(400, `${NOT_A_PICTURE} This one could not be read.`);
    }
    // Two uploads of one picture at once: the first write stands, the second changes nothing.
    await media.put(name, out, 'image/webp');
  }
  return `media:${id}`;
}

/**
 * Uploaded pictures named by a product that are not kept (e.g. a link typed by hand); `q` is the caller's
 * transaction, or the database.
 */
export async function missingPictures(
  deps: Pick<AdminDeps, 'config'>,
  links: readonly string[],
  q: Queryable,
): Promise<string[]> {
  const thumbs = new Map<string, string>();
  for (const link of links) {
    const id = MEDIA_LINK.exec(link)?.[1];
    if (id) thumbs.set(link, `${id}-thumb.webp`);
  }
  const kept = await storedFiles(q, deps.config, [...thumbs.values()]);
  return [...thumbs].filter(([, name]) => !kept.has(name)).map(([link]) => link);
}

/** If-None-Match names the ETag (or is `*`): weak comparison, as RFC 9110 asks for this header. */
function notModified(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || (t.startsWith('W/') ? t.slice(2) : t) === etag;
  });
}

export function mediaRoutes(app: FastifyInstance, deps: AdminDeps) {
  const doc = routeDocs(['Back office: products'], SECURITY.staff);
  app.post(
    '/api/admin/media',
    {
      schema: doc('Upload a product picture (multipart/form-data, field file): stored as WebP', {
        consumes: ['multipart/form-data'],
        response: { 200: AdminMediaAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const { file } = await readUpload(request, MAX_PICTURE_BYTES);
      if (!file) throw new HttpError(400, `${NOT_A_PICTURE} No file was sent.`);
      const link = await storePicture(deps, file.buffer);
      return reply.send({
        scode: 200,
        image: {
          link,
          thumb_url: imageUrl(link, deps.config, 'thumb'),
          url: imageUrl(link, deps.config, 'full'),
        },
      });
    },
  );

  // Throws at start-up when the store's configuration is incomplete (MEDIA_STORE=s3 without a bucket).
  library(deps);
  app.get<{ Params: { file: string } }>('/media/:file', async (request, reply) => {
    const name = request.params.file;
    const file = MEDIA_FILE.test(name) ? await library(deps).load(name) : null;
    if (!file) return reply.code(404).send({ scode: 404, smessage: reply.request.say('api.notFound') });
    reply.header('cache-control', IMMUTABLE).header('etag', file.etag);
    if (notModified(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
    return reply.type(file.contentType).send(file.bytes);
  });
}
