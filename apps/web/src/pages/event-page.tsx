import { useParams } from 'react-router';
import { PageFrame } from '../app/layout/page-frame.tsx';
import { useCallQuery } from '../api/call-query.ts';
import { QueryState } from '../components/query-state.tsx';
import { RequireLogin } from '../components/require-login.tsx';
import { EventDetails } from '../features/events/event-details.tsx';
import { useSession } from '../session/index.ts';

export function EventPage() {
  const { eventId } = useParams();
  const { isLoggedIn } = useSession();
  const id = Number(eventId);
  // The whole list: the page links to the earlier and the later event, and the list page shares it.
  const events = useCallQuery('events.get', {}, { enabled: isLoggedIn });
  const event = events.data?.v.find((candidate) => candidate.id === id);
  const title = event?.title ?? (events.data ? 'Event not found' : 'Event');
  return (
    <PageFrame title={title}>
      <RequireLogin what="this event">
        <QueryState query={events} what="the event" loadingLabel="Loading the event…">
          {({ v }) =>
            event ? (
              <EventDetails event={event} events={v} />
            ) : (
              <p className="notice">Event not found. It may have been deleted; see the calendar of events for what is on.</p>
            )
          }
        </QueryState>
      </RequireLogin>
    </PageFrame>
  );
}
