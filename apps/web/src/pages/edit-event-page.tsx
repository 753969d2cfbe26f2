import { meetingCityLine, meetingVenue } from '@club/contracts/plain';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { NEW_RECORD_ID } from '../lib/paths.ts';
import { QueryState } from '../components/query-state.tsx';
import { RequireLogin } from '../components/require-login.tsx';
import { EventEditor, isSavedAsNew, type EventPlace } from '../features/events/event-editor.tsx';
import type { MeetingSchedule } from '../features/events/repeat-fields.tsx';
import { EventNotFound, eventIdOf } from '../features/events/event-not-found.tsx';
import { useEvent } from '../features/events/api/event-reads.ts';
import { useMeeting } from '../features/meetings/api/meeting.ts';
import { useSession } from '../session/index.ts';

export function EditEventPage() {
  const { eventId } = useParams();
  const location = useLocation();
  const isNew = eventId === String(NEW_RECORD_ID);
  const id = isNew ? NEW_RECORD_ID : eventIdOf(eventId);
  // A new event's address turns into its id after the first save: the same editor stays on screen.
  // Any other change of address opens a fresh editor.
  const editorKey = isSavedAsNew(location.state) ? NEW_RECORD_ID : id;
  return (
    <PageFrame title={isNew ? 'New Event' : 'Edit Event'}>
      <RequireLogin what="the event editor">{id === undefined ? <EventNotFound /> : <EditorForEditors key={editorKey} id={id} />}</RequireLogin>
    </PageFrame>
  );
}

/** The meeting place as an event's venue and address, and the meeting schedule, once read. */
function useMeetingPlace(): { meetingPlace?: EventPlace; meetingSchedule?: MeetingSchedule } {
  const meeting = useMeeting().data?.m;
  if (!meeting) return {};
  const { week, weekday, time, monthsOff } = meeting;
  return {
    meetingPlace: { location: meetingVenue(meeting), addressLine1: meeting.street, addressLine2: meetingCityLine(meeting) },
    meetingSchedule: { week, weekday, time, monthsOff },
  };
}

function EditorForEditors({ id }: { id: number }) {
  const { can } = useSession();
  const meeting = useMeetingPlace();
  // The event this editor opened with (0 for a new one), kept when a first save changes the address.
  const [openedWith] = useState(id);
  if (!can('event')) {
    return <p className="notice">Only event editors can add or change events. Ask the club webmaster if you need to.</p>;
  }
  return openedWith === NEW_RECORD_ID ? <EventEditor {...meeting} /> : <SavedEventEditor id={openedWith} meeting={meeting} />;
}

/** Loads just the event being edited. */
function SavedEventEditor({ id, meeting }: { id: number; meeting: ReturnType<typeof useMeetingPlace> }) {
  const query = useEvent(id);
  return (
    <QueryState query={query} what="the event" loadingLabel="Loading the event…">
      {({ event, signups, series }) =>
        event ? <EventEditor event={event} signupSettings={signups?.settings} {...meeting} series={series} /> : <EventNotFound />
      }
    </QueryState>
  );
}
