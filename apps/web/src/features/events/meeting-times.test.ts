import { describe, expect, it } from 'vitest';
import { meetingTimes } from './meeting-times.ts';

describe('meetingTimes', () => {
  const FIRST_TUESDAY_NOT_JANUARY = { week: 1, weekday: 2, time: '19:00', monthsOff: [1] };

  it('moves a typed start to the first meeting day from its date, at the meeting time, keeping its length', () => {
    expect(meetingTimes(FIRST_TUESDAY_NOT_JANUARY, '2031-01-21T18:00', '2031-01-21T20:00', '2026-11-25')).toEqual({
      start: '2031-02-04T19:00',
      end: '2031-02-04T21:00',
    });
    expect(meetingTimes({ week: 3, weekday: 6, time: '09:30', monthsOff: [] }, '2031-03-15T09:30', '2031-03-15T12:00', '2026-11-25')).toEqual({
      start: '2031-03-15T09:30',
      end: '2031-03-15T12:00',
    });
  });

  it('starts from today with an hour and a half when nothing usable is typed', () => {
    expect(meetingTimes(FIRST_TUESDAY_NOT_JANUARY, '', '', '2026-11-25')).toEqual({ start: '2026-12-01T19:00', end: '2026-12-01T20:30' });
    expect(meetingTimes(FIRST_TUESDAY_NOT_JANUARY, '2026-12-20T10:00', '2026-12-20T09:00', '2026-11-25')).toEqual({
      start: '2027-02-02T19:00',
      end: '2027-02-02T20:30',
    });
  });
});
