/**
 * The monthly meeting's place and schedule, as an admin sets them (`meeting.get`/`meeting.set`)
 * and as the meetings page, the next-meeting notice and the event editor's default venue read
 * them. Zod-free: the rules here run in the browser and the server alike.
 */
export type MeetingPlace = {
  /** The building, e.g. "Meadowbrook Community Church". */
  name: string;
  /** The room inside it; may be blank. */
  room: string;
  street: string;
  city: string;
  /** Two-letter state code, as on an envelope. */
  state: string;
  zip: string;
  /** Parking, doors and access, in a sentence or two; may be blank. */
  directions: string;
  /** Which weekday of the month: 1 (first) to 4 (fourth). */
  week: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  /** Club time, HH:MM (24-hour). */
  time: string;
  /** Months (1–12) without a meeting, in order. */
  monthsOff: number[];
};

/** What a new site starts with: the club's place and schedule of long standing (the spec's). */
export const DEFAULT_MEETING: MeetingPlace = {
  name: 'Meadowbrook Community Church',
  room: 'Fellowship Hall (lower level)',
  street: '340 North Clay Avenue',
  city: 'Kirkwood',
  state: 'MO',
  zip: '63122',
  directions:
    'Park in the lot behind the church and use the lower-level door under the green awning; the Fellowship Hall is straight ahead. The lot is lit and there is level access from it.',
  week: 1,
  weekday: 2,
  time: '19:00',
  monthsOff: [1],
};

export const MEETING_WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const MEETING_WEEKS = ['first', 'second', 'third', 'fourth'] as const;
export const MEETING_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "7:00 p.m." from "19:00". */
export function formatMeetingTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'a.m.' : 'p.m.';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

function joinWithAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

/** "the first Tuesday of each month except January, at 7:00 p.m." */
export function describeSchedule({ week, weekday, time, monthsOff }: Pick<MeetingPlace, 'week' | 'weekday' | 'time' | 'monthsOff'>): string {
  const except = monthsOff.length > 0 ? ` except ${joinWithAnd(monthsOff.map((month) => MEETING_MONTHS[month - 1] ?? ''))}` : '';
  return `the ${MEETING_WEEKS[week - 1] ?? 'first'} ${MEETING_WEEKDAYS[weekday] ?? 'Tuesday'} of each month${except}, at ${formatMeetingTime(time)}`;
}

/** Ends a sentence with one full stop: "at 7:00 p.m." stays as it is, never "p.m..". */
export const asSentence = (text: string): string => (text.endsWith('.') ? text : `${text}.`);

/** The venue as an event stores it: "Meadowbrook Community Church, Fellowship Hall (lower level)". */
export function meetingVenue({ name, room }: Pick<MeetingPlace, 'name' | 'room'>): string {
  return room === '' ? name : `${name}, ${room}`;
}

/** The second address line of an event: "Kirkwood, MO 63122". */
export function meetingCityLine({ city, state, zip }: Pick<MeetingPlace, 'city' | 'state' | 'zip'>): string {
  return `${city}, ${state} ${zip}`.trim();
}

/** The day of the month of the nth (1–4) weekday (0 Sunday … 6 Saturday). */
export function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  const weekdayOfFirst = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return 1 + ((weekday - weekdayOfFirst + 7) % 7) + (n - 1) * 7;
}
