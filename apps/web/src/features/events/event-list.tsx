import type { EventSummary } from '@club/contracts';
import { EVENTS_PAGE_SIZE } from '@club/contracts/plain';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { PageNumbers } from '../../components/pager.tsx';
import { eventPath, PAST_EVENTS_ANCHOR, pastEventsPath } from '../../lib/paths.ts';
import { formatEventDay, formatEventTime } from '../../lib/event-time.ts';
import './events.css';

/** Events as a list of links with their day, time and venue, in the order given. */
function EventRows({ events, label }: { events: EventSummary[]; label: string }) {
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

/** Upcoming events as the server sends them: every event not yet ended, soonest first. */
export function UpcomingEvents({ events }: { events: EventSummary[] }) {
  return events.length === 0 ? <p>No upcoming events yet.</p> : <EventRows events={events} label="Upcoming events" />;
}

export type PastEventsProps = {
  /** The page shown (1 = the latest events). */
  page: number;
  /** That page's events, latest first, and how many past events there are in all. */
  events: EventSummary[];
  total: number;
};

/** One page of past events, latest first, with Newer / Older links that keep the page in the address. */
export function PastEvents({ page, events, total }: PastEventsProps) {
  const pageCount = Math.max(1, Math.ceil(total / EVENTS_PAGE_SIZE));
  if (total === 0) return <p>No past events.</p>;
  return (
    <>
      {events.length === 0 ? (
        <p>
          There are no past events on page {page}. <Link to={pastEventsPath(1)}>See the latest past events</Link>.
        </p>
      ) : (
        <EventRows events={events} label="Past events" />
      )}
      {pageCount > 1 && (
        <PageNumbers
          label="Pages of past events"
          page={page}
          pages={pageCount}
          pathOf={pastEventsPath}
          previousLabel="← Newer events"
          nextLabel="Older events →"
        />
      )}
    </>
  );
}

/**
 * The Past Events heading. When the member turns a page it takes the focus, so a keyboard or
 * screen reader user goes on from the start of the new page rather than from the top.
 */
export function PastEventsHeading({ page }: { page: number }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shownPage = useRef(page);
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    heading.current?.focus();
  }, [page]);
  return (
    <h2 id={PAST_EVENTS_ANCHOR} ref={heading} tabIndex={-1}>
      Past Events
    </h2>
  );
}
