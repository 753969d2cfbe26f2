import { dateFormat, DEFAULT_MEETING, nthWeekday, type MeetingPlace } from '@club/contracts/plain';

/**
 * The club meets on the nth weekday of each month but the months off, at a time of day in club
 * time, as the admin sets it (by default the first Tuesday except January, at 7:00 p.m.).
 * Everything is reckoned in the club's time zone, not the visitor's: someone in California
 * looking at the page on the evening of a meeting must still see the St. Louis answer.
 */

export type MeetingSchedule = Pick<MeetingPlace, 'week' | 'weekday' | 'time' | 'monthsOff'>;

export type Meeting = {
  /** Calendar date in the club's zone (month 1–12). */
  year: number;
  month: number;
  day: number;
  /** The instant the meeting starts. */
  startsAt: Date;
};

type LocalParts = { year: number; month: number; day: number; hour: number; minute: number };

function localParts(instant: Date, timeZone: string): LocalParts {
  const formatter = dateFormat({ timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
  };
}

/** The instant at which the clocks in `timeZone` show the given local date and time. */
export function zonedTimeToInstant({ year, month, day, hour, minute }: LocalParts, timeZone: string): Date {
  const wanted = Date.UTC(year, month - 1, day, hour, minute);
  // The zone's offset at a nearby instant; a second pass settles it when a DST change lies between.
  let guess = wanted;
  for (let pass = 0; pass < 2; pass += 1) {
    const shown = localParts(new Date(guess), timeZone);
    const shownAsUtc = Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute);
    guess += wanted - shownAsUtc;
  }
  return new Date(guess);
}

/** Day of the month (1–7) of the first Tuesday. */
export function firstTuesday(year: number, month: number): number {
  return nthWeekday(year, month, 2, 1);
}

/**
 * The next meeting that has not yet started at `now`. On a meeting day it is that evening's
 * meeting until its start; from then on, the next month's (February after December).
 */
export function nextMeeting(now: Date, timeZone: string, schedule: MeetingSchedule = DEFAULT_MEETING): Meeting {
  const today = localParts(now, timeZone);
  const [hour = 0, minute = 0] = schedule.time.split(':').map(Number);
  let { year, month } = today;
  for (let step = 0; step < 14; step += 1) {
    if (!schedule.monthsOff.includes(month)) {
      const day = nthWeekday(year, month, schedule.weekday, schedule.week);
      const startsAt = zonedTimeToInstant({ year, month, day, hour, minute }, timeZone);
      if (startsAt.getTime() > now.getTime()) return { year, month, day, startsAt };
    }
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  throw new Error('No meeting month found within a year; check the months without a meeting.');
}
