import type { SessionUser } from '@club/contracts';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { getSessionToken, isPageSentForThisSession, subscribeToSessionToken } from './session-token.ts';

/** The member a page is rendered for on the server (src/prerender.tsx); null for a visitor and in the browser. */
export type RenderedViewer = { token: string; user: SessionUser };
export const RenderedViewerContext = createContext<RenderedViewer | null>(null);

/**
 * The session token the markup was drawn with: on the server, the member rendered for; in the
 * browser while hydrating, the stored token when the page was sent for it (main.tsx hydrates
 * only such a page), else none.
 */
const markupToken = (rendered: RenderedViewer | null) => () => rendered?.token ?? (isPageSentForThisSession() ? getSessionToken() : null);

/** The session token, re-rendering the component when someone logs in or out. */
export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribeToSessionToken, getSessionToken, markupToken(useContext(RenderedViewerContext)));
}
