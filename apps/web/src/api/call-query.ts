import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type UseMutationResult, type UseQueryResult } from '@tanstack/react-query';
import { useSessionToken } from '../lib/use-session-token.ts';
import { getSessionToken } from '../lib/session-token.ts';
import { canRenewSession, renewSession } from '../lib/session-renewal.ts';
import { ApiError, callApi, isApiError, type CallBody, type CallFiles, type CallName, type CallResponse } from './client.ts';
import { callQueryKey } from './query-keys.ts';

export { callQueryKey, isViewerDependent } from './query-keys.ts';

/**
 * The query options of one call with one payload: its key (name, payload and, when the answer
 * depends on who asks, the viewer) and its fetch. Use it with `useQuery`, `prefetchQuery` or
 * `ensureQueryData`; in components prefer `useCallQuery`, which follows logins.
 */
export function callQueryOptions<N extends CallName>(name: N, body: CallBody<N>, viewer: string | null = getSessionToken()) {
  return queryOptions({
    queryKey: callQueryKey(name, body, viewer),
    queryFn: ({ signal }): Promise<CallResponse<N>> => callApi(name, body, undefined, { signal }),
  });
}

export type UseCallQueryOptions = {
  enabled?: boolean;
  /** False for answers that are fine to miss (a failure shows the fallback at once). */
  retry?: false;
  /** Keep showing the last answer while the next payload's is on its way (search as you type). */
  keepsPreviousAnswer?: boolean;
};

/**
 * Reads one call in a component. The answer stays cached until a mutation invalidates it; the
 * component switches to the new viewer's answer when someone logs in or out.
 */
export function useCallQuery<N extends CallName>(
  name: N,
  body: CallBody<N>,
  { keepsPreviousAnswer = false, ...options }: UseCallQueryOptions = {},
): UseQueryResult<CallResponse<N>> {
  const viewer = useSessionToken();
  return useQuery({ ...callQueryOptions(name, body, viewer), ...options, ...(keepsPreviousAnswer ? { placeholderData: keepPreviousData } : {}) });
}

/** What a write sends: its payload and, for upload calls, its files. */
export type MutationInput<N extends CallName> = { body: CallBody<N>; files?: CallFiles };

export type UseCallMutationOptions<N extends CallName> = {
  /** The reads this write changes; reloaded (every payload and viewer) before the write resolves. */
  invalidates?: readonly CallName[] | ((reply: CallResponse<N>, input: MutationInput<N>) => readonly CallName[]);
  /** Cache updates the reply makes possible without asking again (run before the reloads). */
  onSuccess?: (reply: CallResponse<N>, input: MutationInput<N>) => void;
};

/**
 * One write, for a feature's `api/` folder (components use that folder's hook, which names what
 * the write changes). `mutateAsync({ body, files })` resolves with the reply once the invalidated reads
 * are fresh, and throws `ApiError` as `callApi` does, so a `Form` shows the server's message.
 */
export function useCallMutation<N extends CallName>(
  name: N,
  { invalidates = [], onSuccess }: UseCallMutationOptions<N> = {},
): UseMutationResult<CallResponse<N>, Error, MutationInput<N>> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, files }: MutationInput<N>) => callKeepingTheForm(name, body, files),
    onSuccess: async (reply, input) => {
      onSuccess?.(reply, input);
      const names = typeof invalidates === 'function' ? invalidates(reply, input) : invalidates;
      await Promise.all(names.map((changed) => queryClient.invalidateQueries({ queryKey: [changed] })));
    },
  });
}

/** A write not sent because the session ended and the member did not log in again. */
export const LOGGED_OUT_MESSAGE = 'You were logged out, so this was not sent. What you typed is still here: press the button again to log in and send it.';

/**
 * A write that outlives its session does not lose the form: when the server answers 401 to the
 * member's session, the session stays in place (so the page and what was typed stay on screen),
 * the member is asked to log in again in place (lib/session-renewal.ts), and the write goes
 * again with the new session. Declining leaves the form as it was, with LOGGED_OUT_MESSAGE.
 * Without anything to ask (no dialog mounted), a 401 ends the session as for a read.
 */
async function callKeepingTheForm<N extends CallName>(name: N, body: CallBody<N>, files: CallFiles | undefined): Promise<CallResponse<N>> {
  const token = getSessionToken();
  const hasOwnToken = typeof (body as { g?: unknown }).g === 'string';
  const canAsk = token !== null && !hasOwnToken && canRenewSession();
  try {
    return await callApi(name, body, files, { keepsEndedSession: canAsk });
  } catch (error) {
    if (!canAsk || !isApiError(error) || error.status !== 401) throw error;
    const current = getSessionToken();
    if (current === token) {
      if (!(await renewSession())) throw new ApiError(LOGGED_OUT_MESSAGE, 401);
    } else if (current === null) {
      throw error;
    }
    // Logged in again (here, or by another write that asked meanwhile): send with the new session.
    return callApi(name, body, files);
  }
}
