/** Words of returns shared by their pages: a state, a reason, a resolution in the page's language. */
import { t } from '../../lib/i18n';

/** A key's text, or the value itself when the catalogue has none. */
function keyed(key: string, fallback: string): string {
  const text = t(key);
  return text === key ? fallback : text;
}

export const stateName = (state: string) => keyed(`returns:state.${state}`, state);
export const reasonName = (reason: string) => keyed(`returns:reason.${reason}`, reason);
export const resolutionName = (resolution: string) => keyed(`returns:resolution.${resolution}`, resolution);
