import type { EventSignups } from '@club/contracts';
import { useState } from 'react';
import { useParams } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { QueryState } from '../components/query-state.tsx';
import { RequireLogin } from '../components/require-login.tsx';
import { EventDetails, type EventDetailsProps } from '../features/events/event-details.tsx';
import { EventNotFound, eventIdOf } from '../features/events/event-not-found.tsx';
import { useEvent } from '../features/events/api/event-reads.ts';
import { EventRoutePanel } from '../features/routes/event-route-panel.tsx';
import { AttendancePanel, SignupTotals, YourAnswerPanel } from '../features/signups/attendance-panel.tsx';
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
  const { isLoggedIn, can } = useSession();
  const query = useEvent(id, { enabled: isLoggedIn });
  const title = query.data ? (query.data.event?.title ?? 'Event not found') : 'Event';
  return (
    <PageFrame title={title}>
      <RequireLogin what="this event">
        <QueryState query={query} what="the event" loadingLabel="Loading the event…">
          {({ event, signups, series, earlier, later }) =>
            event && signups ? (
              <>
                <EventWithSignup event={event} signups={signups} series={series} earlier={earlier} later={later} />
                <EventRoutePanel eventId={event.id} canEdit={can('event')} />
              </>
            ) : (
              <EventNotFound />
            )
          }
        </QueryState>
      </RequireLogin>
    </PageFrame>
  );
}

/** The event's details with its sign-up's panels in their places. */
function EventWithSignup({ event, signups, series, earlier, later }: Omit<EventDetailsProps, 'signup'> & { signups: EventSignups }) {
  // "See everyone's answers" unfolds the list it jumps to (folded on a phone when long).
  const [answersRequested, setAnswersRequested] = useState(0);
  return (
    <EventDetails
      event={event}
      series={series}
      earlier={earlier}
      later={later}
      signup={{
        answer: <YourAnswerPanel event={event} signups={signups} onSeeAnswers={() => setAnswersRequested((count) => count + 1)} />,
        totals: <SignupTotals signups={signups} />,
        answers: <AttendancePanel signups={signups} openRequest={answersRequested} />,
      }}
    />
  );
}
