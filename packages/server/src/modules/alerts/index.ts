/**
 * Stock alerts: a buyer asks to be mailed when a model or a category listing has enough units in stock at
 * their price. The buyer's routes (/api/user/alerts), the catalog watch that fires alerts once however
 * many processes run, and the unsubscribe page that works without signing in.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { AlertEngine } from './engine';
import type { AlertsNeeds } from './needs';
import { alertShopRoutes } from './shop-routes';
import { unsubscribeRoutes } from './unsubscribe';

export { AlertEngine } from './engine';
export type { AlertsNeeds } from './needs';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's watch over the stock alerts (tests wait for it with `flush()`). */
    stockAlerts: AlertEngine;
  }
}

const alertsPlugin: FastifyPluginAsync<AlertsNeeds> = async (app, needs) => {
  const engine = new AlertEngine(needs);
  engine.start();
  app.decorate('stockAlerts', engine);
  app.addHook('onClose', async () => engine.close());
  alertShopRoutes(app, needs, engine);
  // In a scope of its own: the form parser serves the unsubscribe page only.
  await app.register(unsubscribeRoutes, needs);
};

export const alertsModule = fp(alertsPlugin, { name: 'alerts' });
