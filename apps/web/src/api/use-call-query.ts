import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi, type CallBody, type CallName, type CallResponse } from './client.ts';

/** Lists are cached under their call name alone: the legacy list calls take no parameters beyond g. */
export const callQueryKey = (name: CallName) => [name] as const;

export type CallQueryOptions = { enabled?: boolean };

/** Loads a list once and keeps it until a save invalidates it or the member forces a reload. */
export function useCallQuery<N extends CallName>(
  name: N,
  body: CallBody<N>,
  { enabled = true }: CallQueryOptions = {},
): UseQueryResult<CallResponse<N>> {
  return useQuery({
    queryKey: callQueryKey(name),
    queryFn: ({ signal }) => callApi(name, body, undefined, { signal }),
    enabled,
  });
}

/** Returns a function that marks lists stale after a save, so they reload on next view. */
export function useInvalidateCalls(): (...names: CallName[]) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (...names: CallName[]) => {
      await Promise.all(names.map((name) => queryClient.invalidateQueries({ queryKey: callQueryKey(name) })));
    },
    [queryClient],
  );
}
