/** The buyer's cart: adding, quick order, and the lines checkout reads. */
import type { FastifyPluginAsync } from 'fastify';
import type { CartNeeds } from './needs';
import { cartRoutes } from './shop-routes';

export { addLines, summary } from './lines';
export type { CartNeeds } from './needs';
export { cartOf, presentCart, type StoredLine, storedLinesJson } from './service';

export const cartModule: FastifyPluginAsync<CartNeeds> = async (app, needs) => {
  cartRoutes(app, needs);
};
