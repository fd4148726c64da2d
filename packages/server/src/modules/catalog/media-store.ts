/**
 * Where uploaded pictures are kept, so that any server process on any machine serves them: in the database
 * (the media_files table, PostgreSQL or the embedded one) by default, or in S3-compatible object storage
 * (MEDIA_STORE=s3). Files are named by the upload's hash and size (`{id}-thumb.webp`) and never change once
 * written: the first write of a name wins and later ones change nothing. Each process keeps the files it
 * served last in memory, within MEDIA_CACHE_MB; a file that is in no store yet is looked for in MEDIA_DIR,
 * where pictures were kept before (the seller's `media move` command moves them into the store).
 */
import { createHash } from 'node:crypto';
import { access, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type {
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3ClientConfig,
} from '@aws-sdk/client-s3';
import { eq, inArray, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Config } from '../../config';
import type { Db, Queryable } from '../../db/client';
import { mediaFiles } from '../../db/schema';

/** A stored file's name: the picture's id (32 hex digits of its hash) and its size. */
export const MEDIA_FILE = /^([0-9a-f]{32})-(thumb|full)\.webp$/;

export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

/** One place for the pictures' files, shared by every process. */
export interface MediaStore {
  /** Stores a file under a name not taken yet: true when written, false when the name was already there. */
  put(name: string, bytes: Buffer, contentType: string): Promise<boolean>;
  /** The file, or null when there is none of that name. */
  get(name: string): Promise<StoredFile | null>;
  has(name: string): Promise<boolean>;
}

const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The media_files table: PostgreSQL's bytea, one row per file, inserted once. */
export class DatabaseMediaStore implements MediaStore {
  constructor(private readonly db: Db) {}

  async put(name: string, bytes: Buffer, contentType: string): Promise<boolean> {
    const written = await this.db
      .insert(mediaFiles)
      .values({ name, contentType, bytes })
      .onConflictDoNothing({ target: mediaFiles.name })
      .returning({ name: mediaFiles.name });
    return written.length > 0;
  }

  async get(name: string): Promise<StoredFile | null> {
    const [row] = await this.db
      .select({ bytes: mediaFiles.bytes, contentType: mediaFiles.contentType })
      .from(mediaFiles)
      .where(eq(mediaFiles.name, name));
    return row ? { bytes: asBuffer(row.bytes), contentType: row.contentType } : null;
  }

  async has(name: string): Promise<boolean> {
    const rows = await this.db
      .select({ one: sql<number>`1` })
      .from(mediaFiles)
      .where(eq(mediaFiles.name, name));
    return rows.length > 0;
  }
}

/** The SDK, loaded by the first process that uses S3 (it takes a few hundred milliseconds to load). */
let sdk: Promise<typeof import('@aws-sdk/client-s3')> | null = null;
const s3Sdk = () => {
  sdk ??= import('@aws-sdk/client-s3');
  return sdk;
};

/** What S3MediaStore asks of the SDK's client (a stand-in answers the same in tests). */
export interface S3Sender {
  send(command: GetObjectCommand | HeadObjectCommand | PutObjectCommand): Promise<unknown>;
}

interface S3Failure {
  name?: string;
  $metadata?: { httpStatusCode?: number };
}

const statusOf = (error: unknown) => (error as S3Failure).$metadata?.httpStatusCode;
const isMissing = (error: unknown) =>
  statusOf(error) === 404 || ['NoSuchKey', 'NotFound'].includes((error as S3Failure).name ?? '');

/**
 * An S3 bucket (or an S3-compatible store: MinIO, R2, ...), one object per file under MEDIA_S3_PREFIX.
 * A put asks for the object only if none is there (If-None-Match: *); a store that ignores the condition
 * overwrites it with the same picture.
 */
export class S3MediaStore implements MediaStore {
  constructor(
    private readonly client: S3Sender,
    private readonly bucket: string,
    private readonly prefix: string,
  ) {}

  async put(name: string, bytes: Buffer, contentType: string): Promise<boolean> {
    if (await this.has(name)) return false;
    const { PutObjectCommand } = await s3Sdk();
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.prefix + name,
          Body: bytes,
          ContentType: contentType,
          CacheControl: IMMUTABLE,
          IfNoneMatch: '*',
        }),
      );
      return true;
    } catch (error) {
      // 412: written by another process meanwhile; 409: a write of the same key still under way.
      if (statusOf(error) === 412 || statusOf(error) === 409) return false;
      throw error;
    }
  }

  async get(name: string): Promise<StoredFile | null> {
    const { GetObjectCommand } = await s3Sdk();
    try {
      const answer = (await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + name }),
      )) as { Body?: { transformToByteArray(): Promise<Uint8Array> }; ContentType?: string };
      if (!answer.Body) return null;
      return {
        bytes: asBuffer(await answer.Body.transformToByteArray()),
        contentType: answer.ContentType ?? 'image/webp',
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async has(name: string): Promise<boolean> {
    const { HeadObjectCommand } = await s3Sdk();
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.prefix + name }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }
}

/** Stored files never change: browsers and proxies keep them for a year without asking again. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A file as served: its bytes and a strong ETag drawn from them, the same in every process. */
export interface ServedFile extends StoredFile {
  etag: string;
}

export function etagOf(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}

/** The store of the configuration, with this process's memory in front and MEDIA_DIR behind. */
export class MediaLibrary {
  private readonly cache: LRUCache<string, ServedFile> | null;

