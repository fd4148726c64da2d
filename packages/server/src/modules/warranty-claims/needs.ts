/** What the warranty-claims module needs from the composition root (app.ts). */
import type { AdminDeps } from '../../lib/back-office';
import type { Platform } from '../../lib/platform';

export interface WarrantyClaimNeeds extends Platform {
  backOffice: AdminDeps;
}
