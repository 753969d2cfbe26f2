import { describe, expect, it } from 'vitest';
import { countOf } from './plural.ts';

describe('countOf', () => {
  it('uses the singular for one and the plural for every other count', () => {
    expect(countOf(1, 'member')).toBe('1 member');
    expect(countOf(0, 'member')).toBe('0 members');
    expect(countOf(2, 'member')).toBe('2 members');
    expect(countOf(1, 'address', 'addresses')).toBe('1 address');
    expect(countOf(3, 'address', 'addresses')).toBe('3 addresses');
  });
});
