/**
 * Traces (OpenTelemetry), off unless OTEL_EXPORTER_OTLP_ENDPOINT is set. When on: a span per request (its
 * route pattern, method, status and request id), continuing the trace of an incoming `traceparent`, with
 * child spans for the PostgreSQL queries it makes, and spans for mail sent over SMTP and for a page drawn
 * on the server (`inSpan`). Spans go to the endpoint over OTLP/HTTP in batches.
 *
 * When off, nothing is loaded or registered: no request hook, the database's driver and the mail transport
 * are left as they are, and `inSpan` calls its function straight away. The SDK itself is loaded only when
 * tracing starts.
 *
 * Tracing is the process's: the first start wins (a test starts it first with an in-memory exporter, and
 * the app it builds then uses it), and the database and the mail transport are traced when they are opened
 * while it is on.
 */
import type { Attributes, Context, Span, Tracer } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type pg from 'pg';
import type { Config } from '../config';

/** The request's id on its span (the one in its log lines and its X-Request-Id answer header). */
export const ATTR_REQUEST_ID = 'http.request.id';
/** A query's text is cut at this length on its span (a bulk insert's can be long). */
const MAX_QUERY_TEXT = 2_000;
/** How long a stopping server waits for its last spans to reach the collector. */
const FLUSH_ON_CLOSE_MS = 2_000;

/** The names of the attributes, as OpenTelemetry's semantic conventions give them. */
const ATTR = {
  method: 'http.request.method',
  status: 'http.response.status_code',
  route: 'http.route',
  path: 'url.path',
  dbSystem: 'db.system.name',
  dbOperation: 'db.operation.name',
  dbText: 'db.query.text',
  service: 'service.name',
} as const;

interface Tracing {
  /** The OpenTelemetry API, loaded when tracing starts. */
  api: typeof import('@opentelemetry/api');
  tracer: Tracer;
  flush(): Promise<void>;
}

/** Set while tracing is on; null, every wrapper below does nothing. */
let tracing: Tracing | null = null;

export interface TracingOptions {
  /** OTLP/HTTP endpoint; `/v1/traces` is added. */
  endpoint?: string;
  serviceName: string;
  /** Spans go here instead, one by one as they end (tests: the SDK's InMemorySpanExporter). */
  exporter?: SpanExporter;
}

export function tracingOn(): boolean {
  return tracing !== null;
}

/** Starts the process's tracing, once: the tracer, the W3C `traceparent` propagator and async context. */
export async function startTracing(options: TracingOptions): Promise<void> {
  if (tracing) return;
  const [
    api,
    { NodeTracerProvider, BatchSpanProcessor, SimpleSpanProcessor },
    { resourceFromAttributes },
    core,
  ] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/core'),
  ]);
  if (tracing) return;
  let processor: InstanceType<typeof BatchSpanProcessor> | InstanceType<typeof SimpleSpanProcessor>;
  if (options.exporter) {
    processor = new SimpleSpanProcessor(options.exporter);
  } else {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    const url = `${(options.endpoint ?? 'http://localhost:4318').replace(/\/+$/, '')}/v1/traces`;
    processor = new BatchSpanProcessor(new OTLPTraceExporter({ url }));
  }
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR.service]: options.serviceName }),
    spanProcessors: [processor],
  });
  // The global provider, AsyncLocalStorage as the context manager, and W3C trace context (traceparent).
  provider.register({ propagator: new core.W3CTraceContextPropagator() });
  tracing = { api, tracer: provider.getTracer('shop'), flush: () => provider.forceFlush() };
}

// ---- Requests

const kContext = Symbol('traceContext');

type TracedRequest = FastifyRequest & { [kContext]: Context | null };

/**
 * With OTEL_EXPORTER_OTLP_ENDPOINT set, starts tracing and gives every request a span; unset, does nothing.
 * Call it before the database is opened and before any other request hook is added.
 */
