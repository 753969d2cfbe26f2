import { formatDistance } from '@club/contracts/plain';
import type { CallResponse } from '@club/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { routePath } from '../../lib/paths.ts';
import { RouteMap } from './route-map.tsx';
import { RoutePdfButton } from './route-pdf-button.tsx';
import { RouteStepsTable, RouteStops } from './route-steps.tsx';
import { formatRouteDay } from './route-text.ts';
import '../../components/form.css';
import './routes.css';
import './route-book.css';

/**
 * The printable route book: one or two pages in large type (14 pt and up) for the glovebox, with
 * the map, the numbered steps with both distances, the stops and, for the organisers, the phone
 * list of the day.
 */
export function RouteBook({ book }: { book: CallResponse<'route.get'> }) {
  const { route, map, showKilometres, event, phoneList } = book;
  const [pdfError, setPdfError] = useState<string | null>(null);
  const places = [route.start && `From ${route.start}`, route.finish && `to ${route.finish}`].filter(Boolean).join(' ');
  return (
    <div className="route-book">
      <p className="button-row no-print">
        <button type="button" className="button button--primary" onClick={() => window.print()}>
          Print or save as PDF
        </button>
        <RoutePdfButton routeId={route.id} eventId={event?.id} onError={setPdfError} />
        <Link className="button" to={routePath(route.id)}>
          Back to the route
        </Link>
      </p>
      {pdfError && (
        <p className="form__message form__message--error no-print" role="alert">
          {pdfError}
        </p>
      )}
      <p className="route-book__facts">
        {event && (
          <strong>
            {event.title}, {formatRouteDay(event.start)}.{' '}
          </strong>
        )}
        {places && `${places}. `}
        {formatDistance(route.miles, showKilometres)}, {route.stepCount} steps.
      </p>
      {route.description && <p className="route-book__description">{route.description}</p>}
      <RouteMap tiles={map} track={route.track} steps={route.steps} label={`Map of ${route.title}`} isCompact />
      <RouteStepsTable steps={route.steps} showKilometres={showKilometres} caption="Turn by turn" />
      <RouteStops steps={route.steps} showKilometres={showKilometres} />
      {phoneList && (
        <section className="route-book__phones" aria-labelledby="route-book-phones">
          <h2 id="route-book-phones">Phone list for the day</h2>
          {phoneList.length === 0 ? (
            <p>Nobody has signed up yet.</p>
          ) : (
            <table className="route-phones">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Phone</th>
                  <th scope="col">People</th>
                  <th scope="col">Car</th>
                </tr>
              </thead>
              <tbody>
                {phoneList.map((entry) => (
                  <tr key={`${entry.name}-${entry.phone}`}>
                    <th scope="row">{entry.name}</th>
                    <td>{entry.phone ? <a href={`tel:${entry.phone.replace(/[^\d+]/g, '')}`}>{entry.phone}</a> : '—'}</td>
                    <td>{entry.partySize}</td>
                    <td>{entry.cars.join(', ') || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </div>
  );
}
