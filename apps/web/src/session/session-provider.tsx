import type { Permission, SessionUser } from '@club/contracts';
import { hasPermission } from '@club/contracts/permissions';
import { createContext, lazy, Suspense, useContext, useMemo, useState, type ReactNode } from 'react';
import type { SessionCheck } from './session-query.tsx';
import { login, logout, type LoginResult } from './session-actions.ts';
import { knownSessionUser } from '../lib/session-token.ts';
import { RenderedViewerContext, useSessionToken } from '../lib/use-session-token.ts';

export { useSessionToken } from '../lib/use-session-token.ts';

export type Session = {
  /** The logged-in member, or null when logged out or not yet known. */
  user: SessionUser | null;
  isLoggedIn: boolean;
  /** True while a stored token is being checked at start. */
  isLoading: boolean;
  /** Set when the stored token could not be checked (network trouble, server error). */
  error: Error | null;
  /** The member logged in, or the people sharing the address and password to choose from (then `choice`). */
  login: (username: string, password: string, choice?: { memberId: number | undefined }) => Promise<LoginResult>;
  logout: () => Promise<void>;
  /** Whether the member holds a permission (admin implies all; moderator implies forum). */
  can: (permission: Permission) => boolean;
  retry: () => void;
};

const SessionContext = createContext<Session | null>(null);

/** The stored token's check, with TanStack Query: fetched only when there is a token to check. */
const SessionQuery = lazy(() => import('./session-query.tsx'));

export function SessionProvider({ children }: { children: ReactNode }) {
  const token = useSessionToken();
  const [check, setCheck] = useState<SessionCheck | null>(null);
  const current = check !== null && check.token === token ? check : null;

  // Known before the check of the token reports (just logged in here, or the member the page was
  // sent or rendered for), so neither a page kept on screen through a login in place
  // (session-renewal) nor a member's page drawn by the server flashes "Checking your login…".
  const rendered = useContext(RenderedViewerContext);
  const known = token !== null && current === null ? (rendered?.token === token ? rendered.user : knownSessionUser(token)) : undefined;
  const user = token !== null ? (current?.user ?? known ?? null) : null;
  const isLoading = token !== null && known === undefined && (current === null || current.isPending);
  const error = token !== null && user === null ? (current?.error ?? null) : null;
  const refetch = current?.refetch;

  const session = useMemo<Session>(
    () => ({
      user,
      isLoggedIn: user !== null,
      isLoading,
      error,
      login,
      logout,
      can: (permission) => user !== null && hasPermission(user.permissions, permission),
      retry: () => refetch?.(),
    }),
    [user, isLoading, error, refetch],
  );

  return (
    <SessionContext.Provider value={session}>
      {token !== null && (
        <Suspense fallback={null}>
          <SessionQuery token={token} onChange={setCheck} />
        </Suspense>
      )}
      {children}
    </SessionContext.Provider>
  );
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (session === null) throw new Error('useSession must be used inside <SessionProvider>.');
  return session;
}
