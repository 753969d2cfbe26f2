import { describe, expect, it } from 'vitest';
import { asSentence, DEFAULT_MEETING, describeSchedule, formatMeetingTime, meetingCityLine, meetingVenue, nthWeekday } from './meeting-schedule.ts';

describe('describeSchedule', () => {
  it("says the club's schedule in a sentence", () => {
    expect(describeSchedule(DEFAULT_MEETING)).toBe('the first Tuesday of each month except January, at 7:00 p.m.');
    expect(describeSchedule({ week: 3, weekday: 6, time: '09:30', monthsOff: [1, 7, 12] })).toBe(
      'the third Saturday of each month except January, July and December, at 9:30 a.m.',
    );
    expect(describeSchedule({ week: 2, weekday: 0, time: '12:00', monthsOff: [] })).toBe('the second Sunday of each month, at 12:00 p.m.');
  });
});

describe('formatMeetingTime', () => {
  it('writes a 24-hour time the American way', () => {
    expect(formatMeetingTime('00:15')).toBe('12:15 a.m.');
    expect(formatMeetingTime('19:00')).toBe('7:00 p.m.');
  });
});

describe('nthWeekday', () => {
  it('finds the nth weekday of a month', () => {
    expect(nthWeekday(2026, 11, 2, 1)).toBe(3);
    expect(nthWeekday(2026, 12, 6, 2)).toBe(12);
    expect(nthWeekday(2026, 9, 2, 4)).toBe(22);
  });
});

describe('meetingVenue and meetingCityLine', () => {
  it('write the place as an event stores it', () => {
    expect(meetingVenue(DEFAULT_MEETING)).toBe('Meadowbrook Community Church, Fellowship Hall (lower level)');
    expect(meetingVenue({ name: 'Grange Hall', room: '' })).toBe('Grange Hall');
    expect(meetingCityLine(DEFAULT_MEETING)).toBe('Kirkwood, MO 63122');
  });
});

describe('asSentence', () => {
  it('ends a sentence with one full stop, never "p.m.."', () => {
    expect(asSentence('the first Tuesday of each month, at 7:00 p.m.')).toBe('the first Tuesday of each month, at 7:00 p.m.');
    expect(asSentence('Kirkwood')).toBe('Kirkwood.');
  });
});
