import type { Permission, SessionUser } from '@club/contracts';
import { hasPermission } from '@club/contracts/browser';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { callQueryOptions } from '../api/call-query.ts';
import { login, logout } from './session-actions.ts';
import { useSessionToken } from './use-session-token.ts';

export { useSessionToken } from './use-session-token.ts';

export type Session = {
  /** The logged-in member, or null when logged out or not yet known. */
  user: SessionUser | null;
  isLoggedIn: boolean;
  /** True while a stored token is being checked at start. */
  isLoading: boolean;
  /** Set when the stored token could not be checked (network trouble, server error). */
  error: Error | null;
  login: (username: string, password: string) => Promise<SessionUser>;
  logout: () => Promise<void>;
  /** Whether the member holds a permission (admin implies all; moderator implies forum). */
  can: (permission: Permission) => boolean;
  retry: () => void;
};

const SessionContext = createContext<Session | null>(null);


export function SessionProvider({ children }: { children: ReactNode }) {
  const token = useSessionToken();
  const query = useQuery({ ...callQueryOptions('session.get', {}, token), enabled: token !== null });

  const user = token !== null ? (query.data?.u ?? null) : null;
  const isLoading = token !== null && query.isPending;
  const error = token !== null && user === null ? query.error : null;
  const { refetch } = query;

  const session = useMemo<Session>(
    () => ({
      user,
      isLoggedIn: user !== null,
      isLoading,
      error,
      login,
      logout,
      can: (permission) => user !== null && hasPermission(user.permissions, permission),
      retry: () => void refetch(),
    }),
    [user, isLoading, error, refetch],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (session === null) throw new Error('useSession must be used inside <SessionProvider>.');
  return session;
}
