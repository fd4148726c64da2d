/** What the cart module needs from the composition root (app.ts), beyond what it builds itself. */

import type { AdminDeps } from '../../lib/back-office';
import type { Platform } from '../../lib/platform';
import type { CatalogStore } from '../catalog';
import type { SessionService } from '../sessions';

export interface CartNeeds extends Platform {
  catalog: CatalogStore;
  sessions: SessionService;
  /** What the back office's actions need (the same object for every module). */
  backOffice: AdminDeps;
}
