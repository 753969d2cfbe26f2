import { ROUTE_VISIBILITY_LABELS, formatDistance } from '@club/contracts/plain';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../api/client.ts';
import { ConfirmDeleteDialog } from '../components/confirm-delete-dialog.tsx';
import { PageFrame } from '../components/page-frame.tsx';
import { QueryState } from '../components/query-state.tsx';
import { PATHS, editRoutePath, eventPath } from '../lib/paths.ts';
import { useRoute } from '../features/routes/api/route-reads.ts';
import { useDeleteRoute } from '../features/routes/api/route-writes.ts';
import { RouteActions } from '../features/routes/route-actions.tsx';
import { RouteMap } from '../features/routes/route-map.tsx';
import { RouteStepsTable, RouteStops } from '../features/routes/route-steps.tsx';
import { formatRouteDay } from '../features/routes/route-text.ts';
import { RouteNotFound, routeIdOf } from '../features/routes/route-not-found.tsx';
import '../features/routes/routes.css';
import { useSession } from '../session/index.ts';

/** /routes/{id}: one route: its map, numbered steps, stops, GPX, the printable book and its history. */
export function RoutePage() {
  const { routeId } = useParams();
  const id = routeIdOf(routeId);
  const { isLoggedIn } = useSession();
  const query = useRoute(id);
  const [isDeleting, setIsDeleting] = useState(false);
  const deleteRoute = useDeleteRoute();
  const navigate = useNavigate();
  if (id === 0 || (query.error && isApiError(query.error) && query.error.status === 404)) return <RouteNotFound isLoggedIn={isLoggedIn} />;
  return (
    <PageFrame title={query.data?.route.title ?? 'Route Book'} width="wide">
      <QueryState query={query} what="the route" loadingLabel="Loading the route…">
        {({ route, map, showKilometres }) => (
          <>
            <p className="route-page__facts">
              {formatDistance(route.miles, showKilometres)}
              {route.region && ` · ${route.region}`}
              {route.start && ` · from ${route.start}`}
              {route.finish && ` to ${route.finish}`}
              {isLoggedIn && <span className="route-badge">{ROUTE_VISIBILITY_LABELS[route.visibility]}</span>}
            </p>
            {route.description && <p>{route.description}</p>}
            <RouteActions routeId={route.id} />
            {route.canEdit && (
              <p className="button-row">
                <Link className="button" to={editRoutePath(route.id)}>
                  Edit route
                </Link>
                <button type="button" className="button button--danger" onClick={() => setIsDeleting(true)}>
                  Delete route
                </button>
              </p>
            )}
            <div className="route-page__layout">
              <RouteMap tiles={map} track={route.track} steps={route.steps} label={`Map of ${route.title}`} />
              <div>
                <RouteStepsTable steps={route.steps} showKilometres={showKilometres} caption="Turn by turn" />
                <RouteStops steps={route.steps} showKilometres={showKilometres} />
              </div>
            </div>
            {route.drivenOn.length > 0 && (
              <section aria-labelledby="route-driven-on">
                <h2 id="route-driven-on">Driven on</h2>
                <ul>
                  {route.drivenOn.map((event) => (
                    <li key={event.id}>
                      <Link to={eventPath(event.id)}>{event.title}</Link>, {formatRouteDay(event.start)}
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <p>
              <Link to={PATHS.routes} className="link-alone">
                ← All route books
              </Link>
            </p>
            {isDeleting && (
              <ConfirmDeleteDialog
                title="Delete Route"
                question={`Delete the route “${route.title}” and its steps? Events that used it lose their route book. This cannot be undone.`}
                confirmLabel="Delete"
                onConfirm={() => deleteRoute.mutateAsync(route.id)}
                onClose={() => setIsDeleting(false)}
                onDeleted={() => void navigate(PATHS.routes)}
              />
            )}
          </>
        )}
      </QueryState>
    </PageFrame>
  );
}
