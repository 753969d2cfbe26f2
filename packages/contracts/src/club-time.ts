/**
 * The club clock: event times travel and are stored as wall-clock text in the club's zone
 * (CLUB_TIMEZONE), YYYY-MM-DDTHH:mm. The API (reminders, config) and the web (calendar, lists)
 * read the clock and check a zone here.
 */

/** The zone when CLUB_TIMEZONE is unset (and the web's fallback when the page does not name one). */
export const DEFAULT_CLUB_TIME_ZONE = 'America/Chicago';

/** Whether the runtime knows an IANA zone name, e.g. America/Chicago. */
export function isTimeZone(zone: string): boolean {
  try {
    dateFormat({ timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The en-US date formatter for these options, made once and then shared. Make formatters
 * here rather than with `new Intl.DateTimeFormat` or `toLocaleDateString` in a function: each holds
 * about 18 KB outside V8's heap, which the garbage collector does not count, so one per call grew
 * the server's weekly digest to 1,500 members past 1 GB (and every page the server draws makes some).
 */
export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The wall-clock date and time of a moment in a zone, as YYYY-MM-DDTHH:mm (the form event starts are stored in). */
export function clubNow(now: Date, timeZone: string): string {
  const formatter = dateFormat({ timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const parts = Object.fromEntries(formatter.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/*
 * Real calendar dates and wall-clock times (issue 20, finding 7): a value must name a day that
 * exists and, in the club's zone, a time the clocks show: the hour the spring-forward change
 * skips never happens.
 */

let clubTimeZone = DEFAULT_CLUB_TIME_ZONE;

/**
 * The zone the contract's local times are checked in: the server sets it from CLUB_TIMEZONE when
 * the app is made, the browser's form check from the zone the server wrote into the page.
 */
export function setClubTimeZone(zone: string): void {
  clubTimeZone = zone;
}

export function getContractTimeZone(): string {
  return clubTimeZone;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})/;
const TIME = /[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** True when `YYYY-MM-DD…` starts with a day of the Gregorian calendar (no 13th month, no February 30th). */
export function isRealDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** True when `…THH:mm[:ss]` ends with a time of day from 00:00 to 23:59. */
export function isRealTime(value: string): boolean {
  const match = TIME.exec(value);
  if (!match) return false;
  return Number(match[1]) < 24 && Number(match[2]) < 60 && Number(match[3] ?? 0) < 60;
}

/** How far `timeZone` is ahead of UTC at a moment, in ms (whole minutes). */
const offsetAt = (moment: number, timeZone: string): number => Date.parse(`${clubNow(new Date(moment), timeZone)}:00Z`) - Math.floor(moment / 60_000) * 60_000;

/**
 * True when the clocks in `timeZone` show the real local time `YYYY-MM-DDTHH:mm` at some moment:
 * false only for the times a forward change (spring forward) skips. The zone's offset a day
 * before and a day after covers both sides of any change.
 */
export function existsInTimeZone(local: string, timeZone: string = clubTimeZone): boolean {
  const minute = local.slice(0, 16);
  const asUtc = Date.parse(`${minute}:00Z`);
  if (Number.isNaN(asUtc)) return false;
  const offsets = new Set([offsetAt(asUtc - 86_400_000, timeZone), offsetAt(asUtc + 86_400_000, timeZone)]);
  return [...offsets].some((offset) => clubNow(new Date(asUtc - offset), timeZone) === minute);
}

/** True when a stored `YYYY-MM-DDTHH:mm` is a real date and a real time of day. */
export function isRealLocalDateTime(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/.test(value) && isRealDate(value) && isRealTime(value);
}

/**
 * The moment a wall-clock time `YYYY-MM-DDTHH:mm` in `timeZone` stands for. A time the
 * spring-forward change skips is read with the offset before the change (RFC 5545), so 02:30 on
 * that night is the moment the clocks then show as 03:30; a time the fall-back change repeats is
 * its first (summer) moment.
 */
export function clubTimeToInstant(local: string, timeZone: string = clubTimeZone): Date {
  const asUtc = Date.parse(`${local.slice(0, 16)}:00Z`);
  const before = offsetAt(asUtc - 86_400_000, timeZone);
  const after = offsetAt(asUtc + 86_400_000, timeZone);
  // The larger offset (summer time) first: its moment is the earlier of two that show the same time.
  for (const offset of [...new Set([before, after])].sort((a, b) => b - a)) {
    if (clubNow(new Date(asUtc - offset), timeZone) === local.slice(0, 16)) return new Date(asUtc - offset);
  }
  return new Date(asUtc - before);
}

/** The wall-clock time `YYYY-MM-DDTHH:mm` the clocks in `timeZone` show at that moment (a skipped time moves past the gap). */
export function existingClubTime(local: string, timeZone: string = clubTimeZone): string {
  return clubNow(clubTimeToInstant(local, timeZone), timeZone);
}
