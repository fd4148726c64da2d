/** Operations: liveness and readiness for load balancers. */
import type { FastifyPluginAsync } from 'fastify';
import type { HealthNeeds } from './needs';
import { healthRoutes } from './routes';

export type { HealthNeeds } from './needs';

export const healthModule: FastifyPluginAsync<HealthNeeds> = async (app, needs) => {
  healthRoutes(app, needs);
};
