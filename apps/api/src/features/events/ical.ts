import { addMinutes, clubNow, eventPath, existingClubTime, LAST_WEEK, occurrenceDates } from '@club/contracts/plain';
import type { RepeatRule } from '@club/contracts';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import ical from 'ical-generator';
import type { EventRecord } from './store.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

export type CalendarOptions = {
  /** The calendar's name as the member's calendar app shows it. */
  name: string;
  timeZone: string;
  /** The site's public address, for each event's link and unique id. */
  baseUrl: string;
  /**
   * The club-local day (YYYY-MM-DD) from which events carry their text. An event that started
   * before it carries only its page's link: a calendar app keeps past events to show when and
   * where they were, and their text was most of the private feed's bytes (70% compressed).
   */
  textFrom?: string;
  /**
   * The club-local day (YYYY-MM-DD) before which events carry their text. An event that starts
   * on it or later carries only its page's link until it comes nearer: calendar apps poll the feed
   * (every few hours to a day), and the text of every coming event was half the feed's bytes.
   */
  textUntil?: string;
};

/** The moment a stored local club time (YYYY-MM-DDTHH:mm) stands for. */
function clubTimeToInstant(local: string, timeZone: string): Date {
  return dayjs.tz(local, 'YYYY-MM-DDTHH:mm', timeZone).toDate();
}

const joinLines = (...lines: string[]): string =>
  lines
    .map((line) => line.trim())
    .filter(Boolean)
    .join(', ');

/**
 * An event of the private feed with its place in a series (null fields for a single event), and
 * when it was last changed (ISO UTC): its DTSTAMP, so the feed's bytes, and its ETag, stay the
 * same until an event in it changes.
 */
export type FeedEvent = EventRecord & { seriesId: number | null; seriesDate: string | null; modified: string };

/** A series as the feed writes its repeat rule. */
export type FeedSeries = { id: number; rule: RepeatRule; startTime: string; durationMinutes: number };

type Calendar = ReturnType<typeof ical>;

function newCalendar({ name, timeZone, baseUrl }: CalendarOptions): { calendar: Calendar; site: URL } {
  const site = new URL(baseUrl);
  const calendar = ical({ name, prodId: { company: site.hostname, product: 'club-events' }, timezone: { name: timeZone, generator: getVtimezoneComponent } });
  return { calendar, site };
}

const pad = (n: number): string => String(n).padStart(2, '0');

const DAY_MS = 86_400_000;
/** How far a zone's clocks are ahead of UTC at a moment (a whole minute), in ms. */
const offsetAt = (moment: number, timeZone: string): number => Date.parse(`${clubNow(new Date(moment), timeZone)}:00Z`) - moment;
const clockChangeDays = new Map<string, boolean>();

/**
 * Whether a zone's clocks may change on a day (YYYY-MM-DD): its offset differs between a day
 * before and a day after it (any zone's midnight lies within). Kept per zone and day, as
 * `existingClubTime` costs about 85 µs and only matters on these few days a year.
 */
function changesClocks(day: string, timeZone: string): boolean {
  const key = `${timeZone}|${day}`;
  let changes = clockChangeDays.get(key);
  if (changes === undefined) {
    const midnight = Date.parse(`${day}T00:00:00Z`);
    changes = offsetAt(midnight - DAY_MS, timeZone) !== offsetAt(midnight + 2 * DAY_MS, timeZone);
    if (clockChangeDays.size >= 20_000) clockChangeDays.clear();
    clockChangeDays.set(key, changes);
  }
  return changes;
}

/**
 * A club time as ical-generator writes it beside the event's TZID. A time the club's clocks skip
 * is moved past the gap (RFC 5545, `existingClubTime`). Given as a string, the library reads it in
 * the server's own zone and writes its digits back, some twenty times faster than from a dayjs
 * moment (0.5 ms an event, seconds for the feed at ten times the data); if the server's zone
 * skips that time itself (another zone's DST date), the moment is given instead.
 */
function icsTime(local: string, timeZone: string): string | dayjs.Dayjs {
  const existing = changesClocks(local.slice(0, 10), timeZone) ? existingClubTime(local, timeZone) : local.slice(0, 16);
  const read = new Date(`${existing}:00`);
  const written = `${read.getFullYear()}-${pad(read.getMonth() + 1)}-${pad(read.getDate())}T${pad(read.getHours())}:${pad(read.getMinutes())}`;
  return written === existing ? `${existing}:00` : dayjs.tz(existing, 'YYYY-MM-DDTHH:mm', timeZone);
}

/** What a calendar app shows of an event: its times, title, place, text (see `textFrom`) and page. */
function eventFields(event: EventRecord, site: URL, { timeZone, textFrom = '', textUntil }: CalendarOptions) {
  const link = new URL(eventPath(event.id), site).toString();
  const hasText = event.text !== '' && event.start >= textFrom && (textUntil === undefined || event.start < textUntil);
  return {
    start: icsTime(event.start, timeZone),
    end: icsTime(event.end, timeZone),
    timezone: timeZone,
    summary: event.title,
    description: hasText ? `${event.text}\n\n${link}` : link,
    location: joinLines(event.location, event.addressLine1, event.addressLine2, event.country) || null,
    url: link,
  };
}

/**
 * An iCalendar file of the events, with each time given in the club's zone (TZID plus its
 * VTIMEZONE), so calendar apps show them right wherever the member is, across DST changes.
 */
