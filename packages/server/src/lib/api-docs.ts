/**
 * The API's document, made from the routes' own Zod schemas: OpenAPI 3.1 at /api/openapi.json, and a
 * reference to read and try it at /api/docs. Registered before the modules, so it sees every route.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { scopeOfRoute } from '@shop/domain/back-office/staff-tokens';
import { webhookDocuments } from '@shop/domain/webhooks/openapi';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { DOC_BODY, DOC_PARAMS, DOC_QUERY, DOC_RESPONSE } from './contract';

const OPENAPI_PATH = '/api/openapi.json';
const DOCS_PREFIX = '/api/docs';

/**
 * Which routes the document lists: every call under /api (but the reference's own), and the others that
 * declare a schema (health, sitemap, pictures); not the page's files.
 */
export function documented(url: string, hasSchema: boolean): boolean {
  if (url.startsWith(DOCS_PREFIX) || url === OPENAPI_PATH) return false;
  return url.startsWith('/api/') || hasSchema;
}

export async function registerApiDocs(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Acer Store for Business API',
        version: '1',
        description: [
          "The shop's API: what its pages call (under /api), the back office's (under /api/admin, for",
          "signed-in staff), and the one for a company's own systems (under /api/v1, with an API key a",
          'company administrator makes in the account: `Authorization: Bearer <key>`).',
          '',
          'Prices are in Canadian dollars. A refused request answers `{ "scode": <status>, "smessage":',
          '"<what to do>" }`, in French or English by `Accept-Language`.',
        ].join('\n'),
      },
      servers: [{ url: publicUrl }],
      // What the shop posts to the owners' webhook endpoints, per event.
      webhooks: webhookDocuments() as Record<string, object>,
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sid', description: "A buyer's session (sign-in)." },
          staff: {
            type: 'apiKey',
            in: 'cookie',
            name: 'staff_sid',
            description: "A staff member's session.",
          },
          apiKey: { type: 'http', scheme: 'bearer', description: "A company's API key (/api/v1)." },
          staffToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'A staff API token (/api/admin, the routes its scopes open; an owner makes it).',
          },
        },
      },
    },
    transform: (document) => withTokenScope(document.route.method, document.url, transformed(document)),
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: false,
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0 },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(app.swagger()),
  );
}

type Transform = Parameters<typeof jsonSchemaTransform>[0];

/** A back-office route that a staff API token may call says so, with the scope it needs. */
function withTokenScope(
  method: string | string[],
  url: string,
  out: ReturnType<typeof jsonSchemaTransform>,
): ReturnType<typeof jsonSchemaTransform> {
  const scope = scopeOfRoute([method].flat()[0] ?? '', url);
  if (!scope) return out;
  const schema = out.schema as { security?: { [scheme: string]: string[] }[] };
  return { ...out, schema: { ...schema, security: [...(schema.security ?? []), { staffToken: [scope] }] } };
}

function transformed(document: Transform): ReturnType<typeof jsonSchemaTransform> {
  if (!documented(document.url, document.schema !== undefined))
    return { schema: { ...document.schema, hide: true }, url: document.url };
  // A hot read's params, query and answers (contract.ts documentedOnly) are documented as any route's.
  const {
    [DOC_PARAMS]: params,
    [DOC_QUERY]: querystring,
    [DOC_RESPONSE]: response,
    [DOC_BODY]: body,
    ...schema
  } = (document.schema ?? {}) as Record<string, unknown>;
  if (params === undefined && querystring === undefined && response === undefined && body === undefined)
    return jsonSchemaTransform(document);
  return jsonSchemaTransform({
    ...document,
    schema: {
      ...schema,
      ...(params ? { params } : {}),
      ...(querystring ? { querystring } : {}),
      ...(response ? { response } : {}),
      ...(body ? { body } : {}),
    },
  });
}
