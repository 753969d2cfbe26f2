import { useParams } from 'react-router';
import { PageFrame } from '../app/layout/page-frame.tsx';
import { NEW_RECORD_ID } from '../app/paths.ts';
import { useCallQuery } from '../api/call-query.ts';
import { QueryState } from '../components/query-state.tsx';
import { RequireLogin } from '../components/require-login.tsx';
import { EventEditor } from '../features/events/event-editor.tsx';
import { useSession } from '../session/index.ts';

export function EditEventPage() {
  const { eventId } = useParams();
  const isNew = Number(eventId) === NEW_RECORD_ID;
  return (
    <PageFrame title={isNew ? 'New Event' : 'Edit Event'}>
      <RequireLogin what="the event editor">
        <EditorForEditors id={Number(eventId)} />
      </RequireLogin>
    </PageFrame>
  );
}

function EditorForEditors({ id }: { id: number }) {
  const { can } = useSession();
  const events = useCallQuery('events.get', {}, { enabled: can('event') });
  if (!can('event')) {
    return <p className="notice">Only event editors can add or change events. Ask the club webmaster if you need to.</p>;
  }
  return (
    <QueryState query={events} what="the event" loadingLabel="Loading the event…">
      {({ v }) => {
        // The same editor stays mounted when a new event's URL turns into its id after the first save.
        const event = v.find((candidate) => candidate.id === id);
        if (id !== NEW_RECORD_ID && event === undefined) {
          return <EventNotFound />;
        }
        return <EventEditor event={event} />;
      }}
    </QueryState>
  );
}

function EventNotFound() {
  return <p className="notice">Event not found. It may have been deleted; see the calendar of events for what is on.</p>;
}
