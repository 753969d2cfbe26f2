import { useParams } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { QueryState } from '../components/query-state.tsx';
import { RequireLogin } from '../components/require-login.tsx';
import { useRoster } from '../features/signups/api/signups.ts';
import { EventNotFound, eventIdOf } from '../features/events/event-not-found.tsx';
import { Roster } from '../features/signups/roster.tsx';
import { useSession } from '../session/index.ts';

/** The organiser's roster of one event: print it, download it, check people in at the door. */
export function EventRosterPage() {
  const { eventId } = useParams();
  const id = eventIdOf(eventId);
  return (
    <PageFrame title="Roster" width="wide">
      <RequireLogin what="the roster">{id === undefined ? <EventNotFound /> : <RosterForEditors id={id} />}</RequireLogin>
    </PageFrame>
  );
}

function RosterForEditors({ id }: { id: number }) {
  const { can } = useSession();
  const isEditor = can('event');
  const query = useRoster(id, isEditor);
  if (!isEditor) return <p className="notice">Only event editors can see the roster. Ask the club webmaster if you organise this event.</p>;
  return (
    <QueryState query={query} what="the roster" loadingLabel="Loading the roster…">
      {(roster) => (roster.event ? <RosterWithTitle roster={roster} /> : <EventNotFound />)}
    </QueryState>
  );
}

function RosterWithTitle({ roster }: { roster: NonNullable<Parameters<typeof Roster>[0]['roster']> }) {
  return (
    <>
      <h2 className="roster__title">{roster.event?.title}</h2>
      <Roster roster={roster} />
    </>
  );
}
