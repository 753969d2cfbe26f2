import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailAddress, flag, hasPermission, integer, isoDate, list, localDateTime, optionalInteger, optionalLocalDateTime, recordId } from './common.ts';
import { setClubTimeZone } from './club-time.ts';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('wire helpers', () => {
  it('reads numbers that arrive as strings', () => {
    expect(integer('year').parse('1931')).toBe(1931);
    expect(integer('year').parse(1931)).toBe(1931);
  });

  it('names the field when a number is missing or not a number', () => {
    expect(messageOf(integer('year'), '')).toBe('Please enter the year.');
    expect(messageOf(integer('year'), 'nineteen')).toBe('The year must be a number.');
    expect(messageOf(integer('year'), '19.5')).toBe('The year must be a whole number.');
  });

  it('lets optional numbers be blank', () => {
    expect(optionalInteger('years idle').parse('')).toBeUndefined();
    expect(recordId().parse('')).toBe(0);
    expect(recordId().parse('12')).toBe(12);
  });

  it('reads 1/0 flags in every spelling', () => {
    expect(flag('x').parse('1')).toBe(true);
    expect(flag('x').parse('0')).toBe(false);
    expect(flag('x').parse(1)).toBe(true);
    expect(flag('x').parse('on')).toBe(true);
    expect(flag('x').parse(undefined)).toBe(false);
  });

  it('reads lists given once, repeated, or as JSON', () => {
    const names = list(z.string(), 'names');
    expect(names.parse('a')).toEqual(['a']);
    expect(names.parse(['a', 'b'])).toEqual(['a', 'b']);
    expect(names.parse('["a","b"]')).toEqual(['a', 'b']);
    expect(names.parse(undefined)).toEqual([]);
  });

  it('lower-cases e-mail addresses and explains a bad one', () => {
    expect(emailAddress().parse(' Ann@Example.COM ')).toBe('ann@example.com');
    expect(messageOf(emailAddress(), 'ann')).toBe('Please enter a valid e-mail address, like name@example.com.');
  });
});

describe('hasPermission', () => {
  it('lets admin do everything and moderators post', () => {
    expect(hasPermission(['admin'], 'history')).toBe(true);
    expect(hasPermission(['moderator'], 'forum')).toBe(true);
    expect(hasPermission(['forum'], 'moderator')).toBe(false);
    expect(hasPermission([], 'forum')).toBe(false);
  });

  it('lets moderators and admins do what forum posting and moderating need, and nobody else', () => {
    expect(hasPermission(['admin'], 'moderator')).toBe(true);
    expect(hasPermission(['admin'], 'forum')).toBe(true);
    expect(hasPermission(['moderator'], 'moderator')).toBe(true);
    expect(hasPermission(['forum'], 'forum')).toBe(true);
    expect(hasPermission(['moderator'], 'blog')).toBe(false);
    expect(hasPermission(['blog', 'event', 'member', 'history'], 'forum')).toBe(false);
    expect(hasPermission(['blog', 'event', 'member', 'history', 'forum'], 'moderator')).toBe(false);
  });
});

describe('dates and times', () => {
  it.each(['2031-13-01', '2031-02-30', '2031-04-31', '2030-02-29', '2031-00-10', '2031-01-00'])('refuses the impossible date %s', (day) => {
    expect(messageOf(isoDate('date'), day)).toBe('The date is not a real date.');
    expect(messageOf(localDateTime('start'), `${day}T10:00`)).toBe('The start is not a real date.');
  });

  it.each(['2031-05-02T24:00', '2031-05-02T10:60', '2031-05-02T99:99'])('refuses the impossible time %s', (value) => {
    expect(messageOf(localDateTime('start'), value)).toBe('The start is not a real time.');
    expect(messageOf(optionalLocalDateTime('start'), value)).toBe('The start is not a real time.');
  });

  it('accepts real dates and times, leap days included', () => {
    expect(isoDate('date').parse('2032-02-29')).toBe('2032-02-29');
    expect(localDateTime('start').parse('2031-12-31 23:59')).toBe('2031-12-31T23:59');
    expect(optionalLocalDateTime('start').parse('')).toBeUndefined();
  });

  it('refuses a local time skipped by the spring-forward change in the club time zone, and accepts the repeated hour', () => {
    setClubTimeZone('America/Chicago');
    expect(messageOf(localDateTime('start'), '2031-03-09T02:30')).toBe(
      'The start does not exist in the club time zone (the clocks skip that hour); please pick another time.',
    );
    expect(localDateTime('start').parse('2031-03-09T03:00')).toBe('2031-03-09T03:00');
    expect(localDateTime('start').parse('2031-11-02T01:30')).toBe('2031-11-02T01:30');
    expect(localDateTime('start').parse('2031-03-30T02:30')).toBe('2031-03-30T02:30');
    setClubTimeZone('Europe/Berlin');
    expect(messageOf(localDateTime('start'), '2031-03-30T02:30')).toMatch(/does not exist in the club time zone/);
    expect(localDateTime('start').parse('2031-03-09T02:30')).toBe('2031-03-09T02:30');
    setClubTimeZone('America/Chicago');
  });
});
