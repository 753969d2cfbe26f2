/**
 * The club's founding facts, in one place: the History, Founders and home pages tell them
 * and the demo data's Past Presidents list starts with them, so they cannot disagree.
 */
export const FOUNDING_YEAR = 1963;

export type FoundingPresident = { name: string; firstYear: number; lastYear: number };

/** The presidents of the club's first years, oldest first, with no gap between them. */
export const FOUNDING_PRESIDENTS: readonly FoundingPresident[] = [
  { name: 'Lyle Obermeyer', firstYear: 1963, lastYear: 1964 },
  { name: 'Vernon Castellano', firstYear: 1965, lastYear: 1965 },
  { name: 'Harlan Dietz', firstYear: 1966, lastYear: 1967 },
  { name: 'Ward Pennington', firstYear: 1968, lastYear: 1968 },
  { name: 'Clifford Ruebsam', firstYear: 1969, lastYear: 1970 },
  { name: 'Eugene Marchetti', firstYear: 1971, lastYear: 1971 },
  { name: 'Leonard Haskins', firstYear: 1972, lastYear: 1973 },
  { name: 'Mildred Oakes', firstYear: 1974, lastYear: 1974 },
];

/** "1963–1964" or "1965": the years a founding-era president served, as the pages print them. */
export function presidencyYearsOf(name: string): string {
  const president = FOUNDING_PRESIDENTS.find((entry) => entry.name === name);
  if (president === undefined) throw new Error(`${name} was not a founding-era president.`);
  return president.firstYear === president.lastYear ? String(president.firstYear) : `${president.firstYear}–${president.lastYear}`;
}
