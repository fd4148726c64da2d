/**
 * The back office's API tokens: owners make them for the seller's own systems, which then call the
 * /api/admin routes whose scope the token holds (domain/back-office/staff-tokens.ts STAFF_ROUTE_SCOPES),
 * with `Authorization: Bearer <token>`. The staff guard (sessions/staff-guard.ts) asks this module's gate;
 * each use is rate limited per token, recorded in the audit trail and shown as the token's last use.
 */
import { STAFF_TOKEN_MSG } from '@shop/domain/back-office/staff-tokens';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { AdminDeps } from '../../lib/back-office';
import { HttpError } from '../../lib/http';
import type { StaffTokenGate } from '../sessions';
import { staffTokenRoutes } from './admin-routes';
import { checkToken, recordTokenUse } from './tokens';

export interface StaffTokenNeeds {
  backOffice: AdminDeps;
  config: Config;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The token a request was let in with (or a revoked one of ours): its use is recorded. */
    staffTokenUse: { tokenId: number; label: string; staffId: number } | null;
  }
}

const REALM = 'Bearer realm="Acer Store for Business back office"';

export const staffTokensModule = fp<StaffTokenNeeds>(
  async (app, { backOffice, config }) => {
    const db = backOffice.db;
    app.decorateRequest('staffTokenUse', null);

    // Tokens that are not ours (malformed, unknown, revoked), per client address, in every process.
    const wrongTokens = app.rateLimit({
      max: config.LOGIN_RATE_LIMIT,
      timeWindow: 60_000,
      keyGenerator: (request) => `staff-token-wrong:${request.ip}`,
    });
    // At most API_KEY_RATE_LIMIT requests a minute per token, as a company API key.
    const perToken = app.rateLimit({
      max: config.API_KEY_RATE_LIMIT,
      timeWindow: 60_000,
      keyGenerator: (request) => `staff-token:${request.staffTokenUse?.tokenId ?? 0}`,
      errorResponseBuilder: (_request, context) =>
        new HttpError(
          429,
          STAFF_TOKEN_MSG.rateLimited(context.max, Math.max(1, Math.ceil(context.ttl / 1000))),
        ),
    });

    const gate: StaffTokenGate = async (request: FastifyRequest, reply: FastifyReply, scope) => {
      const checked = await checkToken(db, request.headers.authorization ?? '');
      if (!checked.ok) {
        if (checked.tokenId !== undefined)
          request.staffTokenUse = {
            tokenId: checked.tokenId,
            label: checked.label!,
            staffId: checked.staffId!,
          };
        await wrongTokens.call(app, request, reply);
        reply.header('www-authenticate', `${REALM}, error="invalid_token"`);
        throw new HttpError(401, checked.message);
      }
      const { caller } = checked;
      request.staffTokenUse = {
        tokenId: caller.tokenId,
        label: caller.staff.email,
        staffId: caller.staff.staffId,
      };
      await perToken.call(app, request, reply);
      if (scope === null) throw new HttpError(403, STAFF_TOKEN_MSG.notForTokens);
      if (!caller.scopes.includes(scope)) throw new HttpError(403, STAFF_TOKEN_MSG.needs(scope));
      return caller.staff;
    };
    app.decorate('staffTokenGate', gate);

    // Every use of one of ours, let in or not: an audit entry and the token's last use, after the answer.
    const recording = new Set<Promise<unknown>>();
    app.addHook('onResponse', async (request, reply) => {
      const use = request.staffTokenUse;
      if (!use) return;
      const written = recordTokenUse(db, {
        ...use,
        method: request.method,
        route: request.routeOptions.url ?? '',
        status: reply.statusCode,
      })
        .catch((error: unknown) =>
          backOffice.log.warn({ err: error, tokenId: use.tokenId }, 'recording a staff token use failed'),
        )
        .finally(() => recording.delete(written));
      recording.add(written);
      await written;
    });
    app.addHook('onClose', async () => {
      await Promise.allSettled([...recording]);
    });

    staffTokenRoutes(app, backOffice);
  },
  { name: 'staff-tokens', dependencies: ['sessions'] },
);
