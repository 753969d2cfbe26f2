import type { Newsletter } from '@club/contracts';
import { describe, expect, it } from 'vitest';
import { defaultNewsletterYear, findSameEdition, groupByYear } from './archive-rules.ts';

const edition = (year: number, month: number, isSpecial = false): Newsletter => ({
  id: year * 100 + month + (isSpecial ? 50 : 0),
  fileName: `Valley News ${month} ${year}.pdf`,
  title: `Valley News ${month} ${year}`,
  label: `${month} ${year}`,
  isSpecial,
  year,
  month,
  date: `${year}-${String(month).padStart(2, '0')}-01`,
  kind: 'pdf',
  coverUrl: '',
  textStatus: 'text',
});

describe('groupByYear', () => {
  it('puts the newest year first and keeps each year in the given order', () => {
    const groups = groupByYear([edition(2025, 3), edition(2025, 2), edition(2024, 12), edition(2023, 5)]);
    expect(groups.map((g) => g.year)).toEqual([2025, 2024, 2023]);
    expect(groups[0]?.editions.map((e) => e.month)).toEqual([3, 2]);
  });

  it('sorts years even when the list arrives out of order, and is empty for none', () => {
    expect(groupByYear([edition(2023, 1), edition(2025, 1)]).map((g) => g.year)).toEqual([2025, 2023]);
    expect(groupByYear([])).toEqual([]);
  });
});

describe('defaultNewsletterYear', () => {
  it('is last year', () => {
    expect(defaultNewsletterYear(new Date(2026, 0, 1))).toBe(2025);
  });
});

describe('findSameEdition', () => {
  it('matches month, year and the special flag', () => {
    const list = [edition(2025, 3), edition(2025, 3, true)];
    expect(findSameEdition(list, { year: 2025, month: 3, isSpecial: true })?.isSpecial).toBe(true);
    expect(findSameEdition(list, { year: 2025, month: 4, isSpecial: false })).toBeUndefined();
  });
});
