/** Reading and refreshing the account sessions with TanStack Query. */
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useSession } from '../../app/session';
import { ApiError, api } from '../../lib/api';
import type { SessionData, SessionName } from './types';

/** The query key of one account session: ['account', customerId, session, sessionid]. */
export function accountKey(customerId: string, session: SessionName, sessionid?: string) {
  return sessionid ? ['account', customerId, session, sessionid] : ['account', customerId, session];
}

/** The array under the session's name from GET /user/{customerid}/{session}[/{sessionid}]. */
export function useAccountData<S extends SessionName>(
  session: S,
  sessionid?: string,
  options: { enabled?: boolean } = {},
) {
  const { customerId, loggedIn } = useSession();
  return useQuery({
    queryKey: accountKey(customerId, session, sessionid),
    enabled: loggedIn && (options.enabled ?? true),
    queryFn: async () => {
      const path = `/user/${encodeURIComponent(customerId)}/${session}${
        sessionid ? `/${encodeURIComponent(sessionid)}` : ''
      }`;
      const answer = await api<Record<string, unknown>>(path);
      const value = answer[session];
      if (Array.isArray(value)) return value as SessionData[S][];
      return value && typeof value === 'object' ? [value as SessionData[S]] : [];
    },
  });
}

/** After a write: the account sessions and the header data are read again. */
export function refreshAccount(queryClient: QueryClient, customerId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['account', customerId] }),
    queryClient.invalidateQueries({ queryKey: ['header'] }),
  ]);
}

/** The server's message of a failed call, or the fallback. */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message && !error.message.startsWith('Request failed')
    ? error.message
    : fallback;
}

/** The field messages of a 400 answer ({ errors: { field: message } }), if any. */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError)) return null;
  const errors = error.body.errors;
  return errors && typeof errors === 'object' ? (errors as Record<string, string>) : null;
}
