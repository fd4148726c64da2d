/**
 * Punchout (cXML 1.2 and OCI 4.0): a company's procurement system opens the shop from inside its own,
 * signed in as the company's buyer, gets the cart back as a PunchOutOrderMessage (or OCI's NEW_ITEM-*
 * fields), and sends the approved purchase order as a cXML OrderRequest. The administrators turn it on in
 * the account. The plugin is not encapsulated: its hook gives a punchout session's pages the framing
 * origins its company listed. The procurement system's routes parse XML and forms in a scope of their own.
 */
import fp from 'fastify-plugin';
import { punchoutPageHeaders } from '../../lib/security-headers';
import { SESSION_COOKIE } from '../sessions';
import type { PunchoutNeeds } from './needs';
import { accountRoutes, PUNCHOUT_COOKIE, procurementRoutes } from './routes';
import { punchoutOf } from './sessions';

export type { PunchoutNeeds } from './needs';

export const punchoutModule = fp<PunchoutNeeds>(
  async (app, needs) => {
    accountRoutes(app, needs);
    await app.register(procurementRoutes, needs);
    // Only a browser that a punchout signed in carries the mark, so no other request pays for a look-up;
    // every request passes here, so the hook calls back instead of returning a promise.
    app.addHook('onRequest', (request, reply, done) => {
      if (request.method !== 'GET' || request.url.startsWith('/api/') || !request.cookies[PUNCHOUT_COOKIE])
        return done();
      punchoutOf(needs.database.db, request.cookies[SESSION_COOKIE])
        .then((punchout) => {
          const csp = reply.getHeader('content-security-policy');
          if (punchout && typeof csp === 'string') {
            reply.removeHeader('x-frame-options');
            reply.headers(
              punchoutPageHeaders(csp, punchout.frameOrigins, new URL(punchout.returnUrl).origin),
            );
          }
        })
        // Once, whichever way it went: a failure reaches Fastify's error handler.
        .then(() => done(), done);
    });
  },
  { name: 'punchout' },
);
