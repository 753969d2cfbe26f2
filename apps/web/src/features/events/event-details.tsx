import type { ClubEvent, EventNeighbour, EventSeries } from '@club/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { editEventPath, eventPath, eventRosterPath, eventsMonthPath } from '../../lib/paths.ts';
import { useSession, useSessionToken } from '../../session/index.ts';
import { EventDescription } from './event-description.tsx';
import { formatEventDay, formatEventSpan } from '../../lib/event-time.ts';
import './events.css';

/** Where one event's .ics download is served; the form posts the session as `g`. */
const eventIcsPath = (id: number): string => `/calendar/event/${id}.ics`;

/** "Add to calendar": a plain form post, so the browser (and a phone's calendar app) takes the file as a download. */
function AddToCalendar({ eventId }: { eventId: number }) {
  const token = useSessionToken();
  if (token === null) return null;
  return (
    <form method="post" action={eventIcsPath(eventId)} className="event-details__ics">
      <input type="hidden" name="g" value={token} />
      <button type="submit" className="button">
        Add to calendar
      </button>
    </form>
  );
}

export type EventDetailsProps = {
  event: ClubEvent;
  /** The series the event is an occurrence of; null for a single event. */
  series: EventSeries | null;
  /** The events just before and after it in start order, as event.get gives them. */
  earlier: EventNeighbour | null;
  later: EventNeighbour | null;
  /**
   * The sign-up's panels (features/signups), which the page composes: the member's own answer
   * and the totals go under when and where, everyone's answers after the description.
   */
  signup: { answer: ReactNode; totals: ReactNode; answers: ReactNode };
};

/** One event: when and where, the picture, the description, links to its neighbours and the attendance. */
export function EventDetails({ event, series, earlier, later, signup }: EventDetailsProps) {
  const { can } = useSession();
  const place = [event.location, event.addressLine1, event.addressLine2, event.country].filter((line) => line.trim() !== '');
  return (
    <>
      <section className="panel event-details" aria-label="When and where">
        <p className="event-details__when">{formatEventSpan(event.start, event.end)}</p>
        {series && <p className="event-details__repeats">Repeats {series.description}.</p>}
        {place.length > 0 && (
          <address className="event-details__where">
            {place.map((line, index) => (
              <span key={index} className="event-details__line">
                {line}
              </span>
            ))}
          </address>
        )}
      </section>

      {signup.answer}

      {signup.totals}

      <section className="panel event-details" aria-label="About the event">
        {event.imageUrl !== '' && (
          <figure className="event-details__image">
            <img src={event.imageUrl} alt={`Picture for ${event.title}`} />
          </figure>
        )}
        {event.text !== '' && <EventDescription text={event.text} />}
        <div className="button-row">
          <AddToCalendar eventId={event.id} />
          <Link className="button" to={eventsMonthPath(event.start.slice(0, 7))}>
            Back to the calendar
          </Link>
          {can('event') && (
            <>
              <Link className="button" to={editEventPath(event.id)}>
                Edit event
              </Link>
              <Link className="button" to={eventRosterPath(event.id)}>
                Roster and check-in
              </Link>
            </>
          )}
        </div>
      </section>

      {signup.answers}

      <nav className="event-neighbours" aria-label="Earlier and later events">
        {earlier ? (
          <Link className="event-neighbours__link" to={eventPath(earlier.id)} rel="prev">
            <span className="event-neighbours__label">‹ Earlier event</span>
            <span>{earlier.title}</span>
            <span className="event-neighbours__date">{formatEventDay(earlier.start)}</span>
          </Link>
        ) : (
          <span />
        )}
        {later && (
          <Link className="event-neighbours__link event-neighbours__link--later" to={eventPath(later.id)} rel="next">
            <span className="event-neighbours__label">Later event ›</span>
            <span>{later.title}</span>
            <span className="event-neighbours__date">{formatEventDay(later.start)}</span>
          </Link>
        )}
      </nav>
    </>
  );
}
