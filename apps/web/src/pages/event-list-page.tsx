import { PageFrame } from '../app/layout/page-frame.tsx';
import { useCallQuery } from '../api/call-query.ts';
import { QueryState } from '../components/query-state.tsx';
import { RequireLogin } from '../components/require-login.tsx';
import { EventList } from '../features/events/event-list.tsx';

export function EventListPage() {
  return (
    <PageFrame title="Events">
      <RequireLogin what="the club's events">
        <UpcomingAndPast />
      </RequireLogin>
    </PageFrame>
  );
}

function UpcomingAndPast() {
  const events = useCallQuery('events.get', {});
  return (
    <QueryState query={events} what="the events" loadingLabel="Loading events…">
      {({ v }) => <EventList events={v} />}
    </QueryState>
  );
}
