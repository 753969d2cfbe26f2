import { describe, expect, it } from 'vitest';
import { demoEditions } from './newsletters.ts';

describe('demoEditions', () => {
  it('covers three years up to last month, ten issues a year and one special', () => {
    const editions = demoEditions(new Date(2026, 10, 23));
    expect(new Set(editions.map((e) => e.year))).toEqual(new Set([2024, 2025, 2026]));
    expect(editions.filter((e) => e.year === 2025)).toHaveLength(11);
    expect(editions.filter((e) => e.isSpecial)).toHaveLength(3);
    expect(editions.at(-1)).toEqual({ year: 2026, month: 10, isSpecial: false });
  });
});
