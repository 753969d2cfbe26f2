import { describe, expect, it } from 'vitest';
import { theClub } from './mail-templates.ts';

describe('theClub', () => {
  it('puts "the" before the club name once, however the name starts', () => {
    expect(theClub('Gateway Region Model A Club')).toBe('the Gateway Region Model A Club');
    expect(theClub('The Gateway Region Model A Club')).toBe('the Gateway Region Model A Club');
    expect(theClub('Theodore Ford Club')).toBe('the Theodore Ford Club');
  });
});
