/**
 * Traces: with OTEL_EXPORTER_OTLP_ENDPOINT set, a request has a span (route pattern, method, status, request
 * id) whose children are its PostgreSQL queries, and a request carrying a `traceparent` continues that
 * trace. Without it, the app adds none of the tracing hooks and its requests make no span. Spans are read
 * from the SDK's in-memory exporter. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { DEMO, signIn, testConfig, useTestApp } from '../test/harness';
import {
  ATTR_REQUEST_ID,
  inSpan,
  REQUEST_HOOKS,
  startTracing,
  traceMailTransport,
  tracingOn,
} from './tracing';

const exporter = new InMemorySpanExporter();
let wasOn = true;
// Before the harness opens this file's database, so that its queries are traced.
beforeAll(async () => {
  wasOn = tracingOn();
  await startTracing({ serviceName: 'shop-test', exporter });
});
// The endpoint turns the request spans on; the spans go to the exporter above, started first.
const ctx = useTestApp({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' });

/** The server span of the request answered with this X-Request-Id, once it has ended. */
async function requestSpan(requestId: string): Promise<ReadableSpan> {
  return vi.waitFor(() => {
    const span = exporter
      .getFinishedSpans()
      .find((s) => s.kind === SpanKind.SERVER && s.attributes[ATTR_REQUEST_ID] === requestId);
    if (!span) throw new Error(`no span yet for request ${requestId}`);
    return span;
  });
}

function childrenOf(span: ReadableSpan): ReadableSpan[] {
  return exporter
    .getFinishedSpans()
    .filter(
      (s) =>
        s.spanContext().traceId === span.spanContext().traceId &&
        s.parentSpanContext?.spanId === span.spanContext().spanId,
    );
}

describe('traces', () => {
  it('is off until started', () => {
    expect(wasOn).toBe(false);
  });

  it("gives a request a span with its route, method, status and id, and its queries' spans as children", async () => {
    const cookie = await signIn(ctx.app, DEMO.C10001.username, DEMO.C10001.password);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/header', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const span = await requestSpan(String(response.headers['x-request-id']));
    expect(span.name).toBe('GET /api/header');
    expect(span.attributes['http.route']).toBe('/api/header');
    expect(span.attributes['http.request.method']).toBe('GET');
    expect(span.attributes['http.response.status_code']).toBe(200);
    expect(span.parentSpanContext).toBeUndefined();
    const queries = childrenOf(span).filter((s) => s.attributes['db.system.name'] === 'postgresql');
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      expect(query.kind).toBe(SpanKind.CLIENT);
      expect(String(query.attributes['db.query.text'])).toMatch(/^\s*\w+/);
    }
  });

  it("keeps a POST's queries in its span, its body read from a real connection", async () => {
    const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const response = await fetch(`${address}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEMO.C10002.username, password: DEMO.C10002.password }),
    });
    expect(response.status).toBe(200);
    const span = await requestSpan(String(response.headers.get('x-request-id')));
    expect(span.name).toBe('POST /api/user/login');
    expect(childrenOf(span).some((s) => s.attributes['db.system.name'] === 'postgresql')).toBe(true);
  });

  it('continues the trace of an incoming traceparent', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parentId = '00f067aa0ba902b7';
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/mainpage',
      headers: { traceparent: `00-${traceId}-${parentId}-01` },
    });
    expect(response.statusCode).toBe(200);
    const span = await requestSpan(String(response.headers['x-request-id']));
    expect(span.spanContext().traceId).toBe(traceId);
    expect(span.parentSpanContext?.spanId).toBe(parentId);
    expect(span.parentSpanContext?.isRemote).toBe(true);
  });

  it('makes spans of work wrapped in inSpan and of mail sends, failures marked', async () => {
    exporter.reset();
    const transport = traceMailTransport({ sendMail: async (_mail: object) => 'accepted' });
    await inSpan('page draw', () => transport.sendMail({ to: 'buyer@example.com' }), { 'url.path': '/acer' });
    await expect(inSpan('page draw', () => Promise.reject(new Error('no page')))).rejects.toThrow('no page');
    const [send, drawn, failed] = exporter.getFinishedSpans();
    expect(send?.name).toBe('smtp send');
    expect(drawn?.name).toBe('page draw');
    expect(drawn?.attributes['url.path']).toBe('/acer');
    expect(send?.parentSpanContext?.spanId).toBe(drawn?.spanContext().spanId);
    expect(failed?.status.message).toBe('no page');
  });

  describe('without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
    let off: FastifyInstance;
    beforeAll(async () => {
      off = await buildApp(testConfig(), { database: ctx.database, prepared: true });
    });
    afterAll(() => off?.close());

    it('adds no tracing hook, and its requests make no span', async () => {
      expect(requestHooks(ctx.app)).toHaveLength(REQUEST_HOOKS.length);
      expect(requestHooks(off)).toEqual([]);
      exporter.reset();
      const cookie = await signIn(off, DEMO.C10001.username, DEMO.C10001.password);
      const response = await off.inject({ method: 'GET', url: '/api/header', headers: { cookie } });
      expect(response.statusCode).toBe(200);
      // A request to the traced app afterwards is seen, so the exporter is not merely slow.
      const seen = await ctx.app.inject({ method: 'GET', url: '/api/mainpage' });
      const traceId = (await requestSpan(String(seen.headers['x-request-id']))).spanContext().traceId;
      expect(exporter.getFinishedSpans().filter((s) => s.spanContext().traceId !== traceId)).toEqual([]);
    });
  });
});

/** The tracing hooks among the app's own (Fastify keeps them under a symbol of its own). */
function requestHooks(app: FastifyInstance): unknown[] {
  const key = Object.getOwnPropertySymbols(app).find((s) => s.description === 'fastify.hooks');
  const hooks = (key ? (app as unknown as Record<symbol, Record<string, unknown[]>>)[key] : undefined) ?? {};
  return Object.values(hooks)
    .flat()
    .filter((hook) => REQUEST_HOOKS.includes(hook));
}
