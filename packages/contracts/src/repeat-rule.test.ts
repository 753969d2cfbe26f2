import { describe, expect, it } from 'vitest';
import { clubTimeToInstant } from './club-time.ts';
import { DEFAULT_MEETING } from './meeting-schedule.ts';
import { describeRepeatRule, meetingRepeatRule, nextMeetingDate, occurrenceDates, occurrenceTimes, type RepeatRule } from './repeat-rule.ts';

const rule = (fields: Partial<RepeatRule>): RepeatRule => ({
  frequency: 'monthlyByWeekday',
  interval: 1,
  weekday: 2,
  week: 1,
  day: 1,
  monthsOff: [],
  until: '',
  count: null,
  ...fields,
});

/* Expected values below were worked out apart from this code (Python's zoneinfo and a calendar). */

describe('occurrenceDates', () => {
  it('gives the third Tuesday of each month except July and August for two years', () => {
    const third = rule({ week: 3, monthsOff: [7, 8] });
    expect(occurrenceDates(third, '2027-01-01', '2028-12-31')).toEqual([
      '2027-01-19',
      '2027-02-16',
      '2027-03-16',
      '2027-04-20',
      '2027-05-18',
      '2027-06-15',
      '2027-09-21',
      '2027-10-19',
      '2027-11-16',
      '2027-12-21',
      '2028-01-18',
      '2028-02-15',
      '2028-03-21',
      '2028-04-18',
      '2028-05-16',
      '2028-06-20',
      '2028-09-19',
      '2028-10-17',
      '2028-11-21',
      '2028-12-19',
    ]);
  });

  it('starts at the first date on or after the first day, and ends by date or by count', () => {
    const third = rule({ week: 3, monthsOff: [7, 8] });
    expect(occurrenceDates(third, '2027-01-20', '2027-04-30')).toEqual(['2027-02-16', '2027-03-16', '2027-04-20']);
    expect(occurrenceDates({ ...third, until: '2027-03-16' }, '2027-01-01', '2099-12-31')).toEqual(['2027-01-19', '2027-02-16', '2027-03-16']);
    expect(occurrenceDates({ ...third, count: 2 }, '2027-01-01', '2099-12-31')).toEqual(['2027-01-19', '2027-02-16']);
  });

  it('finds the last weekday of a month, a day of the month (skipping months without it) and every other week', () => {
    expect(occurrenceDates(rule({ week: 5, weekday: 1 }), '2026-05-01', '2026-08-31')).toEqual(['2026-05-25', '2026-06-29', '2026-07-27', '2026-08-31']);
    expect(occurrenceDates(rule({ frequency: 'monthlyByDay', day: 31 }), '2027-01-01', '2027-06-30')).toEqual(['2027-01-31', '2027-03-31', '2027-05-31']);
    expect(occurrenceDates(rule({ frequency: 'monthlyByDay', day: 15, interval: 3 }), '2027-01-20', '2027-12-31')).toEqual([
      '2027-04-15',
      '2027-07-15',
      '2027-10-15',
    ]);
    expect(occurrenceDates(rule({ frequency: 'weekly', weekday: 6, interval: 2 }), '2026-12-01', '2026-12-31')).toEqual(['2026-12-05', '2026-12-19']);
    expect(occurrenceDates(rule({ frequency: 'weekly', weekday: 0, monthsOff: [1] }), '2026-12-20', '2027-02-10')).toEqual([
      '2026-12-20',
      '2026-12-27',
      '2027-02-07',
    ]);
  });
});

