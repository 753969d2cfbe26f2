import { useQuery } from '@tanstack/react-query';
import { callQueryOptions, useCallMutation } from '../../../api/call-query.ts';
import { useSessionToken } from '../../../session/index.ts';

/** When the member's private calendar feed address was made ('' if they have none). */
export const calendarFeedQueryOptions = (viewer?: string | null) => callQueryOptions('calendarFeed.get', {}, viewer);

export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions(useSessionToken()));
}

/** Makes a new private feed address (the previous one stops working); resolves with it once the feed read is fresh. */
export function useResetCalendarFeed() {
  const { mutateAsync, isPending } = useCallMutation('calendarFeed.reset', { invalidates: ['calendarFeed.get'] });
  return { isPending, mutateAsync: async (): Promise<{ url: string }> => ({ url: (await mutateAsync({ body: {} })).url }) };
}
