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
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock date and time of a moment in a zone, as YYYY-MM-DDTHH:mm (the form event starts are stored in). */
export function clubNow(now: Date, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}
