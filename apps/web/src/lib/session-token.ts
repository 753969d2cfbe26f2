import type { SessionUser } from '@club/contracts';
import { SESSION_COOKIE, sessionCookieIn } from '@club/contracts/session-cookie';

/**
 * The session token lives outside React so that the API client (plain functions) and the
 * React tree read and clear the same value. Only this module touches localStorage and the
 * session cookie, which mirrors it for page requests. It sits in
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

/** Sessions end a year after login at the latest (docs/SECURITY.md); the cookie never outlives one. */
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Mirrors the stored token in the session cookie, which page requests carry so that the server
 * can send a member's page drawn for them (apps/api/src/http/first-answers.ts). The API never
 * reads it: calls carry `g`. `SameSite=Lax`: a link from an e-mail opens the member's page as
 * theirs, while no other site's request or form carries it.
 */
function writeSessionCookie(token: string | null): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SESSION_COOKIE}=${token ?? ''}; Path=/; Max-Age=${token === null ? 0 : COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}

/** The session cookie this page's request carried, read before anything writes it. */
const cookieOfPageRequest = typeof document === 'undefined' ? undefined : sessionCookieIn(document.cookie);
// Sessions stored before the cookie existed, and storage cleared behind the cookie's back, are
// put right at once: the next page request carries the stored session, or none. A stored session
// writes it anew on every visit: Safari keeps a cookie a script wrote for seven days at most.
if (typeof document !== 'undefined' && (currentToken !== null || cookieOfPageRequest !== undefined)) writeSessionCookie(currentToken);

/**
 * Whether the page's markup and data blocks were sent for this browser's session: a visitor's
 * page with no session stored, or a member's page (`data-viewer="member"` on #root) whose request
 * carried the session stored now. Only then may the page be hydrated, and its answers that depend
 * on who asks be used (after a log in or out in another tab, they are someone else's).
 */
export function isPageSentForThisSession(): boolean {
  if (typeof document === 'undefined') return false;
  const sentForMember = document.getElementById('root')?.dataset.viewer === 'member';
  return sentForMember ? currentToken !== null && cookieOfPageRequest === currentToken : currentToken === null;
}

/**
 * Who each token is known to belong to before its check answers: a login on this page, or the
 * member a page was sent for (its `session.get` answer). The session provider draws them at once.
 */
const knownUsers = new Map<string, SessionUser>();

export function rememberSessionUser(token: string, user: SessionUser): void {
  knownUsers.set(token, user);
}

export function knownSessionUser(token: string): SessionUser | undefined {
  return knownUsers.get(token);
}

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
  writeSessionCookie(token);
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
  writeSessionCookie(null);
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
      writeSessionCookie(stored);
      notifyTokenListeners();
    }
  });
}
