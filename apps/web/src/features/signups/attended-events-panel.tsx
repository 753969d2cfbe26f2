import { Link } from 'react-router';
import { eventPath } from '../../lib/paths.ts';
import { useAttendedEvents } from './api/signups.ts';
import { getClubTimeZone } from '../../lib/club-time-zone.ts';
import { clubNow, formatEventDay } from '../../lib/event-time.ts';

/** The account page's list of the events the member was checked in at this year. */
export function AttendedEventsPanel() {
  const year = Number(clubNow(new Date(), getClubTimeZone()).slice(0, 4));
  const query = useAttendedEvents(year);
  const events = query.data?.events;
  return (
    <section className="panel" aria-labelledby="attended-heading">
      <h2 id="attended-heading">Events you attended in {year}</h2>
      {events === undefined ? (
        <p>{query.isError ? 'The list could not be loaded just now.' : 'Loading…'}</p>
      ) : events.length === 0 ? (
        <p>None recorded yet. The organiser ticks who came at each tour or meeting.</p>
      ) : (
        <ul>
          {events.map((event) => (
            <li key={event.id}>
              <Link to={eventPath(event.id)}>{event.title}</Link>, {formatEventDay(event.start)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
