import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False in the server's HTML and while the browser hydrates it, true once the page's scripts run: what only
 * works with scripts (tabs, say) can show everything until then, for crawlers and browsers without them.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
