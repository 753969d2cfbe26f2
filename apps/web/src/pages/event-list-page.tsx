import { Link, useSearchParams } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { editEventPath, PAST_EVENTS_ANCHOR } from '../lib/paths.ts';
import { QueryState } from '../components/query-state.tsx';
import { RequireLogin } from '../components/require-login.tsx';
import { PastEvents, PastEventsHeading, UpcomingEvents } from '../features/events/event-list.tsx';
import { usePastEvents, useUpcomingEvents } from '../features/events/api/event-reads.ts';
import { useVisitMinute } from '../features/events/visit-minute.ts';
import { useSession } from '../session/index.ts';

export function EventListPage() {
  return (
    <PageFrame title="Events">
      <RequireLogin what="the club’s events">
        <UpcomingAndPast />
      </RequireLogin>
    </PageFrame>
  );
}

/** The page of past events in `?past=2`; page 1 when it is missing or not a page number. */
const pageOf = (value: string | null): number => (value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : 1);

/** Every upcoming event, then one page of past events: two sized reads rather than the whole list. */
function UpcomingAndPast() {
  const [search] = useSearchParams();
  const page = pageOf(search.get('past'));
  // What this visit calls now, in club time: fixed while the member turns pages, so they fit together.
  const now = useVisitMinute();
  const upcoming = useUpcomingEvents(now);
  const past = usePastEvents(now, page);
  const { can } = useSession();
  return (
    <>
      {can('event') && (
        <p className="button-row">
          <Link className="button button--primary" to={editEventPath()}>
            Add event
          </Link>
        </p>
      )}
      <section aria-labelledby="upcoming-events">
        <h2 id="upcoming-events">Upcoming Events</h2>
        <QueryState query={upcoming} what="the upcoming events" loadingLabel="Loading upcoming events…">
          {({ rows }) => <UpcomingEvents events={rows} />}
        </QueryState>
      </section>
      <section aria-labelledby={PAST_EVENTS_ANCHOR}>
        <PastEventsHeading page={page} />
        <QueryState query={past} what="the past events" loadingLabel="Loading past events…">
          {({ rows, total }) => <PastEvents page={page} events={rows} total={total} />}
        </QueryState>
      </section>
    </>
  );
}
