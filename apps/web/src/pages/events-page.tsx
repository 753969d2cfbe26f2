import { Link, useSearchParams } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { getClubTimeZone } from '../lib/club-time-zone.ts';
import { editEventPath, eventsMonthPath } from '../lib/paths.ts';
import { DeletedNotice } from '../components/deleted-notice.tsx';
import { RequireLogin } from '../components/require-login.tsx';
import { addMonths, clubNow, monthKey, monthName, monthOfDay, parseMonth } from '../lib/event-time.ts';
import { MonthCalendar } from '../features/events/month-calendar.tsx';
import { useSession } from '../session/index.ts';

export function EventsPage() {
  return (
    <PageFrame title="Calendar of Events" width="wide">
      <RequireLogin what="the calendar of events">
        <EventsCalendar />
      </RequireLogin>
    </PageFrame>
  );
}

function EventsCalendar() {
  const { can } = useSession();
  const [searchParams] = useSearchParams();
  const today = clubNow(new Date(), getClubTimeZone()).slice(0, 10);
  const thisMonth = monthOfDay(today);
  const month = parseMonth(searchParams.get('month')) ?? thisMonth;
  const isThisMonth = monthKey(month) === monthKey(thisMonth);
  return (
    <>
      <DeletedNotice />
      <div className="calendar-toolbar">
        <h2 className="calendar-toolbar__month" aria-live="polite">
          {monthName(month)}
        </h2>
        <nav className="calendar-toolbar__nav" aria-label="Months">
          <Link className="button" to={eventsMonthPath(monthKey(addMonths(month, -1)))} aria-label={`Previous month, ${monthName(addMonths(month, -1))}`}>
            ‹ Previous
          </Link>
          <Link className="button" to={eventsMonthPath(monthKey(thisMonth))} aria-current={isThisMonth ? 'date' : undefined}>
            Today
          </Link>
          <Link className="button" to={eventsMonthPath(monthKey(addMonths(month, 1)))} aria-label={`Next month, ${monthName(addMonths(month, 1))}`}>
            Next ›
          </Link>
        </nav>
        {can('event') && (
          <Link className="button button--primary calendar-toolbar__add" to={editEventPath()}>
            Add event
          </Link>
        )}
      </div>
      <MonthCalendar month={month} today={today} />
    </>
  );
}
