import { ROUTE_VISIBILITY_LABELS, formatDistance } from '@club/contracts/plain';
import type { RouteSummary } from '@club/contracts';
import { Link } from 'react-router';
import { eventPath, routePath } from '../../lib/paths.ts';
import { formatRouteDay } from './route-text.ts';
import './routes.css';

/** A route in the library: its length, region, stops and the events that drove it. */
export function RouteCard({ route, showKilometres, isVisibilityShown }: { route: RouteSummary; showKilometres: boolean; isVisibilityShown: boolean }) {
  return (
    <li className="route-card">
      <Link className="route-card__title" to={routePath(route.id)}>
        {route.title}
      </Link>
      <p className="route-card__facts">
        {formatDistance(route.miles, showKilometres)}
        {route.region && ` · ${route.region}`} · {route.stepCount} {route.stepCount === 1 ? 'step' : 'steps'}
        {route.stopCount > 0 && `, ${route.stopCount} ${route.stopCount === 1 ? 'stop' : 'stops'}`}
        {isVisibilityShown && route.visibility === 'members' && <span className="route-badge">{ROUTE_VISIBILITY_LABELS.members}</span>}
      </p>
      {route.drivenOn.length > 0 && (
        <p className="route-card__driven">
          Driven on:{' '}
          {route.drivenOn.slice(0, 3).map((event, index) => (
            <span key={event.id}>
              {index > 0 && ', '}
              <Link to={eventPath(event.id)}>
                {event.title} ({formatRouteDay(event.start)})
              </Link>
            </span>
          ))}
          {route.drivenOn.length > 3 && ` and ${route.drivenOn.length - 3} more`}
        </p>
      )}
    </li>
  );
}
