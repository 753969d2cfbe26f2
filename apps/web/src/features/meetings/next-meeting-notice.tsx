import { dateFormat, formatMeetingTime } from '@club/contracts/plain';
import { useEffect, useState } from 'react';
import { getClubTimeZone } from '../../lib/club-time-zone.ts';
import { nextMeeting, type MeetingSchedule } from './next-meeting.ts';

const MINUTE_MS = 60_000;

/** The date of the next meeting, kept current if the page stays open past a meeting's start. */
export function NextMeetingNotice({ schedule }: { schedule: MeetingSchedule }) {
  const timeZone = getClubTimeZone();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), MINUTE_MS);
    return () => window.clearInterval(timer);
  }, []);

  const meeting = nextMeeting(now, timeZone, schedule);
  const date = dateFormat({ timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(meeting.startsAt);
  const zoneName =
    dateFormat({ timeZone, timeZoneName: 'short' })
      .formatToParts(meeting.startsAt)
      .find((part) => part.type === 'timeZoneName')?.value ?? '';
  const isoDate = `${meeting.year}-${String(meeting.month).padStart(2, '0')}-${String(meeting.day).padStart(2, '0')}`;

  return (
    <section className="next-meeting" aria-labelledby="next-meeting-heading">
      <h2 id="next-meeting-heading" className="next-meeting__label">
        Next meeting
      </h2>
      <p className="next-meeting__date">
        <time dateTime={`${isoDate}T${schedule.time}`}>{date}</time>
      </p>
      <p className="next-meeting__time">
        at {formatMeetingTime(schedule.time)} {zoneName}
      </p>
    </section>
  );
}
