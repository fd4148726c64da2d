/** The account's API keys (GET/POST /api/user/api-keys): for the company's administrators only. */
import {
  API_MSG,
  ApiKeyCreatedAnswer,
  ApiKeyCreateRequest,
  ApiKeyParams,
  ApiKeyRevokedAnswer,
  ApiKeysAnswer,
  MAX_ACTIVE_KEYS,
} from '@shop/domain/company-api/schemas';
import { REFUSALS } from '@shop/domain/core/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCompanyAdmin } from '../sessions';
import { createKey, listKeys, revokeKey } from './keys';
import type { CompanyApiNeeds } from './needs';

const ACCOUNT = {
  tags: ['Account: API keys'],
  security: [{ session: [] }] as { [scheme: string]: string[] }[],
};

/** Before the request is checked: someone who may not manage keys learns that first. */
const adminsOnly = {
  preValidation: async (request: FastifyRequest) => {
    requireCompanyAdmin(request, API_MSG.keysAdminOnly);
  },
};

export function accountKeyRoutes(app: FastifyInstance, needs: CompanyApiNeeds): void {
  const db = needs.database.db;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/user/api-keys',
    {
      ...adminsOnly,
      schema: {
        ...ACCOUNT,
        summary: "The company's API keys",
        description:
          'Every key of the signed-in administrator’s company, newest first, revoked ones included: name, permissions, who made it, when it was last used. Never the secret. Buyers who are not administrators are refused (403).',
        response: { 200: ApiKeysAnswer, ...REFUSALS },
      },
    },
    async (request) => {
      const user = requireCompanyAdmin(request, API_MSG.keysAdminOnly);
      return { scode: 200 as const, apiKeys: await listKeys(db, user.customerId) };
    },
  );

  api.post(
    '/api/user/api-keys',
    {
      ...adminsOnly,
      schema: {
        ...ACCOUNT,
        summary: 'Make an API key',
        description: `Makes a key for the company's own systems with the permissions chosen. The answer carries the secret (\`secret\`) this once: only its hash is kept. At most ${MAX_ACTIVE_KEYS} keys in use per company.`,
        body: ApiKeyCreateRequest,
        response: { 200: ApiKeyCreatedAnswer, ...REFUSALS },
      },
    },
    async (request) => {
      const user = requireCompanyAdmin(request, API_MSG.keysAdminOnly);
      const made = await createKey(db, user, request.body);
      return {
        scode: 200 as const,
        smessage: request.say(API_MSG.keyCreated(made.apiKey.name)),
        apiKey: made.apiKey,
        secret: made.secret,
      };
    },
  );

  api.post(
    '/api/user/api-keys/:keyId/revoke',
    {
      ...adminsOnly,
      schema: {
        ...ACCOUNT,
        summary: 'Revoke an API key',
        description:
          'The key stops working at once, on every server; it stays in the list, marked revoked. Revoking a revoked key changes nothing.',
        params: ApiKeyParams,
        response: { 200: ApiKeyRevokedAnswer, ...REFUSALS },
      },
    },
    async (request) => {
      const user = requireCompanyAdmin(request, API_MSG.keysAdminOnly);
      const { apiKey, already } = await revokeKey(db, user, request.params.keyId);
      return {
        scode: 200 as const,
        smessage: request.say(already ? API_MSG.keyWasRevoked(apiKey.name) : API_MSG.keyRevoked(apiKey.name)),
        apiKey,
      };
    },
  );
}
