/** The contract at run time: requests refused by their schema with its messages; answers checked in tests. */
import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { documentedOnly, useContract } from './contract';
import { HttpError } from './http';

const Answer = z.object({ scode: z.literal(200), total: z.number().int() });

function appWith(checkAnswers: boolean) {
  const app = Fastify();
  useContract(app, { checkAnswers });
  app.setErrorHandler((error, _request, reply) => {
    const status = error instanceof HttpError ? error.statusCode : 500;
    const extra = error instanceof HttpError ? error.extra : {};
    return reply.code(status).send({ scode: status, smessage: (error as Error).message, ...extra });
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    querystring: z.object({ page: z.coerce.number().int().min(1, 'Page must be 1 or more.').default(1) }),
    response: { 200: Answer },
  };
  api.get('/right', { schema }, async (request) => ({ scode: 200 as const, total: request.query.page }));
  api.get('/wrong', { schema }, async (_request, reply) =>
    reply.send({ scode: 200, total: 'many' } as never),
  );
  // A kept answer: bytes already compressed, as the catalog sends them.
  api.get('/wrong-kept', { schema }, async (_request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .header('content-encoding', 'gzip')
      .send(gzipSync(JSON.stringify({ scode: 200 })) as never),
  );
  // A hot read's answer, declared for the document and the test runs only.
  api.get(
    '/wrong-hot',
    { schema: { summary: 'A hot read', ...documentedOnly({ response: { 200: Answer } }) } },
    async (_request, reply) =>
      reply.type('application/json; charset=utf-8').send(JSON.stringify({ scode: 200, total: -0.5 })),
  );
  return app;
}

describe('the contract', () => {
  it('refuses a request its schema refuses, with the schema message and the field', async () => {
    const res = await appWith(true).inject({ url: '/right?page=0' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      smessage: 'Page must be 1 or more.',
      errors: { page: 'Page must be 1 or more.' },
    });
  });

  it('hands the handler the parsed request and passes an answer that fits', async () => {
    const res = await appWith(true).inject({ url: '/right?page=3' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ scode: 200, total: 3 });
  });

  it('with CHECK_ANSWERS, fails an answer that breaks its schema, naming the field', async () => {
    const res = await appWith(true).inject({ url: '/wrong' });
    expect(res.statusCode).toBe(500);
    expect(res.json().smessage).toMatch(/GET \/wrong \(200\) does not match its declared schema: total/);
  });

  it('with CHECK_ANSWERS, checks a kept compressed answer too', async () => {
    const res = await appWith(true).inject({ url: '/wrong-kept' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().smessage).toMatch(/does not match its declared schema: total/);
  });

  it("with CHECK_ANSWERS, checks a hot read's answer declared for the document only", async () => {
    const res = await appWith(true).inject({ url: '/wrong-hot' });
    expect(res.statusCode).toBe(500);
    expect(res.json().smessage).toMatch(/GET \/wrong-hot \(200\) does not match its declared schema: total/);
  });

  it('without it (production), sends answers as they are', async () => {
    const res = await appWith(false).inject({ url: '/wrong' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ scode: 200, total: 'many' });
  });
});