  constructor(
    readonly store: MediaStore,
    private readonly dir: string,
    cacheBytes: number,
  ) {
    this.cache =
      cacheBytes > 0
        ? new LRUCache<string, ServedFile>({
            maxSize: cacheBytes,
            sizeCalculation: (file) => Math.max(1, file.bytes.length),
            fetchMethod: (name) => this.read(name).then((file) => file ?? undefined),
          })
        : null;
  }

  /** A file to serve, or null when no store and no MEDIA_DIR holds it. */
  async load(name: string): Promise<ServedFile | null> {
    if (!this.cache) return this.read(name);
    // One read per name at a time, however many requests ask for it together.
    return (await this.cache.fetch(name)) ?? null;
  }

  async has(name: string): Promise<boolean> {
    if (this.cache?.has(name)) return true;
    if (await this.store.has(name)) return true;
    return (await this.fromDir(name)) !== null;
  }

  /** Stores a file; it is then served from this process's memory too. */
  async put(name: string, bytes: Buffer, contentType: string): Promise<boolean> {
    const written = await this.store.put(name, bytes, contentType);
    if (written) this.cache?.set(name, { bytes, contentType, etag: etagOf(bytes) });
    return written;
  }

  private async read(name: string): Promise<ServedFile | null> {
    const file = (await this.store.get(name)) ?? (await this.fromDir(name));
    return file && { ...file, etag: etagOf(file.bytes) };
  }

  private async fromDir(name: string): Promise<StoredFile | null> {
    try {
      return { bytes: await readFile(join(this.dir, name)), contentType: 'image/webp' };
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return null;
      throw error;
    }
  }
}

export type MediaConfig = Pick<
  Config,
  | 'MEDIA_DIR'
  | 'MEDIA_STORE'
  | 'MEDIA_CACHE_MB'
  | 'MEDIA_S3_BUCKET'
  | 'MEDIA_S3_REGION'
  | 'MEDIA_S3_ENDPOINT'
  | 'MEDIA_S3_PREFIX'
  | 'MEDIA_S3_FORCE_PATH_STYLE'
>;

/** The S3 client of the configuration; credentials come from the SDK's usual chain (environment, profile, role). */
function s3Store(config: MediaConfig): MediaStore {
  if (!config.MEDIA_S3_BUCKET)
    throw new Error(
      'Invalid configuration:\n  MEDIA_S3_BUCKET: MEDIA_STORE=s3 needs the bucket to keep pictures in',
    );
  const options: S3ClientConfig = { forcePathStyle: config.MEDIA_S3_FORCE_PATH_STYLE };
  const region = config.MEDIA_S3_REGION || process.env.AWS_REGION || process.env.AWS_DEFAULT_REGION;
  options.region = region || 'us-east-1';
  if (config.MEDIA_S3_ENDPOINT) options.endpoint = config.MEDIA_S3_ENDPOINT;
  let client: Promise<S3Sender> | null = null;
  const sender: S3Sender = {
    send: async (command) => {
      client ??= s3Sdk().then(({ S3Client }) => new S3Client(options));
      return (await client).send(command as PutObjectCommand);
    },
  };
  return new S3MediaStore(sender, config.MEDIA_S3_BUCKET, config.MEDIA_S3_PREFIX);
}

/** Libraries by owner (the database, or one object for every S3 store) and settings. */
const libraries = new WeakMap<object, Map<string, MediaLibrary>>();
const S3_LIBRARIES = {};

/** The library of a database and configuration: one per process (one memory, one S3 client). */
export function mediaLibrary(db: Db, config: MediaConfig): MediaLibrary {
  const dir = resolve(config.MEDIA_DIR);
  const key = JSON.stringify([
    dir,
    config.MEDIA_STORE,
    config.MEDIA_CACHE_MB,
    config.MEDIA_S3_BUCKET,
    config.MEDIA_S3_REGION,
    config.MEDIA_S3_ENDPOINT,
    config.MEDIA_S3_PREFIX,
    config.MEDIA_S3_FORCE_PATH_STYLE,
  ]);
  const owner = config.MEDIA_STORE === 's3' ? S3_LIBRARIES : db;
  let byConfig = libraries.get(owner);
  if (!byConfig) {
    byConfig = new Map();
    libraries.set(owner, byConfig);
  }
  let library = byConfig.get(key);
  if (!library) {
    const store = config.MEDIA_STORE === 's3' ? s3Store(config) : new DatabaseMediaStore(db);
    library = new MediaLibrary(store, dir, config.MEDIA_CACHE_MB * 1024 * 1024);
    byConfig.set(key, library);
  }
  return library;
}

/**
 * Which of these files are kept: in the store or, not moved yet, in MEDIA_DIR. In the database the caller's
 * transaction `q` answers (the embedded database has one connection: another query would wait for it).
 */
export async function storedFiles(
  q: Queryable,
  config: MediaConfig,
  names: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  if (names.length === 0) return found;
  if (config.MEDIA_STORE === 's3') {
    const library = mediaLibrary(q as Db, config);
    for (const name of names) if (await library.store.has(name)) found.add(name);
  } else {
    const rows = await q
      .select({ name: mediaFiles.name })
      .from(mediaFiles)
      .where(inArray(mediaFiles.name, [...names]));
    for (const row of rows) found.add(row.name);
  }
  const dir = resolve(config.MEDIA_DIR);
  for (const name of names) {
    if (found.has(name)) continue;
    try {
      await access(join(dir, name));
      found.add(name);
    } catch (error) {
      // Not there is an answer; any other failure (say, the folder's permissions) is passed on.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return found;
}
