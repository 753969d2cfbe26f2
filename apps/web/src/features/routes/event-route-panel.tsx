import { formatDistance } from '@club/contracts/plain';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { errorMessageOf } from '../../api/api-error.ts';
import { PATHS, routePath } from '../../lib/paths.ts';
import { useEventRoute, useRoutes } from './api/route-reads.ts';
import { useAttachRoute } from './api/route-writes.ts';
import { RouteActions } from './route-actions.tsx';
import './event-route-panel.css';

/** The event's route book on its page: open it, print it, take the GPX; an event editor picks it from the library. */
export function EventRoutePanel({ eventId, canEdit }: { eventId: number; canEdit: boolean }) {
  const id = useId();
  const query = useEventRoute(eventId);
  const route = query.data?.route;
  const showKilometres = query.data?.showKilometres ?? false;
  // A member sees the panel only when there is a route to open; an editor also to pick one.
  if (!route && !canEdit) return null;
  return (
    <section className="panel event-route" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Route book</h2>
      {route ? (
        <>
          <p>
            <Link to={routePath(route.id)}>{route.title}</Link>: {formatDistance(route.miles, showKilometres)}, {route.stepCount} steps
            {route.stopCount > 0 ? `, ${route.stopCount} stops` : ''}.
          </p>
          <RouteActions routeId={route.id} eventId={eventId} />
        </>
      ) : (
        <p>No route book for this event yet.</p>
      )}
      {canEdit && <AttachRoute eventId={eventId} currentId={route?.id ?? 0} />}
    </section>
  );
}

function AttachRoute({ eventId, currentId }: { eventId: number; currentId: number }) {
  const id = useId();
  const routes = useRoutes();
  const { attach, isPending } = useAttachRoute();
  const [chosen, setChosen] = useState(String(currentId));
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);
  return (
    <form
      className="event-route__attach"
      onSubmit={(submitted) => {
        submitted.preventDefault();
        setMessage(null);
        attach(eventId, Number(chosen)).then(
          () => setMessage({ text: 'Successfully Saved', isError: false }),
          (error: unknown) => setMessage({ text: errorMessageOf(error), isError: true }),
        );
      }}
    >
      <label htmlFor={`${id}-route`}>Route for this event</label>
      <select id={`${id}-route`} value={chosen} onChange={(changed) => setChosen(changed.target.value)} disabled={routes.isPending}>
        <option value="0">No route</option>
        {(routes.data?.routes ?? []).map((route) => (
          <option key={route.id} value={route.id}>
            {route.title} ({formatDistance(route.miles, routes.data?.showKilometres ?? false)})
          </option>
        ))}
      </select>
      <button type="submit" className="button" disabled={isPending}>
        Use this route
      </button>
      <Link to={PATHS.routes}>Route library</Link>
      {message && (
        <p className={`form__message ${message.isError ? 'form__message--error' : 'form__message--success'}`} role={message.isError ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
    </form>
  );
}
