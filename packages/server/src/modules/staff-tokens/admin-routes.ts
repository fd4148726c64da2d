/**
 * The owners' tokens (make, list, revoke: sessions only, never a token) and the warehouse's call that sets
 * stock and prices of many SKUs at once (`catalog:write`).
 */
import {
  STAFF_ROUTE_SCOPES,
  STAFF_TOKEN_MSG,
  StaffTokenCreatedAnswer,
  StaffTokenCreateRequest,
  StaffTokenParams,
  StaffTokenRevokedAnswer,
  StaffTokensAnswer,
  StockPricesAnswer,
  StockPricesRefusedAnswer,
  StockPricesRequest,
} from '@shop/domain/back-office/staff-tokens';
import { REFUSALS } from '@shop/domain/core/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AdminDeps } from '../../lib/back-office';
import { HttpError } from '../../lib/http';
import { actorOf, staffOf } from '../sessions';
import { setStockAndPrices } from './stock-prices';
import { createToken, listTokens, revokeToken } from './tokens';

const TAGS = ['Back office: API tokens'];
const STAFF: { [scheme: string]: string[] }[] = [{ staff: [] }];

export function staffTokenRoutes(app: FastifyInstance, deps: AdminDeps) {
  const db = deps.db;
  const owner = { staffRole: 'owner' as const };
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/staff-tokens',
    {
      config: owner,
      schema: {
        tags: TAGS,
        security: STAFF,
        summary: 'The API tokens (owners only)',
        description: 'Every token, newest first, with its scopes and last use; revoked ones too.',
        response: { 200: StaffTokensAnswer, ...REFUSALS },
      },
    },
    async () => ({ scode: 200 as const, tokens: await listTokens(db) }),
  );

  api.post(
    '/api/admin/staff-tokens',
    {
      config: owner,
      schema: {
        tags: TAGS,
        security: STAFF,
        summary: 'Make an API token (owners only)',
        description: [
          'The answer carries the secret, this once: only its hash is kept. Send it as',
          '`Authorization: Bearer <secret>` to the /api/admin routes its scopes open (any other refuses it',
          'with 403; at most API_KEY_RATE_LIMIT requests a minute per token; each use is in the audit trail):',
          '',
          ...Object.entries(STAFF_ROUTE_SCOPES).map(([route, scope]) => `- \`${route}\`: \`${scope}\``),
        ].join('\n'),
        body: StaffTokenCreateRequest,
        response: { 200: StaffTokenCreatedAnswer, ...REFUSALS },
      },
    },
    async (request) => {
      const made = await createToken(db, staffOf(request), actorOf(request), request.body);
      return {
        scode: 200 as const,
        smessage: request.say(STAFF_TOKEN_MSG.created(made.token.name)),
        token: made.token,
        secret: made.secret,
      };
    },
  );

  api.post(
    '/api/admin/staff-tokens/:tokenId/revoke',
    {
      config: owner,
      schema: {
        tags: TAGS,
        security: STAFF,
        summary: 'Revoke an API token (owners only)',
        description: 'The token stops working at once, in every server process.',
        params: StaffTokenParams,
        response: { 200: StaffTokenRevokedAnswer, ...REFUSALS },
      },
    },
    async (request) => {
      const { token, already } = await revokeToken(
        db,
        staffOf(request),
        actorOf(request),
        request.params.tokenId,
      );
      const said = already ? STAFF_TOKEN_MSG.wasRevoked(token.name) : STAFF_TOKEN_MSG.revokedNow(token.name);
      return { scode: 200 as const, smessage: request.say(said), token };
    },
  );

  api.patch(
    '/api/admin/products/stock-prices',
    {
      schema: {
        tags: TAGS,
        // The document adds the staff token and its scope (lib/api-docs.ts).
        security: STAFF,
        summary: 'Set the stock and prices of many SKUs (scope `catalog:write`)',
        description: [
          'Up to 1,000 rows, each a SKU and the fields to set (money in integer cents). All or nothing: when',
          'any row is refused, nothing changes and the 400 names every refused row with its index (from 0)',
          'and reason. Each product changed is recorded in the audit trail.',
        ].join('\n'),
        body: StockPricesRequest,
        response: { 200: StockPricesAnswer, 400: StockPricesRefusedAnswer, ...REFUSALS },
      },
    },
    async (request) => {
      const result = await setStockAndPrices(deps, actorOf(request), request.body.rows);
      if (!result.ok)
        throw new HttpError(400, STAFF_TOKEN_MSG.rowsRefused(result.refused.length), {
          refused: result.refused.map((row) => ({ ...row, reason: request.say(row.reason) })),
        });
      return {
        scode: 200 as const,
        smessage: request.say(STAFF_TOKEN_MSG.rowsSaved(result.updated)),
        updated: result.updated,
      };
    },
  );
}
