import { describe, expect, it } from 'vitest';
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
});
