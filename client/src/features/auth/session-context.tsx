import { useApolloClient, useQuery } from '@apollo/client/react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { MeDocument, type SessionUserFragment } from '../../graphql/generated';
import { readStorage, writeStorage } from '../../lib/storage';

/** '1' while this browser holds a logged-in session; shared by every tab of the origin. */
export const LOGGED_IN_STORAGE_KEY = 'bb.loggedIn';

interface SessionValue {
  isLoggedIn: boolean;
  /**
   * Whether the server has answered who this is (or could not be asked). Until then a page for
   * logged-in users waits instead of sending someone with a valid session but no stored flag to /login.
   */
  checked: boolean;
  /** The server's view of the current user; null while unknown or logged out. */
  user: SessionUserFragment | null;
  /** Call after the server accepted a login. */
  markLoggedIn: () => Promise<void>;
  /** Call after the server ended the session. */
  markLoggedOut: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

const readFlag = () => readStorage(LOGGED_IN_STORAGE_KEY) === '1';
const writeFlag = (loggedIn: boolean) => writeStorage(LOGGED_IN_STORAGE_KEY, loggedIn ? '1' : null);

interface SessionProviderProps {
  children: ReactNode;
  /** Runs whenever the session changes hands (login, logout, another tab); e.g. to reopen the WebSocket. */
  onSessionChange?: () => void;
  /**
   * The server rendered this page for a visitor (it saw no session cookie): start logged out, as it did,
   * whatever the stored flag says (the server's `me` answer, already in the cache, then clears it).
   */
  renderedForVisitor?: boolean;
}

/**
 * The logged-in state. The flag in localStorage answers instantly (no flash of the logged-out top bar)
 * and reaches other tabs through the `storage` event; the server's `me` query has the last word.
 */
export function SessionProvider({ children, onSessionChange, renderedForVisitor = false }: SessionProviderProps) {
  const client = useApolloClient();
  const [isLoggedIn, setIsLoggedIn] = useState(() => !renderedForVisitor && readFlag());
  const isLoggedInRef = useRef(isLoggedIn);
  useEffect(() => {
    isLoggedInRef.current = isLoggedIn;
  }, [isLoggedIn]);
  const { data, error } = useQuery(MeDocument);
  const user = data?.me ?? null;
  const [checked, setChecked] = useState(false);

  // Reconcile with the server only when a fresh answer arrives; a network error leaves the flag alone.
  // (`checked` is set with the answer, in the same update, so no render sees the answer without it.)
  useEffect(() => {
    if (!data) return;
    const serverSaysLoggedIn = data.me !== null;
    writeFlag(serverSaysLoggedIn);
    setIsLoggedIn(serverSaysLoggedIn);
    setChecked(true);
  }, [data]);
  useEffect(() => {
    if (error) setChecked(true);
  }, [error]);

  const refreshAfterChange = useCallback(async () => {
    onSessionChange?.();
    // Drops the previous user's data and refetches active queries (including `me`) with the new cookie.
    await client.resetStore().catch(() => undefined);
  }, [client, onSessionChange]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== LOGGED_IN_STORAGE_KEY && event.key !== null) return;
      const next = readFlag();
      if (next === isLoggedInRef.current) return;
      setIsLoggedIn(next);
      void refreshAfterChange();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [refreshAfterChange]);

  const setSession = useCallback(
    async (loggedIn: boolean) => {
      writeFlag(loggedIn);
      setIsLoggedIn(loggedIn);
      await refreshAfterChange();
    },
    [refreshAfterChange],
  );

  const value = useMemo<SessionValue>(
    () => ({
      isLoggedIn,
      checked,
      user,
      markLoggedIn: () => setSession(true),
      markLoggedOut: () => setSession(false),
    }),
    [isLoggedIn, checked, user, setSession],
  );

  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