export function buildCalendar(records: EventRecord[], options: CalendarOptions): string {
  const { calendar, site } = newCalendar(options);
  for (const event of records) calendar.createEvent({ id: `event-${event.id}@${site.hostname}`, ...eventFields(event, site, options) });
  return calendar.toString();
}

const ICS_WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/** A club wall-clock time (YYYY-MM-DDTHH:mm) as iCalendar writes a local time: 20270119T190000. */
const icsLocal = (local: string): string => `${local.slice(0, 10).replaceAll('-', '')}T${local.slice(11, 13)}${local.slice(14, 16)}00`;

/** The RRULE of a series from its first date in the feed through its last one (UNTIL, in UTC as RFC 5545 asks beside a TZID). */
function rruleOf(rule: RepeatRule, until: Date): string {
  const weekday = ICS_WEEKDAYS[rule.weekday] ?? 'MO';
  const parts = [`FREQ=${rule.frequency === 'weekly' ? 'WEEKLY' : 'MONTHLY'}`];
  if (rule.interval > 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.frequency === 'weekly') parts.push(`BYDAY=${weekday}`);
  else if (rule.frequency === 'monthlyByDay') parts.push(`BYMONTHDAY=${rule.day}`);
  else parts.push(`BYDAY=${rule.week === LAST_WEEK ? -1 : rule.week}${weekday}`);
  if (rule.monthsOff.length > 0) parts.push(`BYMONTH=${[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].filter((m) => !rule.monthsOff.includes(m)).join(',')}`);
  parts.push(
    `UNTIL=${until
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '')}`,
  );
  return `RRULE:${parts.join(';')}`;
}

/**
 * Writes a series as one repeating event (RRULE from its first occurrence in the feed to its
 * last, EXDATE for the rule's days without an occurrence: deleted ones, or ones split off into
 * another series), and every occurrence as an override of its day (RECURRENCE-ID) carrying its
 * own time, place, title and page, so each date still opens its own event page and a moved or
 * edited one shows as it is. Returns the occurrences it could not place on a day of the rule,
 * for the caller to write as single events.
 */
function addSeries(calendar: Calendar, site: URL, options: CalendarOptions, series: FeedSeries, occurrences: FeedEvent[]): FeedEvent[] {
  const { timeZone } = options;
  const byDate = new Map(occurrences.flatMap((o) => (o.seriesDate === null ? [] : [[o.seriesDate, o] as const])));
  const days = [...byDate.keys()].sort();
  const [first, last] = [days[0], days.at(-1)];
  if (first === undefined || last === undefined) return occurrences;
  const dates = occurrenceDates(series.rule, first, last);
  if (dates[0] !== first) return occurrences;
  const ruleDays = new Set(dates);
  const outside = occurrences.filter((o) => o.seriesDate === null || !ruleDays.has(o.seriesDate));
  const instanceStart = (date: string): string => existingClubTime(`${date}T${series.startTime}`, timeZone);
  const lastDate = dates.at(-1) ?? first;
  const exdates = dates.filter((date) => !byDate.has(date)).map((date) => icsLocal(instanceStart(date)));
  const repeating = [
    rruleOf(series.rule, clubTimeToInstant(instanceStart(lastDate), timeZone)),
    ...(exdates.length > 0 ? [`EXDATE;TZID=${timeZone}:${exdates.join(',')}`] : []),
  ];
  const uid = `series-${series.id}@${site.hostname}`;
  const firstStart = instanceStart(first);
  const firstEvent = byDate.get(first) as FeedEvent;
  const lastChanged = occurrences.reduce((latest, o) => (o.modified > latest ? o.modified : latest), firstEvent.modified);
  calendar.createEvent({
    ...eventFields({ ...firstEvent, start: firstStart, end: existingClubTime(addMinutes(firstStart, series.durationMinutes), timeZone) }, site, options),
    id: uid,
    stamp: new Date(lastChanged),
    repeating: repeating.join('\r\n'),
  });
  for (const date of dates) {
    const occurrence = byDate.get(date);
    if (!occurrence) continue;
    calendar.createEvent({
      ...eventFields(occurrence, site, options),
      id: uid,
      stamp: new Date(occurrence.modified),
      recurrenceId: icsTime(instanceStart(date), timeZone),
    });
  }
  return outside;
}

/**
 * A member's private feed: single events as in `buildCalendar`, each series as a repeat rule with
 * every occurrence overriding its day (see `addSeries`), so calendar apps know the dates belong
 * together and each one still opens its own page.
 */
export function buildFeed(records: FeedEvent[], series: FeedSeries[], options: CalendarOptions): string {
  const { calendar, site } = newCalendar(options);
  const bySeries = new Map<number, FeedEvent[]>();
  const singles: FeedEvent[] = [];
  for (const event of records) {
    if (event.seriesId === null) {
      singles.push(event);
      continue;
    }
    const list = bySeries.get(event.seriesId);
    if (list) list.push(event);
    else bySeries.set(event.seriesId, [event]);
  }
  for (const one of series) {
    const occurrences = bySeries.get(one.id);
    if (!occurrences) continue;
    bySeries.delete(one.id);
    singles.push(...addSeries(calendar, site, options, one, occurrences));
  }
  singles.push(...[...bySeries.values()].flat());
  for (const event of singles) {
    calendar.createEvent({ id: `event-${event.id}@${site.hostname}`, stamp: new Date(event.modified), ...eventFields(event, site, options) });
  }
  return calendar.toString();
}
