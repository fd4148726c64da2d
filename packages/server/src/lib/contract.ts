/**
 * The API's contract at run time. Every route declares its params, query, body and answers with the
 * shared Zod schemas of @shop/domain (Fastify's Zod type provider types the handler from them):
 * - a request that does not fit is refused before the handler runs, with a 400 carrying the spec's
 *   messages, as `parseOr400` does;
 * - answers are written with JSON.stringify, and only checked against the declared schema when
 *   CHECK_ANSWERS is on (the test runs): then a JSON answer that breaks its schema (kept compressed
 *   answers included) fails its request with a 500 that names the field, so no test passes on it.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { MSG } from '@shop/domain/core/messages';
import type {
  FastifyInstance,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  onSendHookHandler,
} from 'fastify';
import { z } from 'zod';
import { issuesTo400 } from './http';

// A schema's own messages are the shop's (keys; the back office's English text). Where a schema gives none
// (a body that is not an object, a number sent as text), people read the shop's general message by its
// key, never Zod's English.
z.config({ customError: () => MSG.invalidRequest });

type AnySchema = z.ZodType;

const isZod = (value: unknown): value is AnySchema =>
  typeof value === 'object' && value !== null && typeof (value as AnySchema).safeParse === 'function';

/** Requests: parsed with the route's Zod schema; what the handler sees is the parsed value. */
export const validatorCompiler: FastifySchemaCompiler<AnySchema> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data ?? {});
    if (result.success) return { value: result.data };
    return { error: issuesTo400(result.error.issues) };
  };

/** Answers: written as they are; the schema documents them and, in the test runs, checks them. */
const serializerCompiler: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

/** The schema a route declares for a status: exact (200), by class ('4xx') or the default. */
function answerSchema(responses: unknown, status: number): AnySchema | null {
  if (typeof responses !== 'object' || responses === null) return null;
  const byStatus = responses as Record<string, unknown>;
  const found = byStatus[String(status)] ?? byStatus[`${String(status)[0]}xx`] ?? byStatus.default;
  if (isZod(found)) return found;
  // { description, content: { 'application/json': { schema } } }
  const content = (found as { content?: Record<string, { schema?: unknown }> } | undefined)?.content;
  const json = content?.['application/json']?.schema;
  return isZod(json) ? json : null;
}

function payloadText(payload: unknown, encoding: unknown): string | null {
  if (typeof payload === 'string') return payload;
  if (!Buffer.isBuffer(payload)) return null;
  if (encoding === 'br') return brotliDecompressSync(payload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(payload).toString('utf8');
  if (encoding === undefined || encoding === 'identity') return payload.toString('utf8');
  return null;
}

/** A route's JSON answer that breaks its declared schema fails the request (CHECK_ANSWERS only). */
const checkAnswer: onSendHookHandler = (request, reply, payload, done) => {
  const declared = request.routeOptions.schema as Record<string, unknown> | undefined;
  const schema = answerSchema(declared?.response ?? declared?.[DOC_RESPONSE], reply.statusCode);
  const type = String(reply.getHeader('content-type') ?? '');
  if (!schema || !type.includes('json')) return done(null, payload);
  const text = payloadText(payload, reply.getHeader('content-encoding'));
  if (text === null) return done(null, payload);
  const result = schema.safeParse(JSON.parse(text));
  if (result.success) return done(null, payload);
  const where = result.error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`)
    .join('; ');
  request.log.error(
    { url: request.url, status: reply.statusCode, issues: result.error.issues.slice(0, 5) },
    'answer does not match its declared schema',
  );
  const broken = JSON.stringify({
    scode: 500,
    smessage: `The answer of ${request.method} ${request.routeOptions.url} (${reply.statusCode}) does not match its declared schema: ${where}`,
  });
  reply.code(500).removeHeader('content-encoding').header('content-type', 'application/json; charset=utf-8');
  reply.removeHeader('content-length');
  done(null, broken);
};

export function useContract(app: FastifyInstance, options: { checkAnswers: boolean }): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (options.checkAnswers) app.addHook('onSend', checkAnswer);
}

/** Who may call a route, in the document's terms (the schemes are declared in api-docs.ts). */
export type Security = { [scheme: string]: string[] }[];
export const SECURITY = {
  /** Anyone. */
  open: [] as Security,
  /** A signed-in buyer (the session cookie). */
  session: [{ session: [] }] as Security,
  /** A signed-in staff member (the back office's session cookie). */
  staff: [{ staff: [] }] as Security,
  /** A company's API key. */
  apiKey: [{ apiKey: [] }] as Security,
};

/** The document's part of a group of routes' schemas: `doc('What it does', { body, response })`. */
export function routeDocs(tags: string[], security: Security) {
  return <P extends object>(summary: string, parts: P, only: Security = security) => ({
    tags,
    summary,
    security: only,
    ...parts,
  });
}

/**
 * A hot read's params, query and answers (or a body a shared service parses): in the document like any
 * route's, but not handed to Fastify.
 * Its params and query are checked by the handler with `keptParse`; its answers, sent as kept bytes, are
 * checked in the test runs like any other. Measured: Fastify's validation step alone (whatever the
 * validator did) and a declared answer schema each cost the kept catalog answers about a sixth of their
 * throughput; this way they cost a map lookup.
 */
export function documentedOnly(parts: {
  params?: AnySchema;
  querystring?: AnySchema;
  /** A body read by a service the seller's commands share, which parses it itself. */
  body?: AnySchema;
  response?: Record<string, AnySchema>;
}) {
  return {
    [DOC_PARAMS]: parts.params,
    [DOC_QUERY]: parts.querystring,
    [DOC_BODY]: parts.body,
    [DOC_RESPONSE]: parts.response,
  };
}
export const DOC_PARAMS = 'x-documented-params';
export const DOC_QUERY = 'x-documented-querystring';
export const DOC_RESPONSE = 'x-documented-response';
export const DOC_BODY = 'x-documented-body';

/** Parses with a schema, keeping the last `max` results by key (e.g. the URL); a failure is the same 400. */
export function keptParse<S extends AnySchema>(schema: S, max = 5000) {
  const kept = new Map<string, z.output<S>>();
  return (key: string, value: unknown): z.output<S> => {
    const hit = kept.get(key);
    if (hit !== undefined) return hit;
    const result = schema.safeParse(value ?? {});
    if (!result.success) throw issuesTo400(result.error.issues);
    if (kept.size >= max) kept.delete(kept.keys().next().value as string);
    kept.set(key, result.data);
    return result.data;
  };
}
