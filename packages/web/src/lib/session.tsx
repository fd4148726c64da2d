/**
 * Login state (SPEC §4): cookies say whether to fetch the header data; the server's answer decides.
 * The header data (cart, addresses, wish lists, percentage) is shared by every page: held here, updated
 * in place by the answers of cart and wish-list writes, read again after other writes. Changes of login
 * are broadcast to other tabs so they read again too.
 */

import type { CustomerInfo, HeaderAnswer } from '@shop/domain/core/api';
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
import { ApiError, api } from './api';
import { clearDisplayCookies, cookieLogin } from './cookies';
import { useOncePer } from './once';
import { refreshReads } from './reads';
import { serverScope } from './scope';

interface Session {
  loggedIn: boolean;
  customerId: string;
  customer: CustomerInfo | null;
  percentage: number | null;
  cartCount: number;
  header: HeaderAnswer | null;
  /** Changes the header data in place with what a write's answer says. */
  updateHeader(change: (header: HeaderAnswer) => HeaderAnswer): void;
  /** Reads the header data again; settles when the answer is shown. */
  reloadHeader(): Promise<void>;
  /** Re-reads the cookies after a sign-in or sign-out and tells other tabs. */
  refresh(): void;
  signOut(): Promise<void>;
}

type Login = ReturnType<typeof cookieLogin>;

const SessionContext = createContext<Session | null>(null);
// Only in a browser: the server's renderer has no other tabs to tell.
const channel =
  typeof window === 'undefined' || typeof BroadcastChannel === 'undefined'
    ? null
    : new BroadcastChannel('acer-store');

type HeaderState = { customerId: string; data: HeaderAnswer } | null;

/** The header data a page drawn on the server came with (ssr/hydrate.ts), taken by the first render. */
let drawnHeader: HeaderState = null;

export function seedHeader(header: HeaderState): void {
  drawnHeader = header;
}

/** The header data the page starts with: the server's, read for the request it draws, or the one sent with it. */
function startingHeader(login: Login): HeaderState {
  const scope = serverScope();
  const header = scope ? (scope.header as HeaderState) : drawnHeader;
  return login.loggedIn && header?.customerId === login.customerId ? header : null;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [login, setLogin] = useState(cookieLogin);
  const [header, setHeader] = useState<HeaderState>(() => startingHeader(login));
  /** The login state whose header data came with the page: not read again. */
  const cameWith = useRef<Login | null>(header ? login : null);
  const loginNow = useRef(login);
  loginNow.current = login;
  /** Only the newest read of the header data is shown. */
  const latest = useRef(0);

  const loadHeader = useCallback(async (who: Login) => {
    const mine = ++latest.current;
    if (!who.loggedIn) {
      setHeader(null);
      return;
    }
    try {
      const data = await api('GET /api/header');
      if (mine === latest.current) setHeader({ customerId: who.customerId, data });
    } catch (error) {
      if (mine !== latest.current) return;
      // A session the server no longer knows clears the login state.
      if (error instanceof ApiError && error.status === 401) {
        clearDisplayCookies();
        setLogin(cookieLogin());
      } else {
        console.error('The header data (cart, addresses, wish lists) could not be read:', error);
      }
    }
  }, []);

  // Once per login state: not a second request when <StrictMode> runs the effects again.
  useOncePer(login, (state) => {
    if (state === cameWith.current) return;
    void loadHeader(state);
  });

  const reloadHeader = useCallback(() => loadHeader(loginNow.current), [loadHeader]);
  const updateHeader = useCallback((change: (header: HeaderAnswer) => HeaderAnswer) => {
    setHeader((old) => (old ? { ...old, data: change(old.data) } : old));
  }, []);

  // Prices depend on the percentage: when it changes, the catalog answers are read again.
  const percentage = header?.data.customer[0]?.percentage;
  const seenPercentage = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (percentage === undefined) return;
    if (seenPercentage.current !== undefined && seenPercentage.current !== percentage) refreshReads();
    seenPercentage.current = percentage;
  }, [percentage]);

  const refresh = useCallback(() => {
    const next = cookieLogin();
    setLogin(next);
    refreshReads();
    channel?.postMessage({ type: 'isLogin', value: next.loggedIn });
  }, []);

  useEffect(() => {
    if (!channel) return;
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: string })?.type === 'isLogin') {
        setLogin(cookieLogin());
        refreshReads();
      }
    };
    channel.addEventListener('message', onMessage);
    return () => channel.removeEventListener('message', onMessage);
  }, []);

  const signOut = useCallback(async () => {
    try {
      await api('POST /api/user/logout');
    } catch {
      // Signing out locally still happens when the network fails.
    }
    clearDisplayCookies();
    refresh();
  }, [refresh]);

  const value = useMemo<Session>(() => {
    const data = login.loggedIn && header?.customerId === login.customerId ? header.data : null;
    const customer = data?.customer[0] ?? null;
    return {
      loggedIn: login.loggedIn,
      customerId: login.customerId,
      customer,
      percentage: customer?.percentage ?? null,
      cartCount: data ? data.cartItems.reduce((sum, line) => sum + line.quantity, 0) : 0,
      header: data,
      updateHeader,
      reloadHeader,
      refresh,
      signOut,
    };
  }, [login, header, updateHeader, reloadHeader, refresh, signOut]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
