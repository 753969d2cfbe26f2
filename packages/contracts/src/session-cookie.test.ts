import { describe, expect, it } from 'vitest';
import { sessionCookieIn } from './session-cookie.ts';

describe('sessionCookieIn', () => {
  it('finds the session cookie among others, wherever it stands', () => {
    expect(sessionCookieIn('clubSession=abc-_09')).toBe('abc-_09');
    expect(sessionCookieIn('theme=dark; clubSession=abc; lang=en')).toBe('abc');
    expect(sessionCookieIn('a=b;clubSession=x=y')).toBe('x=y');
  });

  it('finds nothing in another cookie, an empty one or none', () => {
    expect(sessionCookieIn(undefined)).toBeUndefined();
    expect(sessionCookieIn('')).toBeUndefined();
    expect(sessionCookieIn('clubSession=')).toBeUndefined();
    expect(sessionCookieIn('myclubSession=abc; clubsession=abc')).toBeUndefined();
  });
});
