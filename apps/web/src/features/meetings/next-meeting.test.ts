import { describe, expect, it } from 'vitest';
import { firstTuesday, nextMeeting, zonedTimeToInstant } from './next-meeting.ts';

const CHICAGO = 'America/Chicago';

const dateOf = (meeting: { year: number; month: number; day: number }) =>
  `${meeting.year}-${String(meeting.month).padStart(2, '0')}-${String(meeting.day).padStart(2, '0')}`;

/** Instants are written in UTC so each test states the offset it expects. */
const at = (iso: string) => new Date(iso);

describe('firstTuesday', () => {
  it('finds the first Tuesday whatever weekday the month starts on', () => {
    expect(firstTuesday(2026, 9)).toBe(1); // 1 September 2026 is a Tuesday
    expect(firstTuesday(2026, 2)).toBe(3); // a Sunday start
    expect(firstTuesday(2026, 4)).toBe(7); // a Wednesday start
    expect(firstTuesday(2027, 2)).toBe(2); // a Monday start
  });
});

describe('nextMeeting', () => {
  it('is this evening on a meeting day before 7:00 p.m. club time', () => {
    // Tuesday 7 April 2026, 6:59 p.m. CDT (UTC-5).
    const meeting = nextMeeting(at('2026-04-07T23:59:00Z'), CHICAGO);
    expect(dateOf(meeting)).toBe('2026-04-07');
    expect(meeting.startsAt.toISOString()).toBe('2026-04-08T00:00:00.000Z');
  });

  it('moves to next month from 7:00 p.m. on a meeting day', () => {
    expect(dateOf(nextMeeting(at('2026-04-08T00:00:00Z'), CHICAGO))).toBe('2026-05-05');
    expect(dateOf(nextMeeting(at('2026-04-08T02:30:00Z'), CHICAGO))).toBe('2026-05-05');
  });

  it('is this month when the first Tuesday is still ahead', () => {
    expect(dateOf(nextMeeting(at('2026-06-01T15:00:00Z'), CHICAGO))).toBe('2026-06-02');
  });

  it('skips January: after the December meeting the next one is in February', () => {
    // Tuesday 1 December 2026, 8:00 p.m. CST (UTC-6).
    const meeting = nextMeeting(at('2026-12-02T02:00:00Z'), CHICAGO);
    expect(dateOf(meeting)).toBe('2027-02-02');
    expect(meeting.startsAt.toISOString()).toBe('2027-02-03T01:00:00.000Z');
  });

  it('gives February for any day in January, including its first Tuesday', () => {
    expect(dateOf(nextMeeting(at('2027-01-05T18:00:00Z'), CHICAGO))).toBe('2027-02-02');
    expect(dateOf(nextMeeting(at('2027-01-31T23:00:00Z'), CHICAGO))).toBe('2027-02-02');
  });

  it('reckons the day in the club zone, not UTC, near midnight', () => {
    // 3:00 UTC on 4 March 2026 is still 9:00 p.m. on Tuesday 3 March in Chicago: that meeting is over.
    expect(dateOf(nextMeeting(at('2026-03-04T03:00:00Z'), CHICAGO))).toBe('2026-04-07');
    // 1 February 2026, 3:00 UTC is the evening of 31 January in Chicago: January has no meeting.
    expect(dateOf(nextMeeting(at('2026-02-01T03:00:00Z'), CHICAGO))).toBe('2026-02-03');
  });

  it('uses daylight time before the November change and standard time after it', () => {
    // Clocks fall back on Sunday 1 November 2026, two days before the meeting of 3 November.
    const november = nextMeeting(at('2026-11-02T12:00:00Z'), CHICAGO);
    expect(november.startsAt.toISOString()).toBe('2026-11-04T01:00:00.000Z'); // 7 p.m. CST
    const october = nextMeeting(at('2026-10-01T12:00:00Z'), CHICAGO);
    expect(october.startsAt.toISOString()).toBe('2026-10-07T00:00:00.000Z'); // 7 p.m. CDT
    // 6:30 p.m. CST on the meeting day: a fixed daylight offset would call it 7:30 and skip ahead.
    expect(dateOf(nextMeeting(at('2026-11-04T00:30:00Z'), CHICAGO))).toBe('2026-11-03');
  });

  it('handles the spring change, when the meeting falls after clocks go forward', () => {
    // Clocks spring forward on 8 March 2026, after the meeting of 3 March, which is still in CST.
    expect(nextMeeting(at('2026-03-01T12:00:00Z'), CHICAGO).startsAt.toISOString()).toBe('2026-03-04T01:00:00.000Z');
    // In 2027 the change is on 14 March and the meeting on 2 March (CST); April's is in CDT.
    expect(nextMeeting(at('2027-03-20T12:00:00Z'), CHICAGO).startsAt.toISOString()).toBe('2027-04-07T00:00:00.000Z');
  });

  it('follows the configured zone', () => {
    const meeting = nextMeeting(at('2026-04-07T23:30:00Z'), 'America/New_York');
    // 7:30 p.m. EDT: New York's meeting has started, so it is May's.
    expect(dateOf(meeting)).toBe('2026-05-05');
    expect(meeting.startsAt.toISOString()).toBe('2026-05-05T23:00:00.000Z');
  });
});

describe('zonedTimeToInstant', () => {
  it('converts a Chicago wall-clock time in either season', () => {
    expect(zonedTimeToInstant({ year: 2026, month: 7, day: 7, hour: 19, minute: 0 }, CHICAGO).toISOString()).toBe('2026-07-08T00:00:00.000Z');
    expect(zonedTimeToInstant({ year: 2026, month: 12, day: 1, hour: 19, minute: 0 }, CHICAGO).toISOString()).toBe('2026-12-02T01:00:00.000Z');
  });
});

describe('nextMeeting with a schedule the admin set', () => {
  it('finds the second Thursday at 6:30 p.m., skipping December and January', () => {
    const schedule = { week: 2, weekday: 4, time: '18:30', monthsOff: [1, 12] };
    // Thursday 12 November 2026, 6:29 p.m. CST: that evening's meeting.
    expect(dateOf(nextMeeting(at('2026-11-13T00:29:00Z'), CHICAGO, schedule))).toBe('2026-11-12');
    // 6:30 p.m.: it has started; December and January have none, so February 11, 2027.
    const next = nextMeeting(at('2026-11-13T00:30:00Z'), CHICAGO, schedule);
    expect(dateOf(next)).toBe('2027-02-11');
    expect(next.startsAt.toISOString()).toBe('2027-02-12T00:30:00.000Z');
  });
});
