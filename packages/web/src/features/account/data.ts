/** Reading and refreshing the account sessions: the route's loader reads them (see loader.ts). */

import type { OrdersListAnswer } from '@shop/domain/core/api';
import { useCallback } from 'react';
import { type Read, type ReadState, refreshReads, useRead } from '../../lib/reads';
import { useSession } from '../../lib/session';
import {
  type AccountReads,
  accountPath,
  type SessionData,
  type SessionName,
  useAccountReads,
} from './loader';

/** The array under the session's name, as the loader of the page on screen read it. */
export function useAccountData<S extends SessionName>(session: S): ReadState<SessionData[S][]> {
  const reads: AccountReads = useAccountReads();
  return useRead(reads[session] as Read<SessionData[S][]> | undefined);
}

/** The orders list's page; while another search or page loads, the rows on screen stay. */
export function useOrderList(): ReadState<OrdersListAnswer> {
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
