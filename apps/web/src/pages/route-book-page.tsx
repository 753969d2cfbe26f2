import { useParams, useSearchParams } from 'react-router';
import { isApiError } from '../api/client.ts';
import { PageFrame } from '../components/page-frame.tsx';
import { QueryState } from '../components/query-state.tsx';
import { useRoute } from '../features/routes/api/route-reads.ts';
import { RouteBook } from '../features/routes/route-book.tsx';
import { useSession } from '../session/index.ts';
import { RouteNotFound, routeIdOf } from '../features/routes/route-not-found.tsx';

/** /routes/{id}/book?event={eventId}: the printable route book, for one of the route's events when given. */
export function RouteBookPage() {
  const { routeId } = useParams();
  const [params] = useSearchParams();
  const id = routeIdOf(routeId);
  const eventId = routeIdOf(params.get('event') ?? undefined) || undefined;
  const { isLoggedIn } = useSession();
  const query = useRoute(id, eventId);
  if (id === 0 || (query.error && isApiError(query.error) && query.error.status === 404)) return <RouteNotFound isLoggedIn={isLoggedIn} />;
  return (
    <PageFrame title={query.data ? `${query.data.route.title}: Route Book` : 'Route Book'} heading={query.data?.route.title ?? 'Route Book'}>
      <QueryState query={query} what="the route book" loadingLabel="Loading the route book…">
        {(book) => <RouteBook book={book} />}
      </QueryState>
    </PageFrame>
  );
}
