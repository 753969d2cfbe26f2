import { PageFrame } from '../app/layout/page-frame.tsx';
import { RequireLogin } from '../components/require-login.tsx';

export function EventPage() {
  return (
    <PageFrame title="Event">
      <RequireLogin what="this event">
        <p>The event's details, who is attending, and links to earlier and later events will appear here.</p>
      </RequireLogin>
    </PageFrame>
  );
}
