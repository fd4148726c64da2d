/** What the returns module needs from the composition root (app.ts). */
import type { AdminDeps } from '../../lib/back-office';
import type { Platform } from '../../lib/platform';

export interface ReturnNeeds extends Platform {
  /** What the back office's actions need (the same object for every module). */
  backOffice: AdminDeps;
}
