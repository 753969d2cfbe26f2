import { QueryClient } from '@tanstack/react-query';
import { registerViewerCache } from '../lib/session-token.ts';
import { isApiError } from './api-error.ts';
import { seedFirstAnswers } from './first-answers.ts';
import { isOtherViewersKey } from './query-keys.ts';

const MAX_RETRIES = 2;

/**
 * Whether retrying could help: only when no answer came back or the server failed without
 * saying why. An answer that carries `e` is the server's word and asking again repeats it.
 */
export function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status === 0 || (error.status >= 500 && error.rawText !== undefined);
}

/**
 * One cache for the whole app. Lists stay fresh until a save invalidates them or the
 * member asks for a reload, as the legacy site behaved.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Try the network even when the browser thinks it is offline: a failure shows the
      // Error label, whereas a paused query would leave Loading on screen indefinitely.
      networkMode: 'always',
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => failureCount < MAX_RETRIES && isRetryable(error),
      // Short waits, so a failure is reported within about 1.5 s rather than 3.6 s.
      retryDelay: (attempt) => 500 * 2 ** attempt,
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});

// A visitor's data page arrives with its first answers: the page draws with them at once.
if (typeof document !== 'undefined') seedFirstAnswers(queryClient);

// The session store drops other viewers' answers at login and everything at logout.
registerViewerCache({
  forgetOtherViewers: (viewer) => queryClient.removeQueries({ predicate: (query) => isOtherViewersKey(query.queryKey, viewer) }),
  clear: () => queryClient.clear(),
});

/**
 * Copies every answer cached for one session to the same member's new session (they logged in
 * again after theirs ended), so the page they are on stays as it is instead of loading again.
 */
export function carryAnswersOver(from: string, to: string): void {
  for (const query of queryClient.getQueryCache().getAll()) {
    const [name, body, owner] = query.queryKey;
    const isFrom = typeof owner === 'object' && owner !== null && 'viewer' in owner && owner.viewer === from;
    if (isFrom && query.state.data !== undefined) queryClient.setQueryData([name, body, { viewer: to }], query.state.data);
  }
}
