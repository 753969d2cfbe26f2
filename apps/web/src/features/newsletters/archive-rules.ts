import type { Newsletter } from '@club/contracts';

export type YearGroup = { year: number; editions: Newsletter[] };

/** Editions grouped by year, newest year first, each year in the order given (newest first). */
export function groupByYear(editions: readonly Newsletter[]): YearGroup[] {
  const groups = new Map<number, Newsletter[]>();
  for (const edition of editions) {
    const group = groups.get(edition.year);
    if (group) group.push(edition);
    else groups.set(edition.year, [edition]);
  }
  return [...groups.entries()].sort(([a], [b]) => b - a).map(([year, list]) => ({ year, editions: list }));
}

/** The upload form's default year: last year (spec section 9). */
export function defaultNewsletterYear(today: Date = new Date()): number {
  return today.getFullYear() - 1;
}

/** The stored edition an upload would replace: same month, year and special flag. */
export function findSameEdition(
  editions: readonly Newsletter[],
  { year, month, isSpecial }: { year: number; month: number; isSpecial: boolean },
): Newsletter | undefined {
  return editions.find((edition) => edition.year === year && edition.month === month && edition.isSpecial === isSpecial);
}