export async function traceRequests(
  app: FastifyInstance,
  config: Pick<Config, 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_SERVICE_NAME'>,
): Promise<void> {
  if (!config.OTEL_EXPORTER_OTLP_ENDPOINT) return;
  await startTracing({ endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: config.OTEL_SERVICE_NAME });
  app.decorateRequest(kContext, null);
  app.addHook('onRequest', startRequestSpan);
  app.addHook('preValidation', resumeRequestContext);
  app.addHook('onError', recordRequestError);
  app.addHook('onResponse', endRequestSpan);
  app.addHook('onRequestAbort', endAbortedRequestSpan);
  // Spans still batched go out before the process stops, unless the collector keeps it waiting.
  app.addHook('onClose', () => flushWithin(FLUSH_ON_CLOSE_MS));
}

/** Sends the spans still batched, waiting `ms` at most. */
async function flushWithin(ms: number): Promise<void> {
  if (!tracing) return;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  try {
    await Promise.race([tracing.flush().catch(() => {}), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The hooks traceRequests adds (a test checks that none is added while tracing is off). */
export const REQUEST_HOOKS: readonly unknown[] = [
  startRequestSpan,
  resumeRequestContext,
  recordRequestError,
  endRequestSpan,
  endAbortedRequestSpan,
];

function startRequestSpan(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  if (!tracing) return done();
  const { api, tracer } = tracing;
  // A request the server makes to itself while drawing a page (app.inject) is part of that page's trace;
  // one from outside continues the trace its traceparent names, if any.
  const current = api.context.active();
  const parent = api.trace.getSpan(current)
    ? current
    : api.propagation.extract(api.ROOT_CONTEXT, request.headers);
  const route = request.routeOptions.url;
  const span = tracer.startSpan(
    route ? `${request.method} ${route}` : request.method,
    {
      kind: api.SpanKind.SERVER,
      attributes: {
        [ATTR.method]: request.method,
        [ATTR.path]: request.url.split('?')[0],
        [ATTR_REQUEST_ID]: request.id,
        ...(route ? { [ATTR.route]: route } : {}),
      },
    },
    parent,
  );
  const active = api.trace.setSpan(parent, span);
  (request as TracedRequest)[kContext] = active;
  // What follows in this request (the next hooks, and through them the handler) runs in its span.
  api.context.with(active, done);
}

/**
 * The request body is read on the connection's events, which need not run in the span's context: the
 * hooks after it (preValidation on, then the handler) are continued in the span again.
 */
function resumeRequestContext(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  const active = (request as TracedRequest)[kContext];
  if (active && tracing) tracing.api.context.with(active, done);
  else done();
}

function recordRequestError(
  request: FastifyRequest,
  _reply: FastifyReply,
  error: Error,
  done: HookHandlerDoneFunction,
) {
  requestSpan(request)?.recordException(error);
  done();
}

function endRequestSpan(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
  const span = requestSpan(request);
  if (span) {
    span.setAttribute(ATTR.status, reply.statusCode);
    // A server's span is an error for a 5xx only; a 4xx is the client's.
    if (reply.statusCode >= 500) markError(span);
    span.end();
  }
  done();
}

function endAbortedRequestSpan(request: FastifyRequest, done: HookHandlerDoneFunction) {
  const span = requestSpan(request);
  if (span) {
    markError(span, 'the client closed the connection');
    span.end();
  }
  done();
}

function requestSpan(request: FastifyRequest): Span | undefined {
  const active = (request as TracedRequest)[kContext];
  return active && tracing ? tracing.api.trace.getSpan(active) : undefined;
}

// ---- Spans around work: page drawing, mail

/**
 * Runs `fn` in a span named `name`, a child of the current one; with tracing off, just runs it. The span
 * ends when the promise settles, marked as an error if it fails.
 */
export function inSpan<T>(name: string, fn: () => Promise<T>, attributes?: Attributes): Promise<T> {
  if (!tracing) return fn();
  return tracing.tracer.startActiveSpan(name, { attributes }, (span) => settle(span, fn));
}

async function settle<T>(span: Span, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    failed(span, error);
    throw error;
  } finally {
    span.end();
  }
}

function failed(span: Span, error: unknown): void {
  if (error instanceof Error) span.recordException(error);
  markError(span, error instanceof Error ? error.message : String(error));
}

function markError(span: Span, message?: string): void {
  if (tracing) span.setStatus({ code: tracing.api.SpanStatusCode.ERROR, message });
}

/** A mail transport whose sends are spans ("smtp send"), while tracing is on; else the same transport. */
export function traceMailTransport<T extends { sendMail(mail: object): Promise<unknown> }>(transport: T): T {
  if (!tracing) return transport;
  const send = transport.sendMail.bind(transport);
  transport.sendMail = ((mail: object) =>
    inSpan('smtp send', () => send(mail), { 'network.protocol.name': 'smtp' })) as T['sendMail'];
  return transport;
}

// ---- PostgreSQL queries

/**
 * A span for a query, a child of the current span; none outside any span (the catalog's poll and the mail
 * loop's claims would each make a trace of one query, every second).
 */
function startQuerySpan(text: unknown): Span | null {
  if (!tracing) return null;
  const { api, tracer } = tracing;
  const parent = api.context.active();
  if (!api.trace.getSpan(parent)) return null;
  const statement = typeof text === 'string' ? text : '';
  const operation = /^\s*(\w+)/.exec(statement)?.[1]?.toLowerCase() ?? 'query';
  return tracer.startSpan(
    `pg ${operation}`,
    {
      kind: api.SpanKind.CLIENT,
      attributes: {
        [ATTR.dbSystem]: 'postgresql',
        [ATTR.dbOperation]: operation,
        [ATTR.dbText]: statement.slice(0, MAX_QUERY_TEXT),
      },
    },
    parent,
  );
}

function endQuerySpan(span: Span, error: unknown): void {
  if (error) failed(span, error);
  span.end();
}

/** The query's text, from pg's or PGlite's arguments (a string, or a config object with `text`). */
function queryText(config: unknown): unknown {
  return typeof config === 'object' && config !== null ? (config as { text?: unknown }).text : config;
}

/**
 * A pg client class whose queries are spans, measured from the call to the answer. Queries given as a
 * stream (a cursor) are left untraced; the shop sends none.
 */
export function tracedPgClient(Base: typeof pg.Client): typeof pg.Client {
  return class TracedClient extends Base {
    // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; this passes them all through
    override query(config: any, values?: any, callback?: any): any {
      if (typeof config?.submit === 'function') return super.query(config, values, callback);
      const span = startQuerySpan(queryText(config));
      if (!span) return super.query(config, values, callback);
      if (typeof values === 'function') {
        callback = values;
        values = undefined;
      }
      if (typeof callback === 'function') {
        const answer = callback;
        return super.query(config, values, (error: unknown, result: unknown) => {
          endQuerySpan(span, error);
          answer(error, result);
        });
      }
      const result = super.query(config, values) as Promise<unknown>;
      result.then(
        () => endQuerySpan(span, null),
        (error: unknown) => endQuerySpan(span, error),
      );
      return result;
    }
  } as typeof pg.Client;
}

/**
 * pool.query runs its query in the callback of pool.connect, which a busy pool calls when another request
 * gives a connection back, in that request's context: the callback is bound to the caller's context.
 */
export function bindPoolContext(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool);
  pool.connect = ((callback?: (...args: unknown[]) => void) =>
    typeof callback === 'function' && tracing
      ? connect(tracing.api.context.bind(tracing.api.context.active(), callback))
      : connect(callback as never)) as typeof pool.connect;
}

interface PgliteLike {
  query(text: string, params?: unknown[], options?: unknown): Promise<unknown>;
  transaction<T>(run: (tx: PgliteLike) => Promise<T>): Promise<T>;
}

/** Traces the embedded database's queries, its transactions' included. */
export function tracePglite(client: PgliteLike): void {
  wrapPgliteQuery(client);
  const transaction = client.transaction.bind(client);
  client.transaction = (run) =>
    transaction((tx) => {
      wrapPgliteQuery(tx);
      return run(tx);
    });
}

function wrapPgliteQuery(target: Pick<PgliteLike, 'query'>): void {
  const query = target.query.bind(target);
  target.query = (text, params, options) => {
    const span = startQuerySpan(text);
    if (!span) return query(text, params, options);
    const result = query(text, params, options);
    result.then(
      () => endQuerySpan(span, null),
      (error: unknown) => endQuerySpan(span, error),
    );
    return result;
  };
}
