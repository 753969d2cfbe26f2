import { describe, expect, it } from 'vitest';
import { groupByAddress, joinNames } from './households.ts';

describe('groupByAddress', () => {
  it('puts members who share an address (in any case) into one household, greeting each', () => {
    const households = groupByAddress([
      { id: 1, email: 'smiths@example.org', firstName: 'John' },
      { id: 2, email: 'ada@example.org', firstName: 'Ada' },
      { id: 3, email: 'Smiths@Example.org', firstName: 'Mary' },
    ]);
    expect(households.map((h) => ({ to: h.to, ids: h.members.map((m) => m.id), greeting: h.greeting }))).toEqual([
      { to: 'smiths@example.org', ids: [1, 3], greeting: 'John and Mary' },
      { to: 'ada@example.org', ids: [2], greeting: 'Ada' },
    ]);
  });

  it('gives nothing for nobody', () => {
    expect(groupByAddress([])).toEqual([]);
  });
});

describe('joinNames', () => {
  it('joins one, two and three names as a greeting reads', () => {
    expect(joinNames(['Mary'])).toBe('Mary');
    expect(joinNames(['John', 'Mary'])).toBe('John and Mary');
    expect(joinNames(['Ann', 'John', 'Mary'])).toBe('Ann, John and Mary');
  });
});
