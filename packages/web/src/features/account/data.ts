/** Reading and refreshing the account sessions: the route's loader reads them (see loader.ts). */
import { useCallback } from 'react';
import { useSession } from '../../app/session';
import { ApiError } from '../../lib/api';
import { tm } from '../../lib/i18n';
import { type Read, type ReadState, refreshReads, useRead } from '../../lib/reads';
import { type AccountReads, accountPath, useAccountReads } from './loader';
import type { OrdersPage, SessionData, SessionName } from './types';

/** The array under the session's name, as the loader of the page on screen read it. */
export function useAccountData<S extends SessionName>(session: S): ReadState<SessionData[S][]> {
  const reads: AccountReads = useAccountReads();
  return useRead(reads[session] as Read<SessionData[S][]> | undefined);
}

/** The orders list's page; while another search or page loads, the rows on screen stay. */
export function useOrderList(): ReadState<OrdersPage> {
  return useRead(useAccountReads().orderList, { keepPrevious: true });
}

/** What a write's answer already says about one session (e.g. the addresses after a delete). */
export type KnownSession = {
  [S in SessionName]: { session: S; sessionid?: string; data: SessionData[S][] };
}[SessionName];

/** After a write: the account sessions and the header data are read again; `known` answers show at once. */
export function useRefreshAccount(): (known?: KnownSession[]) => Promise<void> {
  const { customerId, reloadHeader } = useSession();
  return useCallback(
    async (known = []) => {
      const answers: Record<string, unknown> = {};
      for (const k of known) answers[accountPath(customerId, k.session, k.sessionid)] = k.data;
      refreshReads(`/user/${encodeURIComponent(customerId)}/`, answers);
      await reloadHeader();
    },
    [customerId, reloadHeader],
  );
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

/** A form's field messages (the domain's, e.g. a Zod parse's) in the page's language. */
export function translatedErrors(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) out[field] = tm(message);
  return out;
}

export { provinceName } from '../../lib/labels';
