/** The API's document: valid OpenAPI 3.1, made from the routes, listing every one; and its reference page. */
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness';
import { documented } from './api-docs';

const ctx = useTestApp();

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>>;
};

async function openapi(): Promise<Doc> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  return res.json() as Doc;
}

/** Fastify's `/a/:id` is OpenAPI's `/a/{id}`. */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const doc = await openapi();
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every route of the shop, the back office and the company API', async () => {
    const doc = await openapi();
    const missing = ctx.app.routeTable
      .filter((r) => r.method !== 'HEAD' && documented(r.url, true) && r.url.startsWith('/api/'))
      .filter((r) => !doc.paths[openapiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    expect(Object.keys(doc.paths)).toContain('/api/category/{category}');
    // Parts declared for the document only (a hot read's query, a body a shared service parses) are in it.
    const paths = doc.paths as Record<
      string,
      Record<string, { parameters?: { name: string }[]; requestBody?: unknown }>
    >;
    expect(paths['/api/search']?.get?.parameters?.map((p) => p.name)).toContain('string');
    expect(paths['/api/admin/products']?.post?.requestBody).toBeDefined();
    expect(paths['/api/admin/products/{itemId}']?.patch?.requestBody).toBeDefined();
  });

  it('declares what each call answers', async () => {
    const doc = await openapi();
    const undeclared: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const ok = Object.entries(operation.responses ?? {}).some(
          ([status, r]) => status.startsWith('2') && r.content !== undefined,
        );
        const file = path.endsWith('.csv') || path.includes('/invoice') || path.includes('/media/');
        if (!ok && !file) undeclared.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(undeclared).toEqual([]);
  });
});

describe('GET /api/docs', () => {
  it('is a page that reads the document', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('swagger-ui');
    const init = await ctx.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain('json');
  });
});
