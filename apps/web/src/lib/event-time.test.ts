import { describe, expect, it } from 'vitest';
import { addMonths, clubNow, daysSpanned, eventsByDay, formatEventDay, formatEventSpan, formatEventTime, monthWeeks, parseMonth } from './event-time.ts';

describe('formatting club times', () => {
  it('formats the day as dddd, MMMM D and the time as h:mm A', () => {
    expect(formatEventDay('2026-11-14T09:00')).toBe('Saturday, November 14');
    expect(formatEventTime('2026-11-14T00:05')).toBe('12:05 AM');
    expect(formatEventTime('2026-11-14T12:00')).toBe('12:00 PM');
    expect(formatEventTime('2026-11-14T19:30')).toBe('7:30 PM');
  });

  it('gives the end day only when the event ends on another day', () => {
    expect(formatEventSpan('2026-11-14T09:00', '2026-11-14T16:00')).toBe('Saturday, November 14, 9:00 AM to 4:00 PM');
    expect(formatEventSpan('2026-06-12T09:00', '2026-06-14T16:00')).toBe('Friday, June 12, 9:00 AM to Sunday, June 14, 4:00 PM');
  });

  it('keeps a time in the DST gap as typed, whatever the browser zone', () => {
    expect(formatEventTime('2026-03-08T02:30')).toBe('2:30 AM');
  });

  it('reads the wall clock in the club zone, not the browser zone', () => {
    expect(clubNow(new Date('2026-11-24T03:30:00Z'), 'America/Chicago')).toBe('2026-11-23T21:30');
    expect(clubNow(new Date('2026-07-01T04:59:00Z'), 'America/Chicago')).toBe('2026-06-30T23:59');
  });
});

describe('the month calendar', () => {
  it('lays out whole weeks starting on Sunday', () => {
    const weeks = monthWeeks({ year: 2026, month: 11 });
    expect(weeks[0]?.[0]).toBe('2026-11-01');
    expect(weeks).toHaveLength(5);
    expect(weeks.at(-1)?.at(-1)).toBe('2026-12-05');
    const february = monthWeeks({ year: 2026, month: 2 });
    expect(february[0]?.[0]).toBe('2026-02-01');
    expect(february).toHaveLength(4);
    expect(monthWeeks({ year: 2026, month: 8 })[0]?.[0]).toBe('2026-07-26');
  });

  it('puts a multi-day event on every day it spans, across a month end', () => {
    expect(daysSpanned('2026-10-30T18:00', '2026-11-01T12:00')).toEqual(['2026-10-30', '2026-10-31', '2026-11-01']);
    const byDay = eventsByDay([
      { id: 1, start: '2026-10-31T09:00', end: '2026-11-01T12:00' },
      { id: 2, start: '2026-10-31T08:00', end: '2026-10-31T09:00' },
    ]);
    expect(byDay.get('2026-10-31')?.map((e) => e.id)).toEqual([2, 1]);
    expect(byDay.get('2026-11-01')?.map((e) => e.id)).toEqual([1]);
  });

  it('reads and steps months', () => {
    expect(parseMonth('2026-11')).toEqual({ year: 2026, month: 11 });
    expect(parseMonth('2026-13')).toBeUndefined();
    expect(parseMonth(null)).toBeUndefined();
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
  });
});
