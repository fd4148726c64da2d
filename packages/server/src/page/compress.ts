/**
 * A page's text and its compressed forms, made once and sent as often as asked: Brotli or gzip as the
 * browser accepts (Brotli first), the plain text otherwise. A kept page is compressed on its first request
 * in each form, not on every one.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export class AssembledPage {
  private br: Buffer | null = null;
  private gz: Buffer | null = null;
  readonly text: Buffer;

  constructor(
    readonly title: string,
    readonly tags: string,
    html: string,
  ) {
    this.text = Buffer.from(html, 'utf8');
  }

  brotli(): Buffer {
    // Quality 5: close to the best ratio for pages of tens of kilobytes, at a small part of its time.
    this.br ??= brotliCompressSync(this.text, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: this.text.length,
      },
    });
    return this.br;
  }

  gzip(): Buffer {
    this.gz ??= gzipSync(this.text, { level: 6 });
    return this.gz;
  }
}

/** Which encoding the request accepts, by its Accept-Encoding (a q of 0 refuses). */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepts = (name: string) =>
    header.split(',').some((part) => {
      const [token = '', ...params] = part.trim().toLowerCase().split(';');
      if (token.trim() !== name) return false;
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return !q || Number(q.slice(2)) > 0;
    });
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

export function sendText(reply: FastifyReply, request: FastifyRequest, page: AssembledPage) {
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(page.brotli());
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(page.gzip());
  return reply.send(page.text);
}
