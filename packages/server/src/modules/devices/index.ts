/**
 * Devices: the units shipped to a company as its buyers see them (the account's Devices section, the company
 * API), the back office's serial lookup, and extended plans registered to units.
 */
import type { FastifyPluginAsync } from 'fastify';
import { deviceAdminRoutes } from './admin-routes';
import type { DeviceNeeds } from './needs';
import { deviceRoutes } from './shop-routes';

export type { DeviceNeeds } from './needs';
export { planLines, type Registered, registerPlan } from './plans';
export { deviceBySerial, deviceOf, type ListContext, listDevices, serialHistory } from './queries';
export { listContext } from './shop-routes';

export const devicesModule: FastifyPluginAsync<DeviceNeeds> = async (app, needs) => {
  deviceRoutes(app, needs);
  deviceAdminRoutes(app, needs);
};
