import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getClubTimeZone } from '../../lib/club-time-zone.ts';
import { useIsHydrated } from '../../lib/use-is-hydrated.ts';
import { clubNow } from '../../lib/event-time.ts';

/** The club minute of the upcoming events in `client`, if any (the page's first answers). */
function arrivedUpcomingAt(client: QueryClient): string | undefined {
  for (const query of client.getQueryCache().findAll({ queryKey: ['events.upcoming'] })) {
    const body = query.queryKey[1];
    if (query.state.data !== undefined && typeof body === 'object' && body !== null && 'at' in body && typeof body.at === 'string') return body.at;
  }
  return undefined;
}

/**
 * What this visit calls now, in club time (YYYY-MM-DDTHH:mm), fixed for the component's life.
 * In the server's render of the page, and while the browser hydrates it, it is the minute the
 * page's first answers were read at: the list hydrates as drawn even when the clock has ticked
 * on since (otherwise the page would ask anew and React would find other markup).
 */
export function useVisitMinute(): string {
  const isHydrated = useIsHydrated();
  const client = useQueryClient();
  const [now] = useState(() => (isHydrated ? undefined : arrivedUpcomingAt(client)) ?? clubNow(new Date(), getClubTimeZone()));
  return now;
}
