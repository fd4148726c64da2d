import { useHydrated } from '../lib/hydrated';
import { formatDate, formatDateTime } from '../lib/i18n';

/**
 * A date (and time) as the buyer reads it, in their browser's time zone. The server draws it in the zone
 * the browser named (its `tz` cookie), but with the server's own time-zone rules, which can be older or
 * newer than the browser's: while the page hydrates the server's text stays (React is told it may
 * differ), and once hydrated the element is drawn again with the browser's, which is what the buyer's
 * clock says.
 */
export function Moment({ at, time = false }: { at: string | null | undefined; time?: boolean }) {
  const hydrated = useHydrated();
  if (!at) return null;
  return (
    <time key={hydrated ? 'browser' : 'server'} dateTime={at} suppressHydrationWarning>
      {time ? formatDateTime(at) : formatDate(at)}
    </time>
  );
}
