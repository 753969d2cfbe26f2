import { describe, expect, it } from 'vitest';
import { formatPartyDate, groupSeatsByPost, nextYear, readBoardRows } from './history-rules.ts';

describe('nextYear', () => {
  it('is one after the highest year, whatever the order', () => {
    expect(nextYear([1999, 2024, 1963])).toBe(2025);
  });

  it('is this year when nothing is listed', () => {
    expect(nextYear([], new Date(2031, 5, 1))).toBe(2031);
  });
});

describe('formatPartyDate', () => {
  it('shows MMM D, YYYY without shifting the day across time zones', () => {
    expect(formatPartyDate('2019-04-03')).toBe('Apr 3, 2019');
    expect(formatPartyDate('2020-12-31')).toBe('Dec 31, 2020');
    expect(formatPartyDate('1931-09-07')).toBe('Sep 7, 1931');
  });

  it('shows what is not a calendar day as it was stored', () => {
    expect(formatPartyDate('2019-02-30')).toBe('2019-02-30');
    expect(formatPartyDate('spring 1962')).toBe('spring 1962');
    expect(formatPartyDate('')).toBe('');
  });
});

describe('readBoardRows and groupSeatsByPost', () => {
  it('reads the pairs and puts several holders of a post under one heading', () => {
    const [board] = readBoardRows([
      [
        2026,
        '/uploads/board/a.jpg',
        JSON.stringify([
          ['President', 'A'],
          ['Directors', 'B'],
          ['Treasurer', 'C'],
          ['Directors', 'D'],
        ]),
      ],
    ]);
    expect(board?.year).toBe(2026);
    expect(groupSeatsByPost(board?.seats ?? [])).toEqual([
      { post: 'President', members: ['A'] },
      { post: 'Directors', members: ['B', 'D'] },
      { post: 'Treasurer', members: ['C'] },
    ]);
  });

  it('reads malformed pairs as an empty board rather than failing the page', () => {
    expect(readBoardRows([[2026, '', 'not json']])[0]?.seats).toEqual([]);
    expect(readBoardRows([[2026, '', '{"a":1}']])[0]?.seats).toEqual([]);
  });
});
