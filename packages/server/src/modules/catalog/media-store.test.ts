/**
 * The S3 media store against a stand-in for the SDK's client (no real bucket here): the commands it sends,
 * a name written once, a missing object as null, and the library's memory and ETag in front of it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { testConfig } from '../../test/config';
import { etagOf, MediaLibrary, mediaLibrary, S3MediaStore, type S3Sender } from './media-store';

/** Answers as S3 does: 404 NotFound / NoSuchKey, 412 to a put with If-None-Match: * on a taken key. */
class FakeBucket implements S3Sender {
  readonly objects = new Map<string, { body: Buffer; type: string; cacheControl?: string }>();
  readonly sent: string[] = [];

  async send(command: GetObjectCommand | HeadObjectCommand | PutObjectCommand): Promise<unknown> {
    const { Bucket, Key } = command.input;
    expect(Bucket).toBe('shop-pictures');
    const object = this.objects.get(Key!);
    this.sent.push(`${command.constructor.name} ${Key}`);
    const missing = (name: string) =>
      Object.assign(new Error(name), { name, $metadata: { httpStatusCode: 404 } });
    if (command instanceof PutObjectCommand) {
      if (object && command.input.IfNoneMatch === '*')
        throw Object.assign(new Error('PreconditionFailed'), { $metadata: { httpStatusCode: 412 } });
      this.objects.set(Key!, {
        body: Buffer.from(command.input.Body as Buffer),
        type: command.input.ContentType!,
        cacheControl: command.input.CacheControl,
      });
      return {};
    }
    if (!object) throw missing(command instanceof HeadObjectCommand ? 'NotFound' : 'NoSuchKey');
    if (command instanceof HeadObjectCommand) return { ContentLength: object.body.length };
    return {
      ContentType: object.type,
      Body: { transformToByteArray: async () => new Uint8Array(object.body) },
    };
  }
}

