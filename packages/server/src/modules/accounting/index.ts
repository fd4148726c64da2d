/**
 * Accounting: the period's invoices, credit notes, payments and customers as Zoho Books and QuickBooks
 * Online import files, each tax component written as the code the owner names once per system, and the
 * accounting system's id of each record, set by the seller's accounting sync through the staff API
 * (scope `accounting`) so that an export can leave out what the system already has.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AccountingNeeds } from './needs';
import { accountingRoutes } from './routes';

export type { AccountingNeeds } from './needs';

export const accountingModule: FastifyPluginAsync<AccountingNeeds> = async (app, needs) => {
  accountingRoutes(app, needs.backOffice);
};
