/**
 * The session token lives outside React so that the API client (plain functions) and the
 * React tree read and clear the same value. Only this module touches localStorage. It sits in
 * lib/, below both api/ (which sends the token and clears it on a 401) and session/ (which logs
 * in and out through api/), so those two never import each other's way round.
 */

/**
 * The query cache, once TanStack Query has loaded (api/query-client.ts registers it): until
 * then nothing is cached, so there is nothing to drop.
 */
export type ViewerCache = { forgetOtherViewers: (viewer: string) => void; clear: () => void };
let viewerCache: ViewerCache | undefined;

export function registerViewerCache(cache: ViewerCache): void {
  viewerCache = cache;
}

export const SESSION_STORAGE_KEY = 'clubSession';

type Listener = () => void;

const tokenListeners = new Set<Listener>();
const logoutCallbacks = new Set<Listener>();

function readStoredToken(): string | null {
  try {
    const value = window.localStorage.getItem(SESSION_STORAGE_KEY);
    return value && value.trim() !== '' ? value : null;
  } catch {
    // Storage can be blocked (private mode, strict settings); the member just stays logged out.
    return null;
  }
}

let currentToken: string | null = typeof window === 'undefined' ? null : readStoredToken();

function notifyTokenListeners(): void {
  for (const listener of tokenListeners) listener();
}

export function getSessionToken(): string | null {
  return currentToken;
}

/**
 * A new viewer must never see the answers cached for the previous one (a list loaded as a
 * visitor or as another member), so they are dropped when the token changes.
 */
function forgetOtherViewersAnswers(viewer: string): void {
  viewerCache?.forgetOtherViewers(viewer);
}

export function setSessionToken(token: string): void {
  if (token !== currentToken) forgetOtherViewersAnswers(token);
  currentToken = token;
  try {
    window.localStorage.setItem(SESSION_STORAGE_KEY, token);
  } catch {
    // Without storage the session lasts until the tab closes, which is still usable.
  }
  notifyTokenListeners();
}

/**
 * Ends the session in this browser: forgets the token, drops the current user and every
 * cached list (they may hold members-only data), then runs the logout callbacks. Safe to
 * call when already logged out.
 */
export function clearSessionToken(): void {
  const wasLoggedIn = currentToken !== null;
  currentToken = null;
  try {
    window.localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Nothing stored means nothing to remove.
  }
  if (wasLoggedIn) viewerCache?.clear();
  notifyTokenListeners();
  if (wasLoggedIn) runLogoutCallbacks();
}

export function subscribeToSessionToken(listener: Listener): () => void {
  tokenListeners.add(listener);
  return () => {
    tokenListeners.delete(listener);
  };
}

/** Registers work to undo at logout (push subscriptions, open editors, …); returns an unsubscribe. */
export function onLogout(callback: () => void): () => void {
  logoutCallbacks.add(callback);
  return () => {
    logoutCallbacks.delete(callback);
  };
}

function runLogoutCallbacks(): void {
  for (const callback of [...logoutCallbacks]) {
    try {
      callback();
    } catch (error) {
      // One failing callback must not keep the others from cleaning up.
      console.error('A logout callback failed', error);
    }
  }
}

if (typeof window !== 'undefined') {
  // Logging in or out in another tab changes this tab's session too.
  window.addEventListener('storage', (event) => {
    if (event.key !== SESSION_STORAGE_KEY && event.key !== null) return;
    const stored = readStoredToken();
    if (stored === currentToken) return;
    if (stored === null) {
      clearSessionToken();
    } else {
      forgetOtherViewersAnswers(stored);
      currentToken = stored;
      notifyTokenListeners();
    }
  });
}
