/**
 * Repeating events (issue 23): the rule a series follows and the dates and times it gives.
 * Zod-free, so the editor can show a rule in words and the server can make the occurrences.
 *
 * Event times are wall-clock text in the club's zone (CLUB_TIMEZONE), so an occurrence keeps its
 * time of day across daylight saving by construction: dates are counted in plain calendar days
 * (UTC arithmetic on dates, never a machine's local zone), and only a time the spring-forward
 * change skips is moved, past the gap (RFC 5545's reading of such a time).
 */
import { existingClubTime } from './club-time.ts';
import { MEETING_MONTHS, MEETING_WEEKDAYS, type MeetingPlace } from './meeting-schedule.ts';

export const REPEAT_FREQUENCIES = ['weekly', 'monthlyByDay', 'monthlyByWeekday'] as const;
export type RepeatFrequency = (typeof REPEAT_FREQUENCIES)[number];

/** The week of the month for `monthlyByWeekday`: 1 to 4, or 5 for the last. */
export const LAST_WEEK = 5;
export const REPEAT_WEEKS = ['first', 'second', 'third', 'fourth', 'last'] as const;

/** How far ahead the occurrences of a series without an end are made (days after today). */
export const SERIES_HORIZON_DAYS = 400;

/** At most this many occurrences are made from one rule in one go. */
export const MAX_OCCURRENCES = 520;

export type RepeatRule = {
  frequency: RepeatFrequency;
  /** Every n weeks or months (1: every one). */
  interval: number;
  /** 0 Sunday … 6 Saturday (weekly, monthlyByWeekday). */
  weekday: number;
  /** 1–4, or LAST_WEEK (monthlyByWeekday). */
  week: number;
  /** 1–31 (monthlyByDay); a month without that day is skipped. */
  day: number;
  /** Months (1–12) without an occurrence ("except July and August"). */
  monthsOff: number[];
  /** The last day an occurrence may fall on (YYYY-MM-DD); '' for none. */
  until: string;
  /** How many dates the rule gives at most (occurrences deleted one by one still count); null for no limit. */
  count: number | null;
};

const DAY_MS = 86_400_000;
const pad = (n: number): string => String(n).padStart(2, '0');
const dateOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const msOf = (date: string): number => Date.parse(`${date}T00:00:00Z`);

/** The date `days` days after (before, when negative) a date. */
export const addDays = (date: string, days: number): string => dateOf(msOf(date) + days * DAY_MS);

/** A wall-clock time `YYYY-MM-DDTHH:mm` moved by whole minutes on the clock face. */
export const addMinutes = (local: string, minutes: number): string =>
  new Date(Date.parse(`${local.slice(0, 16)}:00Z`) + minutes * 60_000).toISOString().slice(0, 16);

