import { describe, expect, it } from 'vitest';
import { demoEvents, demoMeetingSeries, nthWeekday } from './events.ts';

describe('nthWeekday', () => {
  it('finds the nth and the last weekday of a month', () => {
    expect(nthWeekday(2026, 11, 2, 1)).toBe(3); // first Tuesday of November 2026
    expect(nthWeekday(2026, 12, 6, 2)).toBe(12); // second Saturday of December 2026
    expect(nthWeekday(2026, 5, 1, -1)).toBe(25); // Memorial Day 2026
  });
});

describe('demoEvents', () => {
  it('spans the year before and the year after today, with multi-day events and pictures', () => {
    const rows = demoEvents(new Date('2026-11-23T12:00:00Z'));
    const starts = rows.map((r) => r.start);
    expect(starts).toEqual([...starts].sort());
    expect((starts[0] ?? '').slice(0, 7) >= '2025-11').toBe(true);
    expect((starts.at(-1) ?? '').slice(0, 7) <= '2027-11').toBe(true);
    expect(rows.filter((r) => r.start < '2026-11-23').length).toBeGreaterThan(8);
    expect(rows.filter((r) => r.start > '2026-11-23').length).toBeGreaterThan(8);
    expect(rows.some((r) => r.end.slice(0, 10) > r.start.slice(0, 10))).toBe(true);
    expect(rows.some((r) => r.imagePath)).toBe(true);
    for (const r of rows) expect(r.end >= r.start).toBe(true);
    expect(rows.some((r) => r.title === 'Monthly Meeting')).toBe(false);
  });

  it('makes the monthly meetings one series on the first Tuesday except January, a year back and the horizon ahead', () => {
    const { series, occurrences: meetings } = demoMeetingSeries(new Date('2026-11-23T12:00:00Z'));
    expect(series).toMatchObject({
      firstDate: '2025-11-01',
      startTime: '19:00',
      durationMinutes: 90,
      rule: { frequency: 'monthlyByWeekday', week: 1, weekday: 2, monthsOff: [1] },
    });
    expect(meetings.length).toBeGreaterThanOrEqual(21);
    expect(meetings[0]?.start).toBe('2025-11-04T19:00');
    expect(meetings.at(-1)?.start).toBe('2027-12-07T19:00');
    for (const meeting of meetings) expect(meeting.seriesDate).toBe(meeting.start?.slice(0, 10));
    expect(meetings.some((r) => r.start.slice(5, 7) === '01')).toBe(false);
    expect(meetings.find((r) => r.start.startsWith('2026-12'))?.start).toBe('2026-12-01T19:00');
    // Where the meetings page says the club meets.
    for (const meeting of meetings) {
      expect(meeting.venue).toBe('Meadowbrook Community Church, Fellowship Hall (lower level)');
      expect(meeting.addressLine1).toBe('340 North Clay Avenue');
      expect(meeting.addressLine2).toBe('Kirkwood, MO 63122');
    }
  });
});
