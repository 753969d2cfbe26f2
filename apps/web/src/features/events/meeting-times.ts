/**
 * The editor's "Use the meeting schedule": kept apart from lib/event-time.ts, whose day and month
 * formatting every events page and the account page use, because it needs the contracts' repeat
 * rules (nextMeetingDate), which only the event editor does.
 */
import { addMinutes, minutesBetween, nextMeetingDate, type MeetingPlace } from '@club/contracts/plain';

/** When the club meets (the admin sets it on the meetings page). */
export type MeetingSchedule = Pick<MeetingPlace, 'week' | 'weekday' | 'time' | 'monthsOff'>;

/** A meeting's length when the form has no end after its start yet (the demo's 7:00 to 8:30). */
const MEETING_MINUTES = 90;

/**
 * The start and end a meeting by the schedule takes: the first meeting day on or after the typed
 * start (or today), at the meeting's time, as long as the typed event lasted (or MEETING_MINUTES).
 */
export function meetingTimes(schedule: MeetingSchedule, start: string, end: string, today: string): { start: string; end: string } {
  const isTyped = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(start);
  const length = isTyped && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(end) && end > start ? minutesBetween(start, end) : MEETING_MINUTES;
  const newStart = `${nextMeetingDate(schedule, isTyped ? start.slice(0, 10) : today)}T${schedule.time}`;
  return { start: newStart, end: addMinutes(newStart, length) };
}
