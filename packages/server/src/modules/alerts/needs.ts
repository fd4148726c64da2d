/** What the alerts module needs from the composition root (app.ts). */
import type { Platform } from '../../lib/platform';
import type { CatalogStore } from '../catalog';

export interface AlertsNeeds extends Platform {
  /** The catalog in memory: alerts are checked against it whenever it changes. */
  catalog: CatalogStore;
}
