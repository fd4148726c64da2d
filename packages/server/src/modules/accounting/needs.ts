/** What the accounting module needs from the composition root (app.ts). */
import type { AdminDeps } from '../../lib/back-office';

export interface AccountingNeeds {
  /** What the back office's actions need (the same object for every module). */
  backOffice: AdminDeps;
}
