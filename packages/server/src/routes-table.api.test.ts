/**
 * The page's route table (domain/core/routes.ts, which types the page's API client) is the server's: each of
 * its routes is one the server registers, and it takes and answers what the server declares for it (the same
 * Zod schemas, or schemas with the same JSON Schema where the server builds its own).
 */
import { ROUTES, type RouteSchemas } from '@shop/domain/core/routes';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DOC_BODY, DOC_QUERY, DOC_RESPONSE } from './lib/contract';

/** Each route's schemas as the server registers it, by `METHOD /path` (the app itself keeps the path only). */
const registered = vi.hoisted(() => new Map<string, Record<string, unknown>>());

vi.mock('fastify', async (original) => {
  const fastify = await original<typeof import('fastify')>();
  const make = (options?: object): FastifyInstance => {
    const app = fastify.default(options);
    app.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat())
        registered.set(`${method} ${route.url}`, (route.schema ?? {}) as Record<string, unknown>);
    });
    return app;
  };
  return { ...fastify, default: make };
});

// The server is imported afresh, so that its Fastify is the one wrapped above even where the test files of
// a worker share their modules (the PostgreSQL runs).
vi.resetModules();
const { useTestApp } = await import('./test/harness');
useTestApp();

/** A schema as JSON Schema: what it takes (a body, a query) or what it gives (an answer). */
function described(schema: unknown, io: 'input' | 'output'): unknown {
  return schema === undefined
    ? undefined
    : z.toJSONSchema(schema as z.ZodType, { io, unrepresentable: 'any' });
}

/** The successful answers the server declares (a route's own, or a hot read's declared for the document). */
function answerOf(schema: Record<string, unknown>): z.ZodType | undefined {
  const responses = (schema.response ?? schema[DOC_RESPONSE] ?? {}) as Record<string, z.ZodType>;
  const ok = Object.entries(responses)
    .filter(([status]) => status.startsWith('2'))
    .map(([, answer]) => answer);
  return ok.length > 1 ? z.union(ok) : ok[0];
}

const entries = Object.entries(ROUTES) as [string, RouteSchemas][];

describe("the page's route table", () => {
  it('names only routes the server registers', () => {
    expect(registered.size).toBeGreaterThan(0);
    expect(entries.map(([route]) => route).filter((route) => !registered.has(route))).toEqual([]);
  });

  it.each(entries)(
    '%s takes the body and query the server checks, and answers what it declares',
    (route, table) => {
      const server = registered.get(route);
      if (!server) return; // Reported by the test above.
      const body = server.body ?? server[DOC_BODY];
      if (table.body === undefined || body === undefined) expect(table.body).toBe(body);
      else if (table.body !== body) expect(described(table.body, 'input')).toEqual(described(body, 'input'));
      const query = server.querystring ?? server[DOC_QUERY];
      if (table.query === undefined || query === undefined) expect(table.query).toBe(query);
      else if (table.query !== query)
        expect(described(table.query, 'input')).toEqual(described(query, 'input'));
      const answer = answerOf(server);
      expect(answer, 'the server declares an answer').toBeDefined();
      if (table.answer !== answer)
        expect(described(table.answer, 'output')).toEqual(described(answer, 'output'));
    },
  );
});
