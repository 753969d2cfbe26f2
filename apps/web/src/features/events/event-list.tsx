import type { ClubEvent } from '@club/contracts';
import { Link } from 'react-router';
import { getClubTimeZone } from '../../app/club-time-zone.ts';
import { eventPath } from '../../app/paths.ts';
import { clubNow, formatEventDay, formatEventTime, splitUpcoming } from './event-time.ts';
import './events.css';

function EventRows({ events, label }: { events: ClubEvent[]; label: string }) {
  return (
    <ul className="event-list" aria-label={label}>
      {events.map((event) => (
        <li key={event.id} className="event-list__item">
          <Link className="event-list__title" to={eventPath(event.id)}>
            {event.title}
          </Link>
          <span className="event-list__when">
            {formatEventDay(event.start)}, {event.start.slice(0, 4)} · {formatEventTime(event.start)}
          </span>
          {event.location !== '' && <span className="event-list__where">{event.location}</span>}
        </li>
      ))}
    </ul>
  );
}

/** Upcoming events, soonest first, then past events, latest first. */
export function EventList({ events }: { events: ClubEvent[] }) {
  const { upcoming, past } = splitUpcoming(events, clubNow(new Date(), getClubTimeZone()));
  return (
    <>
      <section aria-labelledby="upcoming-events">
        <h2 id="upcoming-events">Upcoming Events</h2>
        {upcoming.length === 0 ? <p>No upcoming events yet.</p> : <EventRows events={upcoming} label="Upcoming events" />}
      </section>
      <section aria-labelledby="past-events">
        <h2 id="past-events">Past Events</h2>
        {past.length === 0 ? <p>No past events.</p> : <EventRows events={past} label="Past events" />}
      </section>
    </>
  );
}
