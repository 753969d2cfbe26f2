import { PageFrame } from '../app/layout/page-frame.tsx';
import { RequireLogin } from '../components/require-login.tsx';

export function EventsPage() {
  return (
    <PageFrame title="Calendar of Events">
      <RequireLogin what="the calendar of events">
        <p>The month-by-month calendar of club events will appear here.</p>
      </RequireLogin>
    </PageFrame>
  );
}
