/**
 * A text answer and its compressed forms, made once and sent as often as asked: Brotli or gzip as the
 * client accepts (Brotli first), the plain text otherwise. A kept answer (a visitor's page, a catalog
 * answer) is compressed on its first request in each form, then sent as those bytes until it changes.
 * Answers the server makes for each request are compressed by @fastify/compress (app.ts) instead.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this many bytes compressing saves less than a packet: the text goes as it is. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * How often a text will be sent as it is, which sets how hard it is worth compressing:
 * - `kept`: many times (a kept answer): Brotli quality 5, close to its best ratio for answers of tens of
 *   kilobytes at a small part of its time (about 0.5 ms for 50 KB), or gzip 6;
 * - `refilled`: a kept answer filled in again after a sale, likely to move again while orders flow: gzip
 *   level 1 even for a client that takes Brotli (about 0.12 ms for 50 KB, a quarter of quality 5's time,
 *   for some 25% more bytes), so a sale costs each answer that shows the item as little as can be;
 * - `once`: a page drawn for one request: Brotli quality 3 (about 0.2 ms for 50 KB) or gzip 4.
 */
export type Reuse = 'kept' | 'refilled' | 'once';

export class CompressedText {
  private br: Buffer | null = null;
  private gz: Buffer | null = null;
  readonly text: Buffer;

  constructor(
    text: string,
    readonly reuse: Reuse = 'kept',
  ) {
    this.text = Buffer.from(text, 'utf8');
  }

  brotli(): Buffer {
    this.br ??= brotliCompressSync(this.text, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: this.reuse === 'kept' ? 5 : 3,
        [constants.BROTLI_PARAM_SIZE_HINT]: this.text.length,
      },
    });
    return this.br;
  }

  gzip(): Buffer {
    this.gz ??= gzipSync(this.text, { level: GZIP_LEVEL[this.reuse] });
    return this.gz;
  }

  /** Bytes held: the text and the forms made so far. */
  get bytes(): number {
    return this.text.length + (this.br?.length ?? 0) + (this.gz?.length ?? 0);
  }
}

const GZIP_LEVEL: Record<Reuse, number> = { kept: 6, refilled: 1, once: 4 };

/** What each Accept-Encoding header seen accepts (clients send a handful of different ones). */
const accepted = new Map<string, { br: boolean; gzip: boolean }>();

function accepts(header: string): { br: boolean; gzip: boolean } {
  let known = accepted.get(header);
  if (!known) {
    const takes = (name: string) =>
      header.split(',').some((part) => {
        const [token = '', ...params] = part.trim().toLowerCase().split(';');
        if (token.trim() !== name) return false;
        const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
        return !q || Number(q.slice(2)) > 0;
      });
    known = { br: takes('br'), gzip: takes('gzip') };
    // Bounded: a client inventing headers cannot grow it.
    if (accepted.size >= 256) accepted.clear();
    accepted.set(header, known);
  }
  return known;
}

/** Which encoding the request accepts, by its Accept-Encoding (a q of 0 refuses), Brotli first. */
function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const { br, gzip } = accepts(header);
  return br ? 'br' : gzip ? 'gzip' : null;
}

/** Sends a kept answer in the form the request accepts; the reply's type and other headers are set by the caller. */
export function sendCompressed(reply: FastifyReply, request: FastifyRequest, answer: CompressedText) {
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'Accept-Encoding');
  else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${vary}, Accept-Encoding`);
  const header = request.headers['accept-encoding'];
  let encoding = answer.text.length >= COMPRESS_THRESHOLD ? acceptedEncoding(header) : null;
  // A refilled answer goes as quick gzip to a client that takes it.
  if (encoding === 'br' && answer.reuse === 'refilled' && header && accepts(header).gzip) encoding = 'gzip';
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(answer.brotli());
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(answer.gzip());
  return reply.send(answer.text);
}
