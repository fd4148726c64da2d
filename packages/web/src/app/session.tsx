/**
 * Login state (SPEC §4): cookies say whether to fetch the header data; the server's answer decides.
 * Changes are broadcast to other tabs so they refetch too.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ApiError, api } from '../lib/api';
import { clearDisplayCookies, cookieLogin } from '../lib/cookies';
import type { CustomerInfo, HeaderData } from '../lib/types';

interface Session {
  loggedIn: boolean;
  customerId: string;
  customer: CustomerInfo | null;
  percentage: number | null;
  cartCount: number;
  header: HeaderData | null;
  /** Re-reads the cookies after a sign-in or sign-out and tells other tabs. */
  refresh(): void;
  signOut(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('acer-store');

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [login, setLogin] = useState(cookieLogin);

  const header = useQuery({
    queryKey: ['header', login.customerId],
    queryFn: () => api<HeaderData>('/header'),
    enabled: login.loggedIn,
    staleTime: 30_000,
  });

  // Prices depend on the percentage: when it changes, catalog answers are fetched again.
  const percentage = header.data?.customer[0]?.percentage;
  const seenPercentage = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (percentage === undefined) return;
    if (seenPercentage.current !== undefined && seenPercentage.current !== percentage) {
      for (const key of ['mainpage', 'listing', 'product'])
        void queryClient.invalidateQueries({ queryKey: [key] });
    }
    seenPercentage.current = percentage;
  }, [percentage, queryClient]);

  // A session the server no longer knows clears the login state.
  useEffect(() => {
    if (header.error instanceof ApiError && header.error.status === 401) {
      clearDisplayCookies();
      setLogin(cookieLogin());
    }
  }, [header.error]);

  const refresh = useCallback(() => {
    const next = cookieLogin();
    setLogin(next);
    void queryClient.invalidateQueries();
    channel?.postMessage({ type: 'isLogin', value: next.loggedIn });
  }, [queryClient]);

  useEffect(() => {
    if (!channel) return;
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: string })?.type === 'isLogin') {
        setLogin(cookieLogin());
        void queryClient.invalidateQueries();
      }
    };
    channel.addEventListener('message', onMessage);
    return () => channel.removeEventListener('message', onMessage);
  }, [queryClient]);

  const signOut = useCallback(async () => {
    try {
      await api('/user/logout', { method: 'POST', body: {} });
    } catch {
      // Signing out locally still happens when the network fails.
    }
    clearDisplayCookies();
    queryClient.clear();
    refresh();
  }, [queryClient, refresh]);

  const value = useMemo<Session>(() => {
    const data = login.loggedIn ? (header.data ?? null) : null;
    const customer = data?.customer[0] ?? null;
    return {
      loggedIn: login.loggedIn,
      customerId: login.customerId,
      customer,
      percentage: customer?.percentage ?? null,
      cartCount: data ? data.cartItems.reduce((sum, line) => sum + line.quantity, 0) : 0,
      header: data,
      refresh,
      signOut,
    };
  }, [login, header.data, refresh, signOut]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
