/**
 * Returns (RMA): a buyer's request to return units of a delivered order, the seller's authorisation or
 * refusal, receiving and inspecting the units (restocked once), and the resolution: a credit note, a
 * replacement order at no charge or a repair. A warranty claim opens its authorised return with openReturn.
 */
import type { FastifyPluginAsync } from 'fastify';
import { returnAdminRoutes } from './admin-routes';
import type { ReturnNeeds } from './needs';
import { returnRoutes } from './shop-routes';

export type { ReturnNeeds } from './needs';
export { companyHasRma, companyReturns, returnDetail, waitingReturns } from './queries';
export {
  deliveredOn,
  type OpenedReturn,
  type OpenReturnInput,
  openReturn,
  SHIPPING_PAYERS,
  type ShippingPayer,
} from './service';

export const returnsModule: FastifyPluginAsync<ReturnNeeds> = async (app, needs) => {
  returnRoutes(app, needs);
  returnAdminRoutes(app, needs.backOffice);
};
