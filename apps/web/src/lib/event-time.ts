/**
 * Event times travel and are stored as club-local wall-clock text (YYYY-MM-DDTHH:mm in
 * CLUB_TIMEZONE). Everything here works on that text with UTC arithmetic, never with the
 * browser's zone, so a member abroad (or a browser set to another zone) sees and enters club time.
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export const WEEKDAY_NAMES: readonly string[] = WEEKDAYS;

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar month: year and month 1-12. */
export type Month = { year: number; month: number };

const dayNumber = (day: string): number => Date.parse(`${day.slice(0, 10)}T00:00:00Z`);
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The wall-clock date and time in a zone, as YYYY-MM-DDTHH:mm: the club clock lives in the contracts. */
export { clubNow } from '@club/contracts/plain';

/** "Saturday, November 14" (the spec's dddd, MMMM D). */
export function formatEventDay(local: string): string {
  const date = new Date(dayNumber(local));
  return `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

/** "7:00 PM" (the spec's h:mm A). */
export function formatEventTime(local: string): string {
  const hours = Number(local.slice(11, 13));
  const minutes = local.slice(14, 16);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "Saturday, November 14, 9:00 AM to 4:00 PM", or with the end day when it differs. */
export function formatEventSpan(start: string, end: string): string {
  const from = `${formatEventDay(start)}, ${formatEventTime(start)}`;
  const to = start.slice(0, 10) === end.slice(0, 10) ? formatEventTime(end) : `${formatEventDay(end)}, ${formatEventTime(end)}`;
  return `${from} to ${to}`;
}

export const monthName = ({ year, month }: Month): string => `${MONTHS[month - 1]} ${year}`;

/** "2026-11" for a month, as the calendar's URL carries it. */
export const monthKey = ({ year, month }: Month): string => `${year}-${pad(month)}`;

/** The month in a `?month=2026-11` parameter, or undefined if it is missing or not a month. */
export function parseMonth(value: string | null): Month | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(value ?? '');
  if (!match) return undefined;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? { year: Number(match[1]), month } : undefined;
}

export const monthOfDay = (day: string): Month => ({ year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) });

export function addMonths({ year, month }: Month, count: number): Month {
  const index = year * 12 + (month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The weeks shown for a month, Sunday first: whole weeks from the one holding the 1st to the one holding the last day. */
export function monthWeeks({ year, month }: Month): string[][] {
  const first = Date.UTC(year, month - 1, 1);
  const last = Date.UTC(year, month, 0);
  const start = first - new Date(first).getUTCDay() * DAY_MS;
  const end = last + (6 - new Date(last).getUTCDay()) * DAY_MS;
  const weeks: string[][] = [];
  for (let day = start; day <= end; day += 7 * DAY_MS) weeks.push(Array.from({ length: 7 }, (_, i) => dayOf(day + i * DAY_MS)));
  return weeks;
}

/** Every day (YYYY-MM-DD) an event touches, from its start day to its end day. */
export function daysSpanned(start: string, end: string): string[] {
  const days: string[] = [];
  const last = Math.max(dayNumber(start), dayNumber(end));
  for (let day = dayNumber(start); day <= last; day += DAY_MS) days.push(dayOf(day));
  return days;
}

/** The events of each day, each event on every day it spans, in start order. */
export function eventsByDay<E extends { start: string; end: string }>(events: E[]): Map<string, E[]> {
  const byDay = new Map<string, E[]>();
  for (const event of [...events].sort((a, b) => a.start.localeCompare(b.start))) {
    for (const day of daysSpanned(event.start, event.end)) byDay.set(day, [...(byDay.get(day) ?? []), event]);
  }
  return byDay;
}
