/**
 * Pictures with no shared folder: two server processes on one PostgreSQL, each with its own empty
 * MEDIA_DIR, serve a picture uploaded through either with the same bytes and ETag; a matching
 * If-None-Match is answered 304; the seller's `media move` moves an old MEDIA_DIR into the store once.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  type MockInstance,
  vi,
} from 'vitest';
import { buildApp } from '../../app';
import { cliDeps } from '../../cli/deps';
import { mediaCommands } from '../../cli/seller-media';
import { type Database, openDatabase } from '../../db/client';
import { clientAddress, OWNER, staffSignIn } from '../../test/admin';
import { useTestApp } from '../../test/harness';

const mediaA = mkdtempSync(join(tmpdir(), 'shop-media-a-'));
const mediaB = mkdtempSync(join(tmpdir(), 'shop-media-b-'));
const ctx = useTestApp({ MEDIA_DIR: mediaA });

/** On PostgreSQL, a second process's worth of app (its own pool, memory and MEDIA_DIR) on the same database. */
let other: FastifyInstance | null = null;
let otherDatabase: Database | null = null;
let owner = '';
beforeAll(async () => {
  owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
  if (!ctx.url) return;
  otherDatabase = await openDatabase({ url: ctx.url, poolSize: 2 });
  other = await buildApp({ ...ctx.config, MEDIA_DIR: mediaB }, { database: otherDatabase, prepared: true });
});
afterAll(async () => {
  await other?.close();
  await otherDatabase?.close();
  rmSync(mediaA, { recursive: true, force: true });
  rmSync(mediaB, { recursive: true, force: true });
});

let log: MockInstance<typeof console.log>;
beforeEach(() => {
  log = vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => log.mockRestore());
const printed = () => log.mock.calls.map((c) => c.join(' ')).join('\n');

const picture = (background: string) =>
  sharp({ create: { width: 1200, height: 600, channels: 3, background } })
    .png()
    .toBuffer();

async function upload(app: FastifyInstance, data: Buffer) {
  const boundary = `----shop${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/media',
    remoteAddress: clientAddress(),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: owner },
    payload,
  });
  expect(response.statusCode).toBe(200);
  return response.json().image as { link: string; thumb_url: string; url: string };
}

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('pictures with no shared folder', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a picture uploaded through one process is served by another, with the same bytes and ETag',
    async () => {
      const image = await upload(ctx.app, await picture('#3366aa'));
      for (const url of [image.thumb_url, image.url]) {
        const here = await get(ctx.app, url);
        const there = await get(other!, url);
        expect(there.statusCode).toBe(200);
        expect(there.headers['content-type']).toBe('image/webp');
        expect(there.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(there.headers.etag).toMatch(/^"[\w-]+"$/);
        expect(there.headers.etag).toBe(here.headers.etag);
        expect(there.rawPayload.equals(here.rawPayload)).toBe(true);
        const again = await get(other!, url, { 'if-none-match': String(there.headers.etag) });
        expect(again.statusCode).toBe(304);
        expect(again.rawPayload.length).toBe(0);
      }
      // The same picture uploaded through the other process is the same link, stored once.
      expect(await upload(other!, await picture('#3366aa'))).toEqual(image);
      // Neither process wrote a file of its own.
      expect(readdirSync(mediaA)).toEqual([]);
      expect(readdirSync(mediaB)).toEqual([]);
    },
  );

  it('answers 304 to a matching If-None-Match, 200 to another, and 404 to a picture never stored', async () => {
    const image = await upload(ctx.app, await picture('#aa6633'));
    const first = await get(ctx.app, image.url);
    expect(first.statusCode).toBe(200);
    expect((await sharp(first.rawPayload).metadata()).width).toBe(1200);
    const etag = String(first.headers.etag);
    const same = await get(ctx.app, image.url, { 'if-none-match': `"elsewhere", W/${etag}` });
    expect(same.statusCode).toBe(304);
    expect(same.headers.etag).toBe(etag);
    expect(same.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get(ctx.app, image.url, { 'if-none-match': '"elsewhere"' })).statusCode).toBe(200);
    expect((await get(ctx.app, `/media/${'0'.repeat(32)}-full.webp`)).statusCode).toBe(404);
    expect((await get(ctx.app, '/media/..%2Fsecret-full.webp')).statusCode).toBe(404);
  });

  it('media move moves each file of an old MEDIA_DIR into the store once, however often it runs', async () => {
    // Pictures kept as files before the store: served from the folder until moved.
    const files: Record<string, Buffer> = {};
    for (const [i, background] of ['#112233', '#445566'].entries()) {
      const id = `${'ab'.repeat(15)}0${i}`;
      for (const size of ['thumb', 'full']) {
        const name = `${id}-${size}.webp`;
        files[name] = await sharp({ create: { width: 40 + i, height: 30, channels: 3, background } })
          .webp()
          .toBuffer();
        writeFileSync(join(mediaA, name), files[name]!);
      }
    }
    writeFileSync(join(mediaA, 'notes.txt'), 'not a picture');
    const name = Object.keys(files)[0]!;
    expect((await get(ctx.app, `/media/${name}`)).rawPayload.equals(files[name]!)).toBe(true);
    if (other) expect((await get(other, `/media/${name}`)).statusCode).toBe(404);

    const context = { db: ctx.database.db, config: ctx.config, deps: cliDeps(ctx.database.db, ctx.config) };
    await mediaCommands.media!.run(context, ['move']);
    expect(printed()).toContain(`4 file(s) moved from ${mediaA} into the database; 0 already there.`);
    expect(printed()).toContain("Left alone (not a picture's file): notes.txt");
    log.mockClear();
    await mediaCommands.media!.run(context, ['move']);
    expect(printed()).toContain('0 file(s) moved');
    expect(printed()).toContain('4 already there.');
    log.mockClear();
    await mediaCommands.media!.run(context, ['move', '--remove']);
    expect(printed()).toContain('0 file(s) moved');
    expect(printed()).toContain('4 file(s) removed from the folder.');
    expect(readdirSync(mediaA)).toEqual(['notes.txt']);

    // Moved, each file is served by every process, from the store, with the bytes it had.
    for (const app of [ctx.app, other].filter((a) => a !== null)) {
      for (const [file, bytes] of Object.entries(files)) {
        const served = await get(app, `/media/${file}`);
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.equals(bytes)).toBe(true);
      }
    }
    await expect(mediaCommands.media!.run(context, ['move', '--colour'])).rejects.toThrow(
      'Unknown option --colour.',
    );
  });
});
