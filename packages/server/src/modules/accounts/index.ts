/**
 * What companies owe: the seller's payments on invoices, the buyer's statement (JSON, PDF, CSV), the back
 * office's receivables with their aging, and the overdue reminders every process runs (once per stage).
 */
import type { FastifyPluginAsync } from 'fastify';
import { accountAdminRoutes } from './admin-routes';
import type { AccountNeeds } from './needs';
import { ReminderJob } from './reminders';
import { statementRoutes } from './shop-routes';

export type { AccountNeeds } from './needs';

export const accountsModule: FastifyPluginAsync<AccountNeeds> = async (app, needs) => {
  statementRoutes(app, needs);
  accountAdminRoutes(app, needs.backOffice);
  const reminders = new ReminderJob(
    { db: needs.database.db, config: needs.config, mailer: needs.mailer },
    needs.config.REMINDER_POLL_MS,
    needs.log,
  );
  reminders.start();
  // Before the database closes (app.ts closes it last): a pass under way finishes first.
  app.addHook('onClose', async () => {
    await reminders.stop();
  });
};
