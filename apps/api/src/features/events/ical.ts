import { eventPath } from '@club/contracts';
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
};

/** The moment a stored local club time (YYYY-MM-DDTHH:mm) stands for. */
export function clubTimeToInstant(local: string, timeZone: string): Date {
  return dayjs.tz(local, 'YYYY-MM-DDTHH:mm', timeZone).toDate();
}

const joinLines = (...lines: string[]): string => lines.map((line) => line.trim()).filter(Boolean).join(', ');

/**
 * An iCalendar file of the events, with each time given in the club's zone (TZID plus its
 * VTIMEZONE), so calendar apps show them right wherever the member is, across DST changes.
 */
export function buildCalendar(records: EventRecord[], { name, timeZone, baseUrl }: CalendarOptions): string {
  const site = new URL(baseUrl);
  const calendar = ical({ name, prodId: { company: site.hostname, product: 'club-events' }, timezone: { name: timeZone, generator: getVtimezoneComponent } });
  for (const event of records) {
    const link = new URL(eventPath(event.id), site).toString();
    calendar.createEvent({
      id: `event-${event.id}@${site.hostname}`,
      start: dayjs.tz(event.start, 'YYYY-MM-DDTHH:mm', timeZone),
      end: dayjs.tz(event.end, 'YYYY-MM-DDTHH:mm', timeZone),
      timezone: timeZone,
      summary: event.title,
      description: event.text ? `${event.text}\n\n${link}` : link,
      location: joinLines(event.location, event.addressLine1, event.addressLine2, event.country) || null,
      url: link,
    });
  }
  return calendar.toString();
}
