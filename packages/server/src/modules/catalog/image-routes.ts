/** Product pictures the demo catalog ships: generated SVG, cached by browsers for good. */
import type { FastifyInstance } from 'fastify';
import { placeholderSvg, productImageSvg } from './svg';

export function imageRoutes(app: FastifyInstance) {
  app.get<{ Params: { file: string } }>('/images/:file', async (request, reply) => {
    const match = /^(.+)\.svg$/.exec(request.params.file);
    const svg = match ? (match[1] === 'placeholder' ? placeholderSvg() : productImageSvg(match[1]!)) : null;
    if (!svg) return reply.code(404).type('image/svg+xml').send(placeholderSvg());
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(svg);
  });
}
