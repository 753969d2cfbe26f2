import type { CallName } from '@club/contracts/browser';
import { useCallback, useMemo } from 'react';
import { useCallQuery, useInvalidateCalls } from '../../api/use-call-query.ts';
import { readBoardRows } from './history-rules.ts';

export const usePresidents = () => useCallQuery('presidents.get', {});

export const useShaftAwardWinners = () => useCallQuery('shaftAwardWinners.get', {});

export const useStartupParties = () => useCallQuery('startupParties.get', {});

/** The board years, newest first, with each year's pairs already read from their JSON text. */
export function useBoardYears() {
  const query = useCallQuery('boardMembers.get', {});
  const years = useMemo(() => (query.data ? readBoardRows(query.data.b) : undefined), [query.data]);
  return { ...query, years };
}

/** Reloads one list after a save; resolves once the fresh list is in. */
export function useRefreshList(name: CallName): () => Promise<void> {
  const invalidate = useInvalidateCalls();
  return useCallback(() => invalidate(name), [invalidate, name]);
}
