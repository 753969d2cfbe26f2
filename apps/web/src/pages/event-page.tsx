import { useParams } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { useCallQuery } from '../api/call-query.ts';
import { QueryState } from '../components/query-state.tsx';
import { RequireLogin } from '../components/require-login.tsx';
import { EventDetails } from '../features/events/event-details.tsx';
import { EventNotFound, eventIdOf } from '../features/events/event-not-found.tsx';
import { fullEventsOf } from '../features/events/event-replies.ts';
import { useSession } from '../session/index.ts';

export function EventPage() {
  const { eventId } = useParams();
  const id = eventIdOf(eventId);
  if (id === undefined) {
    return (
      <PageFrame title="Event not found">
        <RequireLogin what="this event">
          <EventNotFound />
        </RequireLogin>
      </PageFrame>
    );
  }
  return <OneEvent id={id} />;
}

/** The event with its attendance and its neighbours: one sized read, not the whole list. */
function OneEvent({ id }: { id: number }) {
  const { isLoggedIn } = useSession();
  const query = useCallQuery('events.get', { id }, { enabled: isLoggedIn });
  const event = query.data && fullEventsOf(query.data).v[0];
  const title = event?.title ?? (query.data ? 'Event not found' : 'Event');
  return (
    <PageFrame title={title}>
      <RequireLogin what="this event">
        <QueryState query={query} what="the event" loadingLabel="Loading the event…">
          {(reply) => {
            const { earlier = null, later = null } = fullEventsOf(reply);
            return event ? <EventDetails event={event} earlier={earlier} later={later} /> : <EventNotFound />;
          }}
        </QueryState>
      </RequireLogin>
    </PageFrame>
  );
}
