import { describe, expect, it } from 'vitest';
import { DEFAULT_CLUB_TIME_ZONE, clubNow, dateFormat, isTimeZone } from './club-time.ts';

describe('clubNow', () => {
  it('reads the wall clock in the club zone across both DST changes', () => {
    expect(clubNow(new Date('2026-03-08T07:59:00Z'), 'America/Chicago')).toBe('2026-03-08T01:59');
    expect(clubNow(new Date('2026-03-08T08:00:00Z'), 'America/Chicago')).toBe('2026-03-08T03:00');
    expect(clubNow(new Date('2026-11-01T06:30:00Z'), 'America/Chicago')).toBe('2026-11-01T01:30');
    expect(clubNow(new Date('2026-11-01T07:30:00Z'), 'America/Chicago')).toBe('2026-11-01T01:30');
    expect(clubNow(new Date('2026-11-24T03:30:00Z'), 'America/Chicago')).toBe('2026-11-23T21:30');
  });

  it('keeps zones apart', () => {
    const moment = new Date('2026-07-01T04:59:00Z');
    expect(clubNow(moment, 'America/Chicago')).toBe('2026-06-30T23:59');
    expect(clubNow(moment, 'Europe/Berlin')).toBe('2026-07-01T06:59');
    expect(clubNow(moment, 'UTC')).toBe('2026-07-01T04:59');
  });
});

describe('isTimeZone', () => {
  it('accepts IANA zones and refuses anything else', () => {
    expect(isTimeZone(DEFAULT_CLUB_TIME_ZONE)).toBe(true);
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('dateFormat', () => {
  it('makes one formatter per set of options, and shares it', () => {
    const options = { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' } as const;
    expect(dateFormat(options)).toBe(dateFormat({ ...options }));
    expect(dateFormat(options).format(new Date('2026-11-29T12:00:00Z'))).toBe('November 29, 2026');
    expect(dateFormat({ ...options, timeZone: 'America/Chicago' })).not.toBe(dateFormat(options));
  });
});
