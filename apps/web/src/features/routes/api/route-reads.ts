import type { CallName } from '@club/contracts/plain';
import { useCallQuery } from '../../../api/call-query.ts';

/** Every read a route's save, import, removal or attachment changes. */
export const ROUTE_READS = ['routes.list', 'route.get', 'event.route'] as const satisfies readonly CallName[];

/** The club's library of drives the viewer may see. */
export function useRoutes() {
  return useCallQuery('routes.list', {});
}

/** One route book; with an event of the route, an event editor also gets its phone list. A members-only route answers 404 to a visitor. */
export function useRoute(id: number, eventId?: number) {
  return useCallQuery('route.get', eventId === undefined ? { id } : { id, eventId }, { retry: false });
}

/** The route an event uses, for its page. */
export function useEventRoute(eventId: number) {
  return useCallQuery('event.route', { eventId });
}
