/** What the seo module needs from the composition root (app.ts), beyond what it builds itself. */

import type { Platform } from '../../lib/platform';
import type { CatalogStore } from '../catalog';

export interface SeoNeeds extends Platform {
  catalog: CatalogStore;
}
