import { useMemo } from 'react';
import { useCallMutation, useCallQuery } from '../../../api/call-query.ts';
import { readBoardRows } from '../history-rules.ts';

/** The board years, newest first, with each year's pairs already read from their JSON text. */
export function useBoardYears() {
  const query = useCallQuery('boardMembers.get', {});
  const years = useMemo(() => (query.data ? readBoardRows(query.data.b) : undefined), [query.data]);
  return { ...query, years };
}

/** Saves one year's board; the board years are reloaded. */
export const useSaveBoardYear = () => useCallMutation('boardMembers.save', { invalidates: ['boardMembers.get'] });
