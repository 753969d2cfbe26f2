/**
 * The club meets on the first Tuesday of each month except January, at 7:00 p.m. club time.
 * Everything is reckoned in the club's time zone, not the visitor's: someone in California
 * looking at the page on the evening of a meeting must still see the St. Louis answer.
 */

export const MEETING_HOUR = 19;
/** January is skipped: the holidays and the weather keep the cars in the garage. */
export const MONTHS_WITHOUT_MEETING: readonly number[] = [1];

export type Meeting = {
  /** Calendar date in the club's zone (month 1–12). */
  year: number;
  month: number;
  day: number;
  /** The instant the meeting starts. */
  startsAt: Date;
};

type LocalParts = { year: number; month: number; day: number; hour: number; minute: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function localParts(instant: Date, timeZone: string): LocalParts {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
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
export function zonedTimeToInstant(
  { year, month, day, hour, minute }: LocalParts,
  timeZone: string,
): Date {
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
  const weekdayOfFirst = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const TUESDAY = 2;
  return 1 + ((TUESDAY - weekdayOfFirst + 7) % 7);
}

/**
 * The next meeting that has not yet started at `now`. On a meeting day it is that evening's
 * meeting until 7:00 p.m.; from 7:00 p.m. on, the next month's (February after December).
 */
export function nextMeeting(now: Date, timeZone: string): Meeting {
  const today = localParts(now, timeZone);
  let { year, month } = today;
  for (let step = 0; step < 14; step += 1) {
    if (!MONTHS_WITHOUT_MEETING.includes(month)) {
      const day = firstTuesday(year, month);
      const startsAt = zonedTimeToInstant({ year, month, day, hour: MEETING_HOUR, minute: 0 }, timeZone);
      if (startsAt.getTime() > now.getTime()) return { year, month, day, startsAt };
    }
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  throw new Error('No meeting month found within a year; check MONTHS_WITHOUT_MEETING.');
}