/** Minutes on the clock face from one wall-clock time to another. */
export const minutesBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to.slice(0, 16)}:00Z`) - Date.parse(`${from.slice(0, 16)}:00Z`)) / 60_000);

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The day of the month of the nth weekday, or of the last (LAST_WEEK). */
function weekdayInMonth(year: number, month: number, weekday: number, week: number): number {
  if (week === LAST_WEEK) {
    const last = daysInMonth(year, month);
    const weekdayOfLast = new Date(Date.UTC(year, month - 1, last)).getUTCDay();
    return last - ((weekdayOfLast - weekday + 7) % 7);
  }
  const weekdayOfFirst = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return 1 + ((weekday - weekdayOfFirst + 7) % 7) + (week - 1) * 7;
}

/**
 * Every date the rule gives from `firstDate` (the series' first day) through `through`, both
 * inclusive, in order; the rule's own end (until, count) applies, and count is reckoned from
 * `firstDate`.
 */
export function occurrenceDates(rule: RepeatRule, firstDate: string, through: string): string[] {
  const last = rule.until !== '' && rule.until < through ? rule.until : through;
  const limit = Math.min(rule.count ?? MAX_OCCURRENCES, MAX_OCCURRENCES);
  const interval = Math.max(1, rule.interval);
  const dates: string[] = [];
  const isOff = (date: string): boolean => rule.monthsOff.includes(Number(date.slice(5, 7)));
  if (rule.frequency === 'weekly') {
    const start = msOf(firstDate);
    let ms = start + ((rule.weekday - new Date(start).getUTCDay() + 7) % 7) * DAY_MS;
    for (let date = dateOf(ms); date <= last && dates.length < limit; ms += 7 * interval * DAY_MS, date = dateOf(ms)) {
      if (!isOff(date)) dates.push(date);
    }
    return dates;
  }
  let year = Number(firstDate.slice(0, 4));
  let month = Number(firstDate.slice(5, 7));
  while (`${year}-${pad(month)}-01` <= last && dates.length < limit) {
    const day = rule.frequency === 'monthlyByDay' ? rule.day : weekdayInMonth(year, month, rule.weekday, rule.week);
    const date = `${year}-${pad(month)}-${pad(day)}`;
    if (day <= daysInMonth(year, month) && date >= firstDate && date <= last && !isOff(date)) dates.push(date);
    month += interval;
    while (month > 12) {
      month -= 12;
      year += 1;
    }
  }
  return dates;
}

/** When the series' occurrences happen: the first day, the time of day (HH:mm) and how long each lasts. */
export type SeriesTiming = { firstDate: string; startTime: string; durationMinutes: number };

/** One occurrence: the rule's date and its start and end as stored (club wall-clock time). */
export type OccurrenceTime = { date: string; start: string; end: string };

/** The start and end of an occurrence on a date, a time the clocks skip moved past the gap. */
export function occurrenceTime(date: string, { startTime, durationMinutes }: Omit<SeriesTiming, 'firstDate'>, timeZone: string): OccurrenceTime {
  const start = existingClubTime(`${date}T${startTime}`, timeZone);
  return { date, start, end: existingClubTime(addMinutes(start, durationMinutes), timeZone) };
}

/** Every occurrence of a series through a day, with its stored start and end. */
export function occurrenceTimes(rule: RepeatRule, timing: SeriesTiming, through: string, timeZone: string): OccurrenceTime[] {
  return occurrenceDates(rule, timing.firstDate, through).map((date) => occurrenceTime(date, timing, timeZone));
}

/** The club's meeting rule from the meeting schedule an admin keeps (`meeting.get`). */
export function meetingRepeatRule({ week, weekday, monthsOff }: Pick<MeetingPlace, 'week' | 'weekday' | 'monthsOff'>): RepeatRule {
  return { frequency: 'monthlyByWeekday', interval: 1, weekday, week, day: 1, monthsOff: [...monthsOff], until: '', count: null };
}

/** The first meeting day on or after a day (YYYY-MM-DD) by the club's schedule; a schedule gives one within 13 months. */
export function nextMeetingDate(schedule: Pick<MeetingPlace, 'week' | 'weekday' | 'monthsOff'>, fromDate: string): string {
  return occurrenceDates(meetingRepeatRule(schedule), fromDate, addDays(fromDate, 400))[0] ?? fromDate;
}

const ordinal = (n: number): string => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
};

function joinWithAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

const longDate = (date: string): string => `${MEETING_MONTHS[Number(date.slice(5, 7)) - 1] ?? ''} ${Number(date.slice(8, 10))}, ${date.slice(0, 4)}`;

/** "the third Tuesday of each month except July and August", "every other Saturday, until June 30, 2027". */
export function describeRepeatRule(rule: RepeatRule): string {
  const weekday = MEETING_WEEKDAYS[rule.weekday] ?? 'Tuesday';
  const months = rule.interval === 1 ? 'each month' : `every ${rule.interval} months`;
  const base =
    rule.frequency === 'weekly'
      ? rule.interval === 1
        ? `every ${weekday}`
        : rule.interval === 2
          ? `every other ${weekday}`
          : `every ${rule.interval} weeks on ${weekday}`
      : rule.frequency === 'monthlyByDay'
        ? `the ${ordinal(rule.day)} of ${months}`
        : `the ${REPEAT_WEEKS[rule.week - 1] ?? 'first'} ${weekday} of ${months}`;
  const except = rule.monthsOff.length > 0 ? ` except ${joinWithAnd(rule.monthsOff.map((m) => MEETING_MONTHS[m - 1] ?? ''))}` : '';
  const end = rule.until !== '' ? `, until ${longDate(rule.until)}` : rule.count !== null ? `, ${rule.count === 1 ? 'once' : `${rule.count} times`}` : '';
  return `${base}${except}${end}`;
}
