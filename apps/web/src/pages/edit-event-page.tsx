import { useParams } from 'react-router';
import { PageFrame } from '../app/layout/page-frame.tsx';
import { NEW_RECORD_ID } from '../app/paths.ts';
import { RequireLogin } from '../components/require-login.tsx';

export function EditEventPage() {
  const { eventId } = useParams();
  const isNew = Number(eventId) === NEW_RECORD_ID;
  return (
    <PageFrame title={isNew ? 'New Event' : 'Edit Event'}>
      <RequireLogin what="the event editor">
        <p>The form for {isNew ? 'adding an event' : 'editing this event'} will appear here.</p>
      </RequireLogin>
    </PageFrame>
  );
}
