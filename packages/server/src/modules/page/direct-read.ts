/**
 * The reads of a signed-in buyer's page answered directly: the function the route calls, as the same buyer,
 * after the same checks, without a request through the server in-process (app.inject: a request and a
 * reply built, every hook run, the answer written as JSON and parsed again). The two reads every buyer's
 * own page makes are answered here: the header (GET /header) and the orders list (GET /user/{id}/orders).
 *
 * Only answers the route would give as they are (no message in the page's language, no cookie, no refusal):
 * a read whose checks would refuse it, or any other read, answers null, and the caller asks the route,
 * which answers it, refusal and all, as before. A visitor's page never comes here (its reads are kept by
 * the catalog, page/render.ts).
 */
import { ordersQuerySchema } from '@shop/domain/orders/schemas';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client';
import type { CatalogStore } from '../catalog';
import { headerAnswer } from '../customers';
import { listOrders } from '../orders';

export interface DirectReadNeeds {
  database: { db: Queryable };
  catalog: CatalogStore;
  config: { SHOP_TIME_ZONE: string };
}

/** What a read answered, as the page's renderer takes it (PagePainter's `get`). */
export interface DirectAnswer {
  status: number;
  body: unknown;
}

export type DirectRead = (
  request: FastifyRequest,
  path: string,
  headers: Record<string, string>,
) => Promise<DirectAnswer> | null;

const ORDERS = /^\/user\/([^/?#]+)\/orders(?:\?(.*))?$/;

/**
 * The direct reads for the page's request `request` (its session settled request.user): `path` is the
 * read's path under /api, `headers` the headers the page's read sends.
 */
export function directReads(needs: DirectReadNeeds): DirectRead {
  return (request, path, headers) => {
    const user = request.user;
    // A visitor, or a read that claims another customer (the route refuses it with 403): the route answers.
    if (!user) return null;
    const claimed = headers.customerid;
    if (claimed && claimed !== 'visitors' && claimed !== user.customerId) return null;
    if (path === '/header') return headerAnswer(needs, user).then((body) => ({ status: 200, body }));
    const orders = ORDERS.exec(path);
    if (orders) {
      if (safeDecode(orders[1]!) !== user.customerId) return null;
      const query = queryOf(orders[2]);
      const parsed = query && ordersQuerySchema.safeParse(query);
      // A query the route would refuse (400, with its message in the page's language): the route answers.
      if (!parsed?.success) return null;
      return listOrders(needs.database.db, needs.config.SHOP_TIME_ZONE, user.customerId, parsed.data).then(
        (list) => ({ status: 200, body: { scode: 200, ...list } }),
      );
    }
    return null;
  };
}

function safeDecode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** The query as the route's parser gives it, or null when a name repeats (the route sees a list there). */
function queryOf(search: string | undefined): Record<string, string> | null {
  const out: Record<string, string> = {};
  if (!search) return out;
  for (const [name, value] of new URLSearchParams(search)) {
    if (Object.hasOwn(out, name)) return null;
    out[name] = value;
  }
  return out;
}
