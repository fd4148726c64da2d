/** What the catalog module needs from the composition root (app.ts), beyond what it builds itself. */
import type { AdminDeps } from '../../lib/back-office';
import type { Platform } from '../../lib/platform';
import type { CatalogStore } from './store';

export interface CatalogNeeds extends Platform {
  catalog: CatalogStore;
  /** Told when a signed-in buyer opens a product page (their recently viewed list lives elsewhere). */
  onProductViewed?: (customerId: string, itemId: string, condition: string) => void;
  /** What the back office's actions need (the same object for every module). */
  backOffice: AdminDeps;
}