const dir = mkdtempSync(join(tmpdir(), 'shop-media-s3-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const NAME = `${'c'.repeat(32)}-thumb.webp`;

describe('the S3 media store', () => {
  it('writes a name once under the prefix, reads it back and answers null for a missing one', async () => {
    const bucket = new FakeBucket();
    const store = new S3MediaStore(bucket, 'shop-pictures', 'media/');
    const bytes = Buffer.from('RIFF....WEBPVP8 first');
    expect(await store.has(NAME)).toBe(false);
    expect(await store.get(NAME)).toBeNull();
    expect(await store.put(NAME, bytes, 'image/webp')).toBe(true);
    expect(bucket.objects.get(`media/${NAME}`)).toMatchObject({
      type: 'image/webp',
      cacheControl: 'public, max-age=31536000, immutable',
    });
    expect(await store.put(NAME, Buffer.from('another'), 'image/webp')).toBe(false);
    expect(await store.get(NAME)).toEqual({ bytes, contentType: 'image/webp' });
    expect(await store.has(NAME)).toBe(true);

    // Two processes writing together: the second put finds the object taken (412) and writes nothing.
    const raced = new S3MediaStore(
      {
        send: async (command) => {
          if (command instanceof HeadObjectCommand)
            throw Object.assign(new Error(), { name: 'NotFound', $metadata: { httpStatusCode: 404 } });
          return bucket.send(command);
        },
      },
      'shop-pictures',
      'media/',
    );
    expect(await raced.put(NAME, Buffer.from('late'), 'image/webp')).toBe(false);
    expect((await store.get(NAME))?.bytes).toEqual(bytes);
  });

  it('passes on a failure that is not a missing object', async () => {
    const store = new S3MediaStore(
      {
        send: async () => {
          throw Object.assign(new Error('Access Denied'), {
            name: 'AccessDenied',
            $metadata: { httpStatusCode: 403 },
          });
        },
      },
      'shop-pictures',
      'media/',
    );
    await expect(store.get(NAME)).rejects.toThrow('Access Denied');
    await expect(store.put(NAME, Buffer.from('x'), 'image/webp')).rejects.toThrow('Access Denied');
  });

  it('the library serves from memory after one read, with an ETag drawn from the bytes, and falls back to MEDIA_DIR', async () => {
    const bucket = new FakeBucket();
    const library = new MediaLibrary(new S3MediaStore(bucket, 'shop-pictures', 'media/'), dir, 1024 * 1024);
    const bytes = Buffer.from('RIFF....WEBPVP8 stored');
    await library.store.put(NAME, bytes, 'image/webp');
    bucket.sent.length = 0;
    const [a, b] = await Promise.all([library.load(NAME), library.load(NAME)]);
    expect(a).toEqual({ bytes, contentType: 'image/webp', etag: etagOf(bytes) });
    expect(b).toEqual(a);
    expect(await library.load(NAME)).toEqual(a);
    expect(bucket.sent).toEqual([`GetObjectCommand media/${NAME}`]);

    const old = `${'d'.repeat(32)}-full.webp`;
    writeFileSync(join(dir, old), 'RIFF....WEBPVP8 on disk');
    expect((await library.load(old))?.bytes.toString()).toBe('RIFF....WEBPVP8 on disk');
    expect(await library.has(old)).toBe(true);
    expect(await library.load(`${'e'.repeat(32)}-full.webp`)).toBeNull();
  });

  it('MEDIA_STORE=s3 speaks S3 through the SDK to the configured endpoint, path-style, with the credentials of the environment', async () => {
    const objects = new Map<string, Buffer>();
    const seen: string[] = [];
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        const path = decodeURIComponent(new URL(request.url!, 'http://x').pathname);
        seen.push(
          `${request.method} ${path} ${/Credential=test-key\//.test(request.headers.authorization ?? '')}`,
        );
        const object = objects.get(path);
        if (request.method === 'PUT') {
          objects.set(path, Buffer.concat(chunks));
          response.writeHead(200, { etag: '"1"' }).end();
        } else if (!object) {
          response.writeHead(404, { 'content-type': 'application/xml' });
          response.end(request.method === 'HEAD' ? undefined : '<Error><Code>NoSuchKey</Code></Error>');
        } else {
          response.writeHead(200, { 'content-type': 'image/webp', 'content-length': object.length });
          response.end(request.method === 'HEAD' ? undefined : object);
        }
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
    process.env.AWS_ACCESS_KEY_ID = 'test-key';
    process.env.AWS_SECRET_ACCESS_KEY = 'test-secret';
    try {
      const config = testConfig({
        MEDIA_DIR: dir,
        MEDIA_STORE: 's3',
        MEDIA_S3_BUCKET: 'shop-pictures',
        MEDIA_S3_ENDPOINT: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        MEDIA_S3_FORCE_PATH_STYLE: true,
      });
      const library = mediaLibrary({} as Db, config);
      const bytes = Buffer.from('RIFF....WEBPVP8 through the SDK');
      expect(await library.put(NAME, bytes, 'image/webp')).toBe(true);
      expect(await library.put(NAME, bytes, 'image/webp')).toBe(false);
      expect(await mediaLibrary({} as Db, config).store.get(NAME)).toEqual({
        bytes,
        contentType: 'image/webp',
      });
      expect(await library.store.get(`${'f'.repeat(32)}-thumb.webp`)).toBeNull();
      const key = `/shop-pictures/media/${NAME}`;
      expect(seen.slice(0, 4)).toEqual([
        `HEAD ${key} true`,
        `PUT ${key} true`,
        `HEAD ${key} true`,
        `GET ${key} true`,
      ]);
      expect(() => mediaLibrary({} as Db, { ...config, MEDIA_S3_BUCKET: undefined })).toThrow(
        'MEDIA_S3_BUCKET',
      );
    } finally {
      process.env.AWS_ACCESS_KEY_ID = saved.id;
      process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
      if (saved.id === undefined) delete process.env.AWS_ACCESS_KEY_ID;
      if (saved.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
      server.close();
    }
  });
});