describe('occurrenceTimes across daylight saving in the club time zone', () => {
  it("keeps the club's meeting at 7 p.m. club time for two years, each instant on the right side of every change", () => {
    const times = occurrenceTimes(
      meetingRepeatRule(DEFAULT_MEETING),
      { firstDate: '2027-01-01', startTime: '19:00', durationMinutes: 90 },
      '2028-12-31',
      'America/Chicago',
    );
    expect(times.map(({ start, end }) => [start, end])).toEqual(times.map(({ date }) => [`${date}T19:00`, `${date}T20:30`]));
    expect(times.map(({ start }) => [start.slice(0, 10), clubTimeToInstant(start, 'America/Chicago').toISOString().slice(0, 16) + 'Z'])).toEqual([
      ['2027-02-02', '2027-02-03T01:00Z'],
      ['2027-03-02', '2027-03-03T01:00Z'],
      ['2027-04-06', '2027-04-07T00:00Z'],
      ['2027-05-04', '2027-05-05T00:00Z'],
      ['2027-06-01', '2027-06-02T00:00Z'],
      ['2027-07-06', '2027-07-07T00:00Z'],
      ['2027-08-03', '2027-08-04T00:00Z'],
      ['2027-09-07', '2027-09-08T00:00Z'],
      ['2027-10-05', '2027-10-06T00:00Z'],
      ['2027-11-02', '2027-11-03T00:00Z'],
      ['2027-12-07', '2027-12-08T01:00Z'],
      ['2028-02-01', '2028-02-02T01:00Z'],
      ['2028-03-07', '2028-03-08T01:00Z'],
      ['2028-04-04', '2028-04-05T00:00Z'],
      ['2028-05-02', '2028-05-03T00:00Z'],
      ['2028-06-06', '2028-06-07T00:00Z'],
      ['2028-07-04', '2028-07-05T00:00Z'],
      ['2028-08-01', '2028-08-02T00:00Z'],
      ['2028-09-05', '2028-09-06T00:00Z'],
      ['2028-10-03', '2028-10-04T00:00Z'],
      ['2028-11-07', '2028-11-08T01:00Z'],
      ['2028-12-05', '2028-12-06T01:00Z'],
    ]);
  });

  it('moves a weekly time the spring-forward change skips by the length of the gap, and keeps the rest', () => {
    const sundays = occurrenceTimes(
      rule({ frequency: 'weekly', weekday: 0 }),
      { firstDate: '2027-01-01', startTime: '02:30', durationMinutes: 60 },
      '2028-12-31',
      'America/Chicago',
    );
    expect(sundays).toHaveLength(105);
    const moved = sundays.filter(({ start }) => !start.endsWith('T02:30'));
    expect(moved).toEqual([
      { date: '2027-03-14', start: '2027-03-14T03:30', end: '2027-03-14T04:30' },
      { date: '2028-03-12', start: '2028-03-12T03:30', end: '2028-03-12T04:30' },
    ]);
    // The fall-back Sundays keep 02:30 (an hour after the repeated one).
    expect(sundays.find(({ date }) => date === '2027-11-07')?.start).toBe('2027-11-07T02:30');
    const berlin = occurrenceTimes(
      rule({ frequency: 'weekly', weekday: 0 }),
      { firstDate: '2027-03-21', startTime: '02:15', durationMinutes: 30 },
      '2027-04-04',
      'Europe/Berlin',
    );
    expect(berlin.map(({ start }) => start)).toEqual(['2027-03-21T02:15', '2027-03-28T03:15', '2027-04-04T02:15']);
  });
});

describe('describeRepeatRule', () => {
  it('says the rule as a member reads it', () => {
    expect(describeRepeatRule(rule({ week: 3, monthsOff: [7, 8] }))).toBe('the third Tuesday of each month except July and August');
    expect(describeRepeatRule(rule({ week: 5, weekday: 4, count: 6 }))).toBe('the last Thursday of each month, 6 times');
    expect(describeRepeatRule(rule({ frequency: 'weekly', weekday: 6, interval: 2, until: '2027-06-30' }))).toBe('every other Saturday, until June 30, 2027');
    expect(describeRepeatRule(rule({ frequency: 'monthlyByDay', day: 22, interval: 3 }))).toBe('the 22nd of every 3 months');
  });
});

describe('nextMeetingDate', () => {
  it('finds the first meeting day on or after a day, skipping the months without a meeting', () => {
    // The first Tuesday except January: January 2031 has none, so February 4.
    expect(nextMeetingDate(DEFAULT_MEETING, '2030-12-15')).toBe('2031-02-04');
    expect(nextMeetingDate(DEFAULT_MEETING, '2031-03-04')).toBe('2031-03-04');
    expect(nextMeetingDate(DEFAULT_MEETING, '2031-03-05')).toBe('2031-04-01');
    expect(nextMeetingDate({ week: 3, weekday: 6, monthsOff: [7, 8] }, '2031-06-22')).toBe('2031-09-20');
  });
});
