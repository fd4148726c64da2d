/** What the customers module needs from the composition root (app.ts), beyond what it builds itself. */

import type { AdminDeps } from '../../lib/back-office';
import type { Platform } from '../../lib/platform';
import type { CatalogStore } from '../catalog';
import type { SessionService } from '../sessions';

export interface CustomerNeeds extends Platform {
  catalog: CatalogStore;
  sessions: SessionService;
  /** What the back office's actions need (the same object for every module). */
  backOffice: AdminDeps;
  /** Told, after it commits, that the seller enabled a disabled customer again. */
  onCustomerEnabled?: (customerId: string) => void;
}
