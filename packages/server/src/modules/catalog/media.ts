/**
 * Pictures uploaded in the back office: the real type is read from the bytes (JPEG, PNG or WebP only),
 * then sharp writes a thumbnail and a full size as WebP under MEDIA_DIR, named by the content's hash. The
 * files never change, so browsers keep them for a year. Every server process must share MEDIA_DIR.
 */
import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { AdminMediaAnswer } from '@shop/domain/back-office/schemas';
import { MEDIA_LINK } from '@shop/domain/catalog/product';
import { REFUSALS } from '@shop/domain/core/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { AdminDeps } from '../../lib/back-office';
import { routeDocs, SECURITY } from '../../lib/contract';
import { HttpError } from '../../lib/http';
import { imageUrl } from './images';

export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;
const SIZES = { thumb: 1000, full: 2000 } as const;
const FORMATS = new Set(['jpeg', 'png', 'webp']);
export const NOT_A_PICTURE = 'Send a JPEG, PNG or WebP picture.';

function mediaDir(deps: AdminDeps): string {
  return resolve(deps.config.MEDIA_DIR);
}

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
  const dir = mediaDir(deps);
  await mkdir(dir, { recursive: true });
  for (const [size, width] of Object.entries(SIZES)) {
    const target = join(dir, `${id}-${size}.webp`);
    if (await exists(target)) continue;
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
    // Written aside and renamed, so a reader never sees half a file.
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, out);
    await rename(temp, target);
  }
  return `media:${id}`;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** Uploaded pictures named by a product that are not on disk (e.g. a link typed by hand). */
export async function missingPictures(deps: AdminDeps, links: readonly string[]): Promise<string[]> {
  const missing: string[] = [];
  for (const link of links) {
    const id = MEDIA_LINK.exec(link)?.[1];
    if (id && !(await exists(join(mediaDir(deps), `${id}-thumb.webp`)))) missing.push(link);
  }
  return missing;
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

  app.get<{ Params: { file: string } }>('/media/:file', async (request, reply) => {
    const match = /^([0-9a-f]{32})-(thumb|full)\.webp$/.exec(request.params.file);
    if (!match) return reply.code(404).send({ scode: 404, smessage: reply.request.say('api.notFound') });
    let body: Buffer;
    try {
      body = await readFile(join(mediaDir(deps), request.params.file));
    } catch (error) {
      if ((error as { code?: string }).code !== 'ENOENT')
        request.log.error({ err: error, file: request.params.file }, 'a stored picture cannot be read');
      return reply.code(404).send({ scode: 404, smessage: reply.request.say('api.notFound') });
    }
    return reply.type('image/webp').header('cache-control', 'public, max-age=31536000, immutable').send(body);
  });
}
