import { useSyncExternalStore } from 'react';
import { getSessionToken, subscribeToSessionToken } from './session-token.ts';

/** The session token, re-rendering the component when someone logs in or out. */
export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribeToSessionToken, getSessionToken, () => null);
}
