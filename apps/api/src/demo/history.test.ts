import { describe, expect, it } from 'vitest';
import { FOUNDING_PRESIDENTS } from '@club/contracts';
import { demoPresidents } from './history.ts';

describe('demoPresidents', () => {
  it('gives every year from the founding to the current year one president, without repeating anyone later', () => {
    for (const currentYear of [2026, 2045]) {
      const rows = demoPresidents(currentYear);
      expect(rows.map((row) => row.year)).toEqual(Array.from({ length: currentYear - 1963 + 1 }, (_, i) => 1963 + i));
      const runs = rows.map((row) => row.name).filter((name, i, names) => name !== names[i - 1]);
      const seen = new Set<string>();
      const repeatsAfterFounding = runs.slice(1).filter((name) => (seen.has(name) ? true : (seen.add(name), false)));
      expect(repeatsAfterFounding).toEqual([]);
    }
  });

  it('starts with the founding era the History and Founders pages tell, whatever the current year', () => {
    for (const currentYear of [2026, 2045]) {
      const byYear = new Map(demoPresidents(currentYear).map((row) => [row.year, row.name]));
      expect(byYear.get(1963)).toBe('Lyle Obermeyer');
      expect(byYear.get(1964)).toBe('Lyle Obermeyer');
      expect(byYear.get(1965)).toBe('Vernon Castellano');
      expect(byYear.get(1974)).toBe('Mildred Oakes');
      for (const { name, firstYear, lastYear } of FOUNDING_PRESIDENTS) {
        for (let year = firstYear; year <= lastYear; year += 1) expect(byYear.get(year)).toBe(name);
      }
      const servedOutsideTheirYears = [...byYear].filter(
        ([year, name]) =>
          FOUNDING_PRESIDENTS.some((p) => p.name === name) && !FOUNDING_PRESIDENTS.some((p) => p.name === name && year >= p.firstYear && year <= p.lastYear),
      );
      expect(servedOutsideTheirYears).toEqual([]);
    }
  });
});
